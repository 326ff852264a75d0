import { addDays, civilFromDays, formatLocalDate, localDateToDays } from '@homeview/contract/calendar';
import { localParts, startOfLocalDate } from './zone';

/** Calendar units; weeks start on Monday. All are local to the house's zone. */
export type CalendarUnit = 'half-hour' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** 'last-7-days' is the rolling week the spec offers as `null` in `available`. */
export type PeriodUnit = CalendarUnit | 'last-7-days';

/** A half-open interval [start, end) of epoch seconds. */
export interface Period {
  readonly unit: PeriodUnit;
  readonly start: number;
  readonly end: number;
}

function dayPeriod(unit: PeriodUnit, firstDate: string, nextDate: string, zone: string): Period {
  return { unit, start: startOfLocalDate(firstDate, zone), end: startOfLocalDate(nextDate, zone) };
}

/**
 * The local period of the given unit that contains ts. Half-hours and hours follow the local clock,
 * so the long day has two distinct 01:00 hours and the short day has no 01:00 hour.
 */
export function periodContaining(unit: CalendarUnit, ts: number, zone: string): Period {
  if (!Number.isFinite(ts)) throw new RangeError(`not an instant: ${ts}`);
  const t = Math.floor(ts);
  const p = localParts(t, zone);
  switch (unit) {
    case 'half-hour': {
      const start = t - ((p.minute % 30) * 60 + p.second);
      return { unit, start, end: start + 1800 };
    }
    case 'hour': {
      const start = t - (p.minute * 60 + p.second);
      return { unit, start, end: start + 3600 };
    }
    case 'day':
      return dayPeriod(unit, p.date, addDays(p.date, 1), zone);
    case 'week': {
      const monday = addDays(p.date, 1 - p.weekday);
      return dayPeriod(unit, monday, addDays(monday, 7), zone);
    }
    case 'month': {
      const first = formatLocalDate({ year: p.year, month: p.month, day: 1 });
      const next = formatLocalDate(
        p.month === 12
          ? { year: p.year + 1, month: 1, day: 1 }
          : { year: p.year, month: p.month + 1, day: 1 },
      );
      return dayPeriod(unit, first, next, zone);
    }
    case 'year':
      return dayPeriod(
        unit,
        formatLocalDate({ year: p.year, month: 1, day: 1 }),
        formatLocalDate({ year: p.year + 1, month: 1, day: 1 }),
        zone,
      );
  }
}

/** The local day containing the date 'YYYY-MM-DD'. */
export function dayOf(date: string, zone: string): Period {
  return dayPeriod('day', date, addDays(date, 1), zone);
}

/** The rolling 7 local days ending with today (the day containing now), today included. */
export function lastSevenDays(now: number, zone: string): Period {
  const today = localParts(now, zone).date;
  return dayPeriod('last-7-days', addDays(today, -6), addDays(today, 1), zone);
}

function calendarUnit(period: Period): CalendarUnit {
  if (period.unit === 'last-7-days')
    throw new RangeError('the rolling 7 days have no previous or next period');
  return period.unit;
}

export function previousPeriod(period: Period, zone: string): Period {
  return periodContaining(calendarUnit(period), period.start - 1, zone);
}

export function nextPeriod(period: Period, zone: string): Period {
  return periodContaining(calendarUnit(period), period.end, zone);
}

/** The unit of the `details` entries of a period view: hour → half-hours, day → hours, week/month → days. */
export function detailUnit(unit: PeriodUnit): CalendarUnit {
  switch (unit) {
    case 'half-hour':
    case 'hour':
      return 'half-hour';
    case 'day':
      return 'hour';
    case 'week':
    case 'last-7-days':
    case 'month':
      return 'day';
    case 'year':
      return 'month';
  }
}

/** Consecutive sub-periods of `unit` that tile the period exactly. */
export function subPeriods(period: Period, unit: CalendarUnit, zone: string): Period[] {
  const out: Period[] = [];
  let t = period.start;
  while (t < period.end) {
    const p = periodContaining(unit, t, zone);
    const clipped: Period = { unit, start: Math.max(p.start, t), end: Math.min(p.end, period.end) };
    out.push(clipped);
    t = clipped.end;
  }
  return out;
}

/** The local calendar dates (YYYY-MM-DD) whose day overlaps [start, end). */
export function localDatesIn(period: Period, zone: string): string[] {
  if (period.end <= period.start) return [];
  const first = localDateToDays(localParts(period.start, zone).date);
  const last = localDateToDays(localParts(period.end - 1, zone).date);
  const out: string[] = [];
  for (let d = first; d <= last; d++) out.push(formatLocalDate(civilFromDays(d)));
  return out;
}

/** Number of local calendar days between two dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return localDateToDays(b) - localDateToDays(a);
}
