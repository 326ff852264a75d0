import { type Balance, balanceOf, type EnergyBalance } from '../cost/balance';
import { type ChargeSpan, chargedDays } from '../cost/period';
import { allocateStandingCharge, type SlotRollup } from '../cost/slot';
import type { TariffBook } from '../tariff/book';
import { detailUnit, type Period, subPeriods } from '../time/periods';
import { addSlot, addTotals, type EnergyTotals, emptyTotals, type TotalsAccumulator } from './totals';

// Period views (§3 energy detail) built from priced half-hour rollup rows. Pure: the server reads the rows
// with SQL and passes them in. Totals are sums of the details, which are sums of rows, all integers.

export interface PeriodTotals extends EnergyTotals {
  /** Half-hours the period has (46/48/50 for a UK day). */
  readonly slots: number;
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

export interface SummaryOptions extends ChargeSpan {
  readonly book: TariffBook;
  readonly rows: readonly SlotRollup[];
}

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

/** A summary entry of a period from its totals: the §3 balance and energy balance follow from them. */
export function summaryEntry(period: Period, totals: EnergyTotals, slots?: number): SummaryEntry {
  const all: PeriodTotals = {
    ...totals,
    slots: slots ?? Math.round((period.end - period.start) / 1800),
  };
  return {
    period,
    totals: all,
    balance: balanceOf(all),
    energy_balance: { generated: all.generation_wh, consumed: all.consumed_wh },
  };
}

/**
 * Totals and `details` of a period. Standing charge: each local day overlapping the period is charged once,
 * in full, if it started by `now` and ends after `chargeFrom` (`chargedDays`, as `periodCost`) ("today so far" carries the whole day's
 * charge). Sub-day entries (hours, half-hours) carry an exact integer share of their day's charge, so the
 * details always sum to the period total; later hours of today show only their share.
 */
export function summarizePeriod(period: Period, options: SummaryOptions): PeriodSummary {
  const { book, rows } = options;
  const zone = book.zone;
  const unit = detailUnit(period.unit);
  const splitDays = unit === 'hour' || unit === 'half-hour';
  const detailPeriods = subPeriods(period, unit, zone);
  const accs = detailPeriods.map(emptyTotals);

  for (const row of rows) {
    if (row.slot_start < period.start || row.slot_start >= period.end) continue;
    const acc = accs[indexOf(detailPeriods, row.slot_start)];
    if (acc !== undefined) addSlot(acc, row);
  }

  for (const { day, charge } of chargedDays(period, book, options)) {
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

  return summaryOfDetails(
    period,
    detailPeriods.map((p, i) => summaryEntry(p, accs[i] as TotalsAccumulator)),
  );
}

/**
 * A period's summary from its details, which tile it: its totals and half-hours are theirs summed. The
 * server's energy views build details from SQL sums and total them here too, so both add up alike.
 */
export function summaryOfDetails(period: Period, details: readonly SummaryEntry[]): PeriodSummary {
  const total = emptyTotals();
  let slots = 0;
  for (const d of details) {
    addTotals(total, d.totals);
    slots += d.totals.slots;
  }
  return { ...summaryEntry(period, total, slots), details };
}
