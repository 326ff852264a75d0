import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { houseOf } from '../../shared/house';
import { dashboardBalance } from '../energy/dashboard';
import { unviewedAlerts } from '../infocare/dashboard';
import { homeViewItem, infoCareItem } from './present';
import { listDependants } from './repository';

/** The account's dashboards: type 1 for its own home (if it has one), type 2 per linked dependant. */
export async function loadDashboard(db: Queryable, userId: number, now: Date): Promise<DashboardItem[]> {
  const [house, dependants] = await Promise.all([houseOf(db, userId), listDependants(db, userId)]);
  const items: DashboardItem[] = [];
  // demo_user is the account's, not a home's: the demo account is the one whose own home is a demo home
  // (nobody else who can log in has one), so a real carer linked to the demo's Mum may mark her alerts.
  const demoUser = house?.demo ?? false;
  if (house) {
    const messages = await dashboardBalance(db, house.id, house.time_zone, now);
    items.push(homeViewItem(userId, house, messages, demoUser));
  }
  for (const dependant of dependants) {
    const messages = await dashboardBalance(db, dependant.house_id, dependant.time_zone, now);
    const unviewed =
      dependant.house_id === null
        ? 0
        : await unviewedAlerts(db, dependant.house_id, Math.floor(now.getTime() / 1000));
    items.push(infoCareItem(userId, dependant, messages, unviewed, demoUser));
  }
  return items;
}
