import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runImport } from '../src/cli/run-import';
import type { Db } from '../src/db/types';
import { setCalorificValue } from '../src/features/suppliers/calorific';
import { insertConnection } from '../src/features/suppliers/repository';
import { makeTestApp, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { makeHouse } from './support/ingest';

// Gas files (issue 35) are read as the home's supplier data is: m³ at the HOME's dated calorific value of
// each half-hour's local day (the one the supplier fill uses, set by POST /suppliers/calorific_values/),
// never a fixed one, and an Octopus download (whose header says kwh whatever the meter counts) in the unit
// of the home's connected gas meter. `npm run import` and CSV ingest alike, on both databases. Files in
// the real formats (../shared/data/real/formats/FORMATS.md §2, §4). Expected Wh by hand (bc, scale 6):
//   1.000 m³ at 39.5: 1.02264 × 39.5 ÷ 3.6 = 11.220633 kWh → 11,221 Wh
//   1.000 m³ at 40.0: 1.02264 × 40.0 ÷ 3.6 = 11.362666 kWh → 11,363 Wh
//   0.500 m³ at 40.0: 5.681333 kWh → 5,681 Wh;   0.500 m³ at 38.7: 5.496690 kWh → 5,497 Wh

const ZONE = 'Europe/London';
const NOW_S = Date.UTC(2024, 6, 1, 12) / 1000; // 2024-07-01 13:00 BST, after every file's half-hours
const utc = (iso: string) => Date.parse(iso) / 1000;

describeEachDb('gas files at the home calorific value and meter unit', (suite) => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'homeview-import-gas-'));
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW_S * 1000 - t.clock.now().getTime());
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dir, { recursive: true, force: true });
  });
  const lent = (): Db => ({ ...suite.db, close: async () => undefined });
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: {
        env: { PASSWORD_ITERATIONS: '1000' },
        out: (l: string) => out.push(l),
        err: (l: string) => err.push(l),
        open: async () => lent(),
        now: () => new Date(NOW_S * 1000),
      },
    };
  };
  const gasOf = async (houseId: number) => {
    const { rows } = await suite.db.query<{ start_ts: number; import_wh: number }>(
      'select start_ts, import_wh from readings where house_id = $1 and fuel = 1 order by start_ts',
      [houseId],
    );
    return rows.map((r) => [Number(r.start_ts), Number(r.import_wh)]);
  };
  /** A home whose bill says 40.0 MJ/m³ from 2 January 2024 and 38.7 from 2 June 2024 (local dates). */
  const homeWithValues = async (name: string) => {
    const house = await makeHouse(suite.db, name);
    const home = { id: house.houseId, time_zone: ZONE };
    await setCalorificValue(suite.db, home, '2024-01-02', 400, NOW_S);
    await setCalorificValue(suite.db, home, '2024-06-02', 387, NOW_S);
    return house;
  };
  const file = async (name: string, lines: string[]) => {
    const path = join(dir, `${name}-${suite.kind}.csv`);
    await writeFile(path, `${lines.join('\n')}\n`);
    return path;
  };
  // n3rgy stamps a half-hour's END, in UTC (GMT in January): the first two are 1 January's last two.
  const N3RGY = [
    'timestamp (UTC),energyConsumption (m3)',
    '2024-01-01 23:30,1.000',
    '2024-01-02 00:00,1.000',
    '2024-01-02 00:30,1.000',
    '2024-01-02 01:00,1.000',
  ];
  // Octopus stamps local times with their offset: 23:30 BST on 1 June, then 00:00 BST on 2 June.
  const OCTOPUS = [
    'Consumption (kwh), Estimated Cost Inc. Tax (p), Start, End',
    '0.500, 3.10, 2024-06-01T23:30:00+01:00, 2024-06-02T00:00:00+01:00',
    '0.500, 3.10, 2024-06-02T00:00:00+01:00, 2024-06-02T00:30:00+01:00',
  ];

  it("imports an n3rgy m³ file at the home's calorific value of each half-hour's local day", async () => {
    const house = await homeWithValues('gas-dated-n3rgy');
    const run = io();
    const argv = ['readings', '--house', String(house.houseId), '--format', 'n3rgy', '--fuel', 'gas'];
    expect(await runImport([...argv, await file('n3rgy', N3RGY)], run.io), run.err.join('\n')).toBe(0);
    expect(await gasOf(house.houseId)).toEqual([
      [utc('2024-01-01T23:00:00Z'), 11_221],
      [utc('2024-01-01T23:30:00Z'), 11_221],
      [utc('2024-01-02T00:00:00Z'), 11_363],
      [utc('2024-01-02T00:30:00Z'), 11_363],
    ]);
    expect(run.out[0]).toMatch(
      /4 gas readings read: 4 stored, 0 duplicates; m³ at the home's calorific value of each day: 39\.5, 40\.0 MJ\/m³/,
    );
    // A fixed value is refused, saying where the home's own is set.
    const refused = io();
    expect(
      await runImport([...argv, '--calorific-value', '40.0', await file('n3rgy', N3RGY)], refused.io),
    ).toBe(1);
    expect(refused.err.join('\n')).toMatch(
      /--calorific-value is not taken: .* set it \(dated, from your bill\) on Account → HomeView → Supplier data/,
    );
  });

  it("reads an Octopus file in the unit of the home's gas meter (m³), on the local date of each start", async () => {
    const house = await homeWithValues('gas-octopus-meter');
    const connected = await insertConnection(suite.db, {
      houseId: house.houseId,
      kind: 'octopus',
      credentials: 'sealed',
      accountEnd: '1234',
      fillFrom: utc('2023-06-01T00:00:00+01:00'),
      now: NOW_S,
      meters: [
        {
          fuel: 'gas',
          direction: 'import',
          point: '1234567890',
          serials: ['G4A1'],
          unit: 'm3',
          stored: true,
        },
      ],
    });
    expect(connected).not.toBeNull();
    const argv = ['readings', '--house', String(house.houseId), '--format', 'octopus', '--fuel', 'gas'];
    const run = io();
    expect(await runImport([...argv, await file('octopus', OCTOPUS)], run.io), run.err.join('\n')).toBe(0);
    // 22:30 UTC is 1 June locally (40.0); 23:00 UTC is 00:00 BST on 2 June (38.7).
    expect(await gasOf(house.houseId)).toEqual([
      [utc('2024-06-01T22:30:00Z'), 5_681],
      [utc('2024-06-01T23:00:00Z'), 5_497],
    ]);
    expect(run.out[0]).toMatch(
      /2 gas readings read: 2 stored, 0 duplicates; read as m³, the unit of the home's gas meter \(--gas-unit kwh if the file is kWh\); m³ at the home's calorific value of each day: 38\.7, 40\.0 MJ\/m³/,
    );
    // The person's --gas-unit kwh wins over the meter's unit: 0.500 kWh is 500 Wh, whatever the value.
    const kwh = io();
    const replace = [...argv, '--replace', '--gas-unit', 'kwh', await file('octopus', OCTOPUS)];
    expect(await runImport(replace, kwh.io), kwh.err.join('\n')).toBe(0);
    expect(await gasOf(house.houseId)).toEqual([
      [utc('2024-06-01T22:30:00Z'), 500],
      [utc('2024-06-01T23:00:00Z'), 500],
    ]);
    expect(kwh.out[0]).not.toMatch(/calorific/);
  });

  it('reads a CSV posted to the ingest API as the import does', async () => {
    const house = await homeWithValues('gas-dated-http');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/readings?format=n3rgy&fuel=gas',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${house.key}` },
      payload: `${N3RGY.join('\n')}\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gasOf(house.houseId)).toEqual([
      [utc('2024-01-01T23:00:00Z'), 11_221],
      [utc('2024-01-01T23:30:00Z'), 11_221],
      [utc('2024-01-02T00:00:00Z'), 11_363],
      [utc('2024-01-02T00:30:00Z'), 11_363],
    ]);
  });
});
