import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { energyView, type SummaryUnit, summarise } from '../../apps/server/src/features/energy/service';
import { percentile, rssMiB } from './machine';
import { realYearLine } from './real-year';
import { seedBenchHome } from './bench-home';
import { insertHalfHours } from './rollup-days';
import { openBenchStore } from './store';
import { ELECTRICITY_CODE } from '../../apps/server/src/shared/fuel';

const RUNS = 200;
const YEAR_S = 365 * 86_400;
const HOMES_PER_INSERT = 10;
/** Background homes: 999 (1,000 in all) unless BENCH_SUMMARY_HOMES says otherwise (quick runs). */
const backgroundHomes = (): number => Number(process.env.BENCH_SUMMARY_HOMES ?? 999);

const f = (ms: number) => `${ms.toFixed(1)} ms`;
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** A year of generated half-hours for each background home, priced at flat rates, in SQL. */
async function fillBackground(db: Db, count: number, from: number, to: number): Promise<number> {
  const homes = await insertHomes(
    db,
    Array.from({ length: count }, (_, i) => ({
      username: `bench-${String(i + 1).padStart(4, '0')}`,
      name: `Bench home ${i + 1}`,
      propertyType: 'Semi_detached',
      occupants: { range18_64: 2 },
      demo: false,
    })),
  );
  const ids = [...homes.values()];
  for (let i = 0; i < ids.length; i += HOMES_PER_INSERT) {
    await db.query(
      insertHalfHours(`select h as house_id, s as slot_start, 1800 as covered_s, iw as import_wh,
                              ew as export_wh, gw as generation_wh, iw::bigint * 246700 as import_cost,
                              ew::bigint * 150000 as export_income, 0::bigint as generation_income
         from (select h, s, (random() * 600)::int as iw, (random() * 150)::int as ew,
                      (random() * 300)::int as gw
                 from unnest($1::int[]) as h, generate_series($2::bigint, $3::bigint - 1800, 1800) as s) x`),
      [ids.slice(i, i + HOMES_PER_INSERT), from, to],
    );
    // Their daily rollups, summed from those half-hours by London date (every half-hour is present, so
    // a day's first half-hour is its start; the partial first and last days are close enough here).
    await db.query(
      `insert into daily_rollups (house_id, day, day_start, slots, data_slots, covered_s, first_ts, latest_end,
                                  import_wh, export_wh, generation_wh, consumed_wh, import_cost, export_income,
                                  generation_income, standing_charge)
       select house_id, day, min(slot_start), count(*), count(*), sum(covered_s), min(slot_start),
              max(slot_start) + 1800, sum(import_wh), sum(export_wh), sum(generation_wh),
              sum(import_wh + greatest(generation_wh - export_wh, 0)), sum(import_cost), sum(export_income),
              sum(generation_income), 572100000
         from (select r.*, (to_timestamp(r.slot_start) at time zone 'Europe/London')::date as day
                 from rollups r where r.house_id = any($1::int[]) and r.fuel = ${ELECTRICITY_CODE}) x
        group by house_id, day`,
      [ids.slice(i, i + HOMES_PER_INSERT)],
    );
  }
  return ids.length * ((to - from) / 1800);
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

const line = (label: string, ms: number[]) =>
  `    ${label.padEnd(34)} p50 ${f(percentile(ms, 50))}, p95 ${f(percentile(ms, 95))}, max ${f(ms.at(-1)!)}`;

export async function benchSummaries(store: 'pglite' | 'postgres'): Promise<void> {
  // No database in it: the same figure on either store's pass.
  console.log(`  ${realYearLine() ?? 'real Agile prices not found: the domain-alone figure is skipped'}`);
  const opened = await openBenchStore(store, 'summaries');
  if (!opened) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: skipped.');
    return;
  }
  const { db } = opened;
  try {
    await migrate(db);
    const now = Math.floor(Date.now() / 1000);
    const to = now - (now % 1800);
    const from = to - YEAR_S;

    // Great Britain's recorded intensity over the year (carbon_intensity, 0037), as the led job would have
    // stored it, so the views' carbon_g is a figure and the read does its real work
    // (BENCH_SUMMARY_CARBON=0: none stored, as before carbon figures, to weigh what they cost).
    if (process.env.BENCH_SUMMARY_CARBON !== '0')
      await db.query(
        `insert into carbon_intensity (slot_start, g_per_kwh, actual, fetched_at)
       select s, 50 + (s / 1800 * 7919) % 250, true, $3 from generate_series($1::bigint, $2::bigint, 1800) s
       on conflict do nothing`,
        [from - 2 * 86_400, to + 7200, now],
      );

    // The real home: the demo family home's year, 1-minute readings, through ingest.
    let t0 = performance.now();
    const { userId, house, real } = await seedBenchHome(db, 60, { from, to, now });
    console.log(
      `  one home-year of 1-minute readings ingested: ${real.readings} readings, ${real.events} uses, ${secs(t0)}`,
    );

    t0 = performance.now();
    const count = backgroundHomes();
    const rows = await fillBackground(db, count, from, to);
    console.log(`  ${count} background homes × 1 year of rollups: ${rows} rows generated in ${secs(t0)}`);
    const size = await db.query<{ mb: number }>(
      'select (pg_database_size(current_database()) / 1048576)::int as mb',
    );
    console.log(`  database size ${size.rows[0]?.mb} MiB; ${count + 1} homes`);

    const lastMonth = now - 32 * 86_400;
    const lastYear = now - YEAR_S;
    const cases: [string, SummaryUnit, number | undefined][] = [
      ['today', 'day', undefined],
      ['day (a week ago)', 'day', now - 7 * 86_400],
      ['week (a month ago)', 'week', lastMonth],
      ['month (last month)', 'month', lastMonth],
      ['year (this year, so far)', 'year', undefined],
      ['year (last year)', 'year', lastYear],
      ['year summary alone (this year)', 'year', undefined],
    ];
    console.log(`  service, ${RUNS} runs each (summary + navigation + appliances):`);
    const p50 = new Map<string, number>();
    for (const [label, unit, ts] of cases) {
      const run = () =>
        label.startsWith('year summary')
          ? summarise(db, house, unit, ts, now)
          : energyView(db, house, unit, ts, now);
      const ms = await time(run);
      p50.set(label, percentile(ms, 50));
      console.log(line(label, ms));
    }

    const app = await buildApp({
      config: loadConfig({ PASSWORD_ITERATIONS: '1000', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      db,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      payload: { username: 'bench-user', password: 'Bench-Pass1!' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    console.log(`  HTTP (inject), ${RUNS} runs each:`);
    const urls: [string, string][] = [
      ['GET /energy_info/today/', `/api/v3/energy_info/today/?user_id=${userId}`],
      [
        'GET /energy_info/detail/ day',
        `/api/v3/energy_info/detail/?user_id=${userId}&timescale=day&timestamp=${now - 7 * 86_400}`,
      ],
      [
        'GET /energy_info/detail/ week',
        `/api/v3/energy_info/detail/?user_id=${userId}&timescale=week&timestamp=${lastMonth}`,
      ],
      [
        'GET /energy_info/detail/ month',
        `/api/v3/energy_info/detail/?user_id=${userId}&timescale=month&timestamp=${lastMonth}`,
      ],
      [
        'GET /energy_info/detail/ year',
        `/api/v3/energy_info/detail/?user_id=${userId}&timescale=year&timestamp=${now}`,
      ],
      [
        'GET /energy_info/detail/ year (last)',
        `/api/v3/energy_info/detail/?user_id=${userId}&timescale=year&timestamp=${lastYear}`,
      ],
      ['GET /dashboard/', '/api/v3/dashboard/'],
    ];
    for (const [label, url] of urls) {
      const ms = await time(async () => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      });
      p50.set(label, percentile(ms, 50));
      console.log(line(label, ms));
    }
    // Issue 38: a year in one request answers in at most twice a month's time.
    const month = p50.get('GET /energy_info/detail/ month') ?? Number.NaN;
    for (const label of ['GET /energy_info/detail/ year', 'GET /energy_info/detail/ year (last)']) {
      const year = p50.get(label) ?? Number.NaN;
      console.log(
        `    ${label.slice(4)} p50 ${f(year)} beside month p50 ${f(month)}: ${(year / month).toFixed(2)}× (target ≤ 2×)`,
      );
    }
    await app.close();
    console.log(`  server process RSS: ${rssMiB(process.pid).toFixed(0)} MiB`);
  } finally {
    await opened.drop();
  }
}
