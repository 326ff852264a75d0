// Ingest figures: one home-year of 1-minute readings (525,600, synthetic and deterministic) through the
// real write path (ingestReadings: insert, rollups, pricing), one local day per batch and as one batch,
// then a replay of the year (all duplicates); compared with the floor, a bare COPY of the same rows into
// a scratch table like `readings` (same primary key) in the same database: PGlite `COPY … FROM
// '/dev/blob'`, PostgreSQL `COPY … FROM STDIN` (pg-copy-streams). The CSV text is built before timing.
// Also the storage per home-year (pg_total_relation_size: table + indexes). Target: the year in < 10 s.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDb } from '../../apps/server/src/db/open';
import type { Db } from '../../apps/server/src/db/types';
import { ingestReadings } from '../../apps/server/src/features/readings/ingest';
import type { Reading } from '../../apps/server/src/ingest/formats';
import { createScratchDatabase } from './postgres';

const YEAR_START = 1_735_689_600; // 2025-01-01T00:00Z
const MINUTES = 365 * 1440;
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
  const ddl = 'create table copy_floor (like readings including all)';
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
      for (let d = 0; d < 365; d++)
        await ingestReadings(db, daily, year.slice(d * 1440, (d + 1) * 1440), { now: NOW });
    });
    const oneMs = await timed(() => ingestReadings(db, single, year, { now: NOW }));
    const replayMs = await timed(() => ingestReadings(db, single, year, { now: NOW }));
    const sizes = await db.query<{ readings: number; rollups: number }>(
      "select pg_total_relation_size('readings') as readings, pg_total_relation_size('rollups') as rollups",
    );
    await db.close(); // PGlite allows one opener: the floor reopens the same directory
    open = false;

    const csv = `${year.map((r) => `${daily},${r.start},60,${r.import_wh},0,0`).join('\n')}\n`;
    const copyMs = await copyFloor(scratch ? { url: scratch.url } : { dataDir }, csv);
    const floor = store === 'pglite' ? "COPY FROM '/dev/blob'" : 'COPY FROM STDIN (pg-copy-streams)';
    const n = year.length;
    console.log(
      `  Ingest of one home-year of 1-minute readings (${n.toLocaleString('en-GB')}, synthetic) through ingestReadings`,
    );
    console.log(`    one day per batch (365 transactions): ${secs(dailyMs)} (${rate(n, dailyMs)})`);
    console.log(`    one batch:                            ${secs(oneMs)} (${rate(n, oneMs)})`);
    console.log(`    the same year again (all duplicates): ${secs(replayMs)}`);
    console.log(`    floor, bare ${floor} into a table like readings: ${secs(copyMs)} (${rate(n, copyMs)})`);
    console.log(
      `    ratio to the floor: ${(oneMs / copyMs).toFixed(2)}× (one batch), ${(dailyMs / copyMs).toFixed(2)}× (daily batches)`,
    );
    const row = sizes.rows[0]!;
    console.log(
      `    storage per home-year: readings ${mb(row.readings / 2)} (table + primary key), rollups ${mb(row.rollups / 2)}`,
    );
  } finally {
    if (open) await db.close();
    if (dir !== null) await rm(dir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
