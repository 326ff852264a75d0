import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';
import { epochSeconds } from '../../clock';
import { CURRENCY_UNIT, pounds } from '../../shared/units';
import { todaysBalance } from './service';

// A dashboard card's messages[0]: today's profit_loss in pounds, from the same summaries as
// /energy_info/today/. No home or no electricity today → no message (the chooser then shows no figure,
// never a made-up 0). A home with gas (issue 35): the balance of both fuels as My Home adds them, each
// answer's pounds to the penny, so the card and the page say the same figure; gas's standing charge counts
// before today's first gas half-hour (past midnight, or a supplier's day-late gas), as it does on My Home.

export async function dashboardBalance(
  db: Queryable,
  houseId: number | null,
  timeZone: string | null,
  now: Date,
): Promise<DashboardItem['messages']> {
  if (houseId === null || timeZone === null) return [];
  const house = { id: houseId, name: '', time_zone: timeZone };
  const at = epochSeconds(now);
  const electricity = await todaysBalance(db, house, at);
  if (!electricity.hasData) return [];
  const { income, cost, profit_loss } = electricity.balance;
  // Gas's day is read only for a home that has gas (most have electricity alone).
  if (!electricity.fuels.includes('gas'))
    return [{ currency_unit: CURRENCY_UNIT, value: pounds(profit_loss) }];
  const gas = await todaysBalance(db, house, at, 'gas');
  const value = (pennies(income) - pennies(cost) - pennies(gas.balance.cost)) / 100;
  return [{ currency_unit: CURRENCY_UNIT, value }];
}

const pennies = (nano: number) => Math.round(pounds(nano) * 100);
