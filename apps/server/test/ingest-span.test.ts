import { beforeAll, expect, it } from 'vitest';
import { MAX_BATCH_DAYS } from '../src/ingest/http/span';
import { makeTestApp, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { type KeyedHouse, makeHouse, readingRows, toCsv } from './support/ingest';

// Issue 27.3: one batch of 100,000 hourly readings over 11 years (9.1 MB, inside the body and row
// limits) held PGlite, and /healthz, for ~95 s: a batch is one transaction over every day it touches.
// A request may span 32 UTC days (a local month) at most; a longer one is refused with a 413 that says
// how to send it, before any of it is stored. /healthz during the largest batch allowed is measured in
// `npm run bench hardening`.

const T0 = Date.UTC(2015, 0, 1) / 1000;
const DAY = 86_400;

/** Readings of 30 minutes, one an hour, over `days` days from `from`. */
const hourly = (from: number, days: number) =>
  Array.from({ length: days * 24 }, (_, i) => ({
    start: from + i * 3600,
    interval_s: 1800,
    import_wh: (i % 7) + 1,
    export_wh: 0,
    generation_wh: 0,
  }));

describeEachDb('ingest batches spanning too many days', (suite) => {
  let t: TestApp;
  let house: KeyedHouse;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    house = await makeHouse(suite.db, 'span');
  });

  const send = (path: string, type: string, payload: string, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `${path}${query}`,
      headers: { 'content-type': type, authorization: `Bearer ${house.key}` },
      payload,
    });

  it('refuses 100,000 hourly readings over 11 years with a 413 saying how to send them; stores nothing', async () => {
    const readings = Array.from({ length: 100_000 }, (_, i) => ({
      start: T0 + i * 3600,
      interval_s: 1800,
      import_wh: 1,
      export_wh: 0,
      generation_wh: 0,
    }));
    const res = await send('/api/ingest/v1/readings', 'application/json', JSON.stringify({ readings }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error:
        'The batch spans 4167 days (2015-01-01 to 2026-05-29, UTC); one request may span at most 32 days: ' +
        'send longer histories a month at a time.',
    });
    expect(await readingRows(suite.db, house.houseId)).toEqual([]);
  });

  it(`takes ${MAX_BATCH_DAYS} days, refuses ${MAX_BATCH_DAYS + 1}, in JSON and CSV`, async () => {
    const from = T0 + 400 * DAY;
    const over = await send(
      '/api/ingest/v1/readings',
      'text/csv',
      toCsv(hourly(from, MAX_BATCH_DAYS + 1)),
      '?format=generic',
    );
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatch(/^The batch spans 33 days \(2016-02-05 to 2016-03-08, UTC\)/);
    expect(await readingRows(suite.db, house.houseId)).toEqual([]);
    const month = hourly(from, MAX_BATCH_DAYS);
    const ok = await send('/api/ingest/v1/readings', 'application/json', JSON.stringify({ readings: month }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ stored: month.length });
    // The next month, sent after it as the message says: both are stored.
    const next = hourly(from + MAX_BATCH_DAYS * DAY, MAX_BATCH_DAYS);
    const again = await send('/api/ingest/v1/readings', 'text/csv', toCsv(next), '?format=generic');
    expect(again.statusCode, again.body).toBe(200);
    expect((await readingRows(suite.db, house.houseId)).length).toBe(month.length + next.length);
  });

  it('refuses an appliance-power CSV over too many days the same way', async () => {
    const rows = Array.from(
      { length: 40 },
      (_, d) => `${new Date((T0 + d * DAY) * 1000).toISOString()},2100,2000`,
    );
    const res = await send(
      '/api/ingest/v1/appliance-power',
      'text/csv',
      `Time,Aggregate,Kettle\n${rows.join('\n')}\n`,
      '?interval_s=60',
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatch(/^The batch spans 40 days .*send longer histories a month at a time\.$/);
  });
});
