import type { Balance, PreviousSoFar, TimeUnit, UtcOffsetSpan } from '@homeview/contract/web';
import { formatMoney } from '../../shared/format';

// HomeView's display rules (spec §9): 2 decimals, profit at income − cost ≥ 0.01, a break-even label when
// income and cost are equal at 2 decimals, period labels, DD-MM-YY dates, HH:mm times, axis ticks.

export type Outcome = 'profit' | 'loss' | 'break-even';

const pennies = (value: number): number => Math.round(value * 100);

export function outcomeOf(balance: Pick<Balance, 'income' | 'cost'>): Outcome {
  const diff = pennies(balance.income) - pennies(balance.cost);
  if (diff === 0) return 'break-even';
  return diff >= 1 ? 'profit' : 'loss';
}

export const OUTCOME_LABELS: Readonly<Record<Outcome, string>> = {
  profit: 'Profit',
  loss: 'Loss',
  'break-even': 'Break even',
};

export const PROFIT_MESSAGE = 'Well done! You were in profit';

/** HOURLY, DAILY, WEEKLY, MONTHLY, or TODAY'S for today's view. */
export function periodLabel(unit: TimeUnit, today: boolean): string {
  if (today) return "TODAY'S";
  return { hour: 'HOURLY', day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY' }[unit];
}

/** How many categories the x axis names (spec §9). */
export const AXIS_TICKS: Readonly<Record<TimeUnit, number>> = { hour: 5, day: 4, week: 3, month: 4 };

export const money = (unit: string, value: number): string => formatMoney(unit, value);

export const energy = (unit: string, value: number): string => `${value.toFixed(2)} ${unit}`;

// Times and dates are shown in the house's zone (`time_zone` of the answer, an IANA name); without one,
// in the browser's. A house in London looked at from Lisbon still shows its own clock.

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday. */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_INDEX: Readonly<Record<string, number>> = {
  Sun: 0,
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
};

/**
 * A zone to show times in: an IANA name, or an answer that names its zone and may carry the zone's UTC
 * offsets over its span (`utc_offsets`). Inside those spans a time is plain arithmetic; Intl, whose first
 * use costs a slow phone a quarter of a second, is only woken for times outside them.
 */
export type Zone = string | undefined | { time_zone?: string; utc_offsets?: readonly UtcOffsetSpan[] };

/** The wall-clock date and time of `ts` (epoch s) in `zone` (default: the browser's). */
export function localParts(ts: number, zone?: Zone): LocalParts {
  if (typeof zone === 'object') {
    const span = zone.utc_offsets?.find((s) => s.start_timestamp <= ts && ts < s.end_timestamp);
    if (span !== undefined) return wallClockParts(ts + span.offset_seconds);
    return intlParts(ts, zone.time_zone);
  }
  return intlParts(ts, zone);
}

/** The fields of a wall-clock time given as seconds since 1970-01-01 00:00 on that clock. */
function wallClockParts(wall: number): LocalParts {
  const d = new Date(wall * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    weekday: d.getUTCDay(),
  };
}

function intlParts(ts: number, zone: string | undefined): LocalParts {
  const key = zone ?? '';
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(new Date(ts * 1000))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAY_INDEX[parts.weekday ?? ''] ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const ddmmyy = (p: Pick<LocalParts, 'year' | 'month' | 'day'>) =>
  `${pad(p.day)}-${pad(p.month)}-${pad(p.year % 100)}`;

/** 05-11-24 */
export const dayLabel = (ts: number, zone?: Zone): string => ddmmyy(localParts(ts, zone));

/** 13:05 */
export const timeLabel = (ts: number, zone?: Zone): string => {
  const p = localParts(ts, zone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Mon 04-11-24 */
export const weekdayDayLabel = (ts: number, zone?: Zone): string => {
  const p = localParts(ts, zone);
  return `${WEEKDAYS[p.weekday]} ${ddmmyy(p)}`;
};

/** A local calendar date (YYYY-MM-DD) of the zone: `ts`'s, moved by `days`. */
export function localDateOf(ts: number, zone: Zone, days = 0): string {
  const p = localParts(ts, zone);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return d.toISOString().slice(0, 10);
}

/** An instant inside the local date `date` of `zone`: its local noon (a clock change is never at noon). */
export function noonOf(date: string, zone?: Zone): number {
  const utcNoon = Date.parse(`${date}T12:00:00Z`) / 1000;
  const p = localParts(utcNoon, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) / 1000;
  return utcNoon - (wall - utcNoon);
}

/** 'Mon 04-11-24' of a local date, whatever the zone. */
export function dateLabel(date: string, withWeekday = true): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const label = ddmmyy({ year, month, day });
  return withWeekday ? `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${label}` : label;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** What a period dropdown says for an `available` entry (null = 'Last 7 days'). */
export function periodOption(unit: TimeUnit, start: number | null, zone?: Zone): string {
  if (start === null) return 'Last 7 days';
  const p = localParts(start, zone);
  if (unit === 'month') return `${MONTHS[p.month - 1]} ${p.year}`;
  if (unit === 'week') return `Week of ${dayLabel(start, zone)}`;
  if (unit === 'hour') return `${dayLabel(start, zone)} ${timeLabel(start, zone)}`;
  return weekdayDayLabel(start, zone);
}

/** The label of one chart bar: a time for hours and half-hours, a day for days. */
export function detailLabel(unit: TimeUnit, start: number, zone?: Zone): string {
  return unit === 'hour' || unit === 'day' ? timeLabel(start, zone) : weekdayDayLabel(start, zone);
}

/**
 * "£1.20 less than last week" (or "more", or "the same as"), from two costs in currency units. `than`
 * names a part of the previous period instead (soFarLabel: "yesterday by 12:20").
 */
export function changeAgainst(
  unit: TimeUnit,
  currency: string,
  cost: number,
  previousCost: number,
  than?: string,
): string {
  const diff = pennies(cost) - pennies(previousCost);
  const last =
    than ?? { hour: 'the hour before', day: 'the day before', week: 'last week', month: 'last month' }[unit];
  if (diff === 0) return `The same as ${last}`;
  return `${money(currency, Math.abs(diff) / 100)} ${diff < 0 ? 'less' : 'more'} than ${last}`;
}

/** An appliance's share of the period's cost, '12%' ('<1%' for a sliver, '' when nothing was spent). */
export function shareOf(part: number, whole: number): string {
  if (whole <= 0) return '';
  const pct = Math.round((part / whole) * 100);
  if (pct === 0 && part > 0) return '<1%';
  return `${pct}%`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The part of the previous period a period under way is compared with (`previous_so_far`), as a person
 * says it: 'yesterday by 12:20', 'the hour before by 11:20', 'last week by Friday 12:20', 'last month by
 * 5 October 12:20', or 'all of last month' when last month had no such day (its end is this one's start).
 */
export function soFarLabel(unit: TimeUnit, soFar: PreviousSoFar, periodStart: number, zone?: Zone): string {
  const end = soFar.end_timestamp;
  const time = timeLabel(end, zone);
  if (unit === 'hour') return `the hour before by ${time}`;
  if (unit === 'day') return `yesterday by ${time}`;
  const p = localParts(end, zone);
  if (unit === 'week') return `last week by ${WEEKDAY_NAMES[p.weekday]} ${time}`;
  if (end >= periodStart) return 'all of last month';
  return `last month by ${p.day} ${MONTHS[p.month - 1]} ${time}`;
}
