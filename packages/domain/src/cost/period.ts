import type { TariffBook } from '../tariff/book';
import { dayOf, localDatesIn, type Period } from '../time/periods';
import { costOf } from './balance';
import { allocateStandingCharge, standingChargeNano } from './slot';

// The one cost of a period (n£), what every screen, ranking and email shows: the import cost plus the
// standing charge of every local day of the period from the house's first reading up to today, with or
// without data that day (a meter that was offline does not stop the supplier's daily charge).

/** Which days are charged. */
export interface ChargeSpan {
  /** Local days ending at or before this instant carry no standing charge (the house's first reading). */
  readonly chargeFrom?: number | undefined;
  /** Local days starting after this instant carry no standing charge; today itself is charged in full. */
  readonly now?: number | undefined;
}

export interface ChargedDay {
  readonly date: string;
  readonly day: Period;
  /** The day's whole standing charge, n£. */
  readonly charge: number;
}

/** The local days overlapping `period` that carry a standing charge, each with its whole charge. */
export function chargedDays(period: Period, book: TariffBook, span: ChargeSpan = {}): ChargedDay[] {
  const out: ChargedDay[] = [];
  for (const date of localDatesIn(period, book.zone)) {
    const day = dayOf(date, book.zone);
    if (span.now !== undefined && day.start > span.now) continue;
    if (span.chargeFrom !== undefined && day.end <= span.chargeFrom) continue;
    out.push({ date, day, charge: standingChargeNano(book.standingChargeOn(date)) });
  }
  return out;
}

/**
 * The standing charge that falls in `period`, n£: each charged day in full when it lies inside, else the
 * exact integer shares of its half-hours inside (allocateStandingCharge), so hours add up to their day.
 */
export function standingChargeIn(period: Period, book: TariffBook, span: ChargeSpan = {}): number {
  let total = 0;
  for (const { day, charge } of chargedDays(period, book, span)) {
    if (day.start >= period.start && day.end <= period.end) {
      total += charge;
      continue;
    }
    const shares = allocateStandingCharge(charge, Math.round((day.end - day.start) / 1800));
    shares.forEach((share, i) => {
      const slot = day.start + i * 1800;
      if (slot >= period.start && slot < period.end) total += share;
    });
  }
  return total;
}

/** The cost of `period` (n£) for a house whose import cost in it is `importCost` (Σ of its half-hours). */
export function periodCost(importCost: number, period: Period, book: TariffBook, span: ChargeSpan): number {
  return costOf({ import_cost: importCost, standing_charge: standingChargeIn(period, book, span) });
}
