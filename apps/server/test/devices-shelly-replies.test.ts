import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { DeviceMqtt } from '../src/devices/mqtt';
import { addDevice } from '../src/features/devices/devices-repository';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// Issue 34 item 4: replies on the server's Shelly reply topic were taken whatever their id and written to
// the device their `src` names, so anyone on the broker could write into any home's Shelly. A reply is
// taken only when its id names a question this server's client sent to that very device. Against the
// real Mosquitto on 127.0.0.1:1883; the consumer's clock pinned.

const BROKER = 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000;

const reply = (id: number, src: string, dst: string) =>
  JSON.stringify({
    id,
    src,
    dst,
    result: { sys: { unixtime: T0 }, 'switch:0': { id: 0, apower: 0, aenergy: { total: 9999.5 } } },
  });

async function until(what: string, done: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeEachDb('Shelly replies', (suite) => {
  let forger: MqttClient;
  const started: DeviceMqtt[] = [];
  beforeAll(async () => {
    forger = await connectAsync(BROKER, { clientId: `test-forger-${randomUUID()}` });
  });
  afterAll(async () => {
    for (const m of started) await m.stop();
    await forger.endAsync();
  });

  async function shellyOf(user: string, deviceId: string): Promise<void> {
    await makeUser(suite.db, user);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [user],
    );
    await addDevice(suite.db, { houseId: rows[0]!.id, kind: 'shelly', deviceId, appliance: 'kettle' }, T0);
  }

  async function start(prefix: string, pollEveryS: number) {
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_: object, msg: string) => warnings.push(msg) };
    const consumer = new DeviceConsumer(suite.db, { now: () => T0 + 5, log: { ...log, error: () => {} } });
    const clientId = `test-${randomUUID()}`;
    const mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId,
      topicPrefix: prefix,
      partitions: 1,
      sessionExpiryS: 60,
      pollEveryS,
      shellySilentS: 60,
      log,
    });
    started.push(mqtt);
    await mqtt.start();
    return { consumer, mqtt, warnings, replySource: `homeview-${clientId}-p0` };
  }

  const stateOf = async (deviceId: string) =>
    (
      await suite.db.query<{ last: number | null; counter: unknown }>(
        'select last_message_at::float8 as last, counter from devices where device_id = $1',
        [deviceId],
      )
    ).rows[0];

  it('drops a reply nobody asked for, whatever device it names', async () => {
    const victim = `shellyvictim-${suite.kind}`;
    await shellyOf(`victim-${suite.kind}`, victim);
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    // No question is sent in this test (the poll is an hour away).
    const { consumer, warnings, replySource } = await start(prefix, 3600);
    for (const id of [0, 1, 2, 3])
      await forger.publishAsync(`${prefix}${replySource}/rpc`, reply(id, victim, replySource), { qos: 1 });
    await until('the forged replies dropped', () =>
      warnings.includes('shelly reply to no question of ours dropped'),
    );
    await new Promise((r) => setTimeout(r, 300));
    await consumer.flush();
    expect(await stateOf(victim)).toEqual({ last: null, counter: null });
  });

  it("drops an answer to another device's question that names the victim", async () => {
    const victim = `shellyvictim2-${suite.kind}`;
    const asked = `shellyasked-${suite.kind}`;
    await shellyOf(`victim2-${suite.kind}`, victim);
    await shellyOf(`asked-${suite.kind}`, asked);
    const prefix = `t${randomUUID().slice(0, 8)}/`;
    // The forger controls `asked` and answers its question in the victim's name.
    const answered: number[] = [];
    const owned = await connectAsync(BROKER, { clientId: `test-owned-${randomUUID()}` });
    owned.on('message', (_topic, payload) => {
      const ask = JSON.parse(payload.toString()) as { id: number; src: string };
      answered.push(ask.id);
      void owned.publishAsync(`${prefix}${ask.src}/rpc`, reply(ask.id, victim, ask.src), { qos: 1 });
    });
    await owned.subscribeAsync(`${prefix}${asked}/rpc`, { qos: 1 });
    try {
      const { consumer, warnings } = await start(prefix, 0.2);
      await until('the forged answer dropped', () =>
        warnings.includes('shelly reply to no question of ours dropped'),
      );
      expect(answered.length).toBeGreaterThan(0);
      await consumer.flush();
      expect(await stateOf(victim)).toEqual({ last: null, counter: null });
    } finally {
      await owned.endAsync();
    }
  });
});
