import { addDays } from '@homeview/contract/calendar';
import { offsetAt, startOfLocalDate } from '../time/zone';

// Local calendar days on the half-hour grid: the server keeps one rollup row per house and local day.

/** Where a local day lies on the half-hour grid: its first slot and how many half-hours it has. */
export interface DayLayout {
  readonly date: string;
  /** Local midnight, epoch seconds: a whole half-hour. */
  readonly start: number;
  /** 48, or 46 / 50 on clock-change days. */
  readonly slots: number;
}

export class ZoneGridError extends RangeError {}

/**
 * The day's place on the half-hour grid. Half-hours are UTC multiples of 1800 s, so a zone whose local
 * midnight is not on that grid (Asia/Kathmandu +05:45, Australia/Eucla +08:45) cannot have exact local
 * days: refused (`isHalfHourZone` refuses such houses up front).
 */
export function dayLayout(date: string, zone: string): DayLayout {
  const start = startOfLocalDate(date, zone);
  const end = startOfLocalDate(addDays(date, 1), zone);
  if (start % 1800 !== 0 || end % 1800 !== 0)
    throw new ZoneGridError(`${zone}: local days do not start on a half-hour (${date})`);
  return { date, start, slots: (end - start) / 1800 };
}

/**
 * Whether the zone's UTC offsets are whole half-hours (checked twice a year, 1970–2100), so that its local
 * days, hours and half-hours fall on the half-hour grid. False for Asia/Kathmandu, Australia/Eucla,
 * Pacific/Chatham; true for India (+05:30), Adelaide (+09:30 / +10:30), Lord Howe (+10:30 / +11:00).
 */
export function isHalfHourZone(zone: string): boolean {
  for (let year = 1970; year <= 2100; year++) {
    for (const month of [0, 6]) {
      if (offsetAt(Date.UTC(year, month, 1) / 1000, zone) % 1800 !== 0) return false;
    }
  }
  return true;
}
