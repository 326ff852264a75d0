// The one-time reprice an install does at its first start after the default (price-cap) table changes
// (apps/server features/tariffs/default-sync.ts): the demo seeded (its two homes, 13 months, and
// BENCH_NEIGHBOURS neighbour homes, default 20), its money priced again with the single default this
// project shipped before the dated caps (24.67 p/kWh, 57.21 p/day for every date) by the server's own
// syncDefaultTariff given that series, then syncDefaultTariff with no record of the table that priced it
// (every date of every house is repriced, as on an install from before migration 0013), then again with
// the table unchanged (nothing to do). Prints the time of each, the rows changed and the load.
import { loadavg } from 'node:os';
import { migrate } from '../../apps/server/src/db/migrate';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { seedDemoIfEmpty } from '../../apps/server/src/features/demo/seed';
import { DemoSimulation } from '../../apps/server/src/features/demo/seeder';
import { fixedRate, makeTariff } from '@homeview/domain';
import { syncDefaultTariff } from '../../apps/server/src/features/tariffs/default-sync';
import { openBenchStore } from './store';
import { ELECTRICITY_CODE } from '../../apps/server/src/shared/fuel';

const silent = { info: () => undefined, error: () => undefined };

const OLD_DEFAULT = [
  makeTariff({
    startDate: '1970-01-01',
    standingCharge: 572_100,
    import: fixedRate(246_700),
    export: fixedRate(150_000),
    generation: fixedRate(0),
  }),
];

export async function benchDefaultSync(store: 'pglite' | 'postgres'): Promise<void> {
  const opened = await openBenchStore(store, 'defaultsync');
  if (!opened) {
    console.log('  (PostgreSQL not reachable: skipped)');
    return;
  }
  const { db, drop } = opened;
  try {
    const neighbours = Number(process.env.BENCH_NEIGHBOURS ?? 20);
    await migrate(db);
    await seedDemoIfEmpty(db, new PasswordHasher(1000), new Date(), { neighbours });
    const simulation = new DemoSimulation(db, { historyDays: null, log: silent });
    simulation.start();
    await simulation.seeded;
    await simulation.stop();
    const { rows } = await db.query<{ houses: string; days: string }>(
      `select count(distinct house_id) as houses, count(*) as days from daily_rollups where fuel = ${ELECTRICITY_CODE}`,
    );
    console.log(`  demo seeded: ${rows[0]!.houses} houses with ${rows[0]!.days} stored days`);

    await syncDefaultTariff(db, OLD_DEFAULT); // every house's money as the release before the dated caps stored it
    await db.query('delete from default_tariff_state');
    let t = performance.now();
    const all = await syncDefaultTariff(db);
    const allMs = performance.now() - t;
    t = performance.now();
    const none = await syncDefaultTariff(db);
    const noneMs = performance.now() - t;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `  no record (every date): ${(allMs / 1000).toFixed(1)} s, ${all.houses} houses, ` +
        `${all.rollups} half-hours, ${all.dailyTotals} daily-only days and ${all.events} uses changed · load ${load}`,
    );
    console.log(`  unchanged table: ${noneMs.toFixed(1)} ms, ${none.houses} houses repriced`);
  } finally {
    await drop();
  }
}
