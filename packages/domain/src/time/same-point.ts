import { addDays, daysInMonth, formatLocalDate } from '@homeview/contract/calendar';
import { type Period, previousPeriod } from './periods';
import { instantOfLocal, localParts } from './zone';

// "Less than yesterday by 12:20": a period under way is compared with the same part of the one before it,
// not with all of it (issue 21). The same part is read off the local clock and calendar, so on the day
// after a 25-hour day "by 12:20" covers its 13 h 20 min, and after a 23-hour day its 11 h 20 min.

export interface SamePoint {
  /** The period before the one asked about. */
  readonly previous: Period;
  /** The instant in `previous` at the same point as `at` is in the period asked about. */
  readonly at: number;
}

/**
 * The point of the previous period that corresponds to `at` in `period` (hour, day, week or month): the
 * same minutes into the hour; the same local time of day; the same weekday and time; the same day of the
 * month and time (past the previous month's last day: all of it). A wall time the previous day skipped
 * maps to the instant after the jump; the result is always inside [previous.start, previous.end].
 */
export function samePointBefore(period: Period, at: number, zone: string): SamePoint {
  const previous = previousPeriod(period, zone);
  const clamp = (t: number) => Math.min(previous.end, Math.max(previous.start, t));
  if (period.unit === 'hour' || period.unit === 'half-hour') {
    return { previous, at: clamp(previous.start + (at - period.start)) };
  }
  const p = localParts(at, zone);
  const secondOfDay = p.hour * 3600 + p.minute * 60 + p.second;
  const first = localParts(previous.start, zone);
  let date: string;
  if (period.unit === 'day') date = first.date;
  else if (period.unit === 'week') date = addDays(first.date, p.weekday - 1);
  else if (period.unit === 'month') {
    if (p.day > daysInMonth(first.year, first.month)) return { previous, at: previous.end };
    date = addDays(first.date, p.day - 1);
  } else if (period.unit === 'year') {
    if (p.month === 2 && p.day === 29 && daysInMonth(first.year, 2) === 28) {
      return { previous, at: clamp(instantOfLocal(`${first.year}-03-01`, 0, zone)) };
    }
    date = formatLocalDate({ year: first.year, month: p.month, day: p.day });
  } else throw new RangeError(`no same point before in a ${period.unit}`);
  return { previous, at: clamp(instantOfLocal(date, secondOfDay, zone)) };
}
