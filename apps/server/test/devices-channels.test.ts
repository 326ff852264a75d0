import { expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { addDevice, DeviceError } from '../src/features/devices/devices-repository';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// A device id plus a channel measures one thing (migration 0019): one Shelly Plus 2PM message about both
// its switches feeds two plugs on two appliances; an emonTx reporting power only (P1, no E1) has its
// energy integrated over time, with no energy over a silence longer than MAX_POWER_GAP_S. Through the
// consumer's receive and flush (what the MQTT client calls), on both databases.

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000;

describeEachDb('device channels', (suite) => {
  async function house(name: string): Promise<number> {
    await makeUser(suite.db, name);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [name],
    );
    return rows[0]!.id;
  }

  it('stores each channel of a two-channel Shelly as its own appliance', async () => {
    const houseId = await house(`ch-shelly-${suite.kind}`);
    const id = `shellyplus2pm-${suite.kind}`;
    await addDevice(suite.db, { houseId, kind: 'shelly', deviceId: id, appliance: 'kettle' }, T0);
    await addDevice(
      suite.db,
      { houseId, kind: 'shelly', deviceId: id, appliance: 'microwave', channel: 1 },
      T0,
    );
    await expect(
      addDevice(suite.db, { houseId, kind: 'shelly', deviceId: id, appliance: 'toaster', channel: 1 }, T0),
    ).rejects.toThrow(new DeviceError(`The shelly device "${id}" channel 1 is already registered.`));
    let clock = T0;
    const consumer = new DeviceConsumer(suite.db, { now: () => clock });
    await consumer.load();
    const notify = (ts: number, s0: object, s1: object) =>
      JSON.stringify({ src: id, method: 'NotifyStatus', params: { ts, 'switch:0': s0, 'switch:1': s1 } });
    // The kettle (channel 0) runs 2 minutes at 3 kW, the microwave (channel 1) 4 minutes at 1.2 kW.
    const messages: [number, object, object][] = [
      [T0, { apower: 0, aenergy: { total: 100 } }, { apower: 0, aenergy: { total: 500 } }],
      [T0 + 60, { apower: 3000 }, { apower: 1200 }],
      [T0 + 180, { apower: 0, aenergy: { total: 200 } }, { apower: 1200 }],
      [T0 + 300, { apower: 0 }, { apower: 0, aenergy: { total: 580 } }],
    ];
    for (const [t, s0, s1] of messages) {
      clock = t + 1;
      consumer.receive(`${id}/events/rpc`, notify(t, s0, s1));
    }
    clock = T0 + 900;
    await consumer.flush();
    const { rows } = await suite.db.query(
      `select t.key, e.start_ts::float8 as start_ts, e.end_ts::float8 as end_ts, e.energy_wh
       from appliance_events e join appliance_types t on t.id = e.appliance_type_id
       where e.house_id = $1 order by t.key`,
      [houseId],
    );
    expect(rows).toEqual([
      { key: 'kettle', start_ts: T0 + 60, end_ts: T0 + 180, energy_wh: 100 },
      { key: 'microwave', start_ts: T0 + 60, end_ts: T0 + 300, energy_wh: 80 },
    ]);
  });

  it("integrates a power-only emon node's power, with no energy over a long silence", async () => {
    const houseId = await house(`ch-emon-${suite.kind}`);
    const node = `emontx-${suite.kind}`;
    // The node's second CT (P2) is the whole house; P1 is registered to nobody.
    await addDevice(suite.db, { houseId, kind: 'emon', deviceId: node, channel: 1 }, T0);
    let clock = T0;
    const consumer = new DeviceConsumer(suite.db, { now: () => clock });
    await consumer.load();
    const send = (t: number, topic: string, w: number) => {
      clock = t;
      consumer.receive(`emon/${node}/${topic}`, String(w));
    };
    // 600 W every 10 s for two minutes (10 Wh a minute), silence for 5 minutes, then 1.2 kW for a minute.
    for (let s = 0; s <= 120; s += 10) {
      send(T0 + s, 'P2', 600);
      send(T0 + s, 'P1', 2000); // another channel: not this house's
    }
    for (let s = 420; s <= 540; s += 10) send(T0 + s, 'P2', 1200);
    clock = T0 + 600;
    await consumer.flush();
    const { rows } = await suite.db.query(
      'select start_ts::float8 as start_ts, interval_s, import_wh from readings where house_id = $1 order by start_ts',
      [houseId],
    );
    expect(rows).toEqual([
      { start_ts: T0, interval_s: 60, import_wh: 10 },
      { start_ts: T0 + 60, interval_s: 60, import_wh: 10 },
      // Nothing between 2:00 and 7:00 (the silence), then 1.2 kW from 7:00 to 9:00.
      { start_ts: T0 + 420, interval_s: 60, import_wh: 20 },
      { start_ts: T0 + 480, interval_s: 60, import_wh: 20 },
    ]);
    expect(consumer.stats.unclaimed).toBe(0);
  });
});
