import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, startOfLocalDate } from '@homeview/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImport } from '../src/cli/run-import';
import { publishedBuilds } from '../src/features/energy/compare-regional';
import type { Db } from '../src/db/types';
import { describeReal, realFile } from '../src/ingest/formats/real-data.test-support';
import { login, makeTestApp, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, importHalfHours } from './support/energy';
import { type KeyedHouse, makeHouse } from './support/ingest';
import { type OctopusStandin, startOctopusStandin } from './support/octopus-standin';
import { SCRATCH_DIR } from './support/scratch';

// Rate files as a source of a region's published prices (issue 37): `npm run import -- prices --tariff
// CODE [--series standing-charges] FILE` stores them in published_rates with no house (source 'file'),
// and Compare tariffs prices Agile and Tracker from them where the products API cannot be reached (the
// test apps' OCTOPUS_API_URL points nowhere), saying which dates the file priced. The home's half-hours
// are energy-compare-regional.test.ts': 25 October 2020 (the 25-hour day) 00:30Z, 01:30Z and 23:30Z,
// 1000 Wh each, and 10 November 17:00Z, 2000 Wh; first reading 25 October: 7 days of October charged,
// 30 of November. By hand:
//   Agile, region A's real 2020 file (−6.615, −4.1475, 4.41, 31.5525p), standing 21p from a JSON page:
//     Oct 1 kWh × (−6.615 − 4.1475 + 4.41)p = −6.3525p + 7 × 21p = 140.6475p → 141p
//     Nov 2 kWh × 31.5525p = 63.105p + 30 × 21p = 693.105p → 693p.         Total 834p = £8.34
//   Tracker, a JSON page written here (16p a day, 25 Oct 17.6p, 10 Nov 18.3p), standing 20p:
//     Oct 3 kWh × 17.6p = 52.8p + 140p = 192.8p → 193p; Nov 2 × 18.3p = 36.6p + 600p → 637p. Total £8.30

const NOW = at('2020-12-05T12:00:00Z');
const GB = 'Europe/London';
const READINGS = [
  ['2020-10-25T00:30:00Z', 1000],
  ['2020-10-25T01:30:00Z', 1000],
  ['2020-10-25T23:30:00Z', 1000],
  ['2020-11-10T17:00:00Z', 2000],
] as const;

const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** A products endpoint page as saved from it: newest first, pence VAT included. */
const page = (results: object[]) =>
  JSON.stringify({ count: results.length, next: null, previous: null, results }, null, 2);

/** Tracker's days [first, last] as the endpoint sends them: local midnight to local midnight. */
function trackerDays(first: string, last: string, pence: (day: string) => number) {
  const rows: object[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const value = pence(day);
    rows.unshift({
      value_exc_vat: Math.round((value / 1.05) * 10_000) / 10_000,
      value_inc_vat: value,
      valid_from: iso(startOfLocalDate(day, GB)),
      valid_to: iso(startOfLocalDate(addDays(day, 1), GB)),
      payment_method: null,
    });
  }
  return rows;
}

const trackerPence = (day: string) => (day === '2020-10-25' ? 17.6 : day === '2020-11-10' ? 18.3 : 16);

/** A standing charge since 2018, listed for direct debit and (dearer) otherwise: the file keeps the first. */
const standing = (pence: number) =>
  page([
    {
      value_exc_vat: pence / 1.05,
      value_inc_vat: pence,
      valid_from: '2018-02-21T00:00:00Z',
      valid_to: null,
      payment_method: 'DIRECT_DEBIT',
    },
    {
      value_exc_vat: pence,
      value_inc_vat: pence * 1.05,
      valid_from: '2018-02-21T00:00:00Z',
      valid_to: null,
      payment_method: 'NON_DIRECT_DEBIT',
    },
  ]);

interface Tariff {
  name: string;
  total: number;
  monthly: { cost: number }[];
  published?: { codes: string[]; sources?: { source: string; from: string; to: string }[] };
}

describeEachDb('Agile and Tracker from imported rate files', (suite) => {
  let dir: string;
  let down: TestApp;
  let up: TestApp;
  let octopus: OctopusStandin;

  beforeAll(async () => {
    dir = await mkdtemp(join(SCRATCH_DIR, 'homeview-rate-files-'));
    octopus = await startOctopusStandin();
    down = await makeTestApp(suite.db);
    up = await makeTestApp(suite.db, { env: { OCTOPUS_API_URL: octopus.url } });
    for (const t of [down, up]) t.clock.advance(NOW * 1000 - t.clock.now().getTime());
  });
  afterAll(async () => {
    await down?.app.close();
    await up?.app.close();
    await octopus?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const lent = (): Db => ({ ...suite.db, close: async () => undefined });
  async function importFile(args: string[], name: string, text: string | null) {
    const file = text === null ? name : join(dir, `${suite.kind}-${name}`);
    if (text !== null) await writeFile(file, text);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runImport(['prices', ...args, file], {
      env: { PASSWORD_ITERATIONS: '1000' },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      open: async () => lent(),
      now: () => new Date(NOW * 1000),
    });
    return { code, out, err };
  }

  const stored = async (tariffCode: string) =>
    Number(
      (
        await suite.db.query<{ n: string }>(
          `select count(*) as n from published_rates where tariff_code = $1 and source = 'file'`,
          [tariffCode],
        )
      ).rows[0]?.n,
    );

  async function home(name: string, postcode: string): Promise<KeyedHouse> {
    const house = await makeHouse(suite.db, name);
    await suite.db.query('update houses set postcode = $2 where id = $1', [house.houseId, postcode]);
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/readings',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${house.key}` },
      payload: JSON.stringify({
        readings: importHalfHours(READINGS),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return house;
  }

  async function compare(t: TestApp, house: KeyedHouse) {
    const session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    const res = await t.app.inject({
      url: `/api/v3/energy_info/compare/?user_id=${house.userId}&months=12`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rates_source: string; tariffs: Tariff[]; notes: string[] };
  }
  const named = (body: { tariffs: Tariff[] }, prefix: string) =>
    body.tariffs.find((x) => x.name.startsWith(prefix));
  const figures = (x: Tariff | undefined) => [x?.total, x?.monthly.map((m) => m.cost)];

  describeReal('with the real Agile 2020 file of region A', () => {
    it('prices a home of region A from the imported files with the API unreachable, to the penny', async () => {
      const agile = await importFile(
        ['--tariff', 'E-1R-AGILE-18-02-21-A'],
        realFile('octopus-agile/csv_agile_A_Eastern_England_2020.csv'),
        null,
      );
      expect(agile.err).toEqual([]);
      expect(agile.out).toEqual([
        expect.stringMatching(
          /^Imported .*csv_agile_A_Eastern_England_2020\.csv as E-1R-AGILE-18-02-21-A: 17,568 published unit prices of region A, 2020-01-01 to 2020-12-31 \(UK dates\), stored as from an imported file \(\d+\.\d s\)\.$/,
        ),
      ]);
      for (const [args, name, text] of [
        [
          ['--tariff', 'E-1R-AGILE-18-02-21-A', '--series', 'standing-charges'],
          'agile-sc.json',
          standing(21),
        ],
        [
          ['--tariff', 'E-1R-SILVER-2017-1-A'],
          'tracker.json',
          page(trackerDays('2020-10-01', '2020-11-30', trackerPence)),
        ],
        [['--tariff=E-1R-SILVER-2017-1-A', '--series=standing-charges'], 'tracker-sc.json', standing(20)],
      ] as const) {
        const result = await importFile([...args], name, text);
        expect([result.code, result.err]).toEqual([0, []]);
      }
      expect(await stored('E-1R-AGILE-18-02-21-A')).toBe(17_568 + 1);
      expect(await stored('E-1R-SILVER-2017-1-A')).toBe(61 + 1);

      const body = await compare(down, await home('files-a', 'CB2'));
      expect(figures(named(body, 'Agile'))).toEqual([8.34, [1.41, 6.93]]);
      expect(figures(named(body, 'Tracker'))).toEqual([8.3, [1.93, 6.37]]);
      // Every unit price was stored, so the API was not even asked.
      expect(body.rates_source).toBe(
        'Agile and Tracker: Octopus’s published prices for region A (Eastern England), kept on this server. Agile’s: an imported file for 2020-10-01 to 2020-11-30. Tracker’s: an imported file for 2020-10-01 to 2020-11-30.',
      );
      expect(named(body, 'Agile')?.published?.sources).toEqual([
        { source: 'imported file', from: '2020-10-01', to: '2020-12-01' },
      ]);
    });

    it('keeps the built books for the next comparison, and builds again once the stored prices change', async () => {
      const house = await home('files-a2', 'NR1');
      const builds = publishedBuilds.count;
      expect(figures(named(await compare(down, house), 'Tracker'))).toEqual([8.3, [1.93, 6.37]]);
      expect(publishedBuilds.count - builds).toBe(0);
      // A corrected file (10 November at 19.3p), as another server or the CLI would store it: its rows'
      // fingerprint moves, so the next comparison reads them. Nov 2 × 19.3p = 38.6p + 600p → 639p.
      const corrected = page(
        trackerDays('2020-10-01', '2020-11-30', (day) => (day === '2020-11-10' ? 19.3 : trackerPence(day))),
      );
      expect((await importFile(['--tariff', 'E-1R-SILVER-2017-1-A'], 'tracker-2.json', corrected)).code).toBe(
        0,
      );
      const again = await compare(down, house);
      expect(figures(named(again, 'Tracker'))).toEqual([8.32, [1.93, 6.39]]);
      expect(figures(named(again, 'Agile'))).toEqual([8.34, [1.41, 6.93]]);
      expect(publishedBuilds.count - builds).toBe(1); // Tracker's only
    });
  });

  it('says which dates a file priced and which the API, when the file covers part of them', async () => {
    // Region D (Liverpool): Tracker's October from a file (17.6p on the 25th), the rest from the
    // stand-in (D: 15 + 0.5 × (10 mod 7) + 0.3 = 16.8p on 10 November; standing 21.5p, Agile's 22.5p).
    //   Tracker Oct 3 × 17.6p = 52.8p + 7 × 21.5p = 203.3p → 203p; Nov 2 × 16.8p = 33.6p + 645p → 679p.
    const file = page(trackerDays('2020-10-01', '2020-10-31', trackerPence));
    expect((await importFile(['--tariff', 'E-1R-SILVER-2017-1-D'], 'tracker-d.json', file)).code).toBe(0);
    const body = await compare(up, await home('files-d', 'L1'));
    expect(figures(named(body, 'Tracker'))).toEqual([8.82, [2.03, 6.79]]);
    expect(named(body, 'Tracker')?.published?.sources).toEqual([
      { source: 'imported file', from: '2020-10-01', to: '2020-11-01' },
      { source: 'Octopus products API', from: '2020-11-01', to: '2020-12-01' },
    ]);
    expect(body.rates_source).toBe(
      'Agile and Tracker: Octopus’s published prices for region D (Merseyside and North Wales), kept on this server. Agile’s: the Octopus products API for 2020-10-01 to 2020-11-30. Tracker’s: an imported file for 2020-10-01 to 2020-10-31, the Octopus products API for 2020-11-01 to 2020-11-30.',
    );
  });

  it('refuses a bad file with its line and stores nothing of it', async () => {
    const days = trackerDays('2020-10-01', '2020-10-31', () => 16) as Record<string, unknown>[];
    const refusals: [string[], string, string][] = [
      [
        ['--tariff', 'E-1R-SILVER-2017-1-E'],
        // The fifth entry (line 34 of the pretty page) starts an hour late: not one UK day.
        page(days.map((d, i) => (i === 4 ? { ...d, valid_from: '2020-10-26T01:00:00Z' } : d))),
        'import: Row 34, field results[4].valid_from: 2020-10-26T01:00:00Z to 2020-10-28T00:00:00Z is not one UK day, midnight to midnight (Tracker prices each day) (nothing was imported)',
      ],
      [
        ['--tariff', 'E-1R-SILVER-2017-1-E'],
        page(days.map((d, i) => (i === 30 ? { ...d, value_inc_vat: '16p' } : d))),
        'import: Row 216, field results[30].value_inc_vat: "16p" is not a price in pence (VAT included) (nothing was imported)',
      ],
      [
        ['--tariff', 'E-1R-SILVER-2017-1-E'],
        // The last entry repeats the first day: found after every other row was read.
        page([...days, days[0] as object]),
        'import: Row 223, field results[31].valid_from: 2020-10-31T00:00:00Z overlaps the price on line 6 (until 2020-11-01T00:00:00Z) (nothing was imported)',
      ],
      [
        ['--tariff', 'E-1R-SILVER-2017-1-E', '--series', 'standing-charges'],
        standing(-1),
        'import: Row 6, field results[0].value_inc_vat: a standing charge is never below zero (nothing was imported)',
      ],
      [
        ['--tariff', 'E-1R-AGILE-18-02-21-E'],
        '2020-01-01T00:00:00Z,00:00,E,West_Midlands,9.4815\n2020-01-01T00:30:00Z,00:30,E,West_Midlands,x\n',
        'import: Row 2, field price: "x" is not a price in pence per kWh; write digits with a decimal point, e.g. -8.6415 (nothing was imported)',
      ],
      [
        ['--tariff', 'E-1R-AGILE-18-02-21-E'],
        '2020-01-01T00:00:00Z,00:00,A,Eastern_England,9.4815\n',
        'import: Row 1, field region: region A in a file imported as E-1R-AGILE-18-02-21-E (region E) (nothing was imported)',
      ],
      [
        ['--tariff', 'E-1R-AGILE-18-02-21-E'],
        '{\n  "count": 1,\n  "results": [\n    {"value_inc_vat": 1,}\n  ]\n}\n',
        "import: Row 4: not JSON (Expected double-quoted property name); save the products endpoint's answer as it is (nothing was imported)",
      ],
      [
        ['--tariff', 'E-1R-FIX-12M-15-03-01-E'],
        page(days),
        'import: --tariff: FIX-12M-15-03-01 is not a product Compare tariffs prices; it knows AGILE-18-02-21, AGILE-22-07-22, AGILE-FLEX-22-11-25, AGILE-23-12-06, AGILE-24-10-01, SILVER-2017-1, SILVER-22-04-25, SILVER-22-07-22, SILVER-FLEX-22-11-25, SILVER-23-12-06, SILVER-24-04-03, SILVER-24-07-01, SILVER-24-10-01, VAR-22-11-01, GO-VAR-22-10-14, INTELLI-VAR-22-10-14, INTELLI-VAR-24-10-29, COSY-22-12-08, FLUX-IMPORT-23-02-14, FLUX-EXPORT-23-02-14',
      ],
      [
        ['--tariff', 'E-1R-SILVER-24-10-01-E'],
        page(days),
        "import: none of the file's prices fall in the dates E-1R-SILVER-24-10-01-E was on sale (from 2024-10-01); is it another product's file? (nothing was imported)",
      ],
      [
        ['--tariff', 'E-1R-AGILE-18-02-21-E', '--house', '1'],
        page(days),
        "import: --house is not taken with --tariff: the prices are the region's (the code's letter), for every home in it; the format is read from the file",
      ],
    ];
    const results = [];
    for (const [i, [args, text]] of refusals.entries()) {
      const result = await importFile(args, `bad-${i}`, text);
      results.push([result.code, result.out, ...result.err]);
    }
    expect(results).toEqual(refusals.map(([, , message]) => [1, [], message]));
    for (const code of ['E-1R-SILVER-2017-1-E', 'E-1R-AGILE-18-02-21-E', 'E-1R-SILVER-24-10-01-E'])
      expect(await stored(code)).toBe(0);
  });
});
