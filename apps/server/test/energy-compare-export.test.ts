import { fixedRate, makeTariff } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { insertTariff } from '../src/features/demo/repository';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { makeHouse } from './support/ingest';

// Export income among the tariffs compared (issue 37): a London home that exports, on its own tariff
// (20p/kWh in, 5p/kWh out, 50p/day), with four half-hours, two on the clock-change day (Sunday 25 October
// 2026, the first local day, so 7 days of October carry a standing charge) and two in November:
//
//   slot (UTC)      local      in Wh  out Wh   Flux window (02–05 cheap, 16–19 peak, else day)
//   25 Oct 03:00    03:00 GMT   1000    2000   cheap: in 20.11p, out 9.11p
//   25 Oct 15:00    15:00 GMT      0    3000   day: out 22.52p
//   10 Nov 12:00    12:00 GMT      0    4000   day: out 22.52p
//   10 Nov 16:30    16:30 GMT   1000    1000   peak: in 46.93p, out 35.93p
//
// Worked by hand (cap's standing charge 57.19p/day: Oct 7 × = 400.33p, Nov 30 × = 1715.7p; every other
// candidate exports at 15p: 5000 Wh a month × 15p = 75p):
//   Yours   Oct 1000 × 20p + 7 × 50p = 370p, out 5000 × 5p = 25p; Nov 20p + 1500p = 1520p, out 25p.
//           Cost 1890p, income 50p, net 1840p.
//   Flux    Oct 20.11p + 400.33p = 420.44p → 420p, out 2000 × 9.11 + 3000 × 22.52 = 85.78p → 86p;
//           Nov 46.93p + 1715.7p = 1762.63p → 1763p, out 1000 × 35.93 + 4000 × 22.52 = 126.01p → 126p.
//           Cost 2183p, income 212p, net 1971p: the dearest by cost, second by net.
//   Intelligent Go  Oct 03:00 night 7.5p → 407.83p → 408p; Nov day 26.11p → 1741.81p → 1742p; 2150p − 150p = 2000p.
//   Go      Oct night 8.5p → 408.83p → 409p; Nov 1742p; 2151p − 150p = 2001p.
//   Cap     Oct 26.11p → 426.44p → 426p; Nov 1742p; 2168p − 150p = 2018p.
//   Economy 7  Oct 03:00 UTC night 17.239p → 417.569p → 418p; Nov day 45.504p → 1761.204p → 1761p;
//           2179p − 150p = 2029p.
//   Cosy    Oct 03:00 day 25.81p → 426.14p → 426p; Nov peak 37.42p → 1753.12p → 1753p; 2179p − 150p = 2029p
//           (a tie with Economy 7: the answer's candidate order then, Economy 7 first).

const NOW = at('2026-12-05T12:00:00Z');

const SLOTS = [
  ['2026-10-25T03:00:00Z', 1000, 2000],
  ['2026-10-25T15:00:00Z', 0, 3000],
  ['2026-11-10T12:00:00Z', 0, 4000],
  ['2026-11-10T16:30:00Z', 1000, 1000],
] as const;

interface Answer {
  name: string;
  total: number;
  export_income?: number;
  net?: number;
  monthly: { month: string; cost: number; export_income?: number }[];
}

describeEachDb('Export income among the tariffs compared', (suite) => {
  let t: TestApp;
  let session: Session;
  let userId: number;
  const get = (url: string) => t.app.inject({ url, headers: session.headers() });

  beforeAll(async () => {
    const house = await makeHouse(suite.db, 'compare-export');
    userId = house.userId;
    await insertTariff(
      suite.db,
      house.houseId,
      makeTariff({
        startDate: '2026-01-01',
        standingCharge: 500_000,
        import: fixedRate(200_000),
        export: fixedRate(50_000),
      }),
    );
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    for (const rows of [SLOTS.slice(0, 2), SLOTS.slice(2)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/v1/readings',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
        payload: JSON.stringify({
          readings: rows.map(([iso, imported, exported]) => ({
            start: at(iso),
            interval_s: 1800,
            import_wh: imported,
            export_wh: exported,
            generation_wh: 0,
          })),
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('nets each candidate’s export income at its own export rates, ranked by net', async () => {
    const res = await get(`/api/v3/energy_info/compare/?user_id=${userId}&months=12`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect((body.tariffs as Answer[]).map((x) => [x.name, x.total, x.export_income, x.net])).toEqual([
      ['Your tariff', 18.9, 0.5, 18.4],
      ['Flux', 21.83, 2.12, 19.71],
      ['Intelligent Go (fixed window)', 21.5, 1.5, 20],
      ['Go-style night', 21.51, 1.5, 20.01],
      ['Price cap (the default tariff)', 21.68, 1.5, 20.18],
      ['Economy 7', 21.79, 1.5, 20.29],
      ['Cosy', 21.79, 1.5, 20.29],
    ]);
    const flux = (body.tariffs as Answer[]).find((x) => x.name === 'Flux');
    expect(flux?.monthly).toEqual([
      { month: '2026-10', cost: 4.2, fuels: { electricity: 4.2 }, export_income: 0.86 },
      { month: '2026-11', cost: 17.63, fuels: { electricity: 17.63 }, export_income: 1.26 },
    ]);
    // Flux says its export windows beside its import ones.
    const fluxRates = (flux as unknown as { rates: { export_unit_rates?: unknown }[] }).rates;
    expect(fluxRates.map((r) => r.export_unit_rates)).toEqual([
      [
        { name: 'day', start: '00:00', price: 0.2252 },
        { name: 'cheap', start: '02:00', price: 0.0911 },
        { name: 'day', start: '05:00', price: 0.2252 },
        { name: 'peak', start: '16:00', price: 0.3593 },
        { name: 'day', start: '19:00', price: 0.2252 },
      ],
    ]);
    expect(body.notes).toContain(
      'Export income: Flux at its own export rates (cheap 02:00–05:00, peak 16:00–19:00); yours at your tariff’s export rate; every other tariff at 15p/kWh (Octopus Outgoing Fixed, which any of them can be paired with). Net is the cost less that income; the tariffs are ranked by it.',
    );
  });

  it('gives the home’s own export income and cost as the usage screens show them, to the penny', async () => {
    let income = 0;
    let cost = 0;
    for (const month of ['2026-10-15T12:00:00Z', '2026-11-15T12:00:00Z']) {
      const res = await get(
        `/api/v3/energy_info/detail/?user_id=${userId}&timescale=month&timestamp=${at(month)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      income += Math.round(res.json().balance.income * 100);
      cost += Math.round(res.json().balance.cost * 100);
    }
    expect([income, cost]).toEqual([50, 1890]);
    const body = (await get(`/api/v3/energy_info/compare/?user_id=${userId}`)).json();
    const own = (body.tariffs as Answer[]).find((x) => x.name === 'Your tariff');
    expect(own?.monthly.map((m) => m.export_income)).toEqual([0.25, 0.25]);
    expect([Math.round((own?.export_income ?? 0) * 100), Math.round((own?.total ?? 0) * 100)]).toEqual([
      income,
      cost,
    ]);
  });
});
