import type { DashboardItem } from '@homeview/contract';
import type { Queryable } from '../../db/types';

// The seam for today's balance on a dashboard card (`messages[0]` = {currency_unit, value}). The energy
// engine provides a real one; until then the default answers [] — the server never invents a figure.

export type DashboardMessage = DashboardItem['messages'][number];

export interface DashboardMessageContext {
  dashboardType: 1 | 2;
  /** The user whose home the card shows: the account itself (type 1) or the dependant (type 2). */
  homeUserId: number;
  houseId: number | null;
  timeZone: string | null;
  now: Date;
}

export type DashboardMessagesProvider = (
  context: DashboardMessageContext,
  db: Queryable,
) => Promise<DashboardMessage[]>;

export const noDashboardMessages: DashboardMessagesProvider = async () => [];
