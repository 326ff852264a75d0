import { formatUtc, MAX_INSTANT, MIN_INSTANT } from '../../ingest/formats/time';

// A meter reading and its rules: what every way in (files, HTTP, devices, the demo) hands to the write
// path (ingest.ts), which checks each with checkReading before storing anything.

/**
 * One meter reading: energy over [start, start + interval_s). Rules (checked by `checkReading`):
 * - `start`: integer epoch seconds (UTC), 2000-01-01 ≤ start < 2100-01-01.
 * - `interval_s`: integer 1..1800, and the reading stays inside one UTC half-hour:
 *   (start mod 1800) + interval_s ≤ 1800, so half-hour rollups never have to split a reading.
 * - `import_wh`, `export_wh`, `generation_wh`: integers ≥ 0 and at most what 100 kW could deliver in the
 *   interval (⌈100,000 × interval_s / 3600⌉ Wh, e.g. 50,000 Wh per half-hour; the ceiling leaves room for
 *   carry rounding).
 * - Within one batch or file a repeat of a start already seen is accepted and passed on (house + start is
 *   the key: the ingest keeps the first and counts the others as duplicates); a reading that overlaps an
 *   earlier one with a *different* start is the error, on the later row. Repeats across batches are the
 *   repository's business.
 */
export interface Reading {
  start: number;
  interval_s: number;
  import_wh: number;
  export_wh: number;
  generation_wh: number;
}

export type ReadingField = keyof Reading;

export const HALF_HOUR_S = 1800;
/** Above any domestic supply (a 100 A single-phase fuse is 23 kW; three-phase 100 A is ~70 kW). */
export const MAX_POWER_W = 100_000;

export function maxWhIn(interval_s: number): number {
  return Math.ceil((MAX_POWER_W * interval_s) / 3600);
}

export interface ReadingIssue {
  field: ReadingField;
  detail: string;
}

/** The first broken rule of a reading whose fields are already integers, or null. */
export function checkReading(r: Reading): ReadingIssue | null {
  if (!Number.isSafeInteger(r.start) || r.start < MIN_INSTANT || r.start >= MAX_INSTANT) {
    return { field: 'start', detail: `${r.start} is not an epoch second in 2000–2099` };
  }
  if (!Number.isSafeInteger(r.interval_s) || r.interval_s < 1 || r.interval_s > HALF_HOUR_S) {
    return {
      field: 'interval_s',
      detail: `${r.interval_s} s is not a whole number of seconds from 1 to 1800`,
    };
  }
  const into = r.start % HALF_HOUR_S;
  if (into + r.interval_s > HALF_HOUR_S) {
    const boundary = r.start - into + HALF_HOUR_S;
    return {
      field: 'interval_s',
      detail:
        `a reading from ${formatUtc(r.start)} lasting ${r.interval_s} s crosses the half-hour boundary at ` +
        `${formatUtc(boundary)}; split it there`,
    };
  }
  const max = maxWhIn(r.interval_s);
  for (const field of ['import_wh', 'export_wh', 'generation_wh'] as const) {
    const wh = r[field];
    if (!Number.isSafeInteger(wh) || wh < 0) return { field, detail: `${wh} is not a whole number ≥ 0` };
    if (wh > max) {
      return {
        field,
        detail: `${wh} Wh in ${r.interval_s} s is more than 100 kW could deliver (max ${max} Wh)`,
      };
    }
  }
  return null;
}
