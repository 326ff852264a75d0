import {
  addDays as addDates,
  civilFromDays,
  daysFromCivil,
  formatLocalDate,
  isLocalDate,
  isoWeekdayOfDays,
  localDateToDays,
  type UtcOffsetSpan,
  weekdayOfDate,
} from '@homeview/contract/web';

// The one time formatter of both dashboards (spec §9: DD-MM-YY, HH:mm). Times, dates and day steps are
// in the zone of the home they are about (`time_zone` of the answer, an IANA name): HomeView's house, or
// the dependant's in InfoCare, so a carer in Sydney watching a home in London sees London's clock, as the
// alert texts say it. Without a zone, the browser's (the chooser's own clock).

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
  const days = Math.floor(wall / 86_400);
  const second = wall - days * 86_400;
  return {
    ...civilFromDays(days),
    hour: Math.floor(second / 3600),
    minute: Math.floor((second % 3600) / 60),
    weekday: isoWeekdayOfDays(days) % 7,
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

/** 465 → '07:45': a local minute of the day (0–1439) as the clock reads it. */
export const minuteLabel = (minute: number): string => {
  const m = Math.max(0, Math.min(1439, Math.round(minute)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Month names, January first (month 1 is MONTHS[0]). */
export const MONTHS = [
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

/** Mon 04-11-24 */
export const weekdayDayLabel = (ts: number, zone?: Zone): string => {
  const p = localParts(ts, zone);
  return `${WEEKDAYS[p.weekday]} ${ddmmyy(p)}`;
};

/** A local calendar date (YYYY-MM-DD) of the zone: `ts`'s, moved by `days`. */
export function localDateOf(ts: number, zone: Zone, days = 0): string {
  return addDates(formatLocalDate(localParts(ts, zone)), days);
}

/** An instant inside the local date `date` of `zone`: its local noon (a clock change is never at noon). */
export function noonOf(date: string, zone?: Zone): number {
  const utcNoon = localDateToDays(date) * 86_400 + 12 * 3600;
  const p = localParts(utcNoon, zone);
  const wall = daysFromCivil(p.year, p.month, p.day) * 86_400 + p.hour * 3600 + p.minute * 60;
  return utcNoon - (wall - utcNoon);
}

/** 'Mon 04-11-24' of a local date, whatever the zone. */
export function dateLabel(date: string, withWeekday = true): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const label = ddmmyy({ year, month, day });
  return withWeekday ? `${WEEKDAYS[weekdayOfDate(date) % 7]} ${label}` : label;
}

/** Weekday names, Sunday first (as `LocalParts.weekday` counts). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Sunday */
export const weekdayName = (ts: number, zone?: Zone): string =>
  WEEKDAY_NAMES[localParts(ts, zone).weekday] ?? '';

/**
 * The instant the local day containing `ts` starts in `zone`: its midnight, found from its noon and
 * corrected by the clock read there, so a clock-change day is 23 or 25 hours long, never 86 400 s.
 */
export function dayStart(ts: number, zone?: Zone): number {
  const date = localDateOf(ts, zone);
  let t = noonOf(date, zone) - 12 * 3600;
  for (let i = 0; i < 3; i++) {
    const p = localParts(t, zone);
    const intoDay = p.hour * 3600 + p.minute * 60;
    const shift = localDateOf(t, zone) === date ? intoDay : intoDay - 86_400;
    if (shift === 0) return t;
    t -= shift;
  }
  // A zone whose clock skips midnight: the day starts when its clock resumes.
  while (localDateOf(t, zone) !== date) t += 900;
  return t;
}

/** The start of the local day `days` days after (or before) the day containing `ts`. */
export const addDays = (ts: number, days: number, zone?: Zone): number =>
  dayStart(noonOf(localDateOf(ts, zone, days), zone), zone);

/** `count` consecutive local day starts from the day containing `from`. */
export const daysFrom = (from: number, count: number, zone?: Zone): number[] =>
  Array.from({ length: count }, (_, i) => addDays(from, i, zone));

/** The start of the local day of a 'YYYY-MM-DD' (an <input type="date">'s value), or null when it is none. */
export function fromLocalDate(value: string, zone?: Zone): number | null {
  if (!isLocalDate(value)) return null;
  return dayStart(noonOf(value, zone), zone);
}

/** How long before `now` `ts` was (epoch s): 'just now', '2 min ago', '3 h ago', '1 day ago', '5 days ago'. */
export function agoLabel(ts: number, now: number): string {
  const s = Math.max(0, now - ts);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  const days = Math.floor(s / 86_400);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** 13:05 05-11-24: an exact time and its date, in the zone. */
export const timeAndDayLabel = (ts: number, zone?: Zone): string =>
  `${timeLabel(ts, zone)} ${dayLabel(ts, zone)}`;

/** 'YYYY-MM-DDTHH:mm', the value of an <input type="datetime-local">, of `ts` on `zone`'s clock. */
export function toDateTimeInput(ts: number, zone?: Zone): string {
  const p = localParts(ts, zone);
  return `${formatLocalDate(p)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** Seconds `zone`'s clock reads ahead of UTC at `ts` (a minute's precision, as localParts reads it). */
function offsetAt(ts: number, zone?: Zone): number {
  const p = localParts(ts, zone);
  const wall = daysFromCivil(p.year, p.month, p.day) * 86_400 + p.hour * 3600 + p.minute * 60;
  return wall - Math.floor(ts / 60) * 60;
}

/**
 * The instant a datetime-local value names on `zone`'s clock, or null when it is none. A time the clock
 * reads twice (the hour the clocks go back) is the first; one it skips (the hour they go forward) is
 * read on the clock from before the change, so 01:30 on the morning they go forward in London is 02:30 BST.
 */
export function fromDateTimeInput(value: string, zone?: Zone): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (m === null || !isLocalDate(m[1] as string)) return null;
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  if (hour > 23 || minute > 59) return null;
  const wall = localDateToDays(m[1] as string) * 86_400 + hour * 3600 + minute * 60;
  // A day either side of the wall time, its zone's offsets: the two a change between them gives.
  const before = wall - offsetAt(wall - 86_400, zone);
  const after = wall - offsetAt(wall + 86_400, zone);
  const reads = [before, after].filter((t) => t + offsetAt(t, zone) === wall);
  return reads.length > 0 ? Math.min(...reads) : before;
}
