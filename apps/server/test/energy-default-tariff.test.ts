import { beforeAll, expect, it } from 'vitest';
import { insertTariff } from '../src/features/demo/repository';
import { findHouseIdOf } from './support/houses';
import { ingestReadings } from '../src/features/readings/ingest';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy, TEST_TARIFF } from './support/energy';

// Issue 33 item 11: April 2014 imported into a house with no tariff of its own was priced at October
// 2021's cap with no word on the screen (only the README said so). An answer now says when its figures
// are priced at the default, and when the period began before the first cap known.

const NOW = at('2026-12-01T12:00:00Z');
const APRIL_2014 = at('2014-04-10T11:00:00Z');

describeEachDb('energy views: priced at the default-tariff cap', (suite) => {
  let t: TestApp;
  let bob: Person;
  let carol: Person;
  let bobSession: Session;
  let carolSession: Session;

  beforeAll(async () => {
    bob = await makeUser(suite.db, 'bob'); // no tariff of his own
    carol = await makeUser(suite.db, 'carol');
    const reading = { start: APRIL_2014, interval_s: 1800, import_wh: 500, export_wh: 0, generation_wh: 0 };
    await ingestReadings(suite.db, (await findHouseIdOf(suite.db, bob.id))!, [reading], { now: NOW });
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    bobSession = await login(t.app, bob);
    carolSession = await login(t.app, carol);
  });

  it('April 2014 with no tariff: priced at the earliest cap, which begins on 1 October 2021', async () => {
    const month = await getEnergy(
      t.app,
      bobSession,
      `user_id=${bob.id}&timescale=month&timestamp=${APRIL_2014}`,
    );
    expect(month.priced_at_default).toEqual({ kind: 'earliest-cap', first_cap_from: '2021-10-01' });
    const today = await getEnergy(t.app, bobSession, `user_id=${bob.id}`);
    expect(today.priced_at_default).toEqual({ kind: 'cap', first_cap_from: '2021-10-01' });
  });

  it('a house with its own tariff is not said to be priced at the default', async () => {
    await insertTariff(suite.db, (await findHouseIdOf(suite.db, carol.id))!, TEST_TARIFF);
    const today = await getEnergy(t.app, carolSession, `user_id=${carol.id}`);
    expect(today.priced_at_default).toBeNull();
  });
});
