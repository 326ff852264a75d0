import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { DeviceMqtt } from '../src/devices/mqtt';
import { addDevice } from '../src/features/devices/devices-repository';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// A Shelly Pro EM back after an outage fills the gap from its own 1-minute records (EM1Data.GetData over
// RPC, answered by a simulated device on the real Mosquitto, a page of 5 records at a time): each minute
// of the gap gets the energy the device recorded for it, not an even share, and the gap's readings add up
// to the counter's difference exactly. A device that does not answer has the gap spread evenly once
// HISTORY_WAIT_S has passed. The consumer's clock is pinned; each test has its own topic prefix.

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000;
/** What the clamp measured: minute k from T0 used 10 + k Wh, evenly within the minute. */
const usedWh = (k: number) => 10 + k;
/** The device's counter (Wh) at t: 1000 Wh at T0 plus what was used since. */
function counterWh(t: number): number {
  const k = Math.floor((t - T0) / 60);
  let wh = 1000;
  for (let i = 0; i < k; i++) wh += usedWh(i);
  return wh + (usedWh(k) * (t - T0 - k * 60)) / 60;
}

let publisher: MqttClient;
beforeAll(async () => {
  publisher = await connectAsync(BROKER, { clientId: `test-emh-pub-${randomUUID()}` });
});
afterAll(async () => {
  await publisher.endAsync();
});

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeEachDb('Shelly EM history after an outage', (suite) => {
  let clock = T0;
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  async function setUp(name: string, deviceId: string, answers: boolean) {
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    await makeUser(suite.db, name);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [name],
    );
    const houseId = rows[0]!.id;
    await addDevice(suite.db, { houseId, kind: 'shelly', deviceId }, T0);
    // The device: answers EM1Data.GetData for id 0 with its records from ts to end_ts, 5 a page.
    const device = await connectAsync(BROKER, { clientId: `test-emh-dev-${randomUUID()}` });
    const asks: { ts: number; end_ts: number }[] = [];
    device.on('message', (_topic, payload) => {
      const ask = JSON.parse(payload.toString()) as {
        id: number;
        src: string;
        method: string;
        params: { id: number; ts: number; end_ts: number };
      };
      asks.push({ ts: ask.params.ts, end_ts: ask.params.end_ts });
      if (!answers) {
        const error = {
          id: ask.id,
          src: deviceId,
          dst: ask.src,
          error: { code: 404, message: 'No handler' },
        };
        void device.publishAsync(`${prefix}${ask.src}/rpc`, JSON.stringify(error), { qos: 1 });
        return;
      }
      const first = Math.ceil((ask.params.ts - T0) / 60);
      const values: number[][] = [];
      for (let k = first; T0 + (k + 1) * 60 <= ask.params.end_ts && values.length < 5; k++)
        values.push([usedWh(k), 0, 3.5]);
      const start = T0 + first * 60;
      const last = start + values.length * 60;
      const result = {
        keys: ['total_act_energy', 'total_act_ret_energy', 'max_act_power'],
        data: values.length > 0 ? [{ ts: start, period: 60, values }] : [],
        ...(last + 60 <= ask.params.end_ts ? { next_record_ts: last } : {}),
      };
      void device.publishAsync(
        `${prefix}${ask.src}/rpc`,
        JSON.stringify({ id: ask.id, src: deviceId, dst: ask.src, result }),
        { qos: 1 },
      );
    });
    await device.subscribeAsync(`${prefix}${deviceId}/rpc`, { qos: 1 });
    const consumer = new DeviceConsumer(suite.db, { now: () => clock });
    const mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId: `test-emh-${randomUUID()}`,
      topicPrefix: prefix,
      sessionExpiryS: 120,
    });
    await mqtt.start();
    stops.push(
      () => mqtt.stop(),
      () => device.endAsync(),
    );
    // Received at the device's time, but the burst after the gap all within a few seconds of T0 + 1210
    // (the device time in its messages runs on, as a reconnected device catching up sends it).
    const notify = async (t: number) => {
      clock = Math.min(t, T0 + 1215);
      const params = {
        ts: t,
        'em1data:0': { id: 0, total_act_energy: counterWh(t), total_act_ret_energy: 0 },
      };
      await publisher.publishAsync(
        `${prefix}${deviceId}/events/rpc`,
        JSON.stringify({ src: deviceId, method: 'NotifyStatus', params }),
        { qos: 1 },
      );
    };
    const readings = async () =>
      (
        await suite.db.query<{ start_ts: number; import_wh: number }>(
          'select start_ts::float8 as start_ts, import_wh from readings where house_id = $1 order by start_ts',
          [houseId],
        )
      ).rows;
    return { consumer, notify, readings, asks };
  }

  it("places the gap's energy by the device's own minute records", async () => {
    const { consumer, notify, readings, asks } = await setUp(`emh-${suite.kind}`, 'shellyproem50-h1', true);
    // Reports at T0 and T0 + 10 s, then nothing for 20 minutes, then every 10 s for a minute.
    const times = [T0, T0 + 10, ...Array.from({ length: 7 }, (_, i) => T0 + 1210 + i * 10)];
    for (const [n, t] of times.entries()) {
      await notify(t);
      await until('the message', () => consumer.stats.messages === n + 1);
    }
    await until('21 minutes stored', async () => (await readings()).length === 21);
    const rows = await readings();
    // Minutes 1 to 19 are wholly inside the gap: the device's records, each its own energy.
    expect(rows.slice(1, 20)).toEqual(
      Array.from({ length: 19 }, (_, i) => ({ start_ts: T0 + (i + 1) * 60, import_wh: usedWh(i + 1) })),
    );
    // Everything adds up to the counter over the whole span (the edges of the gap share what is left).
    const total = rows.reduce((sum, r) => sum + r.import_wh, 0);
    expect(total).toBe(Math.round(counterWh(T0 + 1260) - counterWh(T0)));
    // Asked once for the gap, then the next pages (5 records each) from where each ended.
    expect(asks[0]).toEqual({ ts: T0 + 10, end_ts: T0 + 1210 });
    expect(asks.map((a) => a.ts)).toEqual([T0 + 10, T0 + 360, T0 + 660, T0 + 960]);
  });

  it('spreads the gap evenly when the device has no history to give', async () => {
    const { consumer, notify, readings, asks } = await setUp(
      `emh-none-${suite.kind}`,
      'shellyproem50-h2',
      false,
    );
    const times = [T0, T0 + 10, ...Array.from({ length: 7 }, (_, i) => T0 + 1210 + i * 10)];
    for (const [n, t] of times.entries()) {
      await notify(t);
      await until('the message', () => consumer.stats.messages === n + 1);
    }
    await until('the ask', () => asks.length === 1);
    expect(await readings()).toHaveLength(0); // the gap's minutes wait for the records
    clock = T0 + 1210 + 31; // HISTORY_WAIT_S after the gap was found
    await until('21 minutes stored', async () => (await readings()).length === 21);
    const rows = await readings();
    const total = rows.reduce((sum, r) => sum + r.import_wh, 0);
    expect(total).toBe(Math.round(counterWh(T0 + 1260) - counterWh(T0)));
    // An even share: minute 1 and minute 19 of the gap differ by at most the rounding.
    expect(Math.abs(rows[1]!.import_wh - rows[19]!.import_wh)).toBeLessThanOrEqual(1);
  });
});
