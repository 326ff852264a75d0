import {
  type Balance,
  balanceOf,
  type EnergyBalance,
  type MoneyTotals,
  selfConsumedWh,
} from '../cost/balance';
import { allocateStandingCharge, type SlotRollup, standingChargeNano } from '../cost/slot';
import type { TariffBook } from '../tariff/book';
import { detailUnit, localDatesIn, type Period, dayOf, subPeriods } from '../time/periods';

// Period views (§3 energy detail) built from priced half-hour rollup rows. Pure: the server reads the rows
// with SQL and passes them in. Totals are sums of the details, which are sums of rows, all integers.

export interface PeriodTotals extends MoneyTotals {
  readonly import_wh: number;
  readonly export_wh: number;
  readonly generation_wh: number;
  readonly consumed_wh: number;
  /** Half-hours the period has (46/48/50 for a UK day). */
  readonly slots: number;
  /** Rows found for it; fewer than `slots` means gaps, which the caller must show as gaps, not zeros. */
  readonly data_slots: number;
}

export interface SummaryEntry {
  readonly period: Period;
  readonly totals: PeriodTotals;
  readonly balance: Balance;
  readonly energy_balance: EnergyBalance;
}

export interface PeriodSummary extends SummaryEntry {
  readonly details: readonly SummaryEntry[];
}

export interface SummaryOptions {
  readonly book: TariffBook;
  readonly rows: readonly SlotRollup[];
  /** Local days ending at or before this instant carry no standing charge (e.g. the house's first reading). */
  readonly chargeFrom?: number;
  /** Local days starting after this instant carry no standing charge; today itself is charged in full. */
  readonly now?: number;
}

interface Acc {
  import_wh: number;
  export_wh: number;
  generation_wh: number;
  consumed_wh: number;
  import_cost: number;
  export_income: number;
  generation_income: number;
  standing_charge: number;
  data_slots: number;
}

const emptyAcc = (): Acc => ({
  import_wh: 0,
  export_wh: 0,
  generation_wh: 0,
  consumed_wh: 0,
  import_cost: 0,
  export_income: 0,
  generation_income: 0,
  standing_charge: 0,
  data_slots: 0,
});

function indexOf(details: readonly Period[], ts: number): number {
  let lo = 0;
  let hi = details.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = details[mid] as Period;
    if (ts < p.start) hi = mid - 1;
    else if (ts >= p.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

function entry(period: Period, acc: Acc): SummaryEntry {
  const totals: PeriodTotals = { ...acc, slots: Math.round((period.end - period.start) / 1800) };
  return {
    period,
    totals,
    balance: balanceOf(totals),
    energy_balance: { generated: totals.generation_wh, consumed: totals.consumed_wh },
  };
}

/**
 * Totals and `details` of a period. Standing charge: each local day overlapping the period is charged once,
 * in full, if it started by `now` and ends after `chargeFrom` ("today so far" carries the whole day's
 * charge). Sub-day entries (hours, half-hours) carry an exact integer share of their day's charge, so the
 * details always sum to the period total; later hours of today show only their share.
 */
export function summarizePeriod(period: Period, options: SummaryOptions): PeriodSummary {
  const { book, rows } = options;
  const zone = book.zone;
  const unit = detailUnit(period.unit);
  const splitDays = unit === 'hour' || unit === 'half-hour';
  const detailPeriods = subPeriods(period, unit, zone);
  const accs = detailPeriods.map(emptyAcc);

  for (const row of rows) {
    if (row.slot_start < period.start || row.slot_start >= period.end) continue;
    const acc = accs[indexOf(detailPeriods, row.slot_start)];
    if (acc === undefined) continue;
    acc.import_wh += row.import_wh;
    acc.export_wh += row.export_wh;
    acc.generation_wh += row.generation_wh;
    acc.consumed_wh += row.import_wh + selfConsumedWh(row);
    acc.import_cost += row.import_cost;
    acc.export_income += row.export_income;
    acc.generation_income += row.generation_income;
    acc.data_slots += 1;
  }

  for (const date of localDatesIn(period, zone)) {
    const day = dayOf(date, zone);
    if (options.now !== undefined && day.start > options.now) continue;
    if (options.chargeFrom !== undefined && day.end <= options.chargeFrom) continue;
    const charge = standingChargeNano(book.standingChargeOn(date));
    if (day.start >= period.start && day.end <= period.end && !splitDays) {
      // Whole day inside a day-or-longer detail: no need to split.
      const acc = accs[indexOf(detailPeriods, day.start)];
      if (acc !== undefined) acc.standing_charge += charge;
      continue;
    }
    const slotCount = Math.round((day.end - day.start) / 1800);
    const shares = allocateStandingCharge(charge, slotCount);
    for (let i = 0; i < slotCount; i++) {
      const acc = accs[indexOf(detailPeriods, day.start + i * 1800)];
      if (acc !== undefined) acc.standing_charge += shares[i] as number;
    }
  }

  const details = detailPeriods.map((p, i) => entry(p, accs[i] as Acc));
  const total = emptyAcc();
  for (const a of accs) for (const k of Object.keys(total) as (keyof Acc)[]) total[k] += a[k];
  return { ...entry(period, total), details };
}
