import {
  civilFromDays,
  daysFromCivil,
  formatLocalDate,
  isoWeekdayOfDays,
  parseLocalDate,
} from '@homeview/contract/calendar';

// Wall-clock conversions for an IANA zone. Intl is the only source of zone rules (never the process TZ);
// its answers are cached because formatToParts costs microseconds and pricing calls it per slot.

/** The zone of a home that names none: the product is for UK homes (houses.time_zone's default, 0001). */
export const DEFAULT_TIME_ZONE = 'Europe/London';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short', // keeps years before 1 CE distinguishable; never needed in practice
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True when Intl knows the zone (e.g. 'Europe/London'); invalid names would otherwise throw later. */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0) return false;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

function computeOffset(ts: number, zone: string): number {
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const p of formatterFor(zone).formatToParts(ts * 1000)) {
    switch (p.type) {
      case 'year':
        year = Number(p.value);
        break;
      case 'month':
        month = Number(p.value);
        break;
      case 'day':
        day = Number(p.value);
        break;
      case 'hour':
        hour = Number(p.value);
        break;
      case 'minute':
        minute = Number(p.value);
        break;
      case 'second':
        second = Number(p.value);
        break;
      case 'era':
        bc = p.value.startsWith('B');
        break;
    }
  }
  if (bc) year = 1 - year;
  const wall = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
  return wall - ts;
}

// Offsets are cached per UTC day, and per UTC hour on days that contain a transition. A bucket is cached
// only when the offset is the same at both of its ends, so transitions at :30 (Adelaide) or at odd
// historical seconds fall through to an exact computation. This assumes no zone changes offset and back
// within one bucket, which no tz database rule does.
interface ZoneCache {
  days: Map<number, number | null>; // null: the day has a transition, see hours
  hours: Map<number, number>;
}
const offsetCache = new Map<string, ZoneCache>();
const MAX_ENTRIES = 250_000;

function cacheFor(zone: string): ZoneCache {
  let c = offsetCache.get(zone);
  if (c === undefined) {
    c = { days: new Map(), hours: new Map() };
    offsetCache.set(zone, c);
  }
  if (c.days.size >= MAX_ENTRIES) c.days.clear();
  if (c.hours.size >= MAX_ENTRIES) c.hours.clear();
  return c;
}

/** UTC offset in seconds (local = UTC + offset) in force at the instant ts (epoch seconds). */
export function offsetAt(ts: number, zone: string): number {
  const t = Math.floor(ts);
  const c = cacheFor(zone);
  const day = Math.floor(t / 86400);
  let dayOffset = c.days.get(day);
  if (dayOffset === undefined) {
    const first = computeOffset(day * 86400, zone);
    dayOffset = first === computeOffset(day * 86400 + 86399, zone) ? first : null;
    c.days.set(day, dayOffset);
  }
  if (dayOffset !== null) return dayOffset;
  const hour = Math.floor(t / 3600);
  const cached = c.hours.get(hour);
  if (cached !== undefined) return cached;
  const first = computeOffset(hour * 3600, zone);
  if (first !== computeOffset(hour * 3600 + 3599, zone)) return computeOffset(t, zone);
  c.hours.set(hour, first);
  return first;
}

export interface LocalParts {
  readonly date: string; // YYYY-MM-DD
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number; // ISO: 1 = Monday … 7 = Sunday
  readonly minuteOfDay: number;
  readonly offsetSeconds: number;
}

/** Wall-clock fields of ts after applying a fixed offset (0 gives UTC/GMT). */
export function partsAtOffset(ts: number, offsetSeconds: number): LocalParts {
  const wall = Math.floor(ts) + offsetSeconds;
  const days = Math.floor(wall / 86400);
  const secOfDay = wall - days * 86400;
  const civil = civilFromDays(days);
  const hour = Math.floor(secOfDay / 3600);
  const minute = Math.floor((secOfDay % 3600) / 60);
  return {
    date: formatLocalDate(civil),
    year: civil.year,
    month: civil.month,
    day: civil.day,
    hour,
    minute,
    second: secOfDay % 60,
    weekday: isoWeekdayOfDays(days),
    minuteOfDay: hour * 60 + minute,
    offsetSeconds,
  };
}

/** Local wall-clock fields of the instant ts in zone. */
export function localParts(ts: number, zone: string): LocalParts {
  return partsAtOffset(ts, offsetAt(ts, zone));
}

export function localDate(ts: number, zone: string): string {
  return localParts(ts, zone).date;
}

/** Local time of day as 'HH:MM'. */
export function localTimeOfDay(ts: number, zone: string): string {
  const p = localParts(ts, zone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of the instant in zone. */
export function localWeekday(ts: number, zone: string): number {
  return localParts(ts, zone).weekday;
}

export type Disambiguation = 'earlier' | 'later';

/**
 * The instant at which the wall clock in zone reads date + secondOfDay. In a repeated hour it returns the
 * earlier (default) or later occurrence; in a skipped hour it returns the instant the same distance
 * after the jump (Temporal's 'compatible'), so a midnight that does not exist maps to the first instant
 * of that day.
 */
export function instantOfLocal(
  date: string,
  secondOfDay: number,
  zone: string,
  disambiguation: Disambiguation = 'earlier',
): number {
  const d = parseLocalDate(date);
  const wall = daysFromCivil(d.year, d.month, d.day) * 86400 + secondOfDay;
  // The offsets a day either side are the ones in force before and after any transition near this time.
  const before = offsetAt(wall - 86400, zone);
  const after = offsetAt(wall + 86400, zone);
  const hits: number[] = [];
  for (const off of before === after ? [before] : [before, after]) {
    const candidate = wall - off;
    if (candidate + offsetAt(candidate, zone) === wall) hits.push(candidate);
  }
  if (hits.length === 0) return wall - before; // in a gap
  hits.sort((a, b) => a - b);
  return (disambiguation === 'earlier' ? hits[0] : hits[hits.length - 1]) as number;
}

/** First instant of the local calendar day 'YYYY-MM-DD' in zone. */
export function startOfLocalDate(date: string, zone: string): number {
  return instantOfLocal(date, 0, zone, 'earlier');
}

/** UTC offset as '+01:00' / '-05:30'. */
export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The ISO weekday and minute of day of ts on a clock at a fixed offset; cheap, for per-slot pricing. */
export function clockAt(ts: number, offsetSeconds: number): { weekday: number; minuteOfDay: number } {
  const wall = Math.floor(ts) + offsetSeconds;
  const days = Math.floor(wall / 86400);
  return { weekday: isoWeekdayOfDays(days), minuteOfDay: Math.floor((wall - days * 86400) / 60) };
}

/** [start, end) over which one UTC offset is in force. */
export interface OffsetSpan {
  readonly start: number;
  readonly end: number;
  readonly offsetSeconds: number;
}

/**
 * The zone's offsets over [from, to), one span per offset in force, split exactly at each clock change.
 * Days are stepped through and a change is found to the second by halving; no zone changes twice a day.
 */
export function offsetSpans(from: number, to: number, zone: string): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let start = from;
  let offset = offsetAt(from, zone);
  for (let t = from; t < to; ) {
    const next = Math.min(t + 86400, to);
    if (offsetAt(next - 1, zone) === offset) {
      t = next;
      continue;
    }
    let lo = t; // offset at lo is the current one
    let hi = next - 1; // offset at hi is not
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid, zone) === offset) lo = mid;
      else hi = mid;
    }
    spans.push({ start, end: hi, offsetSeconds: offset });
    start = hi;
    offset = offsetAt(hi, zone);
    t = hi;
  }
  spans.push({ start, end: to, offsetSeconds: offset });
  return spans;
}
