import { expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { addDevice } from '../src/features/devices/devices-repository';
import { ingestReadings } from '../src/features/readings/ingest';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// A flush writes many houses in one transaction (receiveHouses: their locks at once, one context read, one
// write per house). What it stores must be what house-by-house ingest stores, and one house whose readings
// the write path refuses must not take the other houses' data with it. No broker here: the consumer's
// receive and flush are the same the MQTT client calls.

const T0 = Date.UTC(2026, 2, 29, 0, 30, 0) / 1000; // the night the clocks go forward in London

function glow(t: number, wh: number): string {
  const ts = new Date(t * 1000).toISOString().replace('.000Z', 'Z');
  return `{"electricitymeter":{"timestamp":"${ts}","energy":{"import":{"cumulative":${(wh / 1000).toFixed(3)}}}}}`;
}

describeEachDb('device flush across houses', (suite) => {
  async function house(name: string, glowId: string): Promise<number> {
    await makeUser(suite.db, name);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [name],
    );
    const houseId = rows[0]!.id;
    await addDevice(suite.db, { houseId, kind: 'glow', deviceId: glowId }, T0);
    return houseId;
  }

  it('stores each house as its own ingest would, and a refused house loses only its own readings', async () => {
    const ids = ['FLUSH0000001', 'FLUSH0000002', 'FLUSH0000003', 'FLUSH0000004'];
    const houses: number[] = [];
    for (const [i, id] of ids.entries()) houses.push(await house(`flush-${suite.kind}-${i}`, id));
    // House 3 already has a half-hour reading from a file over the hour the Glow will report: the Glow's
    // minutes overlap it with other starts, which the write path refuses.
    const refused = houses[2]!;
    await ingestReadings(
      suite.db,
      refused,
      [{ start: T0 + 1800, interval_s: 1800, import_wh: 500, export_wh: 0, generation_wh: 0 }],
      { now: T0 + 7200 },
    );
    let clock = T0 + 7200;
    const consumer = new DeviceConsumer(suite.db, { now: () => clock });
    await consumer.load();
    // An hour of 10 s messages per house, each house at its own rate (k + 1) × 12 Wh per 10 s.
    for (let s = 0; s <= 3600; s += 10)
      for (const [k, id] of ids.entries())
        consumer.receive(
          `glow/${id}/SENSOR/electricitymeter`,
          glow(T0 + s, 1_000_000 + (s / 10) * 12 * (k + 1)),
        );
    clock = T0 + 3700;
    await consumer.flush();

    for (const [k, houseId] of houses.entries()) {
      const { rows } = await suite.db.query<{ n: number; wh: number }>(
        'select count(*)::int as n, coalesce(sum(import_wh), 0)::int as wh from readings where house_id = $1',
        [houseId],
      );
      if (houseId === refused)
        expect(rows[0]).toEqual({ n: 1, wh: 500 }); // the file's reading alone
      else expect(rows[0]).toEqual({ n: 60, wh: 360 * 12 * (k + 1) });
      // The rollups of each day are the sums of its half-hours (written in the same statement).
      const sums = await suite.db.query<{ half: number; day: number; month: number }>(
        `select (select coalesce(sum(import_wh), 0)::int from rollups where house_id = $1) as half,
                (select coalesce(sum(import_wh), 0)::int from daily_rollups where house_id = $1) as day,
                (select coalesce(sum(import_wh), 0)::int from monthly_rollups where house_id = $1) as month`,
        [houseId],
      );
      const wh = houseId === refused ? 500 : 360 * 12 * (k + 1);
      expect(sums.rows[0]).toEqual({ half: wh, day: wh, month: wh });
    }
    // The refused house's device says why; the others' counters moved on with their data.
    const { rows: devices } = await suite.db.query<{
      device_id: string;
      rejects: number;
      last_reject_reason: string | null;
    }>(
      'select device_id, rejects, last_reject_reason from devices where device_id like $1 order by device_id',
      ['FLUSH%'],
    );
    expect(devices.map((d) => d.rejects)).toEqual([0, 0, 1, 0]);
    expect(devices[2]!.last_reject_reason).toMatch(/^readings refused: .*overlaps readings already stored/);
    expect(consumer.stats.readingsStored).toBe(180);
    // A second flush of the same data (a redelivery after a restart) stores nothing more.
    const again = new DeviceConsumer(suite.db, { now: () => clock });
    await again.load();
    for (const [k, id] of ids.entries())
      again.receive(`glow/${id}/SENSOR/electricitymeter`, glow(T0 + 3600, 1_000_000 + 360 * 12 * (k + 1)));
    await again.flush();
    expect(again.stats.readingsStored).toBe(0);
  });
});
