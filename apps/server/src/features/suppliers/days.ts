import { dayOf, daysInMonth, formatLocalDate, localDate } from '@homeview/domain';
import type { WattHours } from './write';

// Which local days a fetch completed (pure). A local day is complete when it has as many half-hours as
// its own date has in the home's zone: 46 on the spring clock change, 50 in autumn, 48 otherwise (never a
// fixed 48, the leading Home Assistant client's fault). A meter's resume point moves over a day once it is
// complete, or once it is older than RECHECK_S (a gap the supplier never filled stays a gap); the last
// few days are read again until then, so late half-hours are picked up.

/** Days younger than this are read again until complete (half-hours often arrive 1.5–2 days late). */
export const RECHECK_S = 4 * 86_400;
const SLOT_S = 1800;

/** The first instant of the local day containing `ts`. */
export function dayStartOf(ts: number, zone: string): number {
  return dayOf(localDate(ts, zone), zone).start;
}

/** The local day `months` calendar months before the one containing `ts` (the first fill's start). */
export function monthsBefore(ts: number, months: number, zone: string): number {
  const [y, m, d] = localDate(ts, zone).split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  // The same day of the month, or the month's last when it is shorter.
  return dayOf(formatLocalDate({ year, month, day: Math.min(d, daysInMonth(year, month)) }), zone).start;
}

/** Half-hours a local day has: 46, 48 or 50. */
export function slotsInDay(dayStart: number, zone: string): number {
  const day = dayOf(localDate(dayStart, zone), zone);
  return (day.end - day.start) / SLOT_S;
}

export interface Advance {
  /** The new resume point: a local day's start (or `from` unchanged). */
  resumeAt: number;
  /** The end of the last complete day walked over contiguously from `from`, or null. */
  dataThrough: number | null;
}

/**
 * Walks the local days of [from, to) from `from` (a local day's start) over the fetched half-hours:
 * complete days and days past re-reading are passed; the first other day stops the walk (it is read
 * again next time), as does a day not wholly inside the fetch.
 */
export function advanceOver(
  halfHours: readonly WattHours[],
  from: number,
  to: number,
  now: number,
  zone: string,
): Advance {
  const present = new Set<number>();
  for (const h of halfHours) if (h.wh !== null) present.add(h.start);
  let resumeAt = from;
  let dataThrough: number | null = null;
  for (;;) {
    const day = dayOf(localDate(resumeAt, zone), zone);
    if (day.end > to) break;
    let have = 0;
    for (let t = day.start; t < day.end; t += SLOT_S) if (present.has(t)) have += 1;
    if (have === (day.end - day.start) / SLOT_S) dataThrough = day.end;
    else if (day.end > now - RECHECK_S) break;
    resumeAt = day.end;
  }
  return { resumeAt, dataThrough };
}
