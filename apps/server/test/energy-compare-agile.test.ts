import { beforeAll, expect, it } from 'vitest';
import { importDynamicPrices } from '../src/features/tariffs/service';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, importHalfHours } from './support/energy';
import { makeHouse, type KeyedHouse } from './support/ingest';

// Agile and Tracker among the tariffs compared (issue 37): only from published prices stored for the home
// (`npm run import -- prices` makes them its own tariff from their first date), never invented. A London
// home with Agile prices for exactly its three half-hours, two on the clock-change day (Sunday 25
// October 2026: 01:00 BST and 01:00 GMT, a negative price) and one in November; standing charge the cap's
// (57.19p/day: 7 days of October, 30 of November). By hand:
//   Oct 1000 Wh × 10.00p + 1000 Wh × −2.00p = 8p + 400.33p = 408.33p → 408p
//   Nov 2000 Wh × 35.50p = 71p + 1715.7p = 1786.7p → 1787p.  Total 2195p = £21.95.
// A second home has one November half-hour with no price: its November is not Agile's, and is said so.

const NOW = at('2026-12-05T12:00:00Z');

const PRICED = [
  ['2026-10-25T00:00:00Z', 1000, 100_000],
  ['2026-10-25T01:00:00Z', 1000, -20_000],
  ['2026-11-10T16:30:00Z', 2000, 355_000],
] as const;

describeEachDb('Agile and Tracker among the tariffs compared', (suite) => {
  let t: TestApp;

  async function agileHome(name: string, unpriced: readonly (readonly [string, number])[]) {
    const house = await makeHouse(suite.db, name);
    await importDynamicPrices(suite.db, house.houseId, {
      prices: PRICED.map(([iso, , price]) => [at(iso), price] as [number, number]),
      name: 'Agile A',
    });
    const readings = [...PRICED.map(([iso, wh]) => [iso, wh] as const), ...unpriced];
    for (const month of ['2026-10', '2026-11']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/v1/readings',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
        payload: JSON.stringify({
          readings: importHalfHours(readings.filter(([iso]) => iso.startsWith(month))),
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return house;
  }

  async function compare(house: KeyedHouse) {
    const session: Session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    const res = await t.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${house.userId}&months=12`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
  });

  it('says the home’s own tariff is the Agile figure where its stored prices price every half-hour', async () => {
    const body = await compare(await agileHome('compare-agile', []));
    const own = body.tariffs.find((x: { current: boolean }) => x.current);
    expect([own.total, own.monthly.map((m: { cost: number }) => m.cost)]).toEqual([21.95, [4.08, 17.87]]);
    // Before the prices' first date the cap priced the (empty) days; from it, the per-half-hour prices.
    expect(
      own.rates.map((r: { from: string; to: string; source: string; clock: string | null }) => [
        r.from,
        r.to,
        r.source,
        r.clock,
      ]),
    ).toEqual([
      ['2026-10-01', '2026-10-25', 'price cap', 'local'],
      ['2026-10-25', '2026-12-01', 'your tariff', null],
    ]);
    expect(body.notes).toContain(
      'Agile: your own tariff is Agile over these months, priced per half-hour from its published prices stored for your home, so “Your tariff” is the Agile figure.',
    );
    expect(body.notes).toContain(
      'Tracker is not compared: its published daily prices are not stored for your home for October 2026 and November 2026 (import them with “npm run import -- prices”, or connect an Octopus account on Tracker); no price is made up.',
    );
  });

  it('names the month whose half-hours the stored prices do not all cover, and fills nothing in', async () => {
    const body = await compare(await agileHome('compare-agile-gap', [['2026-11-12T12:00:00Z', 500]]));
    expect(body.notes).toContain(
      'Agile is not compared: its published half-hourly prices are not stored for your home for November 2026 (import them with “npm run import -- prices”, or connect an Octopus account on Agile); no price is made up.',
    );
  });
});
