import { daysFromCivil } from '@homeview/domain';
import { bad, type Checked, good, shown } from './errors';

/**
 * Instants as the ingest accepts them: epoch seconds (an integer) or ISO 8601 *with* an offset
 * (`Z`, `±HH:MM`, `±HHMM`, `±HH`; `T` or a space between date and time). An ISO time without an offset is
 * refused: the same wall clock names two instants on the autumn clock-change night
 * (`2025-10-26T01:30:00+01:00` ≠ `…+00:00`), so only the sender can say which. Files known to carry naive
 * times (REFIT, IDEAL, UK-DALE) resolve them explicitly through `zone.ts`. Instants in the future are not
 * refused here: "now" is the caller's clock, so the route checks skew.
 */

/** Accepted instants: 2000-01-01 ≤ t < 2100-01-01 UTC. Catches millisecond epochs and swapped fields. */
export const MIN_INSTANT = 946_684_800;
export const MAX_INSTANT = 4_102_444_800;

/** A wall-clock date and time with no zone; `offset_s` is set when the text carried one. */
export interface CivilTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offset_s: number | null;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)? ?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const EPOCH = /^\d+$/;

const EXAMPLES =
  'epoch seconds (e.g. 1727737200) or ISO 8601 with an offset (e.g. 2024-10-01T00:00:00+01:00)';

/** Parses ISO 8601 date-time text into its parts, checking the calendar (no 31 April, no 24:00, no :60). */
export function parseCivil(text: string): Checked<CivilTime> {
  const fast = fixedWidth(text);
  if (fast !== null) return checkCivil(fast, text);
  const m = ISO.exec(text);
  if (m === null) return bad(`${shown(text)} is not a time; expected ${EXAMPLES}`);
  const [, y, mo, d, h, mi, s = '00', frac = '', z, sign, oh, om = '00'] = m;
  if (/[1-9]/.test(frac)) return bad(`${shown(text)} has a fraction of a second; use whole seconds`);
  let offset_s: number | null = null;
  if (z !== undefined) offset_s = 0;
  else if (sign !== undefined) {
    const hours = Number(oh);
    const minutes = Number(om);
    if (hours > 18 || minutes > 59) return bad(`${shown(text)} has an impossible UTC offset`);
    offset_s = (sign === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
  }
  const civil = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    offset_s,
  };
  return checkCivil(civil, text);
}

function checkCivil(t: CivilTime, text: string): Checked<CivilTime> {
  if (t.month < 1 || t.month > 12 || t.day < 1 || t.day > daysInMonth(t.year, t.month)) {
    return bad(`${shown(text)} is not a calendar date`);
  }
  if (t.hour > 23 || t.minute > 59 || t.second > 59) return bad(`${shown(text)} is not a time of day`);
  return good(t);
}

/**
 * The shapes sensor files repeat tens of thousands of times, `YYYY-MM-DD HH:MM:SS` (naive) and the same
 * with `T` and `Z`, read by character code: the general regex is the hot spot of a 2 MB file otherwise.
 */
function fixedWidth(text: string): CivilTime | null {
  const n = text.length;
  if (n !== 19 && !(n === 20 && (text[19] === 'Z' || text[19] === 'z'))) return null;
  const sep = text[10];
  if (
    text[4] !== '-' ||
    text[7] !== '-' ||
    (sep !== ' ' && sep !== 'T') ||
    text[13] !== ':' ||
    text[16] !== ':'
  ) {
    return null;
  }
  const year = two(text, 0) * 100 + two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  const hour = two(text, 11);
  const minute = two(text, 14);
  const second = two(text, 17);
  if (Number.isNaN(year + month + day + hour + minute + second)) return null;
  return { year, month, day, hour, minute, second, offset_s: n === 20 ? 0 : null };
}

function two(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

/** Seconds since the epoch of the wall clock read as if it were UTC (the zone-free part of a conversion). */
export function civilAsUtc(t: CivilTime): number {
  return daysFromCivil(t.year, t.month, t.day) * 86_400 + t.hour * 3600 + t.minute * 60 + t.second;
}

/** Epoch seconds or ISO 8601 with an offset → epoch seconds. Naive ISO text is an error. */
export function parseInstant(text: string): Checked<number> {
  const parsed = parseTimestamp(text);
  if (!parsed.ok) return parsed;
  return typeof parsed.value === 'number' ? good(parsed.value) : bad(naiveReason(text));
}

/**
 * Like `parseInstant` but hands back a naive time's parts instead of refusing it, for callers that know
 * the zone (a file's documented clock). Returns a number for an instant, a CivilTime for a naive time.
 */
export function parseTimestamp(text: string): Checked<number | CivilTime> {
  if (text === '') return bad(`is empty; expected ${EXAMPLES}`);
  if (EPOCH.test(text)) return epochSeconds(text);
  const civil = parseCivil(text);
  if (!civil.ok) return civil;
  if (civil.value.offset_s === null) return civil;
  return inRange(civilAsUtc(civil.value) - civil.value.offset_s, text);
}

export function naiveReason(text: string): string {
  return `${shown(text)} has no UTC offset; add Z or +01:00 (e.g. 2024-10-01T00:00:00+01:00)`;
}

function epochSeconds(text: string): Checked<number> {
  const n = Number(text);
  if (n >= MIN_INSTANT * 1000) return bad(`${shown(text)} looks like milliseconds; send epoch seconds`);
  return inRange(n, text);
}

export function inRange(t: number, text: string): Checked<number> {
  if (t < MIN_INSTANT || t >= MAX_INSTANT) return bad(`${shown(text)} is outside 2000–2099`);
  return good(t);
}

/** `2024-09-30T23:00:00Z`: how messages show an instant, whatever form it arrived in. */
export function formatUtc(t: number): string {
  return new Date(t * 1000).toISOString().replace('.000Z', 'Z');
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
