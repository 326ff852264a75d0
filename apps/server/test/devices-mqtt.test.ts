import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { DeviceMqtt } from '../src/devices/mqtt';
import type { Db } from '../src/db/types';
import { addDevice } from '../src/features/devices/devices-repository';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// The device consumer end to end against the real Mosquitto on 127.0.0.1:1883 (never a mock): each test
// has its own topic prefix and client ids, so tests and parallel runs never hear each other. The consumer's
// clock is pinned (device times in the payloads are fixed), the flush timer is real.

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000; // a minute boundary, a plain winter day

let publisher: MqttClient;
beforeAll(async () => {
  publisher = await connectAsync(BROKER, { clientId: `test-pub-${randomUUID()}` });
});
afterAll(async () => {
  await publisher.endAsync();
});

const publish = (topic: string, payload: string) => publisher.publishAsync(topic, payload, { qos: 1 });

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function glow(t: number, kwh: number, power = 0.6): string {
  return JSON.stringify({
    electricitymeter: {
      timestamp: new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
      energy: {
        export: { cumulative: 0, units: 'kWh' },
        import: { cumulative: kwh, day: 1.5, week: 9.9, month: 40.2, units: 'kWh' },
      },
      power: { value: power, units: 'kW' },
    },
  });
}

describeEachDb('devices over MQTT', (suite) => {
  let clock = T0;
  const started: DeviceMqtt[] = [];

  const warnings: string[] = [];
  const log = {
    info: () => undefined,
    error: () => undefined,
    warn: (_: object, msg: string) => warnings.push(msg),
  };

  async function start(
    prefix: string,
    clientId = `test-${prefix}`,
    extra: { pollEveryS?: number; shellySilentS?: number } = {},
    db: Db = suite.db,
  ) {
    const consumer = new DeviceConsumer(db, { now: () => clock, log });
    // A short session expiry: the broker forgets these test sessions soon after.
    const mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId,
      topicPrefix: prefix,
      sessionExpiryS: 120,
      ...extra,
    });
    await mqtt.start();
    started.push(mqtt);
    return { consumer, mqtt };
  }
  afterAll(async () => {
    for (const m of started) await m.stop();
  });

  async function house(name: string, devices: { kind: string; id: string; appliance?: string }[]) {
    await makeUser(suite.db, name);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [name],
    );
    const houseId = rows[0]!.id;
    for (const d of devices)
      await addDevice(
        suite.db,
        { houseId, kind: d.kind, deviceId: d.id, ...(d.appliance ? { appliance: d.appliance } : {}) },
        T0,
      );
    return houseId;
  }

  const readingsOf = async (houseId: number) =>
    (
      await suite.db.query<{ start_ts: number; interval_s: number; import_wh: number }>(
        'select start_ts::float8 as start_ts, interval_s, import_wh from readings where house_id = $1 order by start_ts',
        [houseId],
      )
    ).rows;

  /** 10 s Glow messages from T0 for `seconds`: 17 Wh each (6.12 kW), from 1000.000 kWh. */
  const feed = (from: number, to: number) => {
    const out: [number, number][] = [];
    for (let s = from; s <= to; s += 10) out.push([T0 + s, (1_000_000 + (s / 10) * 17) / 1000]);
    return out;
  };
  const minutes = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ start_ts: T0 + i * 60, interval_s: 60, import_wh: 102 }));

  it('stores a 10 s Glow feed as 1-minute readings, ignoring zeros, the error value and day/week/month', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const houseId = await house(`glow-${suite.kind}`, [{ kind: 'glow', id: 'AABBCCDDEE01' }]);
    clock = T0 + 200;
    const { consumer } = await start(prefix);
    for (const [t, kwh] of feed(0, 180)) {
      await publish(`${prefix}glow/AABBCCDDEE01/SENSOR/electricitymeter`, glow(t, kwh));
      if (t === T0 + 50) {
        // A zero register and the error power between two real readings change nothing.
        await publish(`${prefix}glow/AABBCCDDEE01/SENSOR/electricitymeter`, glow(t + 5, 0, -8388.608));
      }
    }
    await until('three minute readings', async () => (await readingsOf(houseId)).length === 3);
    expect(await readingsOf(houseId)).toEqual(minutes(3));
    // The whole-house rollups were brought up to date by the same write path.
    const { rows } = await suite.db.query('select import_wh from rollups where house_id = $1', [houseId]);
    expect(rows).toEqual([{ import_wh: 306 }]);
    expect(consumer.stats.rejected).toBe(0);
  });

  it('changes nothing when messages come again (redelivery, a device re-sending)', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const houseId = await house(`dup-${suite.kind}`, [{ kind: 'glow', id: 'AABBCCDDEE02' }]);
    clock = T0 + 200;
    const { consumer } = await start(prefix);
    const topic = `${prefix}glow/AABBCCDDEE02/SENSOR/electricitymeter`;
    for (const [t, kwh] of feed(0, 120)) {
      await publish(topic, glow(t, kwh));
      await publish(topic, glow(t, kwh)); // each message twice
    }
    await until('two minute readings', async () => (await readingsOf(houseId)).length === 2);
    const stored = consumer.stats.readingsStored;
    for (const [t, kwh] of feed(0, 120)) await publish(topic, glow(t, kwh)); // the whole feed again
    await until('the repeats received', () => consumer.stats.messages >= 13 * 3);
    await consumer.flush();
    expect(await readingsOf(houseId)).toEqual(minutes(2));
    expect(consumer.stats.readingsStored).toBe(stored);
  });

  it('stores, after a restart, what the devices published while the server was down', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const clientId = `test-restart-${randomUUID()}`;
    const houseId = await house(`restart-${suite.kind}`, [{ kind: 'glow', id: 'AABBCCDDEE03' }]);
    const topic = `${prefix}glow/AABBCCDDEE03/SENSOR/electricitymeter`;
    clock = T0 + 400;
    const first = await start(prefix, clientId);
    for (const [t, kwh] of feed(0, 90)) await publish(topic, glow(t, kwh));
    await until('the first minute', async () => (await readingsOf(houseId)).length === 1);
    await first.mqtt.stop(); // a clean stop: the broker keeps the session
    for (const [t, kwh] of feed(100, 300)) await publish(topic, glow(t, kwh)); // published while down
    const second = await start(prefix, clientId);
    await until('five minutes', async () => (await readingsOf(houseId)).length === 5);
    expect(await readingsOf(houseId)).toEqual(minutes(5));
    expect(second.consumer.stats.messages).toBe(21);
  });

  it('turns a Shelly plug on the kettle into a kettle use with the plug energy', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const houseId = await house(`kettle-${suite.kind}`, [
      { kind: 'shelly', id: 'shellyplusplugs-k1', appliance: 'Kettle' },
    ]);
    const topic = `${prefix}shellyplusplugs-k1/events/rpc`;
    const notify = (ts: number, sw: object) =>
      JSON.stringify({ src: 'shellyplusplugs-k1', method: 'NotifyStatus', params: { ts, 'switch:0': sw } });
    clock = T0;
    const { consumer } = await start(prefix);
    const messages: [number, object][] = [
      [T0, { id: 0, apower: 0, aenergy: { total: 1000.0 } }],
      [T0 + 60, { id: 0, apower: 2900.4 }],
      [T0 + 180, { id: 0, apower: 0 }],
      [T0 + 190, { id: 0, aenergy: { total: 1100.0 } }],
    ];
    for (const [k, [t, sw]] of messages.entries()) {
      clock = t + 1;
      await publish(topic, notify(t, sw));
      await until('the message', () => consumer.stats.messages === k + 1);
    }
    clock = T0 + 600;
    const events = async () =>
      (
        await suite.db.query(
          `select t.key, e.start_ts::float8 as start_ts, e.end_ts::float8 as end_ts, e.energy_wh
           from appliance_events e join appliance_types t on t.id = e.appliance_type_id where e.house_id = $1`,
          [houseId],
        )
      ).rows;
    await until('the kettle use', async () => (await events()).length === 1);
    expect(await events()).toEqual([{ key: 'kettle', start_ts: T0 + 60, end_ts: T0 + 180, energy_wh: 100 }]);
    expect(await readingsOf(houseId)).toEqual([]); // a plug is one appliance, not the whole house
  });

  it('carries a kettle on across a restart: one use, with its start, end and the plug energy', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const clientId = `test-plug-restart-${randomUUID()}`;
    const houseId = await house(`kettle-restart-${suite.kind}`, [
      { kind: 'shelly', id: 'shellyplusplugs-k2', appliance: 'kettle' },
    ]);
    const topic = `${prefix}shellyplusplugs-k2/events/rpc`;
    const notify = (ts: number, sw: object) =>
      JSON.stringify({ src: 'shellyplusplugs-k2', method: 'NotifyStatus', params: { ts, 'switch:0': sw } });
    const events = async () =>
      (
        await suite.db.query(
          `select e.start_ts::float8 as start_ts, e.end_ts::float8 as end_ts, e.energy_wh
           from appliance_events e where e.house_id = $1 order by e.start_ts`,
          [houseId],
        )
      ).rows;
    clock = T0;
    const first = await start(prefix, clientId);
    // The kettle goes on at T0 + 60; the plug's counter says 50 Wh by T0 + 120. Then the server stops.
    const before: [number, object][] = [
      [T0, { id: 0, apower: 0, aenergy: { total: 1000.0 } }],
      [T0 + 60, { id: 0, apower: 2900.4 }],
      [T0 + 120, { id: 0, aenergy: { total: 1050.0 } }],
    ];
    for (const [k, [t, sw]] of before.entries()) {
      clock = t + 1;
      await publish(topic, notify(t, sw));
      await until('the message', () => first.consumer.stats.messages === k + 1);
    }
    await first.mqtt.stop(); // a clean stop: the plug's state is stored, the broker keeps the session
    // While the server is down the kettle switches off at T0 + 180, and the counter reports 1100 Wh.
    await publish(topic, notify(T0 + 180, { id: 0, apower: 0 }));
    await publish(topic, notify(T0 + 190, { id: 0, aenergy: { total: 1100.0 } }));
    clock = T0 + 200;
    const second = await start(prefix, clientId);
    await until('the queued messages', () => second.consumer.stats.messages === 2);
    clock = T0 + 600;
    await until('the kettle use', async () => (await events()).length > 0);
    clock = T0 + 1800; // later flushes find nothing more
    await second.consumer.flush();
    await second.consumer.flush();
    expect(await events()).toEqual([{ start_ts: T0 + 60, end_ts: T0 + 180, energy_wh: 100 }]);
    expect(first.consumer.stats.usesStored + second.consumer.stats.usesStored).toBe(1);
  });

  it('never joins two kettle boils across messages a dead server took and never stored', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const clientId = `test-plug-died-${randomUUID()}`;
    const houseId = await house(`kettle-died-${suite.kind}`, [
      { kind: 'shelly', id: 'shellyplusplugs-k3', appliance: 'kettle' },
    ]);
    const topic = `${prefix}shellyplusplugs-k3/events/rpc`;
    const notify = (ts: number, sw: object) =>
      JSON.stringify({ src: 'shellyplusplugs-k3', method: 'NotifyStatus', params: { ts, 'switch:0': sw } });
    const events = async () =>
      (
        await suite.db.query(
          `select e.start_ts::float8 as start_ts, e.end_ts::float8 as end_ts, e.energy_wh
           from appliance_events e where e.house_id = $1 order by e.start_ts`,
          [houseId],
        )
      ).rows;
    // The first server's database can be cut off: from then on nothing it takes is stored, as when it is
    // killed between a message's arrival and the next flush.
    let dead = false;
    const dying: Db = {
      ...suite.db,
      query: (sql, params) => (dead ? Promise.reject(new Error('killed')) : suite.db.query(sql, params)),
      transaction: (fn, options) =>
        dead ? Promise.reject(new Error('killed')) : suite.db.transaction(fn, options),
    } as Db;
    clock = T0;
    const first = await start(prefix, clientId, {}, dying);
    // The kettle boils from T0 + 60 (the counter at 1000 Wh before); its state is stored at a flush.
    const stored: [number, object][] = [
      [T0, { id: 0, apower: 0, aenergy: { total: 1000.0 } }],
      [T0 + 60, { id: 0, apower: 2900.4 }],
    ];
    for (const [k, [t, sw]] of stored.entries()) {
      clock = t + 1;
      await publish(topic, notify(t, sw));
      await until('the message', () => first.consumer.stats.messages === k + 1);
    }
    await first.consumer.flush();
    expect(first.consumer.lastFlushOk).toBe(true);
    // It goes off at T0 + 180 and boils again from T0 + 260: the first server takes both, and dies.
    dead = true;
    clock = T0 + 181;
    await publish(topic, notify(T0 + 180, { id: 0, apower: 0, aenergy: { total: 1100.0 } }));
    clock = T0 + 261;
    await publish(topic, notify(T0 + 260, { id: 0, apower: 2900.4 }));
    await until('both taken', () => first.consumer.stats.messages === 4);
    await first.mqtt.stop(); // its flush and its handover fail: the database is out of its reach
    // The second boil ends at T0 + 380; the next server reads the partition's session from here.
    await publish(topic, notify(T0 + 380, { id: 0, apower: 0, aenergy: { total: 1200.0 } }));
    clock = T0 + 400;
    const second = await start(prefix, clientId);
    await until('the queued message', () => second.consumer.stats.messages === 1);
    clock = T0 + 1800;
    await second.consumer.flush();
    await second.consumer.flush();
    // Believed across the gap, the stored "on since T0 + 60" would have made one use of both boils.
    expect(await events()).toEqual([]);
    // Once it is whole again, the plug's next boil is a use as ever.
    for (const [k, [t, sw]] of [
      [T0 + 1900, { id: 0, apower: 2900.4 }],
      [T0 + 2020, { id: 0, apower: 0, aenergy: { total: 1300.0 } }],
    ].entries()) {
      clock = (t as number) + 1;
      await publish(topic, notify(t as number, sw as object));
      await until('the message', () => second.consumer.stats.messages === k + 2);
    }
    clock = T0 + 2600;
    await until('the next use', async () => (await events()).length > 0);
    expect(await events()).toEqual([{ start_ts: T0 + 1900, end_ts: T0 + 2020, energy_wh: 100 }]);
  });

  it('counts bad messages per device and topic, writes nothing for them, and keeps going', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const houseId = await house(`bad-${suite.kind}`, [{ kind: 'glow', id: 'AABBCCDDEE04' }]);
    const topic = `${prefix}glow/AABBCCDDEE04/SENSOR/electricitymeter`;
    clock = T0 + 200;
    const { consumer } = await start(prefix);
    warnings.length = 0;
    await publish(topic, 'not json');
    await publish(
      topic,
      '{"electricitymeter":{"timestamp":"2026-01-15T12:00:00Z","energy":{"import":{"cumulative":"lots"}}}}',
    );
    await publish(topic, `{"pad":"${'x'.repeat(1024 * 1024)}"}`);
    await publish(
      `${prefix}tele/kettle/SENSOR`,
      '{"Time":"2026-01-15T12:00:00","ENERGY":{"Total":1.5,"Power":5}}',
    );
    await publish(topic, glow(T0, 1000));
    await publish(topic, glow(T0 + 60, 1000.1)); // 100 Wh in a minute: 6 kW, fine
    await publish(topic, glow(T0 + 70, 1500)); // 500 kWh in 10 s: impossible
    await until('everything received', () => consumer.stats.messages === 7);
    await consumer.flush();
    const rejects = await suite.db.query(
      'select device_id, topic, count, last_reason from device_rejects where device_id = $1',
      ['AABBCCDDEE04'],
    );
    expect(rejects.rows).toEqual([
      {
        device_id: 'AABBCCDDEE04',
        topic: 'glow/AABBCCDDEE04/SENSOR/electricitymeter',
        count: 4,
        last_reason:
          'the counter stepped 499.900 kWh in 10 s, more than 25 kW could use (from 1000.100 kWh to 1500.000 kWh)',
      },
    ]);
    const device = await suite.db.query(
      'select rejects, last_reject_reason from devices where device_id = $1',
      ['AABBCCDDEE04'],
    );
    expect(device.rows).toEqual([{ rejects: 4, last_reject_reason: expect.stringContaining('499.900 kWh') }]);
    const unclaimed = await suite.db.query(
      'select kind, device_id, messages from unclaimed_devices where device_id = $1',
      ['kettle'],
    );
    expect(unclaimed.rows).toEqual([{ kind: 'tasmota', device_id: 'kettle', messages: 1 }]);
    // Logged once for the minute, not once per message.
    expect(warnings).toEqual(['device message rejected']);
    // Only the one good minute was stored.
    expect(await readingsOf(houseId)).toEqual([{ start_ts: T0, interval_s: 60, import_wh: 100 }]);
  });

  it('asks a silent Shelly for its status and takes its answer', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    await house(`poll-${suite.kind}`, [{ kind: 'shelly', id: 'shellyplus1pm-p1', appliance: 'kettle' }]);
    // The device: answers Shelly.GetStatus on <src>/rpc, as Shelly firmware does.
    const device = await connectAsync(BROKER, { clientId: `test-dev-${randomUUID()}` });
    const asked: string[] = [];
    device.on('message', (_topic, payload) => {
      const ask = JSON.parse(payload.toString()) as { id: number; src: string; method: string };
      asked.push(ask.method);
      const result = { sys: { unixtime: T0 }, 'switch:0': { id: 0, apower: 0, aenergy: { total: 50.5 } } };
      void device.publishAsync(
        `${prefix}${ask.src}/rpc`,
        JSON.stringify({ id: ask.id, src: 'shellyplus1pm-p1', dst: ask.src, result }),
        { qos: 1 },
      );
    });
    await device.subscribeAsync(`${prefix}shellyplus1pm-p1/rpc`, { qos: 1 });
    clock = T0 + 5;
    try {
      await start(prefix, `test-poll-${randomUUID()}`, { pollEveryS: 0.2, shellySilentS: 60 });
      const stored = async () =>
        (
          await suite.db.query<{
            last: number | null;
            counter: { import: { t: number; mwh: number } } | string | null;
          }>('select last_message_at::float8 as last, counter from devices where device_id = $1', [
            'shellyplus1pm-p1',
          ])
        ).rows[0];
      await until('the answer stored', async () => (await stored())?.last === T0 + 5);
      const row = await stored();
      const counter = typeof row?.counter === 'string' ? JSON.parse(row.counter) : row?.counter;
      expect(counter.import).toEqual({ t: T0, mwh: 50_500, zeroAt: null });
      // Asked once: it answered, so it is no longer silent.
      await new Promise((r) => setTimeout(r, 600));
      expect(asked).toEqual(['Shelly.GetStatus']);
    } finally {
      await device.endAsync();
    }
  });
});
