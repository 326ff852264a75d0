import { beforeAll, expect, it } from 'vitest';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { makeHouse } from './support/ingest';

// Cosy among the tariffs compared (issue 37): its three cheap windows (04:00–07:00, 13:00–16:00,
// 22:00–00:00), its peak (16:00–19:00) and the day rate elsewhere, on the home's clock, so 03:00 UTC is
// cheap in October (04:00 BST) and day rate in November (03:00 GMT). A London home with no tariff of its
// own; every figure worked out by hand from the published row (12.65p cosy, 25.81p day, 37.42p peak) and
// the cap's standing charge of the date (Jul–Sep 2026's 57.19p/day runs on: caps.ts):
//
//   October (BST)   03:00Z 04:00 cosy 1000 Wh 12.65p · 02:30Z 03:30 day 1000 Wh 25.81p
//                   15:00Z 16:00 peak 1000 Wh 37.42p · 14:30Z 15:30 cosy 1000 Wh 12.65p
//                   = 88.53p + 26 days (6th–31st) × 57.19p = 1486.94p → 1575.47p → £15.75
//   November (GMT)  day 03:00, 07:00, 12:30, 19:00, 21:30: 7000 Wh × 25.81p = 180.67p
//                   cosy 06:30, 13:00, 22:00, 23:30: 5000 Wh × 12.65p = 63.25p
//                   peak 18:30: 1000 Wh × 37.42p = 37.42p
//                   = 281.34p + 30 × 57.19p = 1715.7p → 1997.04p → £19.97
//   Total 1575p + 1997p = 3572p = £35.72.

const NOW = at('2026-12-05T12:00:00Z');

const OCTOBER = [
  ['2026-10-06T03:00:00Z', 1000],
  ['2026-10-06T02:30:00Z', 1000],
  ['2026-10-06T15:00:00Z', 1000],
  ['2026-10-06T14:30:00Z', 1000],
] as const;

const NOVEMBER = [
  ['2026-11-10T03:00:00Z', 2000],
  ['2026-11-10T06:30:00Z', 2000],
  ['2026-11-10T07:00:00Z', 2000],
  ['2026-11-10T12:30:00Z', 1000],
  ['2026-11-10T13:00:00Z', 1000],
  ['2026-11-10T18:30:00Z', 1000],
  ['2026-11-10T19:00:00Z', 1000],
  ['2026-11-10T21:30:00Z', 1000],
  ['2026-11-10T22:00:00Z', 1000],
  ['2026-11-10T23:30:00Z', 1000],
] as const;

const halfHours = (rows: readonly (readonly [string, number])[]) => ({
  readings: [...rows]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([iso, wh]) => ({
      start: at(iso),
      interval_s: 1800,
      import_wh: wh,
      export_wh: 0,
      generation_wh: 0,
    })),
});

describeEachDb('Cosy among the tariffs compared', (suite) => {
  let t: TestApp;
  let session: Session;
  let userId: number;

  beforeAll(async () => {
    const house = await makeHouse(suite.db, 'compare-cosy');
    userId = house.userId;
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    for (const rows of [OCTOBER, NOVEMBER]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/v1/readings',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
        payload: JSON.stringify(halfHours(rows)),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('prices each window at its rate on the home’s clock, by hand-checked pennies', async () => {
    const res = await t.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${userId}&months=12`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const cosy = body.tariffs.find((x: { name: string }) => x.name === 'Cosy');
    expect([cosy.current, cosy.total, cosy.monthly]).toEqual([
      false,
      35.72,
      [
        { month: '2026-10', cost: 15.75, fuels: { electricity: 15.75 } },
        { month: '2026-11', cost: 19.97, fuels: { electricity: 19.97 } },
      ],
    ]);
    expect(cosy.rates).toEqual([
      {
        fuel: 'electricity',
        from: '2026-10-01',
        to: '2026-12-01',
        source: expect.stringContaining('Cosy, built-in table (published rates'),
        clock: 'local',
        unit_rates: [
          { name: 'day', start: '00:00', price: 0.2581 },
          { name: 'cosy', start: '04:00', price: 0.1265 },
          { name: 'day', start: '07:00', price: 0.2581 },
          { name: 'cosy', start: '13:00', price: 0.1265 },
          { name: 'peak', start: '16:00', price: 0.3742 },
          { name: 'day', start: '19:00', price: 0.2581 },
          { name: 'cosy', start: '22:00', price: 0.1265 },
        ],
        standing_charge: 0.5719,
      },
    ]);
    // No Agile or Tracker prices are stored for this home: said per product, naming the months.
    expect(body.notes).toContain(
      'Agile is not compared: its published half-hourly prices are not stored for your home for October 2026 and November 2026 (import them with “npm run import -- prices”, or connect an Octopus account on Agile); no price is made up.',
    );
    expect(body.notes).toContain(
      'Tracker is not compared: its published daily prices are not stored for your home for October 2026 and November 2026 (import them with “npm run import -- prices”, or connect an Octopus account on Tracker); no price is made up.',
    );
  });
});
