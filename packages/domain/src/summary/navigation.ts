import {
  type CalendarUnit,
  lastSevenDays,
  nextPeriod,
  type Period,
  periodContaining,
  previousPeriod,
} from '../time/periods';

// Which periods a view may move to (§3 available/previous/next, §5.2 disabled buttons).

/** The span a house has data for: its first reading (null when none yet) and the current instant. */
export interface DataRange {
  readonly first: number | null;
  readonly now: number;
}

/** The units a view may be of; 'year' (months as details) is issue 38's Yearly tab. */
export type ViewUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

/**
 * The period a request selects: any timestamp inside a period selects it (house's zone); a missing or
 * null timestamp means the period containing now, except for weeks where it means the last 7 days.
 */
export function selectPeriod(
  unit: ViewUnit,
  timestamp: number | null | undefined,
  now: number,
  zone: string,
): Period {
  if (timestamp === null || timestamp === undefined)
    return unit === 'week' ? lastSevenDays(now, zone) : periodContaining(unit, now, zone);
  return periodContaining(unit, timestamp, zone);
}

/**
 * Start of the previous period if it overlaps the data, and of the next period if it has begun by now;
 * null otherwise. The rolling 7 days end with today, so they have no next; their previous is the
 * `rollingUnit` period just before them (for weeks the calendar week before this one, whatever the
 * weekday: a person on "Last 7 days" pressing Previous expects the week before).
 */
export function neighbours(
  period: Period,
  range: DataRange,
  zone: string,
  rollingUnit: CalendarUnit = 'week',
): { previous: number | null; next: number | null } {
  const prev =
    period.unit === 'last-7-days'
      ? periodContaining(rollingUnit, period.start - 1, zone)
      : previousPeriod(period, zone);
  const next = period.unit === 'last-7-days' ? null : nextPeriod(period, zone);
  return {
    previous: range.first !== null && prev.end > range.first ? prev.start : null,
    next: next !== null && next.start <= range.now ? next.start : null,
  };
}

/**
 * Period starts a house can choose, newest first, from the period containing now back to the one
 * containing its first reading (at most `limit`). For weeks the list begins with null (last 7 days).
 */
export function availablePeriods(
  unit: CalendarUnit,
  range: DataRange,
  zone: string,
  limit = 400,
): (number | null)[] {
  const out: (number | null)[] = unit === 'week' ? [null] : [];
  if (range.first === null || range.first > range.now) return out;
  let p = periodContaining(unit, range.now, zone);
  let count = 0;
  while (p.end > range.first && count < limit) {
    out.push(p.start);
    count += 1;
    p = previousPeriod(p, zone);
  }
  return out;
}
