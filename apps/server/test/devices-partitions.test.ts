import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { LOCKS } from '../src/db/exclusive';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { partitionOf } from '../src/devices/partitions';
import { registerDevice } from '../src/features/devices/registry';
import { addDevice } from '../src/features/devices/devices-repository';
import { type RunningDevices, startDevices } from '../src/devices/server';
import { makeUser } from './support/app';
import { createPostgresDatabase, dbKinds, describeEachDb, type TestDatabase } from './support/db';

// Devices shared out over servers (issue 26): the device partitions spread over the live servers, each
// partition read by one of them, a dead server's partitions taken by the others with what the broker
// queued for them. Two "servers" here are two device runtimes (startDevices, as main.ts runs it) on two
// pools of one PostgreSQL database, against the real Mosquitto on 127.0.0.1:1883, on topics and client ids
// of this test's own. Clocks are pinned: device time is in the payloads, the consumers' clock fixed after.

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000; // a minute boundary, a plain winter day
const PARTITIONS = 8;
const clock = () => T0 + 3600;

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => quiet,
  level: 'silent',
  silent: () => undefined,
} as unknown as FastifyBaseLogger;

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function glow(t: number, wh: number): string {
  return JSON.stringify({
    electricitymeter: {
      timestamp: new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
      energy: { import: { cumulative: wh / 1000, units: 'kWh' } },
      power: { value: 0.6, units: 'kW' },
    },
  });
}

/** Two Glow ids in every partition (chosen by the partition function, which every server shares). */
function glowIds(): string[] {
  const per = new Map<number, string[]>();
  for (let n = 0; [...per.values()].filter((ids) => ids.length >= 2).length < PARTITIONS; n++) {
    const id = `AABBCC${n.toString(16).toUpperCase().padStart(6, '0')}`;
    const p = partitionOf('glow', id, PARTITIONS);
    const ids = per.get(p) ?? [];
    if (ids.length < 2) per.set(p, [...ids, id]);
  }
  return [...per.values()].flat();
}

function setup(tag: string) {
  return loadConfig(
    {
      MQTT_URL: BROKER,
      MQTT_CLIENT_ID: `test-parts-${tag}`,
      MQTT_SHARE_GROUP: `t${tag}`,
      MQTT_PARTITIONS: String(PARTITIONS),
    },
    '/srv/app',
  );
}

async function house(db: Db, name: string, deviceId: string): Promise<number> {
  await makeUser(db, name);
  const { rows } = await db.query<{ id: number }>(
    'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
    [name],
  );
  const houseId = rows[0]!.id;
  await addDevice(db, { houseId, kind: 'glow', deviceId }, T0);
  return houseId;
}

const readingsOf = async (db: Db, houseIds: number[]) =>
  (
    await db.query<{ house_id: number; start_ts: number; interval_s: number; import_wh: number }>(
      `select house_id, start_ts::float8 as start_ts, interval_s, import_wh from readings
       where house_id = any($1::int[]) order by house_id, start_ts`,
      [houseIds],
    )
  ).rows;

/** `n` minutes of 102 Wh from T0 for each house: 17 Wh every 10 s. */
const minutesOf = (houseIds: number[], n: number) =>
  houseIds.flatMap((house_id) =>
    Array.from({ length: n }, (_, i) => ({
      house_id,
      start_ts: T0 + i * 60,
      interval_s: 60,
      import_wh: 102,
    })),
  );

let publisher: MqttClient;
beforeAll(async () => {
  publisher = await connectAsync(BROKER, { clientId: `test-pub-${randomUUID()}` });
});
afterAll(async () => {
  await publisher.endAsync();
});

/** Each device's 10 s Glow messages for device seconds [from, to]; returns how many were sent. */
async function feed(prefix: string, ids: string[], from: number, to: number): Promise<number> {
  let sent = 0;
  for (let s = from; s <= to; s += 10)
    await Promise.all(
      ids.map((id) => {
        sent++;
        return publisher.publishAsync(
          `${prefix}glow/${id}/SENSOR/electricitymeter`,
          glow(T0 + s, 1_000_000 + (s / 10) * 17),
          { qos: 1 },
        );
      }),
    );
  return sent;
}

describe.runIf(dbKinds.includes('postgres'))('device partitions over two servers on one PostgreSQL', () => {
  let database: TestDatabase & { url: string };
  let second: Db;
  const running: RunningDevices[] = [];
  const tag = randomUUID().slice(0, 8);
  const prefix = `t${tag}/`;
  const config = setup(tag);
  const ids = glowIds();
  const houses: number[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    second = await openPostgres(database.url, 5);
    for (const [i, id] of ids.entries()) houses.push(await house(database.db, `parts${i}`, id));
  });
  afterAll(async () => {
    for (const r of running) await r.stop();
    await second?.close();
    await database?.drop();
  });

  const start = async (db: Db, balanceMs: number) => {
    const r = await startDevices({
      config,
      db,
      log: quiet,
      balanceMs,
      topicPrefix: prefix,
      sessionExpiryS: 120,
      now: clock,
    });
    if (r === null) throw new Error('MQTT_URL is set');
    running.push(r);
    return r;
  };

  it('shares the partitions evenly, stores each message once, and hands a dead server’s partitions over', async () => {
    // A's lock connections come from a database that can be made unreachable for them (below).
    let unreachable = false;
    const aDb: Db = {
      ...database.db,
      lockSession: () =>
        unreachable ? Promise.reject(new Error('unreachable')) : database.db.lockSession!(),
    };
    const a = await start(aDb, 300);
    expect(a.held()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]); // alone: every partition
    await a.subscribed;
    const b = await start(second, 1500);
    // A is over its share once B counts: it hands four over cleanly, and B takes them.
    await until('an even share', () => a.held().length === 4 && b.held().length === 4);
    expect([...a.held(), ...b.held()].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await Promise.all([a.subscribed, b.subscribed]);
    await until('both subscribed', async () => {
      const { rows } = await database.db.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
           and objid::bigint between $1 and $2 and database = (select oid from pg_database where datname = current_database())`,
        [LOCKS.devicePartitions, LOCKS.devicePartitions + PARTITIONS - 1],
      );
      return rows[0]?.n === PARTITIONS;
    });
    // The partitions' clients are connected and subscribed once they are held a moment.
    await new Promise((r) => setTimeout(r, 500));

    let sent = await feed(prefix, ids, 0, 180);
    await until(
      'three minutes of every house',
      async () => (await readingsOf(database.db, houses)).length === houses.length * 3,
    );
    expect(await readingsOf(database.db, houses)).toEqual(minutesOf(houses, 3));
    // Every message was read by one server exactly: the two together saw each once.
    await until('every message counted', () => a.stats.messages + b.stats.messages === sent);
    expect(a.stats.messages).toBeGreaterThan(0);
    expect(b.stats.messages).toBeGreaterThan(0);

    // A's lock connection dies and PostgreSQL stays out of its reach (as when its machine is cut off):
    // it loses every partition at once and stops reading them; B takes them within its next look,
    // resuming their sessions with what the broker queued for them meanwhile.
    const aHeld = a.held();
    const { rows } = await database.db.query<{ pid: number }>(
      `select distinct pid from pg_locks where locktype = 'advisory' and granted and objid::bigint = $1
         and database = (select oid from pg_database where datname = current_database())`,
      [LOCKS.devicePartitions + (aHeld[0] as number)],
    );
    expect(rows).toHaveLength(1);
    unreachable = true;
    await database.db.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await until('A gave its partitions up', () => a.held().length === 0);
    await running.splice(0, 1)[0]!.stop(); // and A is gone for good
    const before = a.stats.messages;
    sent += await feed(prefix, ids, 190, 360);
    await until('B holds every partition', () => b.held().length === PARTITIONS, 15_000);
    await until(
      'six minutes of every house',
      async () => (await readingsOf(database.db, houses)).length === houses.length * 6,
    );
    expect(await readingsOf(database.db, houses)).toEqual(minutesOf(houses, 6));
    await until('every message counted', () => a.stats.messages + b.stats.messages === sent);
    expect(a.stats.messages).toBe(before);

    // A device added now is subscribed at once by the partition's holder: its first messages are stored.
    const late = ids.length;
    await makeUser(database.db, 'parts-late');
    const lateHouse = (
      await database.db.query<{ id: number }>(
        "select h.id from houses h join users u on u.id = h.owner_user_id where u.username = 'parts-late'",
      )
    ).rows[0]!.id;
    await registerDevice(database.db, { houseId: lateHouse, kind: 'glow', deviceId: `AABBCCFF${late}` }, T0);
    await until('the new device subscribed', async () => {
      // Published until it is heard: the first message that reaches it sets its counter's base.
      await feed(prefix, [`AABBCCFF${late}`], 0, 0);
      return b.stats.messages > sent;
    });
    await feed(prefix, [`AABBCCFF${late}`], 10, 60);
    await until('its first minute', async () => (await readingsOf(database.db, [lateHouse])).length === 1);
    expect(await readingsOf(database.db, [lateHouse])).toEqual(minutesOf([lateHouse], 1));
  });
});

describeEachDb('device partitions on one server', (suite) => {
  it('holds every partition alone (PGlite: always)', async () => {
    const tag = randomUUID().slice(0, 8);
    const r = await startDevices({
      config: setup(tag),
      db: suite.db,
      log: quiet,
      balanceMs: 300,
      topicPrefix: `t${tag}/`,
      sessionExpiryS: 120,
      now: clock,
    });
    try {
      expect(r?.held()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      await r?.subscribed;
    } finally {
      await r?.stop();
    }
    expect(r?.held()).toEqual([]);
  });
});
