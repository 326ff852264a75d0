import { beforeAll, expect, it } from 'vitest';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, importHalfHours } from './support/energy';
import { makeHouse } from './support/ingest';

// The moved-load column of tariffs compared (issue 37): "if you moved N kWh a day from 16:00–19:00 into
// the cheapest window", N = move_kwh. A London home with no tariff of its own and two November (GMT) days:
//
//   10 Nov  16:00 1000 Wh, 16:30 1500 Wh, 18:30 500 Wh (evening 3000 Wh) · 12:00 1000 Wh
//   11 Nov  17:00 800 Wh (evening 800 Wh)
//
// move_kwh=2 moves min(2000, 3000) = 2000 Wh on the 10th and min(2000, 800) = 800 Wh on the 11th: 2.8 kWh.
// Standing charge: the cap's 57.19p/day × 21 days (10th–30th) = 1200.99p. Worked by hand:
//   Economy 7 (day 45.504p, night 17.239p): as used all day 4800 × 45.504 = 218.4192p → 1419.4092 → £14.19;
//     moved 2000 × 45.504 = 91.008p + 2800 × 17.239 = 48.2692p → 1340.2672p → £13.40.
//   Go (day the cap's 26.11p, night 8.50p): as used 4800 × 26.11 = 125.328p → 1326.318p → £13.26;
//     moved 2000 × 26.11 = 52.22p + 2800 × 8.5 = 23.8p → 1277.01p → £12.77.
//   Cosy (peak 37.42p 16–19, day 25.81p, cosy 12.65p): as used 3800 × 37.42 = 142.196p + 1000 × 25.81 =
//     25.81p → 1368.996p → £13.69; moved 1000 × 37.42 + 1000 × 25.81 + 2800 × 12.65 = 98.65p → 1299.64p
//     → £13.00.
//   Intelligent Go (night 23:30–05:30 7.50p, day the cap's 26.11p): as used all day, £13.26 as Go; moved
//     2000 × 26.11 = 52.22p + 2800 × 7.5 = 21p → 1274.21p → £12.74.
//   Flux (cheap 02:00–05:00 20.11p, peak 16:00–19:00 46.93p, day 33.52p): as used 3800 × 46.93 = 178.334p
//     + 1000 × 33.52 = 33.52p → 1412.844p → £14.13; moved 1000 × 46.93 + 1000 × 33.52 + 2800 × 20.11 =
//     136.758p → 1337.748p → £13.38.

const NOW = at('2026-12-05T12:00:00Z');

const READINGS = [
  ['2026-11-10T12:00:00Z', 1000],
  ['2026-11-10T16:00:00Z', 1000],
  ['2026-11-10T16:30:00Z', 1500],
  ['2026-11-10T18:30:00Z', 500],
  ['2026-11-11T17:00:00Z', 800],
] as const;

interface Tariff {
  name: string;
  total: number;
  moved?: { total: number; monthly: { month: string; cost: number }[]; moved_kwh: number };
}

describeEachDb('The moved-load column of tariffs compared', (suite) => {
  let t: TestApp;
  let session: Session;
  let userId: number;
  const compare = (query: string) =>
    t.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${userId}&months=12${query}`,
      headers: session.headers(),
    });

  beforeAll(async () => {
    const house = await makeHouse(suite.db, 'compare-move');
    userId = house.userId;
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/readings',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
      payload: JSON.stringify({
        readings: importHalfHours(READINGS),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('prices min(N, the evening’s use) a day moved into each time-of-use tariff’s cheapest window', async () => {
    const res = await compare('&move_kwh=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const figures = Object.fromEntries(
      (body.tariffs as Tariff[]).map((x) => [x.name, [x.total, x.moved] as const]),
    );
    expect(figures).toEqual({
      'Your tariff': [13.26, undefined],
      'Price cap (the default tariff)': [13.26, undefined],
      'Economy 7': [14.19, { total: 13.4, monthly: [{ month: '2026-11', cost: 13.4 }], moved_kwh: 2.8 }],
      'Go-style night': [
        13.26,
        { total: 12.77, monthly: [{ month: '2026-11', cost: 12.77 }], moved_kwh: 2.8 },
      ],
      Cosy: [13.69, { total: 13, monthly: [{ month: '2026-11', cost: 13 }], moved_kwh: 2.8 }],
      'Intelligent Go (fixed window)': [
        13.26,
        { total: 12.74, monthly: [{ month: '2026-11', cost: 12.74 }], moved_kwh: 2.8 },
      ],
      Flux: [14.13, { total: 13.38, monthly: [{ month: '2026-11', cost: 13.38 }], moved_kwh: 2.8 }],
    });
    expect(body.move_kwh).toBe(2);
    expect(body.notes).toContain(
      'Moved: Economy 7, Go, Intelligent Go, Cosy and Flux also priced as if, each day, 2 kWh (or what you used 16:00–19:00 that day, if less) had been used in their cheapest half-hours of that day instead of 16:00–19:00.',
    );
  });

  it('moves nothing at 0 kWh, and leaves the answer as it was without move_kwh', async () => {
    const zero = (await compare('&move_kwh=0')).json();
    const cosy = (zero.tariffs as Tariff[]).find((x) => x.name === 'Cosy');
    expect(cosy?.moved).toEqual({ total: 13.69, monthly: [{ month: '2026-11', cost: 13.69 }], moved_kwh: 0 });
    const plain = (await compare('')).json();
    expect((plain.tariffs as Tariff[]).some((x) => x.moved !== undefined)).toBe(false);
    expect(plain.move_kwh).toBeUndefined();
  });

  it('refuses a move outside 0–10 kWh or finer than one decimal, saying what it takes', async () => {
    for (const bad of ['10.5', '-1', '1.25', 'lots']) {
      const res = await compare(`&move_kwh=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({
        error:
          'move_kwh must be the kWh a day to move from 16:00–19:00, from 0 to 10 with at most one decimal (such as 2.5)',
        field: 'move_kwh',
      });
    }
  });
});
