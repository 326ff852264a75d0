import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { DEVICE_KINDS } from '../src/features/devices/kinds';
import { DeviceMqtt } from '../src/devices/mqtt';
import { addDevice } from '../src/features/devices/devices-repository';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { badMessages, type FuzzMessage } from './support/device-fuzz';

// Issue 27 (fuzzing): bad messages of every device kind — mutated real payloads and random bytes, seeded
// (support/device-fuzz.ts) — through the real Mosquitto into a running consumer: none is written, each is
// counted as rejected (or ignored where its topic carries no energy), no parser failure is logged, and
// the consumer stores a good message after them. `npm run fuzz` sends many more (bench/src/fuzz-devices.ts).

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000;
const PER_KIND = 50; // 300 messages in all
const SEED = Number(process.env.DEVICE_FUZZ_SEED ?? 27);

let publisher: MqttClient;
beforeAll(async () => {
  publisher = await connectAsync(BROKER, { clientId: `test-fuzz-pub-${randomUUID()}` });
});
afterAll(async () => {
  await publisher.endAsync();
});

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Plugs on an appliance, meters on the whole house, as people register them. */
const APPLIANCE: Partial<Record<(typeof DEVICE_KINDS)[number], string>> = {
  shelly: 'Kettle',
  'shelly-gen1': 'Kettle',
  tasmota: 'Kettle',
  zigbee2mqtt: 'Kettle',
};

describeEachDb('device messages fuzzed', (suite) => {
  it('writes nothing for 300 bad messages of every kind, counts them, and stores a good one after', async () => {
    const prefix = `f${randomUUID().slice(0, 8)}/`;
    const houses: number[] = [];
    const ids = new Map<string, string>();
    for (const kind of DEVICE_KINDS) {
      const username = `fuzz-${kind}-${suite.kind}`;
      await makeUser(suite.db, username);
      const { rows } = await suite.db.query<{ id: number }>(
        'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
        [username],
      );
      const houseId = rows[0]!.id;
      houses.push(houseId);
      const id = kind === 'glow' ? 'AABBCCFF0001' : `fz${kind.replace(/[^a-z0-9]/g, '')}1`;
      ids.set(kind, id);
      const appliance = APPLIANCE[kind];
      await addDevice(suite.db, { houseId, kind, deviceId: id, ...(appliance ? { appliance } : {}) }, T0);
    }
    const errors: string[] = [];
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: (o: object, msg: string) => errors.push(`${msg}: ${String((o as { err?: unknown }).err)}`),
    };
    const clock = T0 + 200;
    const consumer = new DeviceConsumer(suite.db, { now: () => clock, log });
    const mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId: `test-fuzz-${randomUUID()}`,
      topicPrefix: prefix,
      sessionExpiryS: 120,
    });
    await mqtt.start();
    try {
      const messages: FuzzMessage[] = DEVICE_KINDS.flatMap((kind, k) =>
        badMessages(kind, ids.get(kind) as string, SEED + k, PER_KIND),
      );
      for (const m of messages) await publisher.publishAsync(`${prefix}${m.topic}`, m.payload, { qos: 1 });
      await until('every message received', () => consumer.stats.messages === messages.length);
      await consumer.flush();

      expect(errors).toEqual([]); // no parser failed (threw something other than a reason)
      expect(consumer.stats.rejected + consumer.stats.ignored).toBe(messages.length);
      expect(consumer.stats.rejected).toBeGreaterThan(messages.length * 0.9);
      expect(consumer.stats.unclaimed).toBe(0);
      expect(consumer.stats.readingsStored + consumer.stats.usesStored).toBe(0);
      const written = await suite.db.query<{ readings: number; rollups: number; events: number }>(
        `select (select count(*) from readings where house_id = any($1::int[])) as readings,
                (select count(*) from rollups where house_id = any($1::int[])) as rollups,
                (select count(*) from appliance_events where house_id = any($1::int[])) as events`,
        [houses],
      );
      expect(written.rows[0]).toEqual({ readings: 0, rollups: 0, events: 0 });
      // Every rejected message is counted on its device and topic.
      const counted = await suite.db.query<{ n: number; devices: number }>(
        `select coalesce(sum(count), 0)::int as n, count(distinct device_id)::int as devices
           from device_rejects where device_id = any($1::text[])`,
        [[...ids.values()]],
      );
      expect(counted.rows[0]).toEqual({ n: consumer.stats.rejected, devices: DEVICE_KINDS.length });
      // No counter base was taken from any of them.
      const bases = await suite.db.query<{ counter: unknown }>(
        'select counter from devices where device_id = any($1::text[])',
        [[...ids.values()]],
      );
      for (const { counter } of bases.rows) {
        const c = typeof counter === 'string' ? JSON.parse(counter) : counter;
        expect(c?.import ?? null).toBeNull();
      }

      // A good Glow feed after all that: 17 Wh every 10 s for 70 s is one minute of 102 Wh.
      const topic = `${prefix}glow/${ids.get('glow')}/SENSOR/electricitymeter`;
      for (let s = 0; s <= 70; s += 10) {
        const payload = JSON.stringify({
          electricitymeter: {
            timestamp: new Date((T0 + s) * 1000).toISOString().replace('.000Z', 'Z'),
            energy: { import: { cumulative: (1_000_000 + (s / 10) * 17) / 1000, units: 'kWh' } },
          },
        });
        await publisher.publishAsync(topic, payload, { qos: 1 });
      }
      const glowHouse = houses[DEVICE_KINDS.indexOf('glow')];
      const readings = async () =>
        (
          await suite.db.query(
            'select start_ts::float8 as start_ts, interval_s, import_wh from readings where house_id = $1',
            [glowHouse as number],
          )
        ).rows;
      await until('the good minute stored', async () => (await readings()).length === 1);
      expect(await readings()).toEqual([{ start_ts: T0, interval_s: 60, import_wh: 102 }]);
    } finally {
      await mqtt.stop();
    }
  });
});
