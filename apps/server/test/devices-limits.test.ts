import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDevice, DeviceError, MAX_DEVICES_PER_HOME } from '../src/features/devices/devices-repository';
import { DEVICE_ATTEMPTS_PER_WINDOW } from '../src/features/devices/lookups';
import { login, makeTestApp, makeUser, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// Issue 34 item 3: adding a device had no limit (456 blind adds in 15 s swept 256 ids and captured
// another person's publishing Glow); the lookup limit was per process (two servers let 40 through) and
// forgotten on restart. One limit for add, claim and lookup, kept in the database; a cap on devices per
// home. Two apps on one database are two servers; closing one and building another is a restart.

const LIMIT = DEVICE_ATTEMPTS_PER_WINDOW;

describeEachDb('device limits', (suite) => {
  const apps: TestApp[] = [];
  const app = async () => {
    const t = await makeTestApp(suite.db, { env: { MQTT_URL: 'mqtt://127.0.0.1:1883' } });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.app.close();
  });
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await app();
    two = await app();
  });

  const add = (t: TestApp, s: Session, userId: number, id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/devices/',
      headers: { ...s.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      // Plugs: a home has one whole-house meter, and the sweep is of ids, not of kinds.
      payload: new URLSearchParams({
        user_id: String(userId),
        kind: 'tasmota',
        device_id: id,
        appliance: 'kettle',
      }).toString(),
    });
  const lookup = (t: TestApp, s: Session, userId: number, id: string) =>
    t.app.inject({
      url: `/api/v3/devices/unclaimed/?user_id=${userId}&device_id=${id}`,
      headers: s.headers(),
    });

  it('counts blind adds, and adds and lookups on two servers, against one limit', async () => {
    const sweeper = await makeUser(suite.db, `sweeper-${suite.kind}`);
    const s1 = await login(one.app, sweeper);
    const s2 = await login(two.app, sweeper);
    const codes: number[] = [];
    // Half the limit of adds on one server, half of lookups on the other, then more of both.
    for (let i = 0; i < LIMIT / 2; i++)
      codes.push((await add(one, s1, sweeper.id, `AABBCC00${String(i).padStart(4, '0')}`)).statusCode);
    for (let i = 0; i < LIMIT / 2; i++)
      codes.push((await lookup(two, s2, sweeper.id, `AABBCC10${String(i).padStart(4, '0')}`)).statusCode);
    expect(codes).toEqual(Array(LIMIT).fill(200));
    const overAdd = await add(two, s2, sweeper.id, 'AABBCC999999');
    const overLookup = await lookup(one, s1, sweeper.id, 'AABBCC999998');
    expect([overAdd.statusCode, overLookup.statusCode]).toEqual([429, 429]);
    expect(Number(overAdd.headers['retry-after'])).toBeGreaterThan(0);
    const { rows } = await suite.db.query<{ n: number }>(
      `select count(*)::int as n from devices d join houses h on h.id = d.house_id where h.owner_user_id = $1`,
      [sweeper.id],
    );
    expect(rows).toEqual([{ n: LIMIT / 2 }]);

    // A restart forgets nothing: a new server on the same database still refuses.
    await one.app.close();
    apps.splice(apps.indexOf(one), 1);
    one = await app();
    const after = await login(one.app, sweeper);
    expect((await lookup(one, after, sweeper.id, 'AABBCC999997')).statusCode).toBe(429);
    // An hour later the account may go on.
    one.clock.advance(3601_000);
    two.clock.advance(3601_000); // the servers share the time of day
    const later = await login(one.app, sweeper);
    expect((await lookup(one, later, sweeper.id, 'AABBCC999996')).statusCode).toBe(200);
  });

  it('lets no more than the limit through when they come at once', async () => {
    const burst = await makeUser(suite.db, `burst-${suite.kind}`);
    const s1 = await login(one.app, burst);
    const s2 = await login(two.app, burst);
    const all = await Promise.all(
      Array.from({ length: LIMIT + 10 }, (_, i) =>
        i % 2 === 0 ? lookup(one, s1, burst.id, `X${i}`) : lookup(two, s2, burst.id, `X${i}`),
      ),
    );
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(LIMIT);
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it(`caps a home at ${MAX_DEVICES_PER_HOME} devices`, async () => {
    await makeUser(suite.db, `many-${suite.kind}`);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [`many-${suite.kind}`],
    );
    const houseId = rows[0]!.id;
    const plug = (i: number) => ({ houseId, kind: 'tasmota', deviceId: `plug${i}`, appliance: 'kettle' });
    for (let i = 0; i < 64; i++) await addDevice(suite.db, plug(i), 0);
    await expect(addDevice(suite.db, plug(64), 0)).rejects.toThrow(
      new DeviceError('A home can have at most 64 devices: remove one first.'),
    );
    const count = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from devices where house_id = $1',
      [houseId],
    );
    expect(count.rows).toEqual([{ n: 64 }]);
  });
});
