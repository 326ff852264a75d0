import type { Db } from '../../src/db/types';
import type { Reading } from '../../src/ingest/formats';
import { createApiKey } from '../../src/ingest/keys';
import { findHouseIdOf } from './houses';
import { makeUser } from './app';

// Helpers for the energy write-path suites: a house with an ingest key, readings, and table snapshots.

export interface KeyedHouse {
  userId: number;
  houseId: number;
  key: string;
  username: string;
}

export async function makeHouse(db: Db, username: string): Promise<KeyedHouse> {
  const user = await makeUser(db, username);
  const houseId = (await findHouseIdOf(db, user.id)) as number;
  return { userId: user.id, houseId, key: await createApiKey(db, houseId), username };
}

/** Minutely (or any interval) readings from `start`, import i % 37 + 1 Wh, export every 5th. */
export function series(start: number, count: number, interval_s = 60): Reading[] {
  return Array.from({ length: count }, (_, i) => ({
    start: start + i * interval_s,
    interval_s,
    import_wh: (i % 37) + 1,
    export_wh: i % 5 === 0 ? 2 : 0,
    generation_wh: i % 5 === 0 ? 3 : 0,
  }));
}

export const toCsv = (readings: readonly Reading[]): string =>
  `start,interval_s,import_wh,export_wh,generation_wh\n${readings
    .map((r) => `${r.start},${r.interval_s},${r.import_wh},${r.export_wh},${r.generation_wh}`)
    .join('\n')}\n`;

export async function readingRows(db: Db, houseId: number) {
  const { rows } = await db.query<Reading & { start_ts: number }>(
    `select start_ts, interval_s, import_wh, export_wh, generation_wh from readings
     where house_id = $1 order by start_ts`,
    [houseId],
  );
  return rows;
}

export async function rollupRows(db: Db, houseId: number) {
  const { rows } = await db.query<Record<string, number>>(
    'select * from rollups where house_id = $1 order by slot_start',
    [houseId],
  );
  return rows;
}

/** Σ raw readings per slot, computed in SQL straight from `readings`, to compare with `rollups`. */
export async function rawSlotSums(db: Db, houseId: number) {
  const { rows } = await db.query<Record<string, number>>(
    `select start_ts - start_ts % 1800 as slot_start, sum(interval_s)::int as covered_s,
            sum(import_wh)::bigint as import_wh, sum(export_wh)::bigint as export_wh,
            sum(generation_wh)::bigint as generation_wh
     from readings where house_id = $1 group by 1 order by 1`,
    [houseId],
  );
  return rows;
}

export async function rollupEnergy(db: Db, houseId: number) {
  const { rows } = await db.query<Record<string, number>>(
    `select slot_start, covered_s, import_wh, export_wh, generation_wh from rollups
     where house_id = $1 order by slot_start`,
    [houseId],
  );
  return rows;
}
