import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { unviewedCount } from '../infocare/alerts-repository';
import { dashboardBalance } from '../energy/dashboard';
import { homeViewItem, infoCareItem } from './present';
import { findOwnHouse, listDependants } from './repository';

/** The account's dashboards: type 1 for its own home (if it has one), type 2 per linked dependant. */
export async function loadDashboard(db: Queryable, userId: number, now: Date): Promise<DashboardItem[]> {
  const [house, dependants] = await Promise.all([findOwnHouse(db, userId), listDependants(db, userId)]);
  const items: DashboardItem[] = [];
  if (house) {
    const messages = await dashboardBalance(db, house.house_id, house.time_zone, now);
    items.push(homeViewItem(userId, house, messages));
  }
  for (const dependant of dependants) {
    const messages = await dashboardBalance(db, dependant.house_id, dependant.time_zone, now);
    const unviewed =
      dependant.house_id === null
        ? 0
        : await unviewedCount(db, dependant.house_id, Math.floor(now.getTime() / 1000));
    items.push(infoCareItem(userId, dependant, messages, unviewed));
  }
  return items;
}
