import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type CarbonStandin, startCarbonStandin } from '../src/features/demo/standins/carbon-intensity';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { at } from './support/energy';
import { describeEachDb } from './support/db';
import {
  NO_FAULTS,
  type OctopusStandin,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  startOctopusStandin,
} from './support/octopus-standin';

// The home's postcode area (issue 37), on both databases: set on /common/set_up/ (a full postcode kept as
// its outward code only, blank clears, absent leaves it, nonsense a 400 naming `postcode`, a stranger's
// home a 403), read by My Home's carbon forecast; and copied from a connected Octopus account's property
// (LE11 2ZZ in the stand-in) only into a home that has none.

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const NOW = at('2026-03-10T12:00:00Z');

const SETUP = {
  under10: '0',
  range10_17: '0',
  range18_64: '2',
  range65_74: '0',
  over74: '0',
  full_time: '1',
  part_time: '0',
  unemployed: '0',
  pensioner: '0',
  commuting: '1',
  stay_at_home: '1',
  property_type: 'Flat',
};

describeEachDb('the home’s postcode area', (suite) => {
  let t: TestApp;
  let octopus: OctopusStandin;
  let carbon: CarbonStandin;
  let owner: Person;
  let carer: Person;
  let mum: Person;
  let stranger: Person;
  let s: Session;

  const form = (payload: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const post = (url: string, payload: Record<string, string | number>, session = s) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(payload),
    });
  const setup = (userId: number, fields: Record<string, string> = {}, session = s) =>
    post('/api/v3/common/set_up/', { user_id: userId, ...SETUP, ...fields }, session);
  const stored = async (userId: number) =>
    (
      await suite.db.query<{ postcode: string | null }>(
        'select postcode from houses where owner_user_id = $1',
        [userId],
      )
    ).rows[0]?.postcode;
  const connect = (userId: number, session = s) =>
    post(
      '/api/v3/suppliers/',
      { user_id: userId, kind: 'octopus', api_key: STANDIN_KEY, account_number: STANDIN_ACCOUNT },
      session,
    );

  beforeAll(async () => {
    octopus = await startOctopusStandin();
    carbon = await startCarbonStandin({ intensity: () => 100 });
    t = await makeTestApp(suite.db, {
      env: { OCTOPUS_API_URL: octopus.url, CARBON_INTENSITY_URL: carbon.url, SECRETS_KEY },
    });
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    owner = await makeUser(suite.db, 'pc-owner');
    carer = await makeUser(suite.db, 'pc-carer', { house: null });
    mum = await makeUser(suite.db, 'pc-mum');
    stranger = await makeUser(suite.db, 'pc-stranger');
    await link(suite.db, carer, mum);
    s = await login(t.app, owner);
  });
  afterAll(async () => {
    await t.app.close();
    await octopus.close();
    await carbon.close();
  });
  beforeEach(() => {
    Object.assign(octopus.faults, NO_FAULTS());
  });

  it('keeps a full postcode’s outward code only, leaves it when not sent, and clears it when blank', async () => {
    const fresh = await t.app.inject({
      url: `/api/v3/common/set_up/?user_id=${owner.id}`,
      headers: s.headers(),
    });
    expect(fresh.json().postcode).toBeNull();

    const full = await setup(owner.id, { postcode: ' sw1a 1aa ' });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().postcode).toBe('SW1A');
    expect(await stored(owner.id)).toBe('SW1A');

    // An older client's form, without the field: the postcode stays, the rest is saved.
    const without = await setup(owner.id, { property_type: 'Detached' });
    expect(without.json()).toMatchObject({ postcode: 'SW1A', property_type: 'Detached' });

    const read = await t.app.inject({
      url: `/api/v3/common/set_up/?user_id=${owner.id}`,
      headers: s.headers(),
    });
    expect(read.json().postcode).toBe('SW1A');

    expect((await setup(owner.id, { postcode: 'rg41' })).json().postcode).toBe('RG41');
    expect(await stored(owner.id)).toBe('RG41');

    const cleared = await setup(owner.id, { postcode: '' });
    expect(cleared.json().postcode).toBeNull();
    expect(await stored(owner.id)).toBeNull();
  });

  it('refuses nonsense with a 400 naming postcode, a person can act on, and writes nothing', async () => {
    await setup(owner.id, { postcode: 'NG1 5FW' });
    for (const value of ['LONDON', 'SW1A 1A', '12345', 'SW1A 1AA X']) {
      const res = await setup(owner.id, { postcode: value, property_type: 'Bungalow' });
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toEqual({
        error:
          'postcode must be a UK postcode such as SW1A 1AA, or its first half such as SW1A (leave it empty for Great Britain’s forecast)',
        field: 'postcode',
      });
    }
    const read = await t.app.inject({
      url: `/api/v3/common/set_up/?user_id=${owner.id}`,
      headers: s.headers(),
    });
    expect(read.json()).toMatchObject({ postcode: 'NG1', property_type: 'Flat' });
  });

  it('sets a linked parent’s home, never a stranger’s (403)', async () => {
    const carerSession = await login(t.app, carer);
    const mine = await setup(mum.id, { postcode: 'LE11 3TU' }, carerSession);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await stored(mum.id)).toBe('LE11');

    const theirs = await setup(stranger.id, { postcode: 'SW1A 1AA' });
    expect(theirs.statusCode).toBe(403);
    const theirsToo = await setup(stranger.id, { postcode: 'SW1A 1AA' }, carerSession);
    expect(theirsToo.statusCode).toBe(403);
    expect(await stored(stranger.id)).toBeNull();
  });

  it('gives My Home the region of the postcode it was given', async () => {
    await setup(owner.id, { postcode: 'SW1A 2AA' });
    const times = await t.app.inject({
      url: `/api/v3/energy_info/times/?user_id=${owner.id}`,
      headers: s.headers(),
    });
    expect(times.statusCode, times.body).toBe(200);
    expect(times.json().carbon).toMatchObject({ status: 'forecast', region: 'London', postcode: 'SW1A' });
  });

  it('copies the Octopus property’s outward code into a home that has none', async () => {
    const home = await makeUser(suite.db, 'pc-octopus-empty');
    const session = await login(t.app, home);
    const res = await connect(home.id, session);
    expect(res.statusCode, res.body).toBe(200);
    // The account's current home is LE11 2ZZ (its old one, moved out of, LE11 1AA): the outward code only.
    expect(await stored(home.id)).toBe('LE11');
  });

  it('never overwrites a postcode the person set', async () => {
    const home = await makeUser(suite.db, 'pc-octopus-set');
    const session = await login(t.app, home);
    await setup(home.id, { postcode: 'M1 1AE' }, session);
    const res = await connect(home.id, session);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(home.id)).toBe('M1');
  });

  it('connects an account whose postcode is missing or not a postcode, keeping none', async () => {
    for (const [name, postcode] of [
      ['pc-octopus-none', undefined],
      ['pc-octopus-null', null],
      ['pc-octopus-bad', 'N/A'],
      ['pc-octopus-number', 12],
    ] as const) {
      octopus.faults.postcode = postcode;
      const home = await makeUser(suite.db, name);
      const res = await connect(home.id, await login(t.app, home));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(await stored(home.id), name).toBeNull();
    }
  });
});
