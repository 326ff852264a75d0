import {
  addDays,
  daysInMonth,
  formatLocalDate,
  localDate,
  parseLocalDate,
  startOfLocalDate,
} from '@homeview/domain';

// How far back each demo home's history reaches: the own homes 13 calendar months (DEMO_HISTORY_DAYS), of
// which the last MINUTE_DAYS as 1-minute readings; the neighbours only the recent months rankings read.

/**
 * The demo's own homes: the last MINUTE_DAYS days as 1-minute readings (a day per step), older history
 * as half-hourly readings (a meter's history, as a supplier gives it), a week per step. Screens read
 * the half-hour rollups, which are the same sums either way; 13 months of 1-minute readings cost ~40 s of
 * CPU through the ingest path, half-hourly ones a few seconds. 35 days cover InfoCare's 28-day routine.
 */
export const MINUTE_DAYS = 35;
/**
 * Neighbours' history: this calendar month and the 2 before it, enough for the weekly and monthly rankings
 * of the recent periods. A neighbour-day costs ~3 ms of CPU (half simulation, half storing), so 200
 * neighbours × 13 months alone would take ~4 minutes; rankings of older periods compare against the homes
 * with data then.
 */
export const NEIGHBOUR_MONTHS = 2;

/** The first day of the month NEIGHBOUR_MONTHS before this one: where the neighbours' history starts. */
export function neighbourHistoryStart(now: number, zone: string): number {
  const d = parseLocalDate(localDate(now, zone));
  const months = d.year * 12 + (d.month - 1) - NEIGHBOUR_MONTHS;
  const year = Math.floor(months / 12);
  return startOfLocalDate(formatLocalDate({ year, month: (months % 12) + 1, day: 1 }), zone);
}

/** Local midnight starting the history: 13 calendar months (or `days` days) before today. */
export function historyStart(now: number, zone: string, days: number | null): number {
  const today = localDate(now, zone);
  if (days !== null) return startOfLocalDate(addDays(today, -days), zone);
  const d = parseLocalDate(today);
  const months = d.year * 12 + (d.month - 1) - 13;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return startOfLocalDate(
    formatLocalDate({ year, month, day: Math.min(d.day, daysInMonth(year, month)) }),
    zone,
  );
}

/** Local midnight `days` days before today: where the 1-minute readings of the own homes begin. */
export function minuteStart(now: number, zone: string, days = MINUTE_DAYS): number {
  return startOfLocalDate(addDays(localDate(now, zone), -days), zone);
}
