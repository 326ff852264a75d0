import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { DEVICES_CHANNEL } from '../src/features/devices/changes';
import { heard } from '../src/db/notices';
import { followDeviceChanges } from '../src/devices/server';
import { LOOKUPS_PER_WINDOW } from '../src/features/devices/lookups';
import { describeEachDb } from './support/db';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';

// The Devices API (additive to §7, issue 23) on both databases: a home's devices for its householder and
// its carer and nobody else, bad input as 400s naming the field with nothing written, add → list → remove
// with the readings kept, unclaimed devices found by exact id only (and not by guessing thousands of
// ids), claiming one, and the running consumer told at once. Messages go through the real DeviceConsumer
// (the MQTT side has its own suite, and the e2e test publishes to the real broker).

const GLOW_TOPIC = (id: string) => `glow/${id}/SENSOR/electricitymeter`;
const glow = (t: number, kwh: number) =>
  JSON.stringify({
    electricitymeter: {
      timestamp: new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
      energy: {
        export: { cumulative: 0, units: 'kWh' },
        import: { cumulative: kwh, day: 1.5, week: 9.9, month: 40.2, units: 'kWh' },
      },
      power: { value: 6, units: 'kW' },
    },
  });

describeEachDb('devices API', (suite) => {
  let t: TestApp;
  let carer: Person;
  let mum: Person;
  let stranger: Person;
  let s: Session;
  let strangerSession: Session;
  let consumer: DeviceConsumer;
  let loads = 0;
  let unfollow: () => void;
  const now = () => Math.floor(t.clock.now().getTime() / 1000);

  const get = (url: string, session: Session | null = s) =>
    t.app.inject({ url, headers: session?.headers() ?? {} });
  const post = (url: string, payload: Record<string, string | number>, session: Session | null = s) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(session?.headers(true) ?? {}), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
  const list = async (userId: number, session = s) => {
    const res = await get(`/api/v3/devices/?user_id=${userId}`, session);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      time_zone: string;
      devices: Record<string, unknown>[];
      appliances: { key: string; name: string }[];
      mqtt: boolean;
    };
  };
  /** Messages straight into the consumer, then its flush (what the MQTT client does every second). */
  const send = async (messages: [string, string][]) => {
    for (const [topic, payload] of messages) consumer.receive(topic, payload);
    await consumer.flush();
  };
  const waitForLoads = async (n: number) => {
    const deadline = Date.now() + 5000;
    while (loads < n) {
      if (Date.now() > deadline) throw new Error('the consumer was not told');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  beforeAll(async () => {
    // A server that reads devices (the test runs its consumer by hand: buildApp never connects a broker).
    t = await makeTestApp(suite.db, { env: { MQTT_URL: 'mqtt://127.0.0.1:1883' } });
    carer = await makeUser(suite.db, 'dev-carer');
    mum = await makeUser(suite.db, 'dev-mum', { house: "Mum's bungalow" });
    stranger = await makeUser(suite.db, 'dev-stranger', { house: 'Stranger Towers' });
    await link(suite.db, carer, mum);
    s = await login(t.app, carer);
    strangerSession = await login(t.app, stranger);
    consumer = new DeviceConsumer(suite.db, { now: () => t.clock.now().getTime() / 1000 });
    await consumer.load();
    // The consumer's own reload runs every 10 s of its clock, which the test never moves meanwhile: only
    // the API's notice can make it see a new device.
    unfollow = followDeviceChanges(suite.db, {
      reload: async () => {
        await consumer.load();
        loads++;
      },
    });
    await heard(suite.db, DEVICES_CHANNEL); // PostgreSQL: the notices' LISTEN is in place
  });
  afterAll(async () => {
    unfollow();
    await t.app.close();
  });

  it('answers an empty home with its zone and the appliances a plug can measure', async () => {
    const body = await list(carer.id);
    expect(body.devices).toEqual([]);
    expect(body.time_zone).toBe('Europe/London');
    expect(body.appliances).toContainEqual({ key: 'kettle', name: 'Kettle' });
  });

  it('says whether this deployment reads devices at all (no MQTT_URL: none can be received)', async () => {
    expect((await list(carer.id)).mqtt).toBe(true);
    const deaf = await makeTestApp(suite.db); // the same database, a server without a broker
    try {
      const session = await login(deaf.app, mum);
      const res = await deaf.app.inject({
        url: `/api/v3/devices/?user_id=${mum.id}`,
        headers: session.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ devices: [], mqtt: false });
      // Adding answers the list, and says it too.
      const added = await deaf.app.inject({
        method: 'POST',
        url: '/api/v3/devices/',
        headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          user_id: String(mum.id),
          kind: 'glow',
          device_id: 'DEAF00000001',
        }).toString(),
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({ devices: [{ device_id: 'DEAF00000001' }], mqtt: false });
      const removed = await deaf.app.inject({
        method: 'POST',
        url: '/api/v3/devices/remove/',
        headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          user_id: String(mum.id),
          id: String((added.json() as { devices: { id: number }[] }).devices[0]?.id),
        }).toString(),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ devices: [], mqtt: false });
    } finally {
      await deaf.app.close();
    }
  });

  it('adds a Glow and a kettle plug, tells the consumer, and shows readings and state', async () => {
    const before = loads;
    const added = await post('/api/v3/devices/', {
      user_id: carer.id,
      kind: 'glow',
      device_id: 'AABBCC000001',
    });
    expect(added.statusCode, added.body).toBe(200);
    await waitForLoads(before + 1);
    const plug = await post('/api/v3/devices/', {
      user_id: carer.id,
      kind: 'tasmota',
      device_id: 'kettle_plug_1',
      appliance: 'KETTLE',
    });
    expect(plug.statusCode, plug.body).toBe(200);
    const waiting = plug.json().devices as Record<string, unknown>[];
    expect(waiting.map((d) => [d.kind, d.device_id, d.appliance, d.state, d.readings_today])).toEqual([
      ['glow', 'AABBCC000001', null, 'waiting', 0],
      ['tasmota', 'kettle_plug_1', { key: 'kettle', name: 'Kettle' }, 'waiting', 0],
    ]);

    // 100 Wh a minute for two minutes, ending now (09:00 UTC on 15 January: today in London).
    const end = now();
    await send([
      [GLOW_TOPIC('AABBCC000001'), glow(end - 120, 1000.0)],
      [GLOW_TOPIC('AABBCC000001'), glow(end - 60, 1000.1)],
      [GLOW_TOPIC('AABBCC000001'), glow(end, 1000.2)],
    ]);
    const glowDevice = (await list(carer.id)).devices[0];
    expect(glowDevice).toMatchObject({
      state: 'receiving',
      state_since: end,
      last_message_at: end,
      readings_today: 2,
      rejects: 0,
      last_reject_reason: null,
      last_reject_at: null,
    });
    expect(consumer.stats.unclaimed).toBe(0);
  });

  it('says silent after a few of its usual gaps, then rejecting with the reason', async () => {
    const last = now();
    t.clock.advance(10 * 60_000);
    expect((await list(carer.id)).devices[0]).toMatchObject({ state: 'silent', state_since: last });
    await send([[GLOW_TOPIC('AABBCC000001'), '{not json']]);
    const rejecting = (await list(carer.id)).devices[0]!;
    // When the last refusal came, so the card can say it whatever the state (issue 33 item 7).
    expect(rejecting).toMatchObject({
      state: 'rejecting',
      state_since: now(),
      rejects: 1,
      last_reject_at: now(),
    });
    expect(rejecting.last_reject_reason).toContain('not JSON');
  });

  it('counts only today, the home’s local day', async () => {
    // Tomorrow in London (sessions end after hours idle, so both log in again).
    t.clock.advance(24 * 3600_000);
    s = await login(t.app, carer);
    strangerSession = await login(t.app, stranger);
    expect((await list(carer.id)).devices[0]).toMatchObject({ readings_today: 0, state: 'rejecting' });
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ kind: 'nest', device_id: 'x1' }, 'kind', 'kind must be one of glow'],
      [{ kind: 'glow' }, 'device_id', 'device_id is required'],
      [{ kind: 'glow', device_id: 'glow/x' }, 'device_id', 'cannot contain /, + or #'],
      [{ kind: 'glow', device_id: 'x'.repeat(201) }, 'device_id', 'at most 200'],
      [{ kind: 'glow', device_id: 'x2', appliance: 'kettle' }, 'appliance', 'measures the whole house'],
      [
        { kind: 'tasmota', device_id: 'x3', appliance: 'jacuzzi' },
        'appliance',
        'Unknown appliance "jacuzzi"',
      ],
      [{ kind: 'shelly', device_id: 'x4', colour: 'red' }, 'colour', 'Unknown field: colour'],
    ];
    for (const [fields, field, words] of cases) {
      const res = await post('/api/v3/devices/', { user_id: carer.id, ...fields });
      expect([res.statusCode, res.json().field], JSON.stringify(fields)).toEqual([400, field]);
      expect(res.json().error).toContain(words);
    }
    const remove = await post('/api/v3/devices/remove/', { user_id: carer.id, id: 'every' });
    expect([remove.statusCode, remove.json().field]).toEqual([400, 'id']);
    expect((await list(carer.id)).devices.map((d) => d.device_id)).toEqual(['AABBCC000001', 'kettle_plug_1']);
  });

  it('refuses an id another home has, without saying whose', async () => {
    const theirs = await post(
      '/api/v3/devices/',
      { user_id: stranger.id, kind: 'glow', device_id: 'AABBCC0000FF' },
      strangerSession,
    );
    expect(theirs.statusCode).toBe(200);
    // Into Mum's home, which has no whole-house meter yet (the carer's has: that is refused first).
    const mine = await post('/api/v3/devices/', {
      user_id: mum.id,
      kind: 'glow',
      device_id: 'AABBCC0000FF',
    });
    expect([mine.statusCode, mine.json().field]).toEqual([400, 'device_id']);
    // Worded as for any id that cannot be added: not "already registered", which told anyone which ids
    // are taken (issue 34 item 3).
    expect(mine.json().error).toBe(
      'The glow device "AABBCC0000FF" cannot be added. Check its kind and id; a device already in a home is added only after that home removes it.',
    );
    expect(mine.body).not.toContain('registered');
    for (const leak of [stranger.username, 'Stranger Towers', `${stranger.id}`])
      expect(mine.body).not.toContain(leak);
    // The same id of another kind is another device.
    const other = await post('/api/v3/devices/', {
      user_id: mum.id,
      kind: 'emon',
      device_id: 'AABBCC0000FF',
    });
    expect(other.statusCode).toBe(200);
    const removed = await post('/api/v3/devices/remove/', {
      user_id: mum.id,
      id: (other.json().devices as { id: number; kind: string }[]).find((d) => d.kind === 'emon')!.id,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('lets the carer manage the dependant’s home, which the dependant sees', async () => {
    const res = await post('/api/v3/devices/', {
      user_id: mum.id,
      kind: 'zigbee2mqtt',
      device_id: 'Mum kettle',
      appliance: 'Kettle',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mumSession = await login(t.app, mum);
    expect((await list(mum.id, mumSession)).devices.map((d) => d.device_id)).toEqual(['Mum kettle']);
    expect((await list(carer.id)).devices.map((d) => d.device_id)).not.toContain('Mum kettle');
  });

  it('never lets another account read or change a home', async () => {
    const mine = (await list(carer.id)).devices[0] as { id: number };
    const attempts = [
      get(`/api/v3/devices/?user_id=${carer.id}`, strangerSession),
      get(`/api/v3/devices/?user_id=${mum.id}`, strangerSession),
      post(
        '/api/v3/devices/',
        { user_id: carer.id, kind: 'glow', device_id: 'EVIL00000001' },
        strangerSession,
      ),
      post('/api/v3/devices/remove/', { user_id: carer.id, id: mine.id }, strangerSession),
      get(`/api/v3/devices/unclaimed/?user_id=${carer.id}&device_id=x`, strangerSession),
      post('/api/v3/devices/claim/', { user_id: carer.id, kind: 'glow', device_id: 'x' }, strangerSession),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    // Their own user id with my device's number: no such device in their home.
    const byNumber = await post(
      '/api/v3/devices/remove/',
      { user_id: stranger.id, id: mine.id },
      strangerSession,
    );
    expect(byNumber.statusCode).toBe(404);
    // No session; no CSRF token; a user that does not exist.
    expect((await get(`/api/v3/devices/?user_id=${carer.id}`, null)).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v3/devices/remove/',
      headers: { ...s.headers(false), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_id=${carer.id}&id=${mine.id}`,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await get('/api/v3/devices/?user_id=999999')).statusCode).toBe(404);
    expect((await list(carer.id)).devices.map((d) => d.device_id)).toEqual(['AABBCC000001', 'kettle_plug_1']);
  });

  it('removes a device and keeps its readings', async () => {
    const glowId = ((await list(carer.id)).devices[0] as { id: number }).id;
    const before = loads;
    const res = await post('/api/v3/devices/remove/', { user_id: carer.id, id: glowId });
    expect(res.statusCode).toBe(200);
    expect((res.json().devices as { device_id: string }[]).map((d) => d.device_id)).toEqual([
      'kettle_plug_1',
    ]);
    await waitForLoads(before + 1);
    const again = await post('/api/v3/devices/remove/', { user_id: carer.id, id: glowId });
    expect(again.statusCode).toBe(404);
    const { rows } = await suite.db.query<{ n: number }>(
      "select count(*)::int as n from readings r join houses h on h.id = r.house_id join users u on u.id = h.owner_user_id where u.username = 'dev-carer'",
    );
    expect(rows[0]!.n).toBe(2);
    // Its messages now count as unclaimed, and store nothing.
    await send([[GLOW_TOPIC('AABBCC000001'), glow(now(), 1000.3)]]);
    expect(consumer.stats.unclaimed).toBe(1);
  });

  it('finds an unclaimed device by its exact id only, and claims it', async () => {
    await send([
      [GLOW_TOPIC('FFEEDDCCBBAA'), glow(now() - 10, 2000.0)],
      [GLOW_TOPIC('FFEEDDCCBBAA'), glow(now(), 2000.01)],
    ]);
    const lookup = (id: string, session = s) =>
      get(`/api/v3/devices/unclaimed/?user_id=${carer.id}&device_id=${encodeURIComponent(id)}`, session);
    for (const partial of [
      'FFEEDD',
      'ffeeddccbbaa',
      'FFEEDDCCBBA',
      '%',
      '_FEEDDCCBBAA',
      'FFEEDDCCBBAA '.repeat(2),
    ])
      expect((await lookup(partial)).json().devices, partial).toEqual([]);
    const found = await lookup('FFEEDDCCBBAA');
    expect(found.json().devices).toEqual([
      { kind: 'glow', device_id: 'FFEEDDCCBBAA', first_seen: now(), last_seen: now(), messages: 2 },
    ]);
    const wrongKind = await post('/api/v3/devices/claim/', {
      user_id: carer.id,
      kind: 'emon',
      device_id: 'FFEEDDCCBBAA',
    });
    expect(wrongKind.statusCode).toBe(404);
    // It is sending, so it is claimed with the total it shows (devices-possession.test.ts has the rest).
    const claimed = await post('/api/v3/devices/claim/', {
      user_id: carer.id,
      kind: 'glow',
      device_id: 'FFEEDDCCBBAA',
      reading: '2000',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((claimed.json().devices as { device_id: string }[]).map((d) => d.device_id)).toContain(
      'FFEEDDCCBBAA',
    );
    expect((await lookup('FFEEDDCCBBAA')).json().devices).toEqual([]);
    // Nobody else can claim it now.
    const late = await post(
      '/api/v3/devices/claim/',
      { user_id: stranger.id, kind: 'glow', device_id: 'FFEEDDCCBBAA' },
      strangerSession,
    );
    expect(late.statusCode).toBe(404);

    // A plug is claimed as the appliance it measures; a meter display cannot measure one.
    await send([
      [
        'tele/plug-7/SENSOR',
        JSON.stringify({ Time: '2026-01-16T09:00:00', ENERGY: { Total: 1.5, Power: 0 } }),
      ],
    ]);
    expect((await lookup('plug-7')).json().devices).toMatchObject([{ kind: 'tasmota', device_id: 'plug-7' }]);
    const asKettle = await post('/api/v3/devices/claim/', {
      user_id: carer.id,
      kind: 'tasmota',
      device_id: 'plug-7',
      appliance: 'kettle',
      reading: '1.5',
    });
    expect(asKettle.statusCode, asKettle.body).toBe(200);
    expect(
      (asKettle.json().devices as { device_id: string; appliance: unknown }[]).find(
        (d) => d.device_id === 'plug-7',
      ),
    ).toMatchObject({
      appliance: { key: 'kettle', name: 'Kettle' },
    });
  });

  it('limits lookups per account, so ids cannot be guessed by the thousand', async () => {
    const guesser = await makeUser(suite.db, 'dev-guesser');
    const session = await login(t.app, guesser);
    const guess = (i: number) =>
      get(
        `/api/v3/devices/unclaimed/?user_id=${guesser.id}&device_id=AABBCC${String(i).padStart(6, '0')}`,
        session,
      );
    for (let i = 0; i < LOOKUPS_PER_WINDOW; i++) expect((await guess(i)).statusCode).toBe(200);
    const over = await guess(LOOKUPS_PER_WINDOW);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const claim = await post(
      '/api/v3/devices/claim/',
      { user_id: guesser.id, kind: 'glow', device_id: 'AABBCC999999' },
      session,
    );
    expect(claim.statusCode).toBe(429);
    // Another account is not held back by it.
    expect((await get(`/api/v3/devices/unclaimed/?user_id=${carer.id}&device_id=x`)).statusCode).toBe(200);
    t.clock.advance(3601_000);
    const later = await login(t.app, guesser);
    const again = await get(`/api/v3/devices/unclaimed/?user_id=${guesser.id}&device_id=AABBCC000000`, later);
    expect(again.statusCode).toBe(200);
  });
});
