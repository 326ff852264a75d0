import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { unviewedCount } from '../infocare/alerts-repository';
import type { DashboardMessagesProvider } from './messages';
import { homeViewItem, infoCareItem } from './present';
import { findOwnHouse, listDependants } from './repository';

/** The account's dashboards: type 1 for its own home (if it has one), type 2 per linked dependant. */
export async function loadDashboard(
  db: Queryable,
  userId: number,
  messagesFor: DashboardMessagesProvider,
  now: Date,
): Promise<DashboardItem[]> {
  const [house, dependants] = await Promise.all([findOwnHouse(db, userId), listDependants(db, userId)]);
  const items: DashboardItem[] = [];
  // demo_user is the account's, not a home's: the demo account is the one whose own home is a demo home
  // (nobody else who can log in has one), so a real carer linked to the demo's Mum may mark her alerts.
  const demoUser = house?.demo ?? false;
  if (house) {
    const messages = await messagesFor(
      { dashboardType: 1, homeUserId: userId, houseId: house.house_id, timeZone: house.time_zone, now },
      db,
    );
    items.push(homeViewItem(userId, house, messages, demoUser));
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
        : await unviewedCount(db, dependant.house_id, Math.floor(now.getTime() / 1000));
    items.push(infoCareItem(userId, dependant, messages, unviewed, demoUser));
  }
  return items;
}
