// Issue 35's benchmark, `npm run bench supplier`: BENCH_SUPPLIER_HOMES homes (default 1,000) each
// connected to the Octopus stand-in (apps/server/test/support/octopus-standin.ts: REFIT house 20's real
// half-hours as electricity, and wriggy's daily gas shaped into half-hours as an SMETS2 gas meter in m³,
// moved back by whole weeks to cover the same 13 months; one account that every home connects to, so every
// home is served the same series) with the server's own connectSupplier, then filled 13 months back, both
// fuels, by the led job's own pass (SupplierFills.runDue) until every connection is up to date: homes per
// minute, stand-in calls per home, this process's RSS (sampled every 100 ms; it holds the stand-in too, and
// on PGlite the database), the half-hours stored per fuel. Then the clock moves on 4 hours (TOP_UP_S) and
// the top-up pass over every home is timed.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Clock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { connectSupplier } from '../../apps/server/src/features/suppliers/connect';
import { SupplierFills } from '../../apps/server/src/features/suppliers/job';
import { TOP_UP_S } from '../../apps/server/src/features/suppliers/pass';
import { createMailer } from '../../apps/server/src/mail/mailer';
import {
  gasSeries,
  type OctopusStandin,
  refitSeries,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  startOctopusStandin,
} from '../../apps/server/test/support/octopus-standin';
import { openBenchStore } from './store';
import { fuelCode } from '../../apps/server/src/shared/fuel';

const homesWanted = (): number => Number(process.env.BENCH_SUPPLIER_HOMES ?? 1000);
/** 2015-06-20 11:00 BST, as the fill tests: 13 months back is inside REFIT house 20's file. */
const NOW_MS = Date.UTC(2015, 5, 20, 10, 0);
const ZONE = 'Europe/London';
const WEEK_S = 7 * 86_400;

/**
 * Whole weeks (weekdays kept) that move the stand-in's gas (2021-03-15 → 2023-06-30) back to end in the
 * week after NOW, so the 13 months before NOW are all in it.
 */
function gasShiftS(): number {
  const last = gasSeries().at(-1)!.start;
  return -Math.floor((last - NOW_MS / 1000) / WEEK_S) * WEEK_S;
}

class BenchClock implements Clock {
  constructor(public ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
}

/** Peak RSS of this process while `work` runs (sampled every 100 ms, and at both ends). */
async function withPeakRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; startMiB: number; peakMiB: number }> {
  const mib = () => process.memoryUsage().rss / 2 ** 20;
  const startMiB = mib();
  let peakMiB = startMiB;
  const timer = setInterval(() => {
    peakMiB = Math.max(peakMiB, mib());
  }, 100);
  try {
    const result = await work();
    peakMiB = Math.max(peakMiB, mib());
    return { result, startMiB, peakMiB };
  } finally {
    clearInterval(timer);
  }
}

const callsOf = (standin: OctopusStandin) => ({
  all: standin.calls.length,
  consumption: standin.consumptionCalls().length,
  failed: standin.calls.filter((c) => c.status !== 200).length,
});

interface Rows {
  electricity: number;
  gas: number;
  /** Homes with at least one gas half-hour. */
  gasHomes: number;
  states: Record<string, number>;
}

async function countRows(db: Db): Promise<Rows> {
  // Half-hours with data, from the day rows (the readings view would unpack every block).
  const halfHours = async (fuel: 'electricity' | 'gas') => {
    const { rows } = await db.query<{ n: string; homes: string }>(
      `select coalesce(sum(data_slots), 0) as n, count(distinct house_id) filter (where data_slots > 0) as homes
         from daily_rollups where fuel = $1`,
      [fuelCode(fuel)],
    );
    return { n: Number(rows[0]!.n), homes: Number(rows[0]!.homes) };
  };
  const electricity = await halfHours('electricity');
  const gas = await halfHours('gas');
  const states = await db.query<{ state: string; n: string }>(
    'select state, count(*) as n from supplier_connections group by state order by state',
  );
  return {
    electricity: electricity.n,
    gas: gas.n,
    gasHomes: gas.homes,
    states: Object.fromEntries(states.rows.map((r) => [r.state, Number(r.n)])),
  };
}

const perHome = (n: number, homes: number) => (n / homes).toFixed(0);
const grouped = (n: number) => n.toLocaleString('en-GB');

/** Both fuels' half-hours stored, in all and per home. */
const stored = (r: Rows, homes: number) =>
  `half-hours stored: electricity ${grouped(r.electricity)} (${perHome(r.electricity, homes)}/home), ` +
  `gas ${grouped(r.gas)} (${perHome(r.gas, homes)}/home; ${r.gasHomes} homes with gas)`;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export async function benchSupplier(store: 'pglite' | 'postgres'): Promise<void> {
  const opened = await openBenchStore(store, 'supplier');
  if (!opened) {
    console.log('  (PostgreSQL not reachable: skipped)');
    return;
  }
  const { db, drop } = opened;
  refitSeries(); // the stand-in's files read before anything is timed
  const standin = await startOctopusStandin({ gasMprn: true, gasShiftS: gasShiftS() });
  try {
    await migrate(db);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      OCTOPUS_API_URL: standin.url,
      GLOWMARKT_API_URL: 'http://127.0.0.1:1',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: '/nonexistent/homeview-bench-supplier',
    });
    const clock = new BenchClock(NOW_MS);
    const now = () => Math.floor(clock.ms / 1000);
    const count = homesWanted();
    const homes = await insertHomes(
      db,
      Array.from({ length: count }, (_, i) => ({
        username: `supplier-${String(i + 1).padStart(5, '0')}`,
        name: `Supplier home ${i + 1}`,
        propertyType: 'Semi_detached',
        occupants: { range18_64: 2 },
        demo: false,
      })),
    );
    const ids = [...homes.values()];

    let t0 = performance.now();
    for (const id of ids)
      await connectSupplier(
        { db, config },
        { id, time_zone: ZONE },
        { kind: 'octopus', apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
        now(),
      );
    const connectMs = performance.now() - t0;
    const afterConnect = callsOf(standin);
    console.log(
      `  ${ids.length} homes connected in ${(connectMs / 1000).toFixed(1)} s ` +
        `(${(connectMs / ids.length).toFixed(1)} ms/home; ${(afterConnect.all / ids.length).toFixed(2)} stand-in calls/home)`,
    );

    const fills = new SupplierFills({
      db,
      config,
      mailer: createMailer({ config, db, clock, print: () => undefined }),
      clock,
    });
    t0 = performance.now();
    const fill = await withPeakRss(() => fills.runDue());
    const fillMs = performance.now() - t0;
    const afterFill = callsOf(standin);
    const filled = await countRows(db);
    const fillCalls = afterFill.consumption - afterConnect.consumption;
    console.log(
      `  first fill (13 months, electricity and gas): ${fill.result} passes in ${(fillMs / 1000).toFixed(1)} s = ` +
        `${((ids.length / fillMs) * 60_000).toFixed(0)} homes/min (${(fillMs / ids.length).toFixed(0)} ms/home); ` +
        `${(fillCalls / ids.length).toFixed(2)} consumption calls/home (both meters), ${afterFill.failed} failed; ` +
        `${stored(filled, ids.length)}; connections ${JSON.stringify(filled.states)}`,
    );
    console.log(
      `  RSS of this process (server code, stand-in${store === 'pglite' ? ', PGlite' : '; not PostgreSQL'}): ` +
        `${fill.startMiB.toFixed(0)} MiB before the fill, peak ${fill.peakMiB.toFixed(0)} MiB · load ${load()}`,
    );

    clock.ms += TOP_UP_S * 1000;
    t0 = performance.now();
    const topUp = await withPeakRss(() => fills.runDue());
    const topUpMs = performance.now() - t0;
    const afterTopUp = callsOf(standin);
    const toppedUp = await countRows(db);
    const topUpCalls = afterTopUp.consumption - afterFill.consumption;
    console.log(
      `  top-up 4 h later: ${topUp.result} passes in ${(topUpMs / 1000).toFixed(1)} s ` +
        `(${(topUpMs / ids.length).toFixed(1)} ms/home, ${((ids.length / topUpMs) * 60_000).toFixed(0)} homes/min); ` +
        `${(topUpCalls / ids.length).toFixed(2)} stand-in calls/home, ${afterTopUp.failed - afterFill.failed} failed; ` +
        `+${perHome(toppedUp.electricity - filled.electricity, ids.length)} electricity and ` +
        `+${perHome(toppedUp.gas - filled.gas, ids.length)} gas half-hours/home; ` +
        `connections ${JSON.stringify(toppedUp.states)}; peak RSS ${topUp.peakMiB.toFixed(0)} MiB · load ${load()}`,
    );
  } finally {
    await standin.close();
    await drop();
  }
}
