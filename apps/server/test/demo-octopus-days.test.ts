import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { PasswordHasher } from '../src/features/accounts/password';
import { seedDemoOctopusIfAbsent, startDemoOctopus } from '../src/features/demo/octopus-home';
import type { OctopusStandin } from '../src/features/demo/standins/octopus';
import { SupplierFills } from '../src/features/suppliers/job';
import { createMailer } from '../src/mail/mailer';
import { FakeClock, testConfig } from './support/app';
import { describeEachDb } from './support/db';

// The demo's Octopus home (DEMO_SUPPLIER, issue 35) holds data to yesterday, as a real Octopus account a
// day after publication does, and keeps up day after day: its stand-in's moved series run on past the
// start and are published up to the current local midnight of the clock. Seen on Tuesday 1 December 2026
// (13:50 GMT), both meters' last complete day is Monday 30 November (data_through: 1 December's local
// midnight, 00:00Z in winter); a day later, 1 December. Before, they ended on 23 and 26 November. In-process
// on both databases, the clock pinned (the server itself starts the same stand-in: demo-supplier.test.ts).

const NOW_MS = Date.UTC(2026, 11, 1, 13, 50);
const NOW = NOW_MS / 1000;
const MIDNIGHT_1_DEC = Date.UTC(2026, 11, 1) / 1000;
const MIDNIGHT_2_DEC = Date.UTC(2026, 11, 2) / 1000;

describeEachDb('the demo Octopus home reaches yesterday', (suite) => {
  let standin: OctopusStandin;
  let config: Config;
  const clock = new FakeClock(NOW_MS);
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  beforeAll(async () => {
    standin = await startDemoOctopus(NOW, seconds);
    config = testConfig({
      OCTOPUS_API_URL: standin.url,
      SECRETS_KEY: Buffer.alloc(32, 5).toString('base64'),
    });
  });
  afterAll(() => standin.close());

  const job = () =>
    new SupplierFills({
      db: suite.db,
      config,
      mailer: createMailer({ config, db: suite.db, clock, print: () => undefined }),
      clock,
    });
  const meters = async () =>
    (
      await suite.db.query<{ fuel: string; data_through: string; last: string }>(
        `select m.fuel, m.data_through::text,
                (select max(r.start_ts) from readings r
                  where r.house_id = c.house_id and r.fuel = case m.fuel when 'gas' then 1 else 0 end)::text as last
           from supplier_meters m join supplier_connections c on c.id = m.connection_id
          order by m.fuel`,
      )
    ).rows.map((r) => [r.fuel, Number(r.data_through), Number(r.last)]);

  it('fills both fuels to the end of yesterday, and the next day to the end of that one', async () => {
    expect(
      await seedDemoOctopusIfAbsent(suite.db, new PasswordHasher(config.passwordIterations), config, NOW),
    ).toBe(true);
    expect(await job().runDue()).toBe(1);
    // The last half-hour stored starts at 23:30 on 30 November (GMT: 23:30Z), for each fuel.
    expect(await meters()).toEqual([
      ['electricity', MIDNIGHT_1_DEC, MIDNIGHT_1_DEC - 1800],
      ['gas', MIDNIGHT_1_DEC, MIDNIGHT_1_DEC - 1800],
    ]);
    // Nothing of today is published yet: the stand-in serves no slot ending after today's midnight.
    expect(standin.faults.publishedUntil).toBe(MIDNIGHT_1_DEC);

    clock.advance(86_400 * 1000); // Wednesday 2 December, 13:50
    expect(await job().runDue()).toBe(1);
    expect(await meters()).toEqual([
      ['electricity', MIDNIGHT_2_DEC, MIDNIGHT_2_DEC - 1800],
      ['gas', MIDNIGHT_2_DEC, MIDNIGHT_2_DEC - 1800],
    ]);
  });
});
