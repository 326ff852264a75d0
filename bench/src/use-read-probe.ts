// `npx tsx bench/src/use-read-probe.ts [pglite|postgres]` (issue 38): the reads of appliance uses on one
// home-year (the bench home's 1-minute year, its plugs' uses), from use_days (migration 0038, through
// uses_between / uses_overlapping) and from a copy of the same uses in the old shape (a row each, primary
// key house, type, start, and an index on house, start), interleaved in one process so the machine's load
// weighs on both alike. The cases are the readers': a day's timeline, a month's uses summed per type,
// what was on in the past hour (2 days looked back), and reprice's uses running in five days. p50 of RUNS.
import { migrate } from '../../apps/server/src/db/migrate';
import type { SqlParam } from '../../apps/server/src/db/types';
import { seedBenchHome } from './bench-home';
import { percentile } from './machine';
import { openBenchStore } from './store';

const RUNS = 400;
const store = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
const opened = await openBenchStore(store, 'use_read');
if (!opened) throw new Error('no PostgreSQL');
const { db } = opened;
try {
  await migrate(db);
  const now = Math.floor(Date.now() / 1000);
  const to = now - (now % 1800);
  const { house, real } = await seedBenchHome(db, 60, { from: to - 365 * 86_400, to, now });
  await db.exec(`create table uses_old as select * from appliance_events;
                 alter table uses_old add primary key (house_id, appliance_type_id, start_ts);
                 create index uses_old_house_time on uses_old (house_id, start_ts);
                 analyze uses_old; analyze use_days`);
  console.log(`${store}: ${real.events} uses in a home-year`);
  const day = to - 7 * 86_400 - (to % 86_400) - 3600; // a local (BST/GMT) midnight-ish, not a UTC one
  const month = day - 30 * 86_400;
  const sums = `appliance_type_id, count(*), sum(end_ts - start_ts), sum(energy_wh), sum(cost), bool_and(estimated)`;
  const cases: [string, string, string, SqlParam[]][] = [
    [
      'day timeline',
      'select appliance_type_id, start_ts, end_ts, estimated from uses_between($1, $2, $3) order by start_ts, appliance_type_id',
      'select appliance_type_id, start_ts, end_ts, estimated from uses_old where house_id = $1 and start_ts >= $2 and start_ts < $3 order by start_ts, appliance_type_id',
      [house.id, day, day + 86_400],
    ],
    [
      'month per type',
      `select ${sums} from uses_between($1, $2, $3) group by 1 order by 1`,
      `select ${sums} from uses_old where house_id = $1 and start_ts >= $2 and start_ts < $3 group by 1 order by 1`,
      [house.id, month, month + 31 * 86_400],
    ],
    [
      'on in the past hour',
      `select ${sums} from uses_between($1, $2, $4) where end_ts > $3 group by 1 order by 1`,
      `select ${sums} from uses_old where house_id = $1 and start_ts >= $2 and start_ts < $4 and end_ts > $3 group by 1 order by 1`,
      [house.id, day + 19 * 3600 - 2 * 86_400, day + 19 * 3600, day + 20 * 3600],
    ],
    [
      'running in 5 days',
      'select appliance_type_id, start_ts, end_ts, energy_wh, cost from uses_overlapping($1, $2, $3) order by start_ts, appliance_type_id',
      'select appliance_type_id, start_ts, end_ts, energy_wh, cost from uses_old where house_id = $1 and end_ts > $2 and start_ts < $3 order by start_ts, appliance_type_id',
      [house.id, month, month + 5 * 86_400],
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
      `${store} ${label.padEnd(20)} ${String(a.rows.length).padStart(4)} rows · use_days p50 ${p(t.new)} ms · a row per use p50 ${p(t.old)} ms`,
    );
  }
} finally {
  await opened.drop();
}
