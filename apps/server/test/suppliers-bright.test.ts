import { dayOf } from '@homeview/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectSupplier } from '../src/features/suppliers/connect';
import { monthsBefore } from '../src/features/suppliers/days';
import { SupplierFills } from '../src/features/suppliers/job';
import { connectionsOfHouse, metersOf } from '../src/features/suppliers/repository';
import { createMailer } from '../src/mail/mailer';
import { FakeClock, makeUser, testConfig } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import {
  ELECTRICITY_ID,
  type GlowmarktStandIn,
  STANDIN_EMAIL,
  STANDIN_PASSWORD,
  startGlowmarktStandIn,
} from './support/glowmarkt-standin';
import { refitElectricity } from './support/glowmarkt-standin-data';
import { expectExactly, storedReadings } from './support/suppliers';

// A Bright (Glowmarkt) account connected and filled through the same fill as Octopus (issue 35): the
// factory gives the Glowmarkt client, 13 months come in 10-day calls, every half-hour of REFIT house 20's
// electricity once, the gaps left as gaps, the clock-change days complete; its gas is fetched too
// (suppliers-gas.test.ts: the stand-in's gas is of 2021–2023, so none is stored in 2015).

const ZONE = 'Europe/London';
const NOW_MS = Date.UTC(2015, 5, 20, 10, 0); // 2015-06-20 11:00 BST
const NOW = NOW_MS / 1000;
const FILL_FROM = monthsBefore(NOW, 13, ZONE);
const TEN_DAYS = 10 * 86_400;

/** The series' 4-decimal kWh as Wh, rounded half up, by integer arithmetic of the test's own. */
const whOfTenThousandths = (v: number) => Math.floor((v + 5) / 10);

describeEachDb('a Bright account filled', (suite) => {
  let standin: GlowmarktStandIn;

  beforeAll(async () => {
    standin = await startGlowmarktStandIn({ now: () => NOW });
  });
  afterAll(() => standin.close());

  it('fills 13 months of electricity in 10-day calls, nothing lost or doubled, gas found', async () => {
    const clock = new FakeClock(NOW_MS);
    const config = testConfig({
      GLOWMARKT_API_URL: standin.url,
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const user = await makeUser(suite.db, 'bright-fill');
    const houseId = (await findHouseIdOf(suite.db, user.id))!;
    await connectSupplier(
      { db: suite.db, config },
      { id: houseId, time_zone: ZONE },
      { kind: 'bright', email: STANDIN_EMAIL, password: STANDIN_PASSWORD },
      NOW,
    );
    const job = new SupplierFills({
      db: suite.db,
      config,
      mailer: createMailer({ config, db: suite.db, clock, print: () => undefined }),
      clock,
    });
    expect(await job.runDue()).toBe(1);

    const end = NOW - (NOW % 1800);
    const expected = new Map<number, number>();
    for (const [start, v] of refitElectricity().slots)
      if (start >= FILL_FROM && start < end && v !== null) expected.set(start, whOfTenThousandths(v));
    expect(expected.size).toBeGreaterThan(17_000); // 13 months less the file's missing half-hours
    expectExactly(await storedReadings(suite.db, houseId), 'import_wh', expected);

    const electricityCalls = standin.readings.filter((c) => c.resourceId === ELECTRICITY_ID);
    expect(electricityCalls).toHaveLength(Math.ceil((end - FILL_FROM) / TEN_DAYS));
    const days = await suite.db.query<{ day: string; slots: number }>(
      `select day::text, slots from daily_rollups where house_id = $1 and day in ('2014-10-26', '2015-03-29')
        order by day`,
      [houseId],
    );
    expect(days.rows.map((d) => [d.day, d.slots])).toEqual([
      ['2014-10-26', 50],
      ['2015-03-29', 46],
    ]);

    const [connection] = await connectionsOfHouse(suite.db, houseId);
    expect([connection!.kind, connection!.state, connection!.problem]).toEqual([
      'bright',
      'up_to_date',
      null,
    ]);
    const meters = await metersOf(suite.db, [connection!.id]);
    expect(meters.map((m) => [m.fuel, m.direction, m.unit]).sort()).toEqual([
      ['electricity', 'import', 'kWh'],
      ['gas', 'import', 'kWh'],
    ]);
    const electricity = meters.find((m) => m.fuel === 'electricity')!;
    // REFIT's rows from 10 June 2015 14:00 have every minute missing (nulls at Bright): 9 June is the last
    // complete day, whatever came after it.
    expect(electricity.data_through).toBe(dayOf('2015-06-10', ZONE).start);
  });
});
