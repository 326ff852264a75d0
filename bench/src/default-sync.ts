// The one-time reprice an install does at its first start after the default (price-cap) table changes
// (apps/server features/tariffs/default-sync.ts): the demo seeded (its two homes, 13 months, and
// BENCH_NEIGHBOURS neighbour homes, default 20), its money priced again with the single default this
// project shipped before the dated caps (24.67 p/kWh, 57.21 p/day for every date; appliance uses keep
// theirs), then syncDefaultTariff with no record of the table that priced it (every date of every house is
// repriced, as on an install from before migration 0013), then again with the table unchanged (nothing to
// do). Prints the time of each, the rows changed and the load.
import { loadavg } from 'node:os';
import { migrate } from '../../apps/server/src/db/migrate';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { seedDemoIfEmpty } from '../../apps/server/src/features/demo/seed';
import { DemoSimulation } from '../../apps/server/src/features/demo/seeder';
import { compileTariffs, fixedRate, makeTariff, priceSlot } from '@homeview/domain';
import type { Db } from '../../apps/server/src/db/types';
import { datesFrom, refreshDays } from '../../apps/server/src/features/readings/daily';
import { rollupsFrom, updateRollupMoney } from '../../apps/server/src/features/readings/repository';
import { repriceDailyTotals } from '../../apps/server/src/features/readings/summary-days';
import { syncDefaultTariff } from '../../apps/server/src/features/tariffs/default-sync';
import { houseTariffs } from '../../apps/server/src/features/tariffs/repository';
import { openBenchStore } from './store';

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

/** Every house's half-hours and days as the release before the dated caps stored them. */
async function priceWithOldDefault(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: number }>('select id from houses order by id');
  for (const { id } of rows)
    await db.transaction(async (tx) => {
      const house = (await houseTariffs(tx, id))!;
      const book = compileTariffs(house.versions, house.zone, OLD_DEFAULT);
      const slots = await rollupsFrom(tx, id, 0);
      await updateRollupMoney(
        tx,
        id,
        slots.map((r) => priceSlot(book, r)),
      );
      const dates = await datesFrom(tx, id, '1970-01-01');
      await refreshDays(tx, id, book, dates);
      if (house.versions.length === 0) await repriceDailyTotals(tx, id, book, dates);
    });
}

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
      'select count(distinct house_id) as houses, count(*) as days from daily_rollups',
    );
    console.log(`  demo seeded: ${rows[0]!.houses} houses with ${rows[0]!.days} stored days`);

    await priceWithOldDefault(db);
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
