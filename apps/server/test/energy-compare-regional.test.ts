import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, importHalfHours } from './support/energy';
import { type KeyedHouse, makeHouse } from './support/ingest';
import { type OctopusStandin, startOctopusStandin } from './support/octopus-standin';

// Agile and Tracker with the published prices of the home's region (issue 37): the region from the
// postcode (SW1A: London, C), else the Octopus tariff code's letter; the prices fetched from the Octopus
// stand-in's products endpoints (OCTOPUS_API_URL) and kept in published_rates. The stand-in's region C
// Agile is region A's real 2020 price + 0.2p, its standing charge 22p/day; its Tracker 15p + 0.5p × (day
// of month mod 7) + 0.2p, standing 21p/day (features/demo/standins/octopus-regional.ts). A London home's
// half-hours: 25 October 2020, the 25-hour day (BST ends), 01:30 BST, 01:30 GMT and 23:30 GMT (its 50th
// half-hour), 1000 Wh each; 10 November 17:00 GMT, 2000 Wh. First reading 25 October: 7 days of October
// charged, 30 of November. By hand, Agile (A's file: −6.615, −4.1475, 4.41, 31.5525p):
//   Oct 1000 × (−6.415 − 3.9475 + 4.61)p = −5.7525p + 7 × 22p = 148.2475p → 148p
//   Nov 2000 × 31.7525p = 63.505p + 30 × 22p = 723.505p → 724p.   Total 872p = £8.72
// Tracker (25 Oct: 15 + 0.5 × 4 + 0.2 = 17.2p; 10 Nov: 15 + 0.5 × 3 + 0.2 = 16.7p):
//   Oct 3000 × 17.2p = 51.6p + 7 × 21p = 198.6p → 199p;  Nov 2000 × 16.7p = 33.4p + 630p = 663.4p → 663p.
//   Total 862p = £8.62

const NOW = at('2020-12-05T12:00:00Z');
const READINGS = [
  ['2020-10-25T00:30:00Z', 1000],
  ['2020-10-25T01:30:00Z', 1000],
  ['2020-10-25T23:30:00Z', 1000],
  ['2020-11-10T17:00:00Z', 2000],
] as const;

interface Tariff {
  name: string;
  total: number;
  monthly: { month: string; cost: number }[];
  rates: { from: string; to: string; source: string; standing_charge: number }[];
  published?: { product: string; region: string; codes: string[]; from: string; to: string };
}

describeEachDb('Agile and Tracker from the region’s published prices', (suite) => {
  let t: TestApp;
  let octopus: OctopusStandin;

  async function home(name: string, region: { postcode?: string; agreements?: string }) {
    const house = await makeHouse(suite.db, name);
    if (region.postcode)
      await suite.db.query('update houses set postcode = $2 where id = $1', [house.houseId, region.postcode]);
    if (region.agreements)
      await suite.db.query(
        `insert into supplier_connections (house_id, kind, credentials, account_end, state, fill_from, created_at,
                                           tariff_agreements)
         values ($1, 'octopus', 'sealed', '1234', 'up_to_date', 0, 0, $2)`,
        [house.houseId, region.agreements],
      );
    for (const month of ['2020-10', '2020-11']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/v1/readings',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
        payload: JSON.stringify({
          readings: importHalfHours(READINGS.filter(([iso]) => iso.startsWith(month))),
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

  const named = (body: { tariffs: Tariff[] }, prefix: string) =>
    body.tariffs.find((x) => x.name.startsWith(prefix));
  const figures = (x: Tariff | undefined) => [x?.total, x?.monthly.map((m) => m.cost)];

  beforeAll(async () => {
    octopus = await startOctopusStandin();
    t = await makeTestApp(suite.db, { env: { OCTOPUS_API_URL: octopus.url } });
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
  });
  afterAll(async () => {
    await t?.app.close();
    await octopus?.close();
  });

  it('prices a London postcode’s home on region C’s Agile and Tracker, to the penny', async () => {
    const body = await compare(await home('regional-postcode', { postcode: 'SW1A' }));
    expect(body.region).toEqual({ letter: 'C', name: 'London', from: 'postcode' });
    expect(body.rates_source).toBe(
      'Agile and Tracker: Octopus’s published prices for region C (London), from the Octopus products API, kept on this server.',
    );
    const agile = named(body, 'Agile');
    const tracker = named(body, 'Tracker');
    expect(figures(agile)).toEqual([8.72, [1.48, 7.24]]);
    expect(figures(tracker)).toEqual([8.62, [1.99, 6.63]]);
    expect(agile?.published).toEqual({
      product: 'Agile',
      region: 'C',
      codes: ['AGILE-18-02-21'],
      from: '2020-10-01',
      to: '2020-12-01',
      sources: [{ source: 'Octopus products API', from: '2020-10-01', to: '2020-12-01' }],
    });
    expect(tracker?.published?.codes).toEqual(['SILVER-2017-1']);
    // Its own standing charge from its first day, the published one: 22p a day.
    expect(agile?.rates.map((r) => [r.from, r.to, r.standing_charge])).toEqual([
      ['2020-10-01', '2020-12-01', 0.22],
    ]);
    expect(
      body.notes.some((n: string) =>
        n.startsWith('Agile: priced from its published half-hourly prices for region C'),
      ),
    ).toBe(true);
    // Asked only for region C's codes; stored once.
    const paths = octopus.calls.filter((c) => c.kind === 'products').map((c) => c.path);
    expect(paths.every((p) => p.includes('-C/'))).toBe(true);
    const { rows } = await suite.db.query<{ n: string }>(
      `select count(*) as n from published_rates where tariff_code = 'E-1R-AGILE-18-02-21-C' and series = 'unit'`,
    );
    expect(Number(rows[0]?.n)).toBe(61 * 48 + 2); // 1 October–30 November, plus the 25-hour day's two
  });

  it('reads the region from the Octopus tariff code’s letter when there is no postcode, and asks nothing again', async () => {
    const before = octopus.calls.length;
    const body = await compare(
      await home('regional-code', {
        agreements: JSON.stringify([
          '2020-12-05',
          [['E-1R-VAR-22-11-01-C', '2014-01-01T00:00:00Z', null]],
          [],
        ]),
      }),
    );
    expect(body.region).toEqual({ letter: 'C', name: 'London', from: 'tariff_code' });
    expect(figures(named(body, 'Agile'))).toEqual([8.72, [1.48, 7.24]]);
    expect(figures(named(body, 'Tracker'))).toEqual([8.62, [1.99, 6.63]]);
    // Region C's prices were stored by the first home's comparison: nothing is asked again.
    expect(octopus.calls.length - before).toBe(0);
  });

  it('gives a home with no region no Agile or Tracker candidate, and says why', async () => {
    const body = await compare(await home('regional-none', {}));
    expect(body.region).toBeNull();
    expect(named(body, 'Agile')).toBeUndefined();
    expect(named(body, 'Tracker')).toBeUndefined();
    expect(body.rates_source).toBe(
      'Agile and Tracker: your home’s region is not known (no postcode, no Octopus tariff code), so no region’s published prices can be chosen.',
    );
  });

  it('names the month whose prices are not published yet, then prices it once they are', async () => {
    // Manchester (M1): region G. Prices published up to 5 November only (its reading is on the 10th).
    octopus.faults.agileUntil = at('2020-11-05T00:00:00Z');
    const house = await home('regional-late', { postcode: 'M1' });
    const first = await compare(house);
    expect(first.region.letter).toBe('G');
    expect(named(first, 'Agile')).toBeUndefined();
    expect(named(first, 'Tracker')).toBeUndefined();
    expect(first.notes).toContain(
      'Agile is not compared: its published half-hourly prices or standing charges for region G (North West England) are missing for November 2020 (not published for those dates); no price is made up.',
    );
    octopus.faults.agileUntil = Number.POSITIVE_INFINITY;
    // Asked again only after 10 minutes, and only from the end of what is stored (5 November).
    t.clock.advance(11 * 60_000);
    const before = octopus.calls.length;
    const second = await compare(house);
    const asked = octopus.calls.slice(before).filter((c) => c.path.includes('standard-unit-rates'));
    expect(asked.length).toBe(2); // Agile and Tracker, one page each
    // Region G = A + 0.6p, standing 24p (Agile) and 23p (Tracker); 25 Oct 15 + 2 + 0.6, 10 Nov 15 + 1.5 + 0.6:
    //   Agile Oct 1000 × (−6.015 − 3.5475 + 5.01)p = −4.5525p + 168p = 163.4475p → 163p;
    //         Nov 2000 × 32.1525p = 64.305p + 720p = 784.305p → 784p.  Total £9.47
    //   Tracker Oct 3000 × 17.6p = 52.8p + 161p = 213.8p → 214p; Nov 2000 × 17.1p = 34.2p + 690p → 724p. £9.38
    expect(figures(named(second, 'Agile'))).toEqual([9.47, [1.63, 7.84]]);
    expect(figures(named(second, 'Tracker'))).toEqual([9.38, [2.14, 7.24]]);
  });

  it('prices from the prices kept earlier while the products API cannot be reached: nothing to ask', async () => {
    // Fetched once through the reachable app, then asked through one whose OCTOPUS_API_URL points nowhere:
    // every half-hour compared is priced from published_rates, so the API is not asked and no failure shown.
    const house = await home('regional-kept', { postcode: 'SW1A' });
    expect(figures(named(await compare(house), 'Agile'))).toEqual([8.72, [1.48, 7.24]]);
    const down = await makeTestApp(suite.db);
    down.clock.advance(NOW * 1000 - down.clock.now().getTime());
    const session = await login(down.app, { username: house.username, password: TEST_PASSWORD });
    const res = await down.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${house.userId}&months=12`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(figures(named(body, 'Agile'))).toEqual([8.72, [1.48, 7.24]]);
    expect(body.rates_source).toBe(
      'Agile and Tracker: Octopus’s published prices for region C (London), from the Octopus products API, kept on this server.',
    );
    await down.app.close();
  });

  it('says the products API could not be reached, on every request until it is asked again', async () => {
    // A second app on the same database whose OCTOPUS_API_URL points nowhere (the test default); Cardiff: K.
    const down = await makeTestApp(suite.db);
    down.clock.advance(NOW * 1000 - down.clock.now().getTime());
    const house = await home('regional-down', { postcode: 'CF10' });
    const ask = async () => {
      const session = await login(down.app, { username: house.username, password: TEST_PASSWORD });
      const res = await down.app.inject({
        url: `/api/v3/energy_info/compare/?user_id=${house.userId}&months=12`,
        headers: session.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    for (const body of [await ask(), await ask()]) {
      expect(body.region.letter).toBe('K');
      expect(named(body, 'Agile')).toBeUndefined();
      expect(body.rates_source).toBe(
        'Agile and Tracker: no published prices for region K (South Wales) are kept on this server, and just now the Octopus products API could not be reached.',
      );
      expect(body.notes).toContain(
        'Tracker is not compared: its published daily prices or standing charges for region K (South Wales) are missing for October 2020 and November 2020 (the Octopus products API could not be reached); no price is made up.',
      );
    }
    await down.app.close();
  });
});

describe('no stand-in reachable', () => {
  it('is the default of every test app: OCTOPUS_API_URL points nowhere', async () => {
    const { testConfig } = await import('./support/app');
    expect(testConfig().octopusApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:1\/?$/);
  });
});
