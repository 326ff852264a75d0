import { fixedRate, makeTariff } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { insertTariff } from '../src/features/demo/repository';
import { login, makeTestApp, makeUser, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { makeHouse } from './support/ingest';

// Tariffs compared (issue 37): GET /energy_info/compare/ on a London home with six hand-made electricity
// half-hours (four in October 2026, around its clock change on Sunday 25th, two in November) and one gas
// half-hour, its own electricity tariff (20p/kWh, 50p/day) and no gas tariff (Ofgem's gas cap). Every
// expected figure below was worked out by hand from the rates, not by the code under test:
//
//   slot (UTC)          local          Wh    Economy 7 (00:30–07:30 UTC)   Go-style (00:30–05:30 local)
//   10 Oct 00:30        01:30 BST     1000   night                         night
//   10 Oct 06:30        07:30 BST     2000   night                         day
//   25 Oct 00:00        01:00 BST      700   day                           night
//   25 Oct 01:00        01:00 GMT      500   night                         night
//   15 Nov 05:30        05:30 GMT     1500   night                         day
//   15 Nov 12:00        12:00 GMT     3000   day                           day
//   gas 15 Nov 12:00                 10000
//
// Standing charges from each fuel's first local day: electricity 22 days of October + 30 of November;
// gas 16 days of November (from the 15th). Cap of the date: Jul–Sep 2026's rates run on (caps.ts):
// electricity 26.11p/kWh and 57.19p/day, gas 7.33p/kWh and 29.04p/day.
//   Your tariff: Oct 4200 Wh × 20p = 84p + 22 × 50p = 1184p; Nov 4500 × 20p = 90p + 1500p = 1590p;
//                gas Nov 10 kWh × 7.33p = 73.30p + 16 × 29.04p = 464.64p → 537.94p → 538p; Nov 2128p.
//                Total 3312p = £33.12.
//   Economy 7 (day 45.504p, night 17.239p, cap standing): Oct night 3500 Wh × 17.239 = 60.3365p, day 700 ×
//                45.504 = 31.8528p, standing 22 × 57.19 = 1258.18p → 1350.3693p → 1350p; Nov day 3000 ×
//                45.504 = 136.512p, night 1500 × 17.239 = 25.8585p, standing 1715.7p → 1878.0705p → 1878p,
//                + gas (kept) 538p = 2416p. Total 3766p = £37.66.
//   Price cap (both fuels): Oct 4200 × 26.11 = 109.662p + 1258.18p → 1368p; Nov 4500 × 26.11 = 117.495p +
//                1715.7p → 1833p + gas 538p = 2371p. Total 3739p = £37.39.
//   Go-style (night 8.50p, day the cap's 26.11p): Oct night 2200 × 8.5 = 18.7p, day 2000 × 26.11 = 52.22p,
//                + 1258.18p = 1329.10p → 1329p; Nov all day: 1833p + 538p = 2371p. Total 3700p = £37.00.
//   Cosy (cheap 04–07, 13–16, 22–24 local 12.65p; peak 16–19 37.42p; day 25.81p; cap standing): Oct all four
//                at day rate (01:30, 07:30, 01:00, 01:00 local): 4200 × 25.81 = 108.402p + 1258.18p =
//                1366.582p → 1367p; Nov 05:30 cosy 1500 × 12.65 = 18.975p, 12:00 day 3000 × 25.81 =
//                77.43p, + 1715.7p = 1812.105p → 1812p, + gas 538p = 2350p. Total 3717p = £37.17.
//   Intelligent Go (night 23:30–05:30 local 7.50p, day the cap's 26.11p): Oct night 01:30, 01:00, 01:00
//                2200 × 7.5 = 16.5p, day 07:30 2000 × 26.11 = 52.22p, + 1258.18p = 1326.90p → 1327p; Nov
//                05:30 and 12:00 both day (the window ends at 05:30): 1833p + 538p = 2371p. Total 3698p.
//   Flux (cheap 02:00–05:00 20.11p, peak 16:00–19:00 46.93p, day 33.52p, local): every slot day rate:
//                Oct 4200 × 33.52 = 140.784p + 1258.18p = 1398.964p → 1399p; Nov 4500 × 33.52 = 150.84p +
//                1715.7p = 1866.54p → 1867p + 538p = 2405p. Total 3804p = £38.04.

const NOW = at('2026-12-05T12:00:00Z');

const ELECTRICITY = [
  ['2026-10-10T00:30:00Z', 1000],
  ['2026-10-10T06:30:00Z', 2000],
  ['2026-10-25T00:00:00Z', 700],
  ['2026-10-25T01:00:00Z', 500],
  ['2026-11-15T05:30:00Z', 1500],
  ['2026-11-15T12:00:00Z', 3000],
] as const;

const halfHours = (rows: readonly (readonly [string, number])[]) => ({
  readings: rows.map(([iso, wh]) => ({
    start: at(iso),
    interval_s: 1800,
    import_wh: wh,
    export_wh: 0,
    generation_wh: 0,
  })),
});

describeEachDb('tariffs compared on the home’s own months', (suite) => {
  let t: TestApp;
  let session: Session;
  let userId: number;
  let otherId: number;
  const get = (query: string) =>
    t.app.inject({ url: `/api/v3/energy_info/compare/?${query}`, headers: session.headers() });

  beforeAll(async () => {
    const house = await makeHouse(suite.db, 'compare-cleo');
    userId = house.userId;
    otherId = (await makeHouse(suite.db, 'compare-other')).userId;
    await insertTariff(
      suite.db,
      house.houseId,
      makeTariff({ startDate: '2026-01-01', standingCharge: 500_000, import: fixedRate(200_000) }),
    );
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    const send = (body: object, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/v1/readings${query}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
        payload: JSON.stringify(body),
      });
    // One batch spans at most 32 UTC days: October's and November's half-hours go apart.
    expect((await send(halfHours(ELECTRICITY.slice(0, 4)))).statusCode).toBe(200);
    expect((await send(halfHours(ELECTRICITY.slice(4)))).statusCode).toBe(200);
    expect((await send(halfHours([['2026-11-15T12:00:00Z', 10_000]]), '?fuel=gas')).statusCode).toBe(200);
  });

  it('prices the current tariff and each candidate by hand-checked pennies, cheapest first', async () => {
    const res = await get(`user_id=${userId}&months=12`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const figures = body.tariffs.map(
      (x: { name: string; current: boolean; total: number; monthly: unknown }) => [
        x.name,
        x.current,
        x.total,
        x.monthly,
      ],
    );
    expect(figures).toEqual([
      [
        'Your tariff',
        true,
        33.12,
        [
          { month: '2026-10', cost: 11.84, fuels: { electricity: 11.84, gas: 0 } },
          { month: '2026-11', cost: 21.28, fuels: { electricity: 15.9, gas: 5.38 } },
        ],
      ],
      [
        'Intelligent Go (fixed window)',
        false,
        36.98,
        [
          { month: '2026-10', cost: 13.27, fuels: { electricity: 13.27, gas: 0 } },
          { month: '2026-11', cost: 23.71, fuels: { electricity: 18.33, gas: 5.38 } },
        ],
      ],
      [
        'Go-style night',
        false,
        37,
        [
          { month: '2026-10', cost: 13.29, fuels: { electricity: 13.29, gas: 0 } },
          { month: '2026-11', cost: 23.71, fuels: { electricity: 18.33, gas: 5.38 } },
        ],
      ],
      [
        'Cosy',
        false,
        37.17,
        [
          { month: '2026-10', cost: 13.67, fuels: { electricity: 13.67, gas: 0 } },
          { month: '2026-11', cost: 23.5, fuels: { electricity: 18.12, gas: 5.38 } },
        ],
      ],
      [
        'Price cap (the default tariff)',
        false,
        37.39,
        [
          { month: '2026-10', cost: 13.68, fuels: { electricity: 13.68, gas: 0 } },
          { month: '2026-11', cost: 23.71, fuels: { electricity: 18.33, gas: 5.38 } },
        ],
      ],
      [
        'Economy 7',
        false,
        37.66,
        [
          { month: '2026-10', cost: 13.5, fuels: { electricity: 13.5, gas: 0 } },
          { month: '2026-11', cost: 24.16, fuels: { electricity: 18.78, gas: 5.38 } },
        ],
      ],
      [
        'Flux',
        false,
        38.04,
        [
          { month: '2026-10', cost: 13.99, fuels: { electricity: 13.99, gas: 0 } },
          { month: '2026-11', cost: 24.05, fuels: { electricity: 18.67, gas: 5.38 } },
        ],
      ],
    ]);
    // Two complete months, not twelve: said, with the half-hours each month lacks, never filled.
    expect(body.months).toEqual([
      { month: '2026-10', slots: 1490, data_slots: { electricity: 4, gas: 0 } },
      { month: '2026-11', slots: 1440, data_slots: { electricity: 2, gas: 1 } },
    ]);
    expect(body.notes).toContain('Your home has 2 complete months of data, not the 12 asked for.');
    expect(body.notes).toContain(
      'November 2026: 1439 of 1440 gas half-hours have no data; they are not filled in.',
    );
    expect(body.fuels).toEqual(['electricity', 'gas']);
    // Each figure says which rates it used, over which dates.
    const e7 = body.tariffs.find((x: { name: string }) => x.name === 'Economy 7');
    expect(e7.rates).toEqual([
      {
        fuel: 'electricity',
        from: '2026-10-01',
        to: '2026-12-01',
        source: expect.stringContaining('Economy 7'),
        clock: 'gmt',
        unit_rates: [
          { name: 'day', start: '00:00', price: 0.45504 },
          { name: 'night', start: '00:30', price: 0.17239 },
          { name: 'day', start: '07:30', price: 0.45504 },
        ],
        standing_charge: 0.5719,
      },
      {
        fuel: 'gas',
        from: '2026-10-01',
        to: '2026-12-01',
        source: 'price cap',
        clock: 'local',
        unit_rates: [{ name: 'fix', start: '00:00', price: 0.0733 }],
        standing_charge: 0.2904,
      },
    ]);
  });

  it("equals, to the penny, the sum of the usage screens' month costs for the same months", async () => {
    let pennies = 0;
    for (const month of ['2026-10-15T12:00:00Z', '2026-11-15T12:00:00Z'])
      for (const fuel of ['electricity', 'gas']) {
        const res = await t.app.inject({
          url: `/api/v3/energy_info/detail/?user_id=${userId}&timescale=month&timestamp=${at(month)}&fuel=${fuel}`,
          headers: session.headers(),
        });
        expect(res.statusCode, res.body).toBe(200);
        pennies += Math.round(res.json().balance.cost * 100);
      }
    const body = (await get(`user_id=${userId}`)).json();
    const current = body.tariffs.find((x: { current: boolean }) => x.current);
    expect(Math.round(current.total * 100)).toBe(pennies);
    expect(pennies).toBe(3312);
  });

  it('answers the monthly table as CSV with format=csv: the same pennies, a Total row', async () => {
    const res = await get(`user_id=${userId}&months=12&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tariffs-compared-2026-10-to-2026-11.csv"',
    );
    // By hand from the figures above (October is the clock-change month), cheapest first as the answer;
    // each column's Total is its months' sum: 11.84 + 21.28 = 33.12, 13.29 + 23.71 = 37.00, …
    expect(res.body).toBe(
      [
        'Month,Your tariff (£),Intelligent Go (fixed window) (£),Go-style night (£),Cosy (£),' +
          'Price cap (the default tariff) (£),Economy 7 (£),Flux (£)',
        '2026-10,11.84,13.27,13.29,13.67,13.68,13.50,13.99',
        '2026-11,21.28,23.71,23.71,23.50,23.71,24.16,24.05',
        'Total,33.12,36.98,37.00,37.17,37.39,37.66,38.04',
        '',
      ].join('\r\n'),
    );
    // format=json is the default answer.
    const json = await get(`user_id=${userId}&format=json`);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json().tariffs[0].total).toBe(33.12);
  });

  it('refuses a format other than json or csv with a 400 naming the field', async () => {
    const res = await get(`user_id=${userId}&format=xlsx`);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: 'format must be one of json, csv', field: 'format' },
    ]);
  });

  it('compares fewer months when asked, the last complete ones', async () => {
    const body = (await get(`user_id=${userId}&months=1`)).json();
    expect(body.months.map((m: { month: string }) => m.month)).toEqual(['2026-11']);
    expect(body.tariffs[0]).toMatchObject({ name: 'Your tariff', total: 21.28 });
  });

  it('refuses months outside 1–12 with a 400 naming the field', async () => {
    for (const months of ['0', '13', 'x']) {
      const res = await get(`user_id=${userId}&months=${months}`);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { error: 'months must be a whole number from 1 to 12', field: 'months' },
      ]);
    }
  });

  it("refuses another home's id as the other energy_info calls do", async () => {
    const res = await get(`user_id=${otherId}&months=12`);
    expect(res.statusCode).toBe(403);
    const detail = await t.app.inject({
      url: `/api/v3/energy_info/detail/?user_id=${otherId}&timescale=month`,
      headers: session.headers(),
    });
    expect(detail.statusCode).toBe(403);
    const unknown = await get('user_id=987654');
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a home with no data with no months and says so', async () => {
    const empty = await makeUser(suite.db, 'compare-empty');
    const s = await login(t.app, empty);
    const res = await t.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${empty.id}`,
      headers: s.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().months).toEqual([]);
    expect(res.json().notes[0]).toBe(
      'Your home has no complete month of data yet, so there is nothing to compare.',
    );
    const csv = await t.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${empty.id}&format=csv`,
      headers: s.headers(),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toBe(
      'Month,Your tariff (£),Price cap (the default tariff) (£),Economy 7 (£),Go-style night (£),' +
        'Intelligent Go (fixed window) (£),Cosy (£),Flux (£)\r\nTotal,0.00,0.00,0.00,0.00,0.00,0.00,0.00\r\n',
    );
  });
});
