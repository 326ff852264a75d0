import { expect } from 'vitest';
import type { Db } from '../../src/db/types';
import { kwhToWh } from '../../src/features/suppliers/kwh';
import type { Row } from './octopus-standin';

// Helpers of the supplier suites: what a house stores, and what it should store from a stand-in series.

export interface StoredReading {
  start: number;
  interval_s: number;
  import_wh: number;
  export_wh: number;
}

/** A house's stored readings of one fuel (0 electricity, 1 gas: shared/fuel.ts). */
export async function storedReadings(db: Db, houseId: number, fuel: 0 | 1 = 0): Promise<StoredReading[]> {
  const { rows } = await db.query<StoredReading>(
    `select start_ts::float8 as start, interval_s, import_wh, export_wh from readings
      where house_id = $1 and fuel = $2 order by start_ts`,
    [houseId, fuel],
  );
  return rows;
}

/** The series' slots in [from, to) as start → Wh. */
export function whOf(series: readonly Row[], from: number, to: number): Map<number, number> {
  return new Map(series.filter((r) => r.start >= from && r.start < to).map((r) => [r.start, kwhToWh(r.kwh)]));
}

/** Every stored reading a half-hour, none doubled, and `field` exactly `expected` (nothing lost or extra). */
export function expectExactly(
  stored: readonly StoredReading[],
  field: 'import_wh' | 'export_wh',
  expected: ReadonlyMap<number, number>,
): void {
  const starts = stored.map((r) => r.start);
  expect(new Set(starts).size, 'no half-hour doubled').toBe(starts.length);
  expect(stored.every((r) => r.interval_s === 1800)).toBe(true);
  const got = new Map(
    stored.filter((r) => expected.has(r.start) || r[field] !== 0).map((r) => [r.start, r[field]]),
  );
  const lost = [...expected.keys()].filter((s) => !got.has(s));
  expect(lost.length, `half-hours lost, first ${lost[0]}`).toBe(0);
  const extra = [...got.keys()].filter((s) => !expected.has(s));
  expect(extra.length, `half-hours not asked for, first ${extra[0]}`).toBe(0);
  const wrong = [...expected].filter(([s, wh]) => got.get(s) !== wh);
  expect(wrong.length, `half-hours with another figure, first ${JSON.stringify(wrong[0])}`).toBe(0);
}
