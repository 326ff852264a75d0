import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { epochSeconds } from '../../clock';
import { CURRENCY_UNIT, pounds } from '../../shared/units';
import { todaysBalance } from './service';

// A dashboard card's messages[0]: today's profit_loss in pounds, from the same summary as
// /energy_info/today/. No home or no data today → no message (the chooser then shows no figure).

export async function dashboardBalance(
  db: Queryable,
  houseId: number | null,
  timeZone: string | null,
  now: Date,
): Promise<DashboardItem['messages']> {
  if (houseId === null || timeZone === null) return [];
  const house = { id: houseId, name: '', time_zone: timeZone };
  const balance = await todaysBalance(db, house, epochSeconds(now));
  return balance === null ? [] : [{ currency_unit: CURRENCY_UNIT, value: pounds(balance.profit_loss) }];
}
