// Ingest figures: one home-year of 1-minute readings (525,600, synthetic and deterministic) through the
// real write path (ingestReadings: insert, rollups, pricing), one local day per batch and as one batch,
// then a replay of the year (all duplicates); compared with the floor, a bare COPY of the same rows into
// a scratch table of one row per reading (the layout before migration compact_readings, same primary key) in the same
// database: PGlite `COPY … FROM '/dev/blob'`, PostgreSQL `COPY … FROM STDIN` (pg-copy-streams). The CSV text
// is built before timing. Also the storage (pg_total_relation_size of reading_blocks: table, TOAST and
// indexes) per home-year of the synthetic series and of a simulated PV home (import, export and generation
// all non-zero: 3 channels), against Emoncms's 2.1 MB per channel-year.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDb } from '../../apps/server/src/db/open';
import type { Db } from '../../apps/server/src/db/types';
import { ingestSimulatedDays } from '../../apps/server/src/features/demo/ingest-days';
import { ingestReadings } from '../../apps/server/src/features/readings/ingest';
import { demoHomes } from '@homeview/simulator';
import type { Reading } from '../../apps/server/src/ingest/formats';
import { createScratchDatabase } from './postgres';

const YEAR_START = 1_735_689_600; // 2025-01-01T00:00Z
/** Days of the series (BENCH_INGEST_DAYS, default a year): smaller sizes for profiling. */
const DAYS = Number(process.env.BENCH_INGEST_DAYS ?? 365);
const MINUTES = DAYS * 1440;
const NOW = YEAR_START + MINUTES * 60;

/** A plausible minute series: a daily shape plus deterministic noise, 1–60 Wh a minute. */
function yearOfMinutes(): Reading[] {
  let x = 12_345;
  return Array.from({ length: MINUTES }, (_, i) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    const hour = Math.floor((i % 1440) / 60);
    const shape = hour >= 7 && hour < 9 ? 12 : hour >= 17 && hour < 22 ? 16 : 4;
    return {
      start: YEAR_START + i * 60,
      interval_s: 60,
      import_wh: shape + (x % 9),
      export_wh: 0,
      generation_wh: 0,
    };
  });
}

async function addHouse(db: Db, name: string): Promise<number> {
  const user = await db.query<{ id: number }>(
    "insert into users (username, password_hash) values ($1, '!') returning id",
    [name],
  );
  const house = await db.query<{ id: number }>(
    'insert into houses (owner_user_id, name) values ($1, $2) returning id',
    [user.rows[0]!.id, name],
  );
  return house.rows[0]!.id;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en-GB')} rows/s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function copyFloor(target: { dataDir: string } | { url: string }, csv: string): Promise<number> {
  const ddl = `create table copy_floor (house_id integer not null, start_ts bigint not null,
    interval_s integer not null, import_wh integer not null, export_wh integer not null,
    generation_wh integer not null, primary key (house_id, start_ts))`;
  if ('dataDir' in target) {
    const pglite = new PGlite(target.dataDir);
    await pglite.exec(ddl);
    const ms = await timed(() =>
      pglite.query("copy copy_floor from '/dev/blob' with (format csv)", [], { blob: new Blob([csv]) }),
    );
    await pglite.close();
    return ms;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  await client.query(ddl);
  const ms = await timed(
    () =>
      new Promise<void>((resolve, reject) => {
        const stream = client.query(copyFrom('copy copy_floor from stdin with (format csv)'));
        stream.on('finish', resolve);
        stream.on('error', reject);
        stream.end(csv);
      }),
  );
  await client.end();
  return ms;
}

export async function benchIngest(store: 'pglite' | 'postgres'): Promise<void> {
  const scratch = store === 'postgres' ? await createScratchDatabase('ingest') : null;
  if (store === 'postgres' && !scratch) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: skipped.');
    return;
  }
  const dir = store === 'pglite' ? await mkdtemp(join(tmpdir(), 'homeview-bench-ingest-')) : null;
  const dataDir = dir === null ? '' : join(dir, 'data');
  const db = await openDb({ databaseUrl: scratch?.url ?? null, dataDir });
  let open = true;
  try {
    await migrate(db);
    const year = yearOfMinutes();
    const daily = await addHouse(db, 'bench-daily');
    const single = await addHouse(db, 'bench-single');

    const dailyMs = await timed(async () => {
      for (let d = 0; d < DAYS; d++)
        await ingestReadings(db, daily, year.slice(d * 1440, (d + 1) * 1440), { now: NOW });
    });
    const oneMs = await timed(() => ingestReadings(db, single, year, { now: NOW }));
    const replayMs = await timed(() => ingestReadings(db, single, year, { now: NOW }));
    const sizeSql =
      "select pg_total_relation_size('reading_blocks') as readings, pg_total_relation_size('rollup_days') as rollups";
    const sizes = await db.query<{ readings: number; rollups: number }>(sizeSql);
    // A simulated year of the demo's own home (4 kWp PV): three channels that all vary.
    const pv = await addHouse(db, 'bench-pv');
    const pvMs = await timed(() =>
      ingestSimulatedDays(db, pv, demoHomes().own, 60, {
        from: YEAR_START,
        to: NOW,
        eventsFrom: YEAR_START,
        now: NOW,
        zone: 'Europe/London',
      }),
    );
    const pvBytes =
      (await db.query<{ readings: number }>(sizeSql)).rows[0]!.readings - sizes.rows[0]!.readings;
    await db.close(); // PGlite allows one opener: the floor reopens the same directory
    open = false;

    const csv = `${year.map((r) => `${daily},${r.start},60,${r.import_wh},0,0`).join('\n')}\n`;
    const copyMs = await copyFloor(scratch ? { url: scratch.url } : { dataDir }, csv);
    const floor = store === 'pglite' ? "COPY FROM '/dev/blob'" : 'COPY FROM STDIN (pg-copy-streams)';
    const n = year.length;
    console.log(
      `  Ingest of one home-year of 1-minute readings (${n.toLocaleString('en-GB')}, synthetic) through ingestReadings`,
    );
    console.log(`    one day per batch (${DAYS} transactions): ${secs(dailyMs)} (${rate(n, dailyMs)})`);
    console.log(`    one batch:                            ${secs(oneMs)} (${rate(n, oneMs)})`);
    console.log(`    the same year again (all duplicates): ${secs(replayMs)}`);
    console.log(`    floor, bare ${floor} into a table like readings: ${secs(copyMs)} (${rate(n, copyMs)})`);
    console.log(
      `    ratio to the floor: ${(oneMs / copyMs).toFixed(2)}× (one batch), ${(dailyMs / copyMs).toFixed(2)}× (daily batches)`,
    );
    const row = sizes.rows[0]!;
    console.log(
      `    storage per home-year (synthetic, import only): raw readings ${mb(row.readings / 2)} (table, TOAST, index), rollups ${mb(row.rollups / 2)}`,
    );
    console.log(
      `    a simulated PV home-year (3 channels, ingested a day per batch in ${secs(pvMs)}): raw readings ${mb(pvBytes)}, ${mb(pvBytes / 3)} per channel-year (Emoncms: 2.1 MB)`,
    );
  } finally {
    if (open) await db.close();
    if (dir !== null) await rm(dir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
