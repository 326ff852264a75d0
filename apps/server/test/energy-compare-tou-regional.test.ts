import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImport } from '../src/cli/run-import';
import type { Db } from '../src/db/types';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { type KeyedHouse, makeHouse } from './support/ingest';
import { type OctopusStandin, startOctopusStandin } from './support/octopus-standin';
import { SCRATCH_DIR } from './support/scratch';

// Go, Intelligent Go, Cosy, Flux and Economy 7 with the published rates of the home's region (issue 37),
// fetched from the Octopus stand-in's products endpoints (OCTOPUS_API_URL): the time-of-use products a row
// per window per local day, Economy 7 (E-2R-VAR-22-11-01) dated day and night rates with the smart meter's
// 00:30–07:30 UTC night (features/demo/standins/octopus-tou.ts, octopus-products.ts). January 2025, so GMT:
// the local windows are UTC. A home's half-hours: 10 January 01:00 (1 kWh: Go's and Intelligent Go's
// night, Cosy's and Flux's day, Economy 7's night) and 17:00 (2 kWh: every peak or day); first reading the
// 10th, so 22 days of standing charge; 1 kWh exported at 17:00 (Flux's export product, FLUX-EXPORT-23-02-14:
// its peak, region C 35 + 0.2 = 35.2p → £0.35; the others at the default 15p → £0.15). By hand, region C (the stand-in's base + 0.2p; standing 51p;
// Economy 7 the table of VAR-22-11-01: day 18.9p, night 9.45p, standing 21.21p):
//   Go             1 × 8.7  + 2 × 25.2 =  59.1p + 22 × 51p = 1181.1p  → £11.81
//   Intelligent Go 1 × 7.7  + 2 × 26.2 =  60.1p + 1122p    = 1182.1p  → £11.82
//   Cosy           1 × 25.2 + 2 × 37.2 =  99.6p + 1122p    = 1221.6p  → £12.22
//   Flux           1 × 33.2 + 2 × 46.2 = 125.6p + 1122p    = 1247.6p  → £12.48
//   Economy 7      1 × 9.45 + 2 × 18.9 =  47.25p + 22 × 21.21p = 513.87p → £5.14
// Region P, North Scotland (not the tables' regions): Go +1.3p, standing 56.5p: 1 × 9.8 + 2 × 26.3 = 62.4p
// + 1243p = 1305.4p → £13.05; Economy 7 C's + 1.1p, standing + 5.5p: 1 × 10.55 + 2 × 20.0 = 50.55p +
// 22 × 26.71p = 638.17p → £6.38.
// A rate file of Go for region J (written here: night 10p 00:30–05:30, day 30p, standing 40p): 1 × 10 +
// 2 × 30 = 70p + 22 × 40p = 950p → £9.50.

const NOW = at('2025-02-05T12:00:00Z');
const READINGS = [
  ['2025-01-10T01:00:00Z', 1000, 0],
  ['2025-01-10T17:00:00Z', 2000, 1000],
] as const;

interface Tariff {
  name: string;
  total: number;
  monthly: { month: string; cost: number }[];
  rates: {
    from: string;
    to: string;
    source: string;
    standing_charge: number;
    clock: string | null;
    unit_rates: { name: string; start: string; price: number }[];
    export_unit_rates?: { name: string; start: string; price: number }[];
  }[];
  export_income?: number;
  published?: {
    product: string;
    region: string;
    codes: string[];
    from: string;
    to: string;
    sources?: { source: string; from: string; to: string }[];
  };
}

describeEachDb('Time-of-use candidates from the region’s published rates', (suite) => {
  let t: TestApp;
  let demo: TestApp;
  let octopus: OctopusStandin;

  async function home(app: TestApp, name: string, postcode: string | null, isDemo = false) {
    const house = await makeHouse(suite.db, name);
    await suite.db.query('update houses set postcode = $2, demo = $3 where id = $1', [
      house.houseId,
      postcode,
      isDemo,
    ]);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/readings',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
      payload: JSON.stringify({
        readings: READINGS.map(([iso, wh, exported]) => ({
          start: at(iso),
          interval_s: 1800,
          import_wh: wh,
          export_wh: exported,
          generation_wh: exported,
        })),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return house;
  }

  async function compare(app: TestApp, house: KeyedHouse) {
    const session: Session = await login(app.app, { username: house.username, password: TEST_PASSWORD });
    const res = await app.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${house.userId}&months=12`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tariffs: Tariff[]; rates_source: string; notes: string[] };
  }

  const named = (body: { tariffs: Tariff[] }, name: string) => body.tariffs.find((x) => x.name === name);
  const totals = (body: { tariffs: Tariff[] }) =>
    ['Go-style night', 'Intelligent Go (fixed window)', 'Cosy', 'Flux', 'Economy 7'].map(
      (n) => named(body, n)?.total,
    );

  beforeAll(async () => {
    octopus = await startOctopusStandin();
    t = await makeTestApp(suite.db, { env: { OCTOPUS_API_URL: octopus.url } });
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    // A demo server: OCTOPUS_API_URL is nowhere (port 9, discard), its demo homes ask the stand-in.
    demo = await makeTestApp(suite.db, {
      env: { OCTOPUS_API_URL: 'http://127.0.0.1:9' },
      demoRates: octopus.url,
    });
    demo.clock.advance(NOW * 1000 - demo.clock.now().getTime());
  });
  afterAll(async () => {
    await t?.app.close();
    await demo?.app.close();
    await octopus?.close();
  });

  it('prices a London home on region C’s Go, Intelligent Go, Cosy, Flux and Economy 7, to the penny', async () => {
    const body = await compare(t, await home(t, 'tou-london', 'SW1A'));
    expect(totals(body)).toEqual([11.81, 11.82, 12.22, 12.48, 5.14]);
    const go = named(body, 'Go-style night');
    expect(go?.published).toEqual({
      product: 'Go',
      region: 'C',
      codes: ['GO-VAR-22-10-14'],
      from: '2025-01-01',
      to: '2025-02-01',
      sources: [{ source: 'Octopus products API', from: '2025-01-01', to: '2025-02-01' }],
    });
    expect(named(body, 'Economy 7')?.published?.codes).toEqual(['VAR-22-11-01']);
    expect(named(body, 'Flux')?.export_income).toBe(0.35);
    expect(named(body, 'Cosy')?.export_income).toBe(0.15);
    expect(named(body, 'Intelligent Go (fixed window)')?.published?.codes).toEqual(['INTELLI-VAR-24-10-29']);
    // The published standing charge, and the rates named as the region's, not the table's.
    expect(go?.rates.map((r) => [r.standing_charge, r.source])).toEqual([
      [0.51, 'Octopus Go: published rates of your region, each window as Octopus dates it'],
    ]);
    // Its windows as a bill shows them, from the published half-hours (not "priced per half-hour" alone):
    // January's days alike, so one range; GMT, so the home's clock reads the windows as published.
    const windows = (t?: Tariff, key: 'unit_rates' | 'export_unit_rates' = 'unit_rates') =>
      t?.rates.map((r) => [r.from, r.to, r.clock, (r[key] ?? []).map((u) => [u.name, u.start, u.price])]);
    expect(windows(go)).toEqual([
      [
        '2025-01-01',
        '2025-02-01',
        'local',
        [
          ['Standard', '00:00', 0.252],
          ['Cheap', '00:30', 0.087],
          ['Standard', '05:30', 0.252],
        ],
      ],
    ]);
    // Flux: three prices a day (cheap 02:00–05:00, peak 16:00–19:00), and its export's windows beside them.
    const flux = named(body, 'Flux');
    const starts = (list: unknown) => (list as [string, string, number][][])[0]?.map(([n, s]) => [n, s]);
    const fluxPeriods = [
      ['Standard', '00:00'],
      ['Cheap', '02:00'],
      ['Standard', '05:00'],
      ['Peak', '16:00'],
      ['Standard', '19:00'],
    ];
    expect(starts(windows(flux)?.map((w) => w[3]))).toEqual(fluxPeriods);
    expect(windows(flux, 'export_unit_rates')?.[0]?.[3]).toContainEqual(['Peak', '16:00', 0.352]);
    expect(body.rates_source).toBe(
      'Agile, Tracker, Economy 7, Go, Intelligent Go, Cosy and Flux: Octopus’s published prices for region C (London), from the Octopus products API, kept on this server.',
    );
    // Economy 7 asked as its E-2R tariff's day and night rates; the windows' rows stored per window.
    const paths = octopus.calls.filter((c) => c.kind === 'products').map((c) => c.path);
    expect(paths).toContain(
      '/v1/products/VAR-22-11-01/electricity-tariffs/E-2R-VAR-22-11-01-C/night-unit-rates/',
    );
    const { rows } = await suite.db.query<{ series: string; n: string }>(
      `select series, count(*) as n from published_rates where tariff_code = 'E-1R-GO-VAR-22-10-14-C'
        group by series order by series`,
    );
    // January's 31 days: a night and a day row each (the day runs 05:30 to the next 00:30), one standing.
    expect(rows.map((r) => [r.series, Number(r.n)])).toEqual([
      ['standing', 1],
      ['unit', expect.any(Number)],
    ]);
    expect(Number(rows[1]?.n)).toBeGreaterThanOrEqual(62);
  });

  it('prices a North Scotland home on region P’s rates, not the tables’ region', async () => {
    const body = await compare(t, await home(t, 'tou-aberdeen', 'AB10'));
    expect(named(body, 'Go-style night')?.total).toBe(13.05);
    expect(named(body, 'Economy 7')?.total).toBe(6.38);
    expect(named(body, 'Go-style night')?.published?.region).toBe('P');
  });

  it('falls back to the built-in tables, named, when the products API is down', async () => {
    const table = await compare(t, await home(t, 'tou-no-region', null));
    octopus.faults.productErrors = 1000;
    try {
      const body = await compare(t, await home(t, 'tou-cardiff', 'CF10'));
      // The same figures as a home with no region, which only the tables can price.
      expect(totals(body)).toEqual(totals(table));
      expect(named(body, 'Cosy')?.published).toEqual({
        product: 'Cosy',
        region: 'K',
        codes: [],
        from: '2025-01-01',
        to: '2025-02-01',
        sources: [{ source: 'built-in table', from: '2025-01-01', to: '2025-02-01' }],
      });
      expect(body.rates_source).toContain(
        'Economy 7, Go, Intelligent Go, Cosy and Flux: priced from the built-in table (one customer’s published rates in one region, not region K (South Wales)’s): region K (South Wales)’s are missing for some of these months (the Octopus products API answered 503',
      );
    } finally {
      octopus.faults.productErrors = 0;
    }
  });

  it('prices Go from a rate file imported for its region (npm run import -- prices --tariff)', async () => {
    const dir = await mkdtemp(join(SCRATCH_DIR, 'homeview-tou-files-'));
    const iso = (text: string) => `${text}Z`;
    const row = (from: string, to: string | null, pence: number) => ({
      value_exc_vat: Math.round((pence / 1.05) * 10_000) / 10_000,
      value_inc_vat: pence,
      valid_from: iso(from),
      valid_to: to === null ? null : iso(to),
      payment_method: null,
    });
    const units = [row('2025-01-01T00:00:00', '2025-01-01T00:30:00', 30)];
    for (let d = 1; d <= 31; d++) {
      const day = `2025-01-${String(d).padStart(2, '0')}`;
      const next = d === 31 ? '2025-02-01' : `2025-01-${String(d + 1).padStart(2, '0')}`;
      units.push(
        row(`${day}T00:30:00`, `${day}T05:30:00`, 10),
        row(`${day}T05:30:00`, `${next}T00:30:00`, 30),
      );
    }
    const page = (results: object[]) =>
      JSON.stringify({ count: results.length, next: null, previous: null, results: results.reverse() });
    const lent = (): Db => ({ ...suite.db, close: async () => undefined });
    try {
      for (const [series, text] of [
        ['standard-unit-rates', page(units)],
        ['standing-charges', page([row('2025-01-01T00:00:00', null, 40)])],
      ] as const) {
        const file = join(dir, `${suite.kind}-${series}.json`);
        await writeFile(file, text);
        const err: string[] = [];
        const code = await runImport(
          ['prices', '--tariff', 'E-1R-GO-VAR-22-10-14-J', '--series', series, file],
          {
            env: { PASSWORD_ITERATIONS: '1000' },
            out: () => undefined,
            err: (l) => err.push(l),
            open: async () => lent(),
            now: () => new Date(NOW * 1000),
          },
        );
        expect([code, err]).toEqual([0, []]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const body = await compare(t, await home(t, 'tou-brighton', 'BN1'));
    const go = named(body, 'Go-style night');
    expect(go?.total).toBe(9.5);
    expect(go?.published?.sources).toEqual([
      { source: 'imported file', from: '2025-01-01', to: '2025-02-01' },
    ]);
    expect(body.rates_source).toContain('Go’s: an imported file for 2025-01-01 to 2025-01-31');
  });

  it('prices a demo home on a demo server from the stand-in, kept apart from Octopus’s rates', async () => {
    const before = octopus.calls.length;
    const body = await compare(demo, await home(demo, 'tou-demo', 'SW1A', true));
    expect(octopus.calls.length).toBeGreaterThan(before);
    expect(named(body, 'Go-style night')?.total).toBe(11.81);
    expect(named(body, 'Go-style night')?.published?.sources).toEqual([
      { source: 'Octopus stand-in (demo prices)', from: '2025-01-01', to: '2025-02-01' },
    ]);
    expect(body.rates_source).toMatch(
      /^Agile, Tracker, .*: a demo home, priced from the demo’s Octopus stand-in/,
    );
    const { rows } = await suite.db.query<{ source: string }>(
      `select distinct source from published_rates where tariff_code = 'standin:E-1R-GO-VAR-22-10-14-C'`,
    );
    expect(rows.map((r) => r.source)).toEqual(['standin']);
    // A real home of the same region on that server asks OCTOPUS_API_URL (unreachable): the stand-in's
    // rows are not its, so its Go is the table's, and the real rows stored earlier are not the demo's.
    const real = await compare(demo, await home(demo, 'tou-real-on-demo', 'SW1A'));
    const go = named(real, 'Go-style night');
    expect(go?.published?.sources).toEqual([
      { source: 'Octopus products API', from: '2025-01-01', to: '2025-02-01' },
    ]);
  });
});
