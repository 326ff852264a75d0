import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { unviewedAlerts } from '../infocare/dashboard';
import type { DashboardMessagesProvider } from './messages';
import { homeViewItem, infoCareItem } from './present';
import { houseOf } from '../../shared/house';
import { listDependants } from './repository';

/** The account's dashboards: type 1 for its own home (if it has one), type 2 per linked dependant. */
export async function loadDashboard(
  db: Queryable,
  userId: number,
  messagesFor: DashboardMessagesProvider,
  now: Date,
): Promise<DashboardItem[]> {
  const [house, dependants] = await Promise.all([houseOf(db, userId), listDependants(db, userId)]);
  const items: DashboardItem[] = [];
  if (house) {
    const messages = await messagesFor(
      { dashboardType: 1, homeUserId: userId, houseId: house.id, timeZone: house.time_zone, now },
      db,
    );
    items.push(homeViewItem(userId, house, messages));
  }
  for (const dependant of dependants) {
    const messages = await messagesFor(
      {
        dashboardType: 2,
        homeUserId: dependant.dependant_user_id,
        houseId: dependant.house_id,
        timeZone: dependant.time_zone,
        now,
      },
      db,
    );
    const unviewed =
      dependant.house_id === null
        ? 0
        : await unviewedAlerts(db, dependant.house_id, Math.floor(now.getTime() / 1000));
    items.push(infoCareItem(userId, dependant, messages, unviewed));
  }
  return items;
}
