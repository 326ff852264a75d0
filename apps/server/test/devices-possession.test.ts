import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEVICES_CHANNEL } from '../src/features/devices/changes';
import { DeviceConsumer } from '../src/devices/consumer';
import { DeviceMqtt } from '../src/devices/mqtt';
import { followDeviceChanges } from '../src/devices/server';
import { heard } from '../src/db/notices';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// Issue 34 item 3, proof of possession: 456 blind adds swept 256 ids and captured another person's
// unclaimed, publishing Glow, its readings stored into the sweeper's home. A device already sending is
// added only with the energy total it shows (what only someone holding it can read), or once it has been
// switched off longer than its natural silences; a device never heard of is added by its id, and its
// first messages are stored. Messages go through the real Mosquitto on 127.0.0.1:1883 (a topic prefix of
// this run's own); the server's and the consumer's clocks are one pinned clock.

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 9, 0, 0) / 1000; // the test app's clock: a minute boundary, a winter day
const VICTIM_GLOW = 'AABB00C0FE2A';

function glow(t: number, kwh: number): string {
  return JSON.stringify({
    electricitymeter: {
      timestamp: new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
      energy: {
        export: { cumulative: 0, units: 'kWh' },
        import: { cumulative: kwh, day: 1.5, week: 9.9, month: 40.2, units: 'kWh', mpan: '1200012345678' },
      },
      power: { value: 6, units: 'kW' },
    },
  });
}

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeEachDb('devices: proof of possession', (suite) => {
  const prefix = `t${randomUUID().slice(0, 8)}/`;
  let t: TestApp;
  let publisher: MqttClient;
  let consumer: DeviceConsumer;
  let mqtt: DeviceMqtt;
  let unfollow: () => void;
  let reloads = 0;
  let owner: Person;
  let attacker: Person;
  let ownerSession: Session;
  let attackerSession: Session;
  const setClock = (epochS: number) => t.clock.advance(epochS * 1000 - t.clock.now().getTime());

  const post = (url: string, session: Session, fields: Record<string, string | number>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
  /** Glow messages through the broker, each at its own time on the pinned clock, then a flush. */
  const send = async (deviceId: string, messages: [number, number][]) => {
    for (const [at, kwh] of messages) {
      setClock(at);
      const before = consumer.stats.messages;
      await publisher.publishAsync(`${prefix}glow/${deviceId}/SENSOR/electricitymeter`, glow(at, kwh), {
        qos: 1,
      });
      await until(`the message of ${at}`, () => consumer.stats.messages > before);
    }
    await consumer.flush();
  };
  const readingsOf = async (person: Person) =>
    (
      await suite.db.query<{ start_ts: number; interval_s: number; import_wh: number }>(
        `select r.start_ts::float8 as start_ts, r.interval_s, r.import_wh from readings r
           join houses h on h.id = r.house_id where h.owner_user_id = $1 order by r.start_ts`,
        [person.id],
      )
    ).rows;
  const devicesOf = async (person: Person) =>
    (
      await suite.db.query<{ device: string }>(
        `select d.kind || '/' || d.device_id as device from devices d join houses h on h.id = d.house_id
          where h.owner_user_id = $1 order by d.id`,
        [person.id],
      )
    ).rows.map((r) => r.device);

  beforeAll(async () => {
    t = await makeTestApp(suite.db, { env: { MQTT_URL: BROKER } });
    owner = await makeUser(suite.db, `owner-${suite.kind}`);
    attacker = await makeUser(suite.db, `sweeper-${suite.kind}`);
    ownerSession = await login(t.app, owner);
    attackerSession = await login(t.app, attacker);
    publisher = await connectAsync(BROKER, { clientId: `test-pub-${randomUUID()}` });
    consumer = new DeviceConsumer(suite.db, { now: () => t.clock.now().getTime() / 1000 });
    mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId: `test-possession-${randomUUID()}`,
      topicPrefix: prefix,
      sessionExpiryS: 120,
    });
    await mqtt.start(); // every partition and the unclaimed watch
    unfollow = followDeviceChanges(suite.db, {
      reload: async () => {
        await mqtt.reload();
        reloads++;
      },
    });
    await heard(suite.db, DEVICES_CHANNEL);
  });
  afterAll(async () => {
    unfollow();
    await mqtt.stop();
    await publisher.endAsync();
    await t.app.close();
  });

  it('captures nothing of a publishing Glow from another account by its id alone', async () => {
    // The victim's Glow sends while nobody has it yet (its owner has not added it).
    await send(VICTIM_GLOW, [
      [T0 - 20, 6613.385],
      [T0 - 10, 6613.395],
      [T0, 6613.405],
    ]);
    // The sweep: ids around the victim's, by add and by claim.
    const codes: number[] = [];
    const fields: string[] = [];
    for (const id of ['AABB00C0FE28', 'AABB00C0FE29', VICTIM_GLOW, 'AABB00C0FE2B']) {
      const res = await post('/api/v3/devices/', attackerSession, {
        user_id: attacker.id,
        kind: 'tasmota',
        device_id: id,
        appliance: 'kettle',
      });
      codes.push(res.statusCode);
      if (res.statusCode !== 200) fields.push(res.json().field);
    }
    const asGlow = await post('/api/v3/devices/', attackerSession, {
      user_id: attacker.id,
      kind: 'glow',
      device_id: VICTIM_GLOW,
    });
    const claimed = await post('/api/v3/devices/claim/', attackerSession, {
      user_id: attacker.id,
      kind: 'glow',
      device_id: VICTIM_GLOW,
    });
    const guessed = await post('/api/v3/devices/', attackerSession, {
      user_id: attacker.id,
      kind: 'glow',
      device_id: VICTIM_GLOW,
      reading: '5000',
    });
    // Ids nobody sends as are added (their first messages will be whoever's powers them on: the victim's id
    // as a Tasmota is one); the Glow that sends is refused by add and by claim, with or without a guess.
    expect(codes).toEqual([200, 200, 200, 200]);
    expect(fields).toEqual([]);
    expect([asGlow.statusCode, claimed.statusCode, guessed.statusCode]).toEqual([400, 400, 400]);
    expect(asGlow.json()).toEqual({
      error:
        "This device is already sending, so its id alone does not show it is yours. Type the reading on your electricity meter's display, in kWh (the Glowmarkt app shows it too), as it shows it now; or switch it off (unplug it) for 15 minutes, add it while it is off, then switch it back on.",
      field: 'reading',
    });
    expect(claimed.json().field).toBe('reading');
    expect(guessed.json().error).toMatch(/^That is not the energy total this device is sending\./);

    // The victim's Glow goes on sending: none of it reaches the sweeper's home.
    await send(VICTIM_GLOW, [
      [T0 + 60, 6613.505],
      [T0 + 120, 6613.605],
      [T0 + 180, 6613.705],
    ]);
    expect(await devicesOf(attacker)).not.toContain(`glow/${VICTIM_GLOW}`);
    expect(await readingsOf(attacker)).toEqual([]);
  });

  it('adds it for whoever types the total it shows, and stores its readings from then', async () => {
    setClock(T0 + 200);
    const before = reloads;
    // The meter's display shows whole kWh; a comma is a decimal point too.
    const added = await post('/api/v3/devices/', ownerSession, {
      user_id: owner.id,
      kind: 'glow',
      device_id: VICTIM_GLOW,
      reading: '6613,7',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await devicesOf(owner)).toEqual([`glow/${VICTIM_GLOW}`]);
    await until('the consumer told', () => reloads > before);
    await send(VICTIM_GLOW, [
      [T0 + 240, 6613.805],
      [T0 + 300, 6613.905],
      [T0 + 360, 6614.005],
    ]);
    // From the first message after the add: a minute of 100 Wh between each two.
    expect(await readingsOf(owner)).toEqual([
      { start_ts: T0 + 240, interval_s: 60, import_wh: 100 },
      { start_ts: T0 + 300, interval_s: 60, import_wh: 100 },
    ]);
    expect(await readingsOf(attacker)).toEqual([]);
  });

  it('adds a device first heard after the add by its id, and stores its first messages', async () => {
    const first = await makeUser(suite.db, `first-${suite.kind}`);
    const session = await login(t.app, first);
    setClock(T0 + 400);
    const before = reloads;
    const added = await post('/api/v3/devices/', session, {
      user_id: first.id,
      kind: 'glow',
      device_id: 'AABB00000042',
    });
    expect(added.statusCode, added.body).toBe(200);
    await until('the consumer told', () => reloads > before);
    await send('AABB00000042', [
      [T0 + 420, 2000.0],
      [T0 + 480, 2000.05],
      [T0 + 540, 2000.1],
    ]);
    expect(await readingsOf(first)).toEqual([
      { start_ts: T0 + 420, interval_s: 60, import_wh: 50 },
      { start_ts: T0 + 480, interval_s: 60, import_wh: 50 },
    ]);
  });

  it('adds a device by its id once it has been switched off for longer than its silences', async () => {
    const later = await makeUser(suite.db, `later-${suite.kind}`);
    const session = await login(t.app, later);
    await send('AABB00000043', [[T0 + 600, 3000.0]]);
    const add = () =>
      post('/api/v3/devices/', session, { user_id: later.id, kind: 'glow', device_id: 'AABB00000043' });
    setClock(T0 + 600 + 14 * 60 + 59); // off a second short of 15 minutes: still counts as sending
    const early = await add();
    expect([early.statusCode, early.json().field]).toEqual([400, 'reading']);
    setClock(T0 + 600 + 15 * 60);
    const res = await add();
    expect(res.statusCode, res.body).toBe(200);
    expect(await devicesOf(later)).toEqual(['glow/AABB00000043']);
  });

  it('refuses a total that is not a number of kWh, naming the field', async () => {
    for (const reading of ['6613.4567', '-1', '1e3', 'six', '1.2.3']) {
      const res = await post('/api/v3/devices/', ownerSession, {
        user_id: owner.id,
        kind: 'tasmota',
        device_id: 'never-heard',
        appliance: 'kettle',
        reading,
      });
      expect([res.statusCode, res.json().field], reading).toEqual([400, 'reading']);
    }
    expect(await devicesOf(owner)).toEqual([`glow/${VICTIM_GLOW}`]);
  });
});
