// `npx tsx bench/src/rollup-read-probe.ts [pglite|postgres]` (issue 38): the half-hour reads of a day,
// a week and the "so far" cost on one home-year, from rollup_days (migration 0034, through half_hours())
// and from a copy of the same half-hours in the old shape (a row each, primary key house, fuel, slot),
// interleaved in one process so the machine's load weighs on both alike. p50 of RUNS each.
import { migrate } from '../../apps/server/src/db/migrate';
import type { SqlParam } from '../../apps/server/src/db/types';
import { seedBenchHome } from './bench-home';
import { percentile } from './machine';
import { openBenchStore } from './store';

const RUNS = 400;
const store = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
const opened = await openBenchStore(store, 'rollup_read');
if (!opened) throw new Error('no PostgreSQL');
const { db } = opened;
try {
  await migrate(db);
  const now = Math.floor(Date.now() / 1000);
  const to = now - (now % 1800);
  const { house } = await seedBenchHome(db, 1800, { from: to - 365 * 86_400, to, now });
  await db.exec(`create table rollups_old as select * from rollups;
                 alter table rollups_old add primary key (house_id, fuel, slot_start)`);
  const day = to - 7 * 86_400 - (to % 86_400);
  const bounds = `{${Array.from({ length: 49 }, (_, i) => day + i * 1800).join(',')}}`;
  const sums = `width_bucket(slot_start, $4::bigint[]) as b, count(*), sum(import_wh), sum(import_cost),
                sum(export_wh), sum(generation_wh), sum(export_income), sum(generation_income)`;
  const cases: [string, string, string, SqlParam[]][] = [
    [
      'day, 48 buckets',
      `select ${sums} from half_hours($1, 0, $2, $3) group by 1`,
      `select ${sums} from rollups_old where house_id = $1 and fuel = 0 and slot_start >= $2 and slot_start < $3 group by 1`,
      [house.id, day, day + 86_400, bounds],
    ],
    [
      'week of half-hours',
      'select count(*), sum(import_cost) from half_hours($1, 0, $2, $3)',
      'select count(*), sum(import_cost) from rollups_old where house_id = $1 and fuel = 0 and slot_start >= $2 and slot_start < $3',
      [house.id, day - 6 * 86_400, day + 86_400],
    ],
    [
      'one half-hour',
      'select import_cost from half_hours($1, 0, $2, $2::bigint + 1)',
      'select import_cost from rollups_old where house_id = $1 and fuel = 0 and slot_start = $2',
      [house.id, day + 1800 * 17],
    ],
  ];
  for (const [label, newSql, oldSql, params] of cases) {
    const a = await db.query(newSql, params);
    const b = await db.query(oldSql, params);
    if (JSON.stringify(a.rows) !== JSON.stringify(b.rows)) throw new Error(`${label}: the two shapes differ`);
    const t = { new: [] as number[], old: [] as number[] };
    for (let i = 0; i < RUNS; i++)
      for (const [k, sql] of [
        ['new', newSql],
        ['old', oldSql],
      ] as const) {
        const t0 = performance.now();
        await db.query(sql, params);
        t[k].push(performance.now() - t0);
      }
    const p = (ms: number[]) =>
      percentile(
        [...ms].sort((x, y) => x - y),
        50,
      ).toFixed(3);
    console.log(
      `${store} ${label.padEnd(20)} rollup_days p50 ${p(t.new)} ms · a row per half-hour p50 ${p(t.old)} ms`,
    );
  }
} finally {
  await opened.drop();
}
