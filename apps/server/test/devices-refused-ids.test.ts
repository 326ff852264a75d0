import { randomUUID } from 'node:crypto';
import { deviceIdProblem } from '@homeview/contract';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate';
import { DeviceConsumer } from '../src/devices/consumer';
import { DeviceMqtt } from '../src/devices/mqtt';
import { addDevice, DeviceError } from '../src/features/devices/devices-repository';
import { makeUser } from './support/app';
import { createDatabaseThrough, dbKinds, describeEachDb } from './support/db';

// Issue 34 item 2: one device id MQTT refuses (a control character, a non-character) made Mosquitto drop
// its partition's client at every SUBSCRIBE, so every device of the partition heard nothing. The one id
// check refuses such ids, migration 0022 renames those already stored, and a refused SUBSCRIBE falls back
// to one filter at a time and quarantines the refused one. Against the real Mosquitto on 127.0.0.1:1883.

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000;
/** What Mosquitto refuses in a topic: C0, DEL, C1 (NEL), non-characters of the BMP and of plane 1. */
const REFUSED = ['zz\u0001', 'a\u007fb', '\u0085', 'x\uffff', 'y\ufdd0', 'z\u{1fffe}'];

describe('the one device id check', () => {
  it('refuses what MQTT refuses in a topic, and lone surrogates', () => {
    for (const id of [...REFUSED, 'tab\there', 'lone\ud800', 'lone\udc00x'])
      expect(deviceIdProblem(id), JSON.stringify(id)).toMatch(/control characters or Unicode non-characters/);
  });
  it('keeps ids with letters of any script, spaces and astral characters', () => {
    for (const id of ['AABBCCDDEE01', 'shellyplus1pm-a8032ab12345', 'café', 'Küche Stecker', 'plug😀'])
      expect(deviceIdProblem(id), id).toBeNull();
  });
});

const glow = (t: number, kwh: number) =>
  JSON.stringify({
    electricitymeter: {
      timestamp: new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
      energy: { export: { cumulative: 0, units: 'kWh' }, import: { cumulative: kwh, units: 'kWh' } },
      power: { value: 6.12, units: 'kW' },
    },
  });

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function houseOf(db: Parameters<typeof makeUser>[0], name: string): Promise<number> {
  await makeUser(db, name);
  const { rows } = await db.query<{ id: number }>(
    'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
    [name],
  );
  return rows[0]!.id;
}

describeEachDb('device ids MQTT refuses', (suite) => {
  let publisher: MqttClient;
  const started: DeviceMqtt[] = [];
  beforeAll(async () => {
    publisher = await connectAsync(BROKER, { clientId: `test-pub-${randomUUID()}` });
  });
  afterAll(async () => {
    for (const m of started) await m.stop();
    await publisher.endAsync();
  });

  it('are refused by the registry', async () => {
    const houseId = await houseOf(suite.db, `refused-${suite.kind}`);
    for (const id of REFUSED)
      await expect(addDevice(suite.db, { houseId, kind: 'glow', deviceId: id }, T0)).rejects.toThrow(
        DeviceError,
      );
    const { rows } = await suite.db.query('select 1 from devices where house_id = $1', [houseId]);
    expect(rows).toEqual([]);
  });

  it('one stored before the check is quarantined, and the rest of its partition still hears its devices', async () => {
    const houseId = await houseOf(suite.db, `deaf-${suite.kind}`);
    // As stored before the check refused it (the API took it): straight into the table, before the good
    // one, so its filter comes first in the SUBSCRIBE (Mosquitto takes the filters before a refused one).
    const bad = 'zz\u0001';
    await suite.db.query(
      `insert into devices (house_id, kind, device_id, created_at) values ($1, 'glow', $2, $3)`,
      [houseId, bad, T0],
    );
    // Beside it, as in a partition of many homes: another home's Glow (a home has one whole-house meter).
    const other = await houseOf(suite.db, `deaf-other-${suite.kind}`);
    await addDevice(suite.db, { houseId: other, kind: 'glow', deviceId: 'GOOD0000AA01' }, T0);
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_: object, msg: string) => warnings.push(msg) };
    const consumer = new DeviceConsumer(suite.db, { now: () => T0 + 200, log: { ...log, error: () => {} } });
    // One partition: both devices in it, the bad id's filters in the same SUBSCRIBE as the good one's.
    const mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId: `test-${prefix}`,
      topicPrefix: prefix,
      partitions: 1,
      sessionExpiryS: 60,
      log,
    });
    started.push(mqtt);
    await Promise.race([
      mqtt.start(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the partition never subscribed')), 20_000),
      ),
    ]);
    for (let s = 0; s <= 120; s += 10)
      await publisher.publishAsync(
        `${prefix}glow/GOOD0000AA01/SENSOR/electricitymeter`,
        glow(T0 + s, (1_000_000 + (s / 10) * 17) / 1000),
        { qos: 1 },
      );
    const readings = async () =>
      (await suite.db.query('select 1 from readings where house_id = $1', [other])).rows.length;
    await until('the good Glow stored', async () => (await readings()) === 2);
    expect(warnings).toContain('mqtt broker refuses a device id: its device is not subscribed');
    await consumer.flush();
    const { rows } = await suite.db.query<{ rejects: number; last_reject_reason: string }>(
      'select rejects, last_reject_reason from devices where device_id = $1',
      [bad],
    );
    expect(rows[0]?.rejects).toBe(1);
    expect(rows[0]?.last_reject_reason).toMatch(/broker refuses a subscription to this id/);
  }, 40_000);
});

describe.each(dbKinds)('migration 0022 on %s', (kind) => {
  const version = loadMigrations().find((m) => m.name === 'device_ids_mqtt_refuses')?.version as number;

  it('renames the stored ids MQTT refuses, says so on their card, and drops such unclaimed records', async () => {
    expect(version).toBe(22);
    const database = await createDatabaseThrough(kind, version - 1);
    const db = database.db;
    try {
      // The schema as it was at 0021: today's account code writes columns added since (0034's postcode).
      const { rows: users } = await db.query<{ id: number }>(
        `insert into users (username, email, password_hash) values ('migrated', 'migrated@example.com', 'x')
         returning id`,
      );
      const { rows: houses } = await db.query<{ id: number }>(
        `insert into houses (owner_user_id, name, time_zone) values ($1, 'Migrated', 'Europe/London') returning id`,
        [users[0]!.id],
      );
      const houseId = houses[0]!.id;
      const ids = ['AABBCCDDEE01', 'zz\u0001', '\u0085', 'x\uffff', 'z\u{1fffe}', 'café'];
      for (const id of ids)
        await db.query(
          `insert into devices (house_id, kind, device_id, created_at) values ($1, 'glow', $2, $3)`,
          [houseId, id, T0],
        );
      for (const id of ['q\u0002', 'GOODUNCLAIMED'])
        await db.query(
          `insert into unclaimed_devices (kind, device_id, first_seen, last_seen, messages)
           values ('glow', $1, $2, $2, 1)`,
          [id, T0],
        );
      await migrate(db);
      const { rows } = await db.query<{
        id: number;
        device_id: string;
        rejects: number;
        reason: string | null;
      }>('select id, device_id, rejects, last_reject_reason as reason from devices order by id');
      expect(rows.map((r) => r.device_id)).toEqual([
        'AABBCCDDEE01',
        `refused-id-${rows[1]!.id}`,
        `refused-id-${rows[2]!.id}`,
        `refused-id-${rows[3]!.id}`,
        `refused-id-${rows[4]!.id}`,
        'café',
      ]);
      expect(rows.map((r) => r.rejects)).toEqual([0, 1, 1, 1, 1, 0]);
      expect(rows[1]!.reason).toBe(
        `Its id "zz?" holds characters MQTT refuses in a topic, so it was renamed refused-id-${rows[1]!.id}: remove it and add the device under its real id.`,
      );
      expect(rows[0]!.reason).toBeNull();
      const unclaimed = await db.query<{ device_id: string }>('select device_id from unclaimed_devices');
      expect(unclaimed.rows).toEqual([{ device_id: 'GOODUNCLAIMED' }]);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
