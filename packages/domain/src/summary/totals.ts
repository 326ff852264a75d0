import { type MoneyTotals, selfConsumedWh } from '../cost/balance';
import type { SlotRollup } from '../cost/slot';

// The one accumulator of energy and money over half-hours. Period summaries, the server's daily rollups
// and its SQL sums per chart bar all add up the same fields with these two functions.

/** Energy (Wh), money (n£) and data coverage summed over half-hours. */
export interface EnergyTotals extends MoneyTotals {
  readonly import_wh: number;
  readonly export_wh: number;
  readonly generation_wh: number;
  /** Σ per half-hour of import + generation used at home (`selfConsumedWh`, floored per slot). */
  readonly consumed_wh: number;
  /** Half-hours with data; fewer than the period has means gaps, to show as gaps, not zeros. */
  readonly data_slots: number;
}

export type TotalsAccumulator = { -readonly [K in keyof EnergyTotals]: number };

export const TOTALS_FIELDS: readonly (keyof EnergyTotals)[] = [
  'import_wh',
  'export_wh',
  'generation_wh',
  'consumed_wh',
  'import_cost',
  'export_income',
  'generation_income',
  'standing_charge',
  'data_slots',
];

export function emptyTotals(): TotalsAccumulator {
  return {
    import_wh: 0,
    export_wh: 0,
    generation_wh: 0,
    consumed_wh: 0,
    import_cost: 0,
    export_income: 0,
    generation_income: 0,
    standing_charge: 0,
    data_slots: 0,
  };
}

/** Adds totals (a detail's, a day's) into an accumulator. */
export function addTotals(into: TotalsAccumulator, t: EnergyTotals): void {
  for (const k of TOTALS_FIELDS) into[k] += t[k];
}

/** Adds one priced half-hour with data into an accumulator (standing charge is added separately). */
export function addSlot(into: TotalsAccumulator, slot: SlotRollup): void {
  into.import_wh += slot.import_wh;
  into.export_wh += slot.export_wh;
  into.generation_wh += slot.generation_wh;
  into.consumed_wh += slot.import_wh + selfConsumedWh(slot);
  into.import_cost += slot.import_cost;
  into.export_income += slot.export_income;
  into.generation_income += slot.generation_income;
  into.data_slots += 1;
}
