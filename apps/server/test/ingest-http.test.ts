import { beforeAll, expect, it } from 'vitest';
import type { Reading } from '../src/ingest/formats';
import { INGEST_BATCH_LIMIT, INGEST_BODY_LIMIT } from '../src/ingest/http/routes';
import { makeTestApp, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import {
  type KeyedHouse,
  makeHouse,
  rawSlotSums,
  readingRows,
  rollupEnergy,
  rollupRows,
  series,
  toCsv,
} from './support/ingest';

// ING-01/02 and the HTTP contract of POST /api/ingest/v1/readings: Bearer key, JSON and CSV bodies,
// idempotency, in-batch repeats, overlaps, all-or-nothing, limits (413), 401 and 415.

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z; the test clock says 2026-01-15 09:00Z

describeEachDb('ingest over HTTP', (suite) => {
  let t: TestApp;
  let house: KeyedHouse;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    house = await makeHouse(suite.db, 'meter');
  });

  const send = (
    payload: string | object,
    opts: { type?: string; key?: string | null; query?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/readings${opts.query ?? ''}`,
      headers: {
        'content-type': opts.type ?? 'application/json',
        ...(opts.key === null ? {} : { authorization: `Bearer ${opts.key ?? house.key}` }),
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('refuses a missing or unknown key (401) and other content types (415)', async () => {
    const body = { readings: series(T0, 1) };
    const missing = await send(body, { key: null });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toMatch(/Authorization: Bearer <key>/);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await send(body, { key: 'hvk_nope' })).json()).toEqual({
      error: 'The ingest key is not known; ask for a new one.',
    });
    const plain = await send('hello', { type: 'text/plain' });
    expect([plain.statusCode, plain.json().error]).toEqual([
      415,
      expect.stringMatching(/application\/json.*text\/csv/),
    ]);
    const form = await send('a=1', { type: 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(await readingRows(suite.db, house.houseId)).toEqual([]);
  });

  it('stores the same 1,000 readings once when sent three times; rollups do not move (ING-01)', async () => {
    const readings = series(T0, 1000);
    const first = await send({ readings });
    expect([first.statusCode, first.json()]).toEqual([200, { stored: 1000, duplicates: 0 }]);
    const after = await rollupRows(suite.db, house.houseId);
    for (let i = 0; i < 2; i++) {
      expect((await send({ readings })).json()).toEqual({ stored: 0, duplicates: 1000 });
    }
    expect(await readingRows(suite.db, house.houseId)).toHaveLength(1000);
    expect(await rollupRows(suite.db, house.houseId)).toEqual(after);
    expect(await rollupEnergy(suite.db, house.houseId)).toEqual(await rawSlotSums(suite.db, house.houseId));
  });

  it('accepts a batch repeating a start: the first one is stored, the rest count as duplicates (ING-02)', async () => {
    const [a] = series(T0 + 86_400, 1) as [Reading];
    const res = await send({
      readings: [a, { ...a, import_wh: 30 }, { ...a, interval_s: 1800, import_wh: 99 }],
    });
    expect([res.statusCode, res.json()]).toEqual([200, { stored: 1, duplicates: 2 }]);
    const csv = await send(toCsv([{ ...a, import_wh: 77 }, a]), {
      type: 'text/csv',
      query: '?format=generic',
    });
    expect(csv.json()).toEqual({ stored: 0, duplicates: 2 });
    const stored = (await readingRows(suite.db, house.houseId)).find((r) => r.start_ts === a.start);
    expect(stored?.import_wh).toBe(a.import_wh);
  });

  it('refuses overlapping readings with different starts, in the batch or against stored ones', async () => {
    const slot = T0 + 2 * 86_400;
    const inBatch = await send({
      readings: [
        { start: slot, interval_s: 900, import_wh: 5, export_wh: 0, generation_wh: 0 },
        { start: slot + 60, interval_s: 60, import_wh: 1, export_wh: 0, generation_wh: 0 },
      ],
    });
    expect(inBatch.statusCode).toBe(400);
    expect(inBatch.json()).toMatchObject({
      field: 'readings[1].start',
      error: expect.stringMatching(/overlaps/),
    });

    expect(
      (
        await send({
          readings: [{ start: slot, interval_s: 60, import_wh: 5, export_wh: 0, generation_wh: 0 }],
        })
      ).statusCode,
    ).toBe(200);
    const before = await rollupRows(suite.db, house.houseId);
    const late = await send(
      toCsv([
        { start: slot + 1800, interval_s: 60, import_wh: 1, export_wh: 0, generation_wh: 0 },
        { start: slot + 30, interval_s: 60, import_wh: 1, export_wh: 0, generation_wh: 0 },
      ]),
      { type: 'text/csv', query: '?format=generic' },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      row: 3,
      field: 'start',
      error: expect.stringMatching(/^Row 3, field start: .*overlaps readings already stored/),
    });
    expect(await rollupRows(suite.db, house.houseId)).toEqual(before);
    expect((await readingRows(suite.db, house.houseId)).some((r) => r.start_ts === slot + 1800)).toBe(false);
  });

  it('is all or nothing: a bad row 500 stores nothing and names the row and field', async () => {
    const readings = series(T0 + 3 * 86_400, 999);
    const lines = toCsv(readings).split('\n');
    lines[499] = lines[499]!.replace(/^(\d+,60,)\d+/, '$1-4');
    const res = await send(lines.join('\n'), { type: 'text/csv', query: '?format=generic' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      row: 500,
      field: 'import_wh',
      error: 'Row 500, field import_wh: "-4" is not a whole number of watt-hours; energy cannot be negative',
    });
    const json = await send({ readings: readings.map((r, i) => (i === 498 ? { ...r, import_wh: 1.5 } : r)) });
    expect(json.json()).toMatchObject({ field: 'readings[498].import_wh', row: null });
    const from = T0 + 3 * 86_400;
    expect((await readingRows(suite.db, house.houseId)).filter((r) => r.start_ts >= from)).toEqual([]);
  });

  it('refuses readings ending more than 5 minutes after the server clock', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000); // 09:00:00Z, a half-hour boundary
    const ok = await send({
      readings: [{ start: now + 240, interval_s: 60, import_wh: 1, export_wh: 0, generation_wh: 0 }],
    });
    expect(ok.json()).toEqual({ stored: 1, duplicates: 0 });
    const ahead = await send({
      readings: [{ start: now + 241, interval_s: 60, import_wh: 1, export_wh: 0, generation_wh: 0 }],
    });
    expect([ahead.statusCode, ahead.json().field]).toEqual([400, 'readings[0].start']);
    expect(ahead.json().error).toMatch(/more than 5 minutes ahead of the server's clock/);
  });

  it('answers 413 naming the limit for a big body or too many readings', async () => {
    const big = await send('x'.repeat(INGEST_BODY_LIMIT + 1), { type: 'text/csv', query: '?format=generic' });
    expect([big.statusCode, big.json().error]).toEqual([
      413,
      expect.stringMatching(/10 MB \(10485760 bytes\)/),
    ]);
    const many = series(T0 - 200 * 86_400, INGEST_BATCH_LIMIT + 1, 60);
    const res = await send({ readings: many });
    expect([res.statusCode, res.json().error]).toEqual([
      413,
      expect.stringMatching(/more than 100,000 rows/),
    ]);
    const csv = await send(toCsv(many), { type: 'text/csv', query: '?format=generic' });
    expect([csv.statusCode, csv.json().error]).toEqual([
      413,
      expect.stringMatching(/more than 100,000 rows/),
    ]);
  });

  it('reads Octopus and n3rgy CSV, and asks for the format', async () => {
    const octopus = ' Consumption (kWh), Start, End\n0.25, 2026-01-05T00:00:00Z, 2026-01-05T00:30:00Z\n';
    expect(
      (await send(octopus, { type: 'text/csv; charset=utf-8', query: '?format=octopus' })).json(),
    ).toEqual({
      stored: 1,
      duplicates: 0,
    });
    const n3rgy = 'timestamp (UTC),energyConsumption (kWh)\n2026-01-05 01:00,0.5\n';
    expect((await send(n3rgy, { type: 'text/csv', query: '?format=n3rgy' })).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
    const none = await send(n3rgy, { type: 'text/csv' });
    expect([none.statusCode, none.json().field]).toEqual([400, 'format']);
    const rows = (await readingRows(suite.db, house.houseId)).filter(
      (r) => r.start_ts >= 1_767_571_200 && r.start_ts < 1_767_574_800,
    );
    expect(rows.map((r) => [r.start_ts, r.import_wh])).toEqual([
      [1_767_571_200, 250],
      [1_767_573_000, 500],
    ]);
  });

  it('corrects stored readings only with ?mode=replace, and sums their half-hours again', async () => {
    const slot = T0 + 6 * 86_400;
    const original = series(slot, 30);
    await send({ readings: original });
    const corrected = original.map((r) => ({ ...r, import_wh: r.import_wh + 7 }));
    expect((await send({ readings: corrected })).json()).toEqual({ stored: 0, duplicates: 30 });
    const bad = await send({ readings: corrected }, { query: '?mode=overwrite' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, expect.stringMatching(/mode must be replace/)]);
    const replaced = await send({ readings: corrected }, { query: '?mode=replace' });
    expect([replaced.statusCode, replaced.json()]).toEqual([200, { stored: 30, duplicates: 0 }]);
    const [rollup] = (await rollupEnergy(suite.db, house.houseId)).filter((r) => r.slot_start === slot);
    expect(rollup?.import_wh).toBe(corrected.reduce((a, r) => a + r.import_wh, 0));
    expect(await rollupEnergy(suite.db, house.houseId)).toEqual(await rawSlotSums(suite.db, house.houseId));
  });

  it('updates a half-hour when the rest of it arrives late, in any order', async () => {
    const slot = T0 + 5 * 86_400;
    const part = series(slot, 30);
    await send({ readings: part.slice(10, 20) });
    await send({ readings: [...part.slice(20), ...part.slice(0, 10)].reverse() });
    const [rollup] = (await rollupEnergy(suite.db, house.houseId)).filter((r) => r.slot_start === slot);
    expect(rollup).toEqual({
      slot_start: slot,
      covered_s: 1800,
      import_wh: part.reduce((a, r) => a + r.import_wh, 0),
      export_wh: 12,
      generation_wh: 18,
    });
    expect(await rollupEnergy(suite.db, house.houseId)).toEqual(await rawSlotSums(suite.db, house.houseId));
  });
});

describeEachDb('appliance power over HTTP', (suite) => {
  let t: TestApp;
  let house: KeyedHouse;
  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    house = await makeHouse(suite.db, 'sensor');
  });

  it('stores kettle and washing-machine events and the whole-house readings, skipping unknown appliances', async () => {
    const rows = ['Time,Aggregate,Kettle,WashingMachine,Immersion'];
    for (let m = 0; m < 60; m++) {
      const kettle = m >= 10 && m < 13 ? 2400 : 0;
      const washer = m >= 20 && m < 50 ? (m === 30 ? 5 : 400) : 0;
      const time = new Date(Date.UTC(2026, 0, 10, 7, m)).toISOString().slice(0, 16).replace('T', ' ');
      rows.push(`${time},${200 + kettle + washer},${kettle},${washer},0`);
    }
    const post = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/v1/appliance-power?${query}`,
        headers: { authorization: `Bearer ${house.key}`, 'content-type': 'text/csv' },
        payload: `${rows.join('\n')}\n`,
      });
    const res = await post('interval_s=60&naive_time_zone=Europe/London');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      stored: 62,
      duplicates: 0,
      readings: { stored: 60, duplicates: 0 },
      events: { stored: 2, duplicates: 0 },
      skipped_columns: ['Immersion'],
    });
    const { rows: events } = await suite.db.query(
      'select appliance_type_id, start_ts, end_ts, energy_wh, cost from appliance_events where house_id = $1 order by start_ts',
      [house.houseId],
    );
    const at = Date.UTC(2026, 0, 10, 7) / 1000;
    // No tariff set: priced at the default of 10 January 2026, the Jan–Mar 2026 cap of 27.69 p/kWh.
    expect(events).toEqual([
      { appliance_type_id: 1, start_ts: at + 600, end_ts: at + 780, energy_wh: 120, cost: 120 * 276_900 },
      {
        appliance_type_id: 7,
        start_ts: at + 1200,
        end_ts: at + 3000,
        energy_wh: 193,
        cost: expect.any(Number),
      },
    ]);
    expect((await post('interval_s=60&naive_time_zone=Europe/London')).json()).toMatchObject({
      stored: 0,
      duplicates: 62,
    });
    const bad = await post('interval_s=0');
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'interval_s']);
    const naive = await post('interval_s=60');
    expect([naive.statusCode, naive.json().error]).toEqual([
      400,
      expect.stringMatching(/^Row 2, field Time: .*add Z or \+01:00/),
    ]);
  });
});
