// Where an energy view's time goes (issue 10): queries per view, each query's client and server time
// (EXPLAIN ANALYZE planning + execution), and the JavaScript between them (summary building, navigation,
// presentation, JSON). Shares, not wall time, are what a busy machine keeps honest.
// `npx tsx bench/src/summaries-profile.ts [pglite|postgres]` (PROFILE_DAYS, PROFILE_HOMES for size).
import { demoHomes } from '@homeview/simulator';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db, Queryable, SqlParam } from '../../apps/server/src/db/types';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { createAccount, createHouse } from '../../apps/server/src/features/accounts/users';
import { ingestSimulatedDays } from '../../apps/server/src/features/demo/ingest-days';
import { presentEnergyView } from '../../apps/server/src/features/energy/present';
import { houseOf } from '../../apps/server/src/shared/house';
import { energyView, type SummaryUnit } from '../../apps/server/src/features/energy/service';
import { percentile } from './machine';
import { openBenchStore } from './store';

const RUNS = Number(process.env.PROFILE_RUNS ?? 200);
const DAYS = Number(process.env.PROFILE_DAYS ?? 60);

interface Timing {
  sql: string;
  params: readonly SqlParam[];
  ms: number;
}

function tap(db: Queryable, log: Timing[]): Queryable {
  return {
    async query(sql, params = []) {
      const t0 = performance.now();
      const r = await db.query(sql, params);
      log.push({ sql, params, ms: performance.now() - t0 });
      return r as never;
    },
    exec: (sql) => db.exec(sql),
  };
}

const f = (ms: number) => ms.toFixed(2);

async function main() {
  const store = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
  const opened = await openBenchStore(store, 'profile');
  if (!opened) throw new Error('no PostgreSQL');
  const { db } = opened;
  try {
    await migrate(db);
    const now = Math.floor(Date.now() / 1000);
    const to = now - (now % 1800);
    const from = to - DAYS * 86_400;
    const userId = await createAccount(db, new PasswordHasher(1000), {
      username: 'p',
      email: null,
      password: 'Bench-Pass1!',
      setupDone: true,
    });
    await createHouse(db, { ownerUserId: userId, name: 'P', timeZone: 'Europe/London' });
    const house = (await houseOf(db, userId))!;
    await ingestSimulatedDays(db as Db, house.id, demoHomes().own, 60, {
      from,
      to,
      eventsFrom: from,
      now,
      zone: house.time_zone,
    });
    await db.query('analyze');
    const cases: [string, SummaryUnit, number | undefined][] = [
      ['today', 'day', undefined],
      ['day', 'day', now - 7 * 86_400],
      ['week', 'week', now - 32 * 86_400],
      ['month', 'month', now - 32 * 86_400],
      ['year', 'year', undefined],
    ];
    for (const [label, unit, ts] of cases) {
      const log: Timing[] = [];
      const q = tap(db, log);
      const run = () => energyView(q, house, unit, ts, now);
      for (let i = 0; i < 5; i++) await run();
      log.length = 0;
      const total: number[] = [];
      const js: number[] = [];
      const present: number[] = [];
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const before = log.length;
        const t0 = performance.now();
        const view = await run();
        const t1 = performance.now();
        JSON.stringify(presentEnergyView(view, { today: ts === undefined }));
        present.push(performance.now() - t1);
        total.push(t1 - t0);
        js.push(t1 - t0 - log.slice(before).reduce((s, t) => s + t.ms, 0));
      }
      const cpu = process.cpuUsage(cpu0);
      // This process' CPU per view (for PGlite the database's too): what a busy machine does not inflate.
      const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
      const perView = log.length / RUNS;
      for (const a of [total, js, present]) a.sort((x, y) => x - y);
      console.log(
        `${label}: ${perView} queries/view; view p50 ${f(percentile(total, 50))} p95 ${f(percentile(total, 95))} ms; JS between queries p50 ${f(percentile(js, 50))}; present+JSON p50 ${f(percentile(present, 50))}; process CPU ${f(cpuMs)} ms/view`,
      );
      const distinct = new Map<string, Timing[]>();
      for (const t of log) distinct.set(t.sql, [...(distinct.get(t.sql) ?? []), t]);
      for (const [sql, ts2] of distinct) {
        const ms = ts2.map((t) => t.ms).sort((a, b) => a - b);
        const plan = await db.query<{ 'QUERY PLAN': unknown }>(
          `explain (analyze, format json) ${sql}`,
          ts2[0]!.params,
        );
        if (process.env.PROFILE_PLAN === label) {
          const text = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze) ${sql}`, ts2[0]!.params);
          console.log(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        const p = (
          plan.rows[0]!['QUERY PLAN'] as { 'Planning Time': number; 'Execution Time': number }[]
        )[0]!;
        console.log(
          `   ${sql.replace(/\s+/g, ' ').slice(0, 70)}… client p50 ${f(percentile(ms, 50))} ms; plan ${f(p['Planning Time'])} exec ${f(p['Execution Time'])}`,
        );
      }
    }
  } finally {
    await opened.drop();
  }
}
await main();
