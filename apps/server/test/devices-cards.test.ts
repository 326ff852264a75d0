import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { addDevice, DeviceError } from '../src/features/devices/devices-repository';
import { login, makeTestApp, makeUser, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// Issue 33 item 7, the Devices cards: a second whole-house meter was taken silently (both cards said
// "being stored"); a new plug on "Kettle" showed another plug's kettle uses; a plug's negative power was
// taken. Messages go through the real DeviceConsumer; the cards through the API.

describeEachDb('device cards', (suite) => {
  let t: TestApp;
  let s: Session;
  let houseId: number;
  let userId: number;
  const now = () => Math.floor(t.clock.now().getTime() / 1000);

  beforeAll(async () => {
    t = await makeTestApp(suite.db, { env: { MQTT_URL: 'mqtt://127.0.0.1:1883' } });
    const owner = await makeUser(suite.db, `cards-${suite.kind}`);
    userId = owner.id;
    s = await login(t.app, owner);
    const { rows } = await suite.db.query<{ id: number }>('select id from houses where owner_user_id = $1', [
      owner.id,
    ]);
    houseId = rows[0]!.id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const cards = async () => {
    const res = await t.app.inject({ url: `/api/v3/devices/?user_id=${userId}`, headers: s.headers() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().devices as {
      device_id: string;
      readings_today: number;
      rejects: number;
      last_reject_reason: string | null;
    }[];
  };

  it('refuses a second whole-house meter and names the one whose readings are stored', async () => {
    await addDevice(suite.db, { houseId, kind: 'glow', deviceId: 'CARDGLOW0001' }, now());
    await expect(addDevice(suite.db, { houseId, kind: 'emon', deviceId: 'emontx4' }, now())).rejects.toThrow(
      new DeviceError(
        'This home already has a whole-house meter, the glow device "CARDGLOW0001", and its readings are the ones stored: remove it first, or add this device as a plug measuring an appliance.',
      ),
    );
    // A plug is no whole-house meter: still welcome.
    await addDevice(suite.db, { houseId, kind: 'tasmota', deviceId: 'kettle-a', appliance: 'kettle' }, now());
    await addDevice(suite.db, { houseId, kind: 'tasmota', deviceId: 'kettle-b', appliance: 'kettle' }, now());
    expect((await cards()).map((c) => c.device_id)).toEqual(['CARDGLOW0001', 'kettle-a', 'kettle-b']);
  });

  it("counts each plug's own uses, and refuses and counts a plug's negative power", async () => {
    const end = now();
    const t0 = end - 2000 - ((end - 2000) % 60);
    let clock = t0;
    const consumer = new DeviceConsumer(suite.db, { now: () => clock });
    await consumer.load();
    // Europe/London in January is UTC: Tasmota's local Time is the UTC time here.
    const tele = (id: string, at: number, kwh: number, w: number) =>
      consumer.receive(
        `tele/${id}/SENSOR`,
        JSON.stringify({
          Time: new Date(at * 1000).toISOString().slice(0, 19),
          ENERGY: { Total: kwh, Power: w },
        }),
      );
    // kettle-a boils once (150 s at 2950 W, 123 Wh); kettle-b stays off, then reports -40 W.
    for (const [dt, kwh, w] of [
      [0, 1, 0],
      [60, 1, 2950],
      [210, 1.123, 0],
      [270, 1.123, 0],
    ] as const) {
      clock = t0 + dt;
      tele('kettle-a', t0 + dt, kwh, w);
      tele('kettle-b', t0 + dt, 5, 0);
    }
    clock = t0 + 300;
    tele('kettle-b', t0 + 300, 5, -40);
    clock = end;
    await consumer.flush();
    await consumer.flush();
    const byId = new Map((await cards()).map((c) => [c.device_id, c]));
    expect(byId.get('kettle-a')?.readings_today).toBe(1);
    expect(byId.get('kettle-b')?.readings_today).toBe(0);
    expect(byId.get('kettle-b')).toMatchObject({
      rejects: 1,
      last_reject_reason: 'power -40 W is negative: a plug only draws power',
    });
    const uses = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from appliance_events where house_id = $1',
      [houseId],
    );
    expect(uses.rows).toEqual([{ n: 1 }]);
  });
});
