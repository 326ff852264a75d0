import type { DashboardItem } from '@homeview/contract';
import type { DashboardMessage } from './messages';
import type { DependantRow, OwnHouseRow } from './repository';

// num_alerts (InfoCare) counts the unviewed alerts; sp_id (a supply point) is not modelled yet; demo_user is
// the logged-in account's flag (the same on every card).

export function homeViewItem(
  userId: number,
  house: OwnHouseRow,
  messages: DashboardMessage[],
  demoUser: boolean,
): DashboardItem {
  return {
    dashboard_type: 1,
    title: house.name,
    user_id: userId,
    dependant_user_id: null,
    num_alerts: 0,
    sp_id: null,
    user_house_id: house.house_id,
    icon: 'my-home',
    messages,
    demo_user: demoUser,
  };
}

export function infoCareItem(
  carerUserId: number,
  dependant: DependantRow,
  messages: DashboardMessage[],
  numAlerts: number,
  demoUser: boolean,
): DashboardItem {
  return {
    dashboard_type: 2,
    title: dependant.house_name ?? dependant.username,
    user_id: carerUserId,
    dependant_user_id: dependant.dependant_user_id,
    num_alerts: numAlerts,
    sp_id: null,
    user_house_id: dependant.house_id,
    icon: 'parents-home',
    messages,
    demo_user: demoUser,
  };
}
