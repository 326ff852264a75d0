// Where a daily ingest batch's time goes (issue 10): statements per batch and each one's share of the
// client time, with this process' CPU. `npx tsx bench/src/ingest-profile.ts [pglite|postgres]`
// (PROFILE_DAYS, default 30).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDb } from '../../apps/server/src/db/open';
import type { Db, Queryable } from '../../apps/server/src/db/types';
import { ingestReadings } from '../../apps/server/src/features/readings/ingest';
import { createScratchDatabase } from './postgres';

const DAYS = Number(process.env.PROFILE_DAYS ?? 30);
const START = 1_735_689_600;

function tapDb(db: Db, log: Map<string, number[]>): Db {
  const tap = (q: Queryable): Queryable => ({
    async query(sql, params) {
      const t0 = performance.now();
      const r = await q.query(sql, params);
      const key = sql.replace(/\s+/g, ' ').slice(0, 60);
      log.set(key, [...(log.get(key) ?? []), performance.now() - t0]);
      return r as never;
    },
    exec: (sql) => q.exec(sql),
  });
  return {
    ...tap(db),
    kind: db.kind,
    close: () => db.close(),
    async transaction(fn, options) {
      const t0 = performance.now();
      const r = await db.transaction((tx, opened) => fn(tap(tx), opened), options);
      log.set('(transaction as a whole)', [
        ...(log.get('(transaction as a whole)') ?? []),
        performance.now() - t0,
      ]);
      return r;
    },
  };
}

async function main() {
  const store = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
  const scratch = store === 'postgres' ? await createScratchDatabase('ingestprof') : null;
  const dir = store === 'pglite' ? await mkdtemp(join(tmpdir(), 'homeview-ingest-prof-')) : null;
  const db = await openDb({
    databaseUrl: scratch?.url ?? null,
    dataDir: dir === null ? '' : join(dir, 'data'),
  });
  try {
    await migrate(db);
    const user = await db.query<{ id: number }>(
      "insert into users (username, password_hash) values ('p', '!') returning id",
    );
    const house = await db.query<{ id: number }>(
      "insert into houses (owner_user_id, name) values ($1, 'p') returning id",
      [user.rows[0]!.id],
    );
    const id = house.rows[0]!.id;
    const log = new Map<string, number[]>();
    const tapped = tapDb(db, log);
    const now = START + DAYS * 86_400;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let d = 0; d < DAYS; d++) {
      const day = Array.from({ length: 1440 }, (_, i) => ({
        start: START + d * 86_400 + i * 60,
        interval_s: 60,
        import_wh: 4 + ((i * 7) % 9),
        export_wh: 0,
        generation_wh: 0,
      }));
      await ingestReadings(tapped, id, day, { now });
    }
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `${store}: ${DAYS} daily batches, ${(wall / DAYS).toFixed(2)} ms per batch, process CPU ${((cpu.user + cpu.system) / 1000 / DAYS).toFixed(2)} ms per batch`,
    );
    for (const [sql, ms] of log) {
      const total = ms.reduce((a, b) => a + b, 0);
      console.log(`  ${(ms.length / DAYS).toFixed(1)}× ${(total / DAYS).toFixed(2)} ms/batch  ${sql}`);
    }
  } finally {
    await db.close();
    if (dir !== null) await rm(dir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
await main();
