import { demoHomes, simulateDays } from '@homeview/simulator';
import { expect, it } from 'vitest';
import { PasswordHasher } from '../src/features/accounts/password';
import { DEMO_TARIFF } from '../src/features/demo/homes';
import { readingsOf } from '../src/features/demo/ingest-days';
import { insertHomes, insertTariff } from '../src/features/demo/repository';
import { seedDemoIfEmpty } from '../src/features/demo/seed';
import { DemoSimulation } from '../src/features/demo/seeder';
import type { SeedLog } from '../src/features/demo/seeding-steps';
import { ingestReadings } from '../src/features/readings/ingest';
import { TEST_ITERATIONS } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';

// The demo's own homes get their recent days as 1-minute readings and older history as half-hourly ones
// (features/demo/history-window.ts MINUTE_DAYS): the screens read the same half-hour, daily and monthly rollups as
// 1-minute readings would have given, at a thirtieth of the rows through the ingest path.

const NOW = at('2026-01-15T09:05:00Z');

describeEachDb('demo history resolution', (suite) => {
  it('stores old days half-hourly with the very rollups 1-minute readings give, recent days by the minute', async () => {
    await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS), new Date(NOW * 1000), {
      neighbours: 0,
    });
    const errors: string[] = [];
    const log: SeedLog = { info: () => undefined, error: (_f, m) => void errors.push(m) };
    const simulation = new DemoSimulation(suite.db, {
      historyDays: 4,
      minuteDays: 1,
      now: () => NOW,
      log,
      liveIntervalMs: 3_600_000,
    });
    simulation.start();
    await simulation.ownSeeded;
    const report = await simulation.seeded;
    await simulation.stop();
    expect(errors).toEqual([]);
    // 11–13 January half-hourly (3 × 48), 14 January and today so far by the minute, for the three
    // homes (the demo's, Mum's and Dad's meter-only one).
    const minutes = (NOW - at('2026-01-14T00:00:00Z')) / 60;
    expect(report.readings).toBe(3 * (3 * 48 + minutes));

    // A twin of the demo home given every day as 1-minute readings through the same ingest path.
    const ids = await insertHomes(suite.db, [
      { username: 'twin', name: 'Twin', propertyType: 'Flat', occupants: {}, demo: false },
    ]);
    const twin = ids.get('twin')!;
    await insertTariff(suite.db, twin, DEMO_TARIFF);
    for (const day of simulateDays(demoHomes().own, {
      from: at('2026-01-11T00:00:00Z'),
      to: NOW,
      zone: 'Europe/London',
    }))
      await ingestReadings(suite.db, twin, readingsOf(day, 60), { now: NOW });
    // Electricity's rows: the demo home has gas too (features/demo/gas.ts).
    const rowsOf = async (table: string, username: string) =>
      (
        await suite.db.query(
          `select r.* from ${table} r join houses h on h.id = r.house_id join users u on u.id = h.owner_user_id
            where u.username = $1 and r.fuel = 0 order by 2`,
          [username],
        )
      ).rows.map(({ house_id: _, ...rest }) => rest);
    for (const table of ['rollups', 'daily_rollups', 'monthly_rollups']) {
      const expected = await rowsOf(table, 'twin');
      expect(expected.length).toBeGreaterThan(0);
      expect(await rowsOf(table, 'demo')).toEqual(expected);
    }
  });
});
