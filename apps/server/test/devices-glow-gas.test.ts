import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { DeviceMqtt } from '../src/devices/mqtt';
import { addDevice } from '../src/features/devices/devices-repository';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// A Glow's gas (glow/<id>/SENSOR/gasmeter, issue 35) end to end against the real Mosquitto on
// 127.0.0.1:1883 (never a mock), as devices-mqtt.test.ts does for its electricity: the register (kWh) is
// refreshed from the meter every 30 min and re-sent in between; its movement is stored as gas half-hours
// through the one write path, Wh for Wh. Each test has its own topic prefix and client id; the consumer's
// clock is pinned (device times in the payloads are fixed), the flush timer is real.

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000; // a half-hour boundary, a plain winter day (UTC = London)
const MIN = 60;

let publisher: MqttClient;
beforeAll(async () => {
  publisher = await connectAsync(BROKER, { clientId: `test-pub-${randomUUID()}` });
});
afterAll(async () => {
  await publisher.endAsync();
});

const publish = (topic: string, payload: string) => publisher.publishAsync(topic, payload, { qos: 1 });

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** A gasmeter message as the IHD sends it (sensor.py's capture, with the volume registers). */
function gas(t: number, kwh: number): string {
  return JSON.stringify({
    gasmeter: {
      timestamp: iso(t),
      energy: {
        export: { cumulative: 0, units: 'kWh' },
        import: {
          cumulative: kwh,
          day: 11.128,
          week: 104.749,
          month: 217.122,
          units: 'kWh',
          cumulativevol: 1586.219,
          dayvol: 0.984,
          weekvol: 9.262,
          monthvol: 19.198,
          mprn: '<redacted>',
          supplier: '---',
          price: { unitrate: 0.0732, standingcharge: 0.1785 },
        },
      },
      power: { value: 0, units: 'kW' },
    },
  });
}

function electricity(t: number, kwh: number): string {
  return JSON.stringify({
    electricitymeter: {
      timestamp: iso(t),
      energy: {
        export: { cumulative: 0, units: 'kWh' },
        import: { cumulative: kwh, day: 1.5, week: 9.9, month: 40.2, units: 'kWh' },
      },
      power: { value: 6, units: 'kW' },
    },
  });
}

describeEachDb('a Glow’s gas over MQTT', (suite) => {
  let clock = T0;
  const started: DeviceMqtt[] = [];
  afterAll(async () => {
    for (const m of started) await m.stop();
  });

  async function start(prefix: string) {
    const consumer = new DeviceConsumer(suite.db, { now: () => clock });
    const mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId: `test-gas-${randomUUID()}`,
      topicPrefix: prefix,
      sessionExpiryS: 120,
    });
    await mqtt.start();
    started.push(mqtt);
    return consumer;
  }

  async function glowHouse(name: string, deviceId: string): Promise<number> {
    await makeUser(suite.db, name);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [name],
    );
    const houseId = rows[0]!.id;
    await addDevice(suite.db, { houseId, kind: 'glow', deviceId }, T0);
    return houseId;
  }

  const readingsOf = async (houseId: number, fuel: number) =>
    (
      await suite.db.query<{ start_ts: number; interval_s: number; import_wh: number }>(
        `select start_ts::float8 as start_ts, interval_s, import_wh from readings
          where house_id = $1 and fuel = $2 order by start_ts`,
        [houseId, fuel],
      )
    ).rows;

  it('stores the register’s movement as gas half-hours, each refresh in the half-hour before it', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const houseId = await glowHouse(`glow-gas-${suite.kind}`, 'AABBCCDDEE21');
    const topic = `${prefix}glow/AABBCCDDEE21/SENSOR/gasmeter`;
    clock = T0 + 6 * 3600;
    const consumer = await start(prefix);
    // The register as refreshed, re-sent every 5 minutes (the IHD re-sends every ~10 s: fewer, same rule).
    const register = (m: number): number => {
      if (m < 30) return 5000.0;
      if (m < 90) return 5001.234; // refreshed at 12:30; at 13:00 unchanged (no gas 12:30–13:00)
      if (m < 130) return 5003.234; // 13:30
      if (m < 160) return 5004.235; // 14:10, a refresh off the half-hour
      if (m < 210) return 5004.535; // 14:40
      return 5004.625; // 15:30, then no gas until 17:00
    };
    let sent = 0;
    for (let m = 0; m <= 300; m += 5) {
      await publish(topic, gas(T0 + m * MIN, register(m)));
      sent++;
    }
    await until('the nine gas half-hours', async () => (await readingsOf(houseId, 1)).length === 9);
    await until('every message', () => consumer.stats.messages === sent);
    await consumer.flush();
    // Worked by hand: 12:30's 1.234 kWh in 12:00–12:30; 13:30's 2 kWh in 13:00–13:30, and 12:30–13:00 none
    // (the 13:00 refresh read no gas: 0 Wh, not a gap); 14:10's 1.001 kWh over 13:40–14:10, 20 min of it
    // (667 Wh) in 13:30 and 10 (334) in 14:00; 14:40's 0.3 kWh over 14:10–14:40: 200 Wh in 14:00 (334 + 200
    // = 534) and 100 in 14:30; 15:30's 0.09 kWh in 15:00–15:30. Then the register stands still: at 17:00 it
    // still reads the same, so the meter read it so at a refresh after 16:30: 15:30 and 16:00 had none,
    // stored as they are known, without waiting for the next change (16:30 may yet hold some).
    const half = (h: number, m: number, wh: number) => ({
      start_ts: T0 + ((h - 12) * 60 + m) * MIN,
      interval_s: 1800,
      import_wh: wh,
    });
    const stored = await readingsOf(houseId, 1);
    expect(stored).toEqual([
      half(12, 0, 1234),
      half(12, 30, 0),
      half(13, 0, 2000),
      half(13, 30, 667),
      half(14, 0, 534),
      half(14, 30, 100),
      half(15, 0, 90),
      half(15, 30, 0),
      half(16, 0, 0),
    ]);
    // Exactly the register's movement, 5004.625 − 5000.000 kWh, and no electricity from the gas topic.
    expect(stored.reduce((sum, r) => sum + r.import_wh, 0)).toBe(4625);
    expect(await readingsOf(houseId, 0)).toEqual([]);
    // The gas half-hours and the gas day were summed by the same write path (priced at the gas cap).
    const day = await suite.db.query(
      'select fuel, import_wh::float8 as import_wh from daily_rollups where house_id = $1 order by fuel',
      [houseId],
    );
    expect(day.rows).toEqual([{ fuel: 1, import_wh: 4625 }]);
    expect(consumer.stats.rejected).toBe(0);
    expect(consumer.stats.gasStored).toBe(9);
  });

  it('refuses the error value and a step back, counted on the device, and loses no electricity', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    const id = 'AABBCCDDEE22';
    const houseId = await glowHouse(`glow-gas-bad-${suite.kind}`, id);
    const gasTopic = `${prefix}glow/${id}/SENSOR/gasmeter`;
    const elecTopic = `${prefix}glow/${id}/SENSOR/electricitymeter`;
    clock = T0 + 4 * 3600;
    const consumer = await start(prefix);
    const register = (m: number): number => {
      if (m < 30) return 5000.0;
      if (m === 45) return -8388.608; // the Glow's error value
      if (m < 60) return 5001.0;
      if (m < 90) return 4000.0; // a step back at 13:00
      return 4000.5; // 13:30: counts on from there (the rule of every counter)
    };
    let sent = 0;
    for (let m = 0; m <= 90; m += 5) {
      // Electricity every 5 minutes, 0.5 kWh each (6 kW), around every gas message.
      await publish(elecTopic, electricity(T0 + m * MIN, 1000 + (m / 5) * 0.5));
      await publish(gasTopic, gas(T0 + m * MIN, register(m)));
      sent += 2;
    }
    await until('every message', () => consumer.stats.messages === sent);
    await until('the stored data', async () => (await readingsOf(houseId, 0)).length === 90);
    await consumer.flush();
    // Every electricity minute from 12:00 to 13:30: 100 Wh each, none lost to the gas refused beside them.
    const minutes = await readingsOf(houseId, 0);
    expect(minutes).toEqual(
      Array.from({ length: 90 }, (_, i) => ({ start_ts: T0 + i * MIN, interval_s: 60, import_wh: 100 })),
    );
    expect(await readingsOf(houseId, 1)).toEqual([
      { start_ts: T0, interval_s: 1800, import_wh: 1000 },
      { start_ts: T0 + 60 * MIN, interval_s: 1800, import_wh: 500 },
    ]);
    // The two refused gas messages, counted on the gas topic and on the device's card.
    const rejects = await suite.db.query(
      'select topic, count, last_reason from device_rejects where device_id = $1',
      [id],
    );
    expect(rejects.rows).toEqual([
      {
        topic: `glow/${id}/SENSOR/gasmeter`,
        count: 2,
        last_reason:
          'gas: the counter stepped 4000.000 kWh in 1800 s, more than 70 kW could use (from 5001.000 kWh to 4000.000 kWh)',
      },
    ]);
    const device = await suite.db.query('select rejects from devices where device_id = $1', [id]);
    expect(device.rows).toEqual([{ rejects: 2 }]);
    expect(consumer.stats.rejected).toBe(2);
  });
});
