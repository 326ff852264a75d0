import type { DashboardMessagesProvider } from '../dashboard/messages';
import { CURRENCY_UNIT, pounds } from '../../shared/units';
import { epochSeconds } from '../../clock';
import { todaysBalance } from './service';

// The dashboard card's messages[0]: today's profit_loss in pounds, from the same summary as
// /energy_info/today/. No data today → no message (the chooser then shows no figure).

export const energyDashboardMessages: DashboardMessagesProvider = async (context, db) => {
  if (context.houseId === null || context.timeZone === null) return [];
  const house = { id: context.houseId, name: '', time_zone: context.timeZone };
  const balance = await todaysBalance(db, house, epochSeconds(context.now));
  return balance === null ? [] : [{ currency_unit: CURRENCY_UNIT, value: pounds(balance.profit_loss) }];
};
