import { periodContaining } from './periods';
import { formatOffset, localParts } from './zone';

/** One half-hour of a local day: its start instant and how the wall clock labels it. */
export interface HalfHourSlot {
  readonly start: number; // epoch seconds
  readonly label: string; // local 'HH:MM'; on the long day 01:00 and 01:30 appear twice
  readonly offsetSeconds: number; // UTC offset in force at the slot start
  readonly offset: string; // '+01:00'
}

/**
 * The half-hour slots of the local day containing dayStart (any instant of the day is accepted): 48 on a
 * normal day, 46 on the UK spring-forward day and 50 on the fall-back day.
 */
export function halfHourSlots(dayStart: number, zone: string): HalfHourSlot[] {
  const day = periodContaining('day', dayStart, zone);
  const out: HalfHourSlot[] = [];
  for (let t = day.start; t < day.end; t += 1800) {
    const p = localParts(t, zone);
    out.push({
      start: t,
      label: `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`,
      offsetSeconds: p.offsetSeconds,
      offset: formatOffset(p.offsetSeconds),
    });
  }
  return out;
}

/** Start of the local half-hour containing ts (the key of a half-hour rollup row). */
export function slotStartOf(ts: number, zone: string): number {
  return periodContaining('half-hour', ts, zone).start;
}
