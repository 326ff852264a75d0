import { expect, it } from 'vitest';
import { DeviceConsumer } from '../src/devices/consumer';
import { describeEachDb, truncateAll } from './support/db';

// Issue 33 item 8, issue 34 item 5: the unclaimed-device record and the refused-message record come from
// anyone who can publish. Two ids alike in their first 200 characters, or a NUL in a Shelly reply's src,
// failed each whole flush (no new device could be found to claim while it went on, with a stack trace
// every flush); made-up ids stayed for ever. No broker here: receive and flush are what the MQTT client calls.

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000;
const DAY = 86_400;

const glow = (t: number, kwh: number) =>
  JSON.stringify({
    electricitymeter: {
      timestamp: new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
      energy: { import: { cumulative: kwh, units: 'kWh' } },
    },
  });

describeEachDb('unclaimed and refused records', (suite) => {
  function consumer(recordsCap?: number) {
    const errors: string[] = [];
    const c = new DeviceConsumer(suite.db, {
      now: () => NOW,
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: (obj: object, msg: string) => errors.push(`${msg} ${JSON.stringify(obj)}`),
      },
      ...(recordsCap === undefined ? {} : { recordsCap }),
    });
    return { c, errors };
  }
  const unclaimed = async () =>
    (
      await suite.db.query<{ device_id: string; messages: number }>(
        'select device_id, messages from unclaimed_devices order by device_id',
      )
    ).rows;

  it('keeps an unclaimed device’s last import counter and its time, for its owner’s proof (issue 34 item 3)', async () => {
    await truncateAll(suite.db);
    let now = NOW;
    const c = new DeviceConsumer(suite.db, { now: () => now });
    await c.load();
    // A Shelly Gen1 plug: its counter (600 watt-minutes: 10 Wh) on one topic, its power on another.
    c.receive('shellies/plug-s-1/relay/0/energy', '600');
    await c.flush();
    now = NOW + 30;
    c.receive('shellies/plug-s-1/relay/0/power', '25');
    await c.flush();
    // A Glow heard only on its gas register: no electricity counter to prove it by.
    c.receive(
      'glow/GASONLY00001/SENSOR/gasmeter',
      JSON.stringify({
        gasmeter: { timestamp: '2026-01-15T12:00:00Z', energy: { import: { cumulative: 500.5 } } },
      }),
    );
    await c.flush();
    const { rows } = await suite.db.query(
      `select device_id, last_seen::float8 as last_seen, counter_mwh::float8 as counter_mwh,
              counter_at::float8 as counter_at from unclaimed_devices order by device_id`,
    );
    expect(rows).toEqual([
      { device_id: 'GASONLY00001', last_seen: NOW + 30, counter_mwh: null, counter_at: null },
      { device_id: 'plug-s-1', last_seen: NOW + 30, counter_mwh: 10_000, counter_at: NOW },
    ]);
  });

  it('drops over-long and control-character ids before counting, so they never fail a flush', async () => {
    await truncateAll(suite.db);
    const { c, errors } = consumer();
    await c.load();
    const long = 'A'.repeat(600);
    // Two ids alike in their first 200 (and 500) characters, each publishing and each sending junk.
    for (const id of [`${long}1`, `${long}2`]) {
      c.receive(`glow/${id}/SENSOR/electricitymeter`, glow(NOW - 10, 1000));
      c.receive(`glow/${id}/SENSOR/electricitymeter`, 'not json');
    }
    // A Shelly reply whose src holds a NUL, and one with an ESC.
    for (const src of ['plug\u0000x', 'plug\u001b[2J'])
      c.receiveShellyReply(
        'homeview-x/rpc',
        JSON.stringify({
          src,
          result: { 'switch:0': { output: true, apower: 5, aenergy: { total: 1000 } } },
        }),
      );
    // And a real new device in the same batch, which must be found to claim.
    c.receive('glow/NEWGLOW00001/SENSOR/electricitymeter', glow(NOW - 10, 1000));
    await c.flush();
    expect(errors).toEqual([]);
    expect(await unclaimed()).toEqual([{ device_id: 'NEWGLOW00001', messages: 1 }]);
    const rejects = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from device_rejects where length(device_id) > 200',
    );
    expect(rejects.rows).toEqual([{ n: 0 }]);
  });

  it('prunes rows unseen for 7 days and keeps at most the cap, the most recently seen', async () => {
    await truncateAll(suite.db);
    for (const [id, seen] of [
      ['OLD0000001', NOW - 8 * DAY],
      ['RECENT0001', NOW - 6 * DAY],
    ] as const)
      await suite.db.query(
        `insert into unclaimed_devices (kind, device_id, first_seen, last_seen, messages)
         values ('glow', $1, $2, $2, 1)`,
        [id, seen],
      );
    await suite.db.query(
      `insert into device_rejects (kind, device_id, topic, count, last_reason, last_at)
       values ('glow', 'OLDREJECT1', 'glow/OLDREJECT1/SENSOR/electricitymeter', 1, 'old', $1)`,
      [NOW - 8 * DAY],
    );
    const { c, errors } = consumer(3);
    await c.load();
    for (let i = 1; i <= 5; i++) c.receive(`glow/MADEUP00000${i}/SENSOR/electricitymeter`, glow(NOW - 10, 1));
    await c.flush();
    expect(errors).toEqual([]);
    // Three of the five new ones waited in memory (the cap); the 6-day-old row is cut by the cap, the
    // 8-day-old one by its age.
    expect((await unclaimed()).map((r) => r.device_id)).toEqual([
      'MADEUP000001',
      'MADEUP000002',
      'MADEUP000003',
    ]);
    const rejects = await suite.db.query('select device_id from device_rejects');
    expect(rejects.rows).toEqual([]);
  });
});
