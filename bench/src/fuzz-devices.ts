// `npm run fuzz` (or `npm run fuzz -- mqtt` alone): bad messages of every device kind — the real payloads
// of the field reference mutated, and random bytes, seeded (apps/server/test/support/device-fuzz.ts) —
// published through the real Mosquitto into a running consumer on the fuzz's database. Per kind: messages,
// rejected and ignored, rows written (must be 0), parser or flush failures (must be 0); then a good Glow
// feed must still be stored. Returns the number of failures.
import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { DeviceConsumer } from '../../apps/server/src/devices/consumer';
import { DEVICE_KINDS } from '../../apps/server/src/features/devices/kinds';
import { DeviceMqtt } from '../../apps/server/src/devices/mqtt';
import { addDevice } from '../../apps/server/src/features/devices/devices-repository';
import type { Db } from '../../apps/server/src/db/types';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { createAccount, createHouse } from '../../apps/server/src/features/accounts/users';
import { badMessages } from '../../apps/server/test/support/device-fuzz';
import { ELECTRICITY_CODE } from '../../apps/server/src/shared/fuel';

const BROKER = process.env.FUZZ_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PLUG_KINDS = new Set(['shelly', 'shelly-gen1', 'tasmota', 'zigbee2mqtt']);

async function until(done: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

export async function fuzzDevices(db: Db, seed: number, perKind: number): Promise<number> {
  let publisher: Awaited<ReturnType<typeof connectAsync>>;
  try {
    publisher = await connectAsync(BROKER, { clientId: `fuzz-pub-${randomUUID()}`, connectTimeout: 3000 });
  } catch {
    console.log(`mqtt: no broker at ${BROKER}: device fuzz skipped`);
    return 0;
  }
  const prefix = `fuzz${randomUUID().slice(0, 8)}/`;
  const hasher = new PasswordHasher(1000);
  const houses = new Map<string, number>();
  const ids = new Map<string, string>();
  for (const kind of DEVICE_KINDS) {
    const username = `fuzz-device-${kind}`;
    const owner = await createAccount(db, hasher, {
      username,
      email: `${username}@example.com`,
      password: 'Fuzz-Pass1!',
      setupDone: true,
    });
    const houseId = await createHouse(db, {
      ownerUserId: owner,
      name: kind,
      timeZone: 'Europe/London',
      demo: false,
    });
    const id = kind === 'glow' ? 'AABBCCFF0F01' : `fz${kind.replace(/[^a-z0-9]/g, '')}1`;
    houses.set(kind, houseId);
    ids.set(kind, id);
    const appliance = PLUG_KINDS.has(kind) ? { appliance: 'Kettle' } : {};
    await addDevice(db, { houseId, kind, deviceId: id, ...appliance }, Math.floor(Date.now() / 1000));
  }
  const failures: string[] = [];
  const consumer = new DeviceConsumer(db, {
    now: () => Date.now() / 1000,
    log: {
      info: () => undefined,
      warn: () => undefined,
      error: (o: object, msg: string) => failures.push(`${msg}: ${String((o as { err?: unknown }).err)}`),
    },
  });
  const mqtt = new DeviceMqtt(consumer, {
    url: BROKER,
    clientId: `fuzz-${randomUUID()}`,
    topicPrefix: prefix,
    sessionExpiryS: 120,
  });
  await mqtt.start();
  let bad = 0;
  try {
    for (const [k, kind] of DEVICE_KINDS.entries()) {
      const t0 = performance.now();
      const before = { ...consumer.stats };
      const messages = badMessages(kind, ids.get(kind) as string, seed + k, perKind);
      const made = new Map<string, number>();
      for (const m of messages) made.set(m.how, (made.get(m.how) ?? 0) + 1);
      // 100 in flight at a time (QoS 1: each acknowledged by the broker).
      for (let at = 0; at < messages.length; at += 100)
        await Promise.all(
          messages
            .slice(at, at + 100)
            .map((m) => publisher.publishAsync(`${prefix}${m.topic}`, m.payload, { qos: 1 })),
        );
      const all = await until(() => consumer.stats.messages - before.messages === messages.length, 120_000);
      await consumer.flush();
      const houseId = houses.get(kind) as number;
      const { rows } = await db.query<{ n: number }>(
        `select (select count(*) from readings where house_id = $1 and fuel = ${ELECTRICITY_CODE})
              + (select count(*) from rollups where house_id = $1 and fuel = ${ELECTRICITY_CODE})
              + (select count(*) from appliance_events where house_id = $1) as n`,
        [houseId],
      );
      const written = rows[0]?.n ?? 0;
      const rejected = consumer.stats.rejected - before.rejected;
      const ignored = consumer.stats.ignored - before.ignored;
      if (!all || written > 0 || rejected + ignored !== messages.length) bad++;
      console.log(
        `mqtt ${kind.padEnd(12)} ${String(messages.length).padStart(6)} messages${all ? '' : ' (NOT ALL RECEIVED)'}, ${rejected} rejected, ${ignored} ignored, ${written} rows written, ${((performance.now() - t0) / 1000).toFixed(1)} s  [${[...made].map(([how, n]) => `${how}:${n}`).join(' ')}]`,
      );
    }
    // Still working: a good Glow feed (17 Wh every 10 s for 70 s) becomes one stored minute.
    const start = Math.floor(Date.now() / 1000 / 60) * 60 - 600;
    for (let s = 0; s <= 70; s += 10) {
      const payload = JSON.stringify({
        electricitymeter: {
          timestamp: new Date((start + s) * 1000).toISOString().replace('.000Z', 'Z'),
          energy: { import: { cumulative: (1_000_000 + (s / 10) * 17) / 1000, units: 'kWh' } },
        },
      });
      await publisher.publishAsync(`${prefix}glow/${ids.get('glow')}/SENSOR/electricitymeter`, payload, {
        qos: 1,
      });
    }
    const stored = await until(async () => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*) as n from readings where house_id = $1 and fuel = ${ELECTRICITY_CODE}`,
        [houses.get('glow') as number],
      );
      return rows[0]?.n === 1;
    }, 30_000);
    if (!stored) bad++;
    console.log(`mqtt: a good Glow minute after the fuzz ${stored ? 'stored' : 'NOT STORED'}`);
  } finally {
    await mqtt.stop();
    await publisher.endAsync();
  }
  for (const f of failures.slice(0, 5)) console.log(`     ${f}`);
  console.log(`mqtt: ${failures.length} parser or flush failures`);
  return bad + failures.length;
}
