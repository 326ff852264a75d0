// An independent reference for local calendar arithmetic, built on luxon (test-only dependency), so the
// production code is never checked against itself.
import { DateTime } from 'luxon';

export type OracleUnit = 'day' | 'week' | 'month' | 'year' | 'hour';

export function oraclePeriod(unit: OracleUnit, ts: number, zone: string): { start: number; end: number } {
  const dt = DateTime.fromSeconds(ts, { zone });
  const start = dt.startOf(unit); // luxon weeks are ISO weeks: Monday start
  const end = start.plus({ [`${unit}s`]: 1 }).startOf(unit);
  return { start: start.toSeconds(), end: end.toSeconds() };
}

export function oracleLocalDate(ts: number, zone: string): string {
  return DateTime.fromSeconds(ts, { zone }).toISODate() as string;
}

export function oracleDayStart(date: string, zone: string): number {
  return DateTime.fromISO(date, { zone }).startOf('day').toSeconds();
}

export function oracleParts(ts: number, zone: string) {
  const dt = DateTime.fromSeconds(ts, { zone });
  return {
    date: dt.toISODate(),
    hour: dt.hour,
    minute: dt.minute,
    second: dt.second,
    weekday: dt.weekday,
    offsetSeconds: dt.offset * 60,
  };
}

/** UK clock-change days by the statutory rule (last Sunday of March and of October), independent of tzdb. */
export function ukClockChangeDays(year: number): { spring: string; autumn: string } {
  const lastSunday = (month: number): string => {
    for (let day = 31; ; day--) {
      const dt = DateTime.utc(year, month, day);
      if (dt.weekday === 7) return dt.toISODate() as string;
    }
  };
  return { spring: lastSunday(3), autumn: lastSunday(10) };
}

export const ZONES = [
  'Europe/London',
  'UTC',
  'America/Regina',
  'America/New_York',
  'Australia/Adelaide',
  'Asia/Kathmandu',
];
