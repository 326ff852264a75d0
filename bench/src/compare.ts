import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { startOctopusStandin } from '../../apps/server/src/features/demo/standins/octopus';
import { forgetPublishedBooks } from '../../apps/server/src/features/energy/compare-regional';
import { percentile } from './machine';
import { seedBenchHome } from './bench-home';
import { openBenchStore } from './store';

// `npm run bench compare` (issue 37): the 12-month tariff comparison of one home-year of half-hours (the
// demo family home's, seeded as the summaries bench seeds its home, at 30-minute readings), asked ~50
// times over HTTP (inject), with and without the moved-load column. The home has a postcode (SW1A:
// region C), so Agile, Tracker, Go, Intelligent Go, Cosy, Flux and Economy 7 are priced from region C's
// published prices, fetched once from the
// Octopus stand-in (2020's prices replayed in any year) and read from published_rates after: the first
// request (the fetch) is printed on its own, the runs measure the read. The built books are kept per
// process (compare-regional.ts); 'books rebuilt' forgets them before each request, as every request was
// before they were kept, interleaved with the same load.

const RUNS = 50;
const YEAR_S = 400 * 86_400; // more than 12 complete months before today, whatever today is
const f = (ms: number) => `${ms.toFixed(1)} ms`;
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

export async function benchCompare(store: 'pglite' | 'postgres'): Promise<void> {
  const opened = await openBenchStore(store, 'compare');
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
    let t0 = performance.now();
    const { userId, real } = await seedBenchHome(db, 1800, { from, to, now });
    console.log(`  one home of half-hours ingested: ${real.readings} readings over 400 days, ${secs(t0)}`);
    await db.query(`update houses set postcode = 'SW1A' where owner_user_id = $1`, [userId]);
    const octopus = await startOctopusStandin({ replay: true });

    const app = await buildApp({
      config: loadConfig({
        PASSWORD_ITERATIONS: '1000',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        OCTOPUS_API_URL: octopus.url,
      }),
      db,
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v3/accounts/login/',
        payload: { username: 'bench-user', password: 'Bench-Pass1!' },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const base = `/api/v3/energy_info/compare/?user_id=${userId}&months=12`;
      t0 = performance.now();
      const first = await app.inject({ method: 'GET', url: base, headers: { cookie } });
      type Published = { published?: { sources?: { source: string }[] } };
      const tariffs = (first.json() as { tariffs: Published[] }).tariffs;
      // Priced from region C's published rates: Agile, Tracker and (issue 37's rest) the time-of-use five.
      const regional = tariffs.filter((t) =>
        (t.published?.sources ?? []).some((x) => x.source !== 'built-in table'),
      ).length;
      console.log(
        `  region C: first request (fetching the year's published rates, ${octopus.calls.length} calls) ${f(performance.now() - t0)}; ${regional} candidates priced from them`,
      );
      console.log(`  GET /energy_info/compare/ months=12, ${RUNS} requests each after 3 warm-ups:`);
      for (const [label, url] of [
        ['as used', base],
        ['books rebuilt', base],
        ['with move_kwh=2', `${base}&move_kwh=2`],
        ['as CSV', `${base}&format=csv`],
      ] as const) {
        if (label === 'with move_kwh=2' && !(await supportsMove(app, url, cookie))) continue;
        const ms: number[] = [];
        for (let i = 0; i < RUNS + 3; i++) {
          if (label === 'books rebuilt') forgetPublishedBooks(db);
          t0 = performance.now();
          const res = await app.inject({ method: 'GET', url, headers: { cookie } });
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
          if (i >= 3) ms.push(performance.now() - t0);
          if (i === 0 && label === 'as CSV')
            console.log(`    ${label}: ${res.body.split('\r\n').length - 2} rows`);
          else if (i === 0) {
            const body = res.json() as { months: unknown[]; tariffs: { export_income?: number }[] };
            const exports = body.tariffs.some((t) => t.export_income !== undefined);
            console.log(
              `    ${label}: ${body.months.length} months, ${body.tariffs.length} tariffs${exports ? ', export income' : ''}`,
            );
          }
        }
        ms.sort((a, b) => a - b);
        console.log(
          `    ${label.padEnd(18)} p50 ${f(percentile(ms, 50))}, p95 ${f(percentile(ms, 95))}, max ${f(ms.at(-1)!)} (target < 1 s)`,
        );
      }
    } finally {
      await app.close();
      await octopus.close();
    }
  } finally {
    await opened.drop();
  }
}

/** The moved-load column is measured once it exists (issue 37, second step). */
async function supportsMove(
  app: Awaited<ReturnType<typeof buildApp>>,
  url: string,
  cookie: string,
): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  return res.statusCode === 200 && res.body.includes('moved');
}
