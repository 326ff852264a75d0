import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { epochSeconds } from '../../clock';
import { CURRENCY_UNIT, pounds } from '../../shared/units';
import { todaysBalance } from './service';

// A dashboard card's messages[0]: today's profit_loss in pounds, from the same summaries as
// /energy_info/today/. No home or no data today → no message (the chooser then shows no figure). A home
// with gas (issue 35): the balance of both fuels as My Home adds them, each answer's pounds to the penny,
// so the card and the page say the same figure.

export async function dashboardBalance(
  db: Queryable,
  houseId: number | null,
  timeZone: string | null,
  now: Date,
): Promise<DashboardItem['messages']> {
  if (houseId === null || timeZone === null) return [];
  const house = { id: houseId, name: '', time_zone: timeZone };
  const at = epochSeconds(now);
  const [electricity, gas] = await Promise.all([
    todaysBalance(db, house, at),
    todaysBalance(db, house, at, 'gas'),
  ]);
  if (electricity === null) return [];
  const value =
    gas === null
      ? pounds(electricity.profit_loss)
      : (pennies(electricity.income) - pennies(electricity.cost) - pennies(gas.cost)) / 100;
  return [{ currency_unit: CURRENCY_UNIT, value }];
}

const pennies = (nano: number) => Math.round(pounds(nano) * 100);
