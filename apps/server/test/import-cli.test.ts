import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { runImport } from '../src/cli/run-import';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { describeReal, realFile } from '../src/ingest/formats/real-data.test-support';
import { describeEachDb, copyPgliteTemplate } from './support/db';
import { makeHouse, readingRows, series, toCsv } from './support/ingest';
import { childEnv, lastLine, runTs } from './support/spawn';
import { SCRATCH_DIR } from './support/scratch';

// `npm run admin -- api-key` and `npm run import`: in-process on both databases (results, refusals,
// all-or-nothing), then the real entry points as child processes on PGlite.

describeEachDb('import and api-key commands', (suite) => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(SCRATCH_DIR, 'homeview-import-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
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
      },
    };
  };

  it('api-key prints a new key alone on the last line and stores only its hash', async () => {
    const { houseId } = await makeHouse(suite.db, 'keyed');
    const run = io();
    expect(await runAdmin(['api-key', '--house', String(houseId)], run.io)).toBe(0);
    const key = run.out.at(-1) as string;
    expect(key).toMatch(/^hvk_[A-Za-z0-9_-]{43}$/);
    const { rows } = await suite.db.query<{ key_hash: string }>(
      'select key_hash from house_api_keys where house_id = $1',
      [houseId],
    );
    expect(rows.map((r) => r.key_hash)).toContain(createHash('sha256').update(key).digest('hex'));
    expect(rows.some((r) => r.key_hash.includes(key))).toBe(false);
    const missing = io();
    expect(await runAdmin(['api-key', '--house', '99999'], missing.io)).toBe(1);
    expect(missing.err).toEqual(['There is no house 99999.']);
  });

  it('imports a generic CSV, then again as duplicates, with a summary line', async () => {
    const { houseId } = await makeHouse(suite.db, 'importer');
    const file = join(dir, `generic-${suite.kind}.csv`);
    await writeFile(file, toCsv(series(1_704_067_200, 1440)));
    const first = io();
    expect(
      await runImport(['readings', '--house', String(houseId), '--format', 'generic', file], first.io),
    ).toBe(0);
    expect(first.out).toEqual([
      expect.stringMatching(
        /^Imported .* into house \d+: 1,440 readings read: 1,440 stored, 0 duplicates \(\d+\.\d s\)\.$/,
      ),
    ]);
    const again = io();
    expect(await runImport(['readings', `--house=${houseId}`, '--format=generic', file], again.io)).toBe(0);
    expect(again.out[0]).toMatch(/0 stored, 1,440 duplicates/);
    expect(await readingRows(suite.db, houseId)).toHaveLength(1440);
  });

  it('overwrites stored readings with --replace (a corrected file), and only then', async () => {
    const { houseId } = await makeHouse(suite.db, 'replacer');
    const file = join(dir, `replace-${suite.kind}.csv`);
    const original = series(1_704_067_200, 96);
    await writeFile(file, toCsv(original));
    expect(
      await runImport(['readings', '--house', String(houseId), '--format', 'generic', file], io().io),
    ).toBe(0);
    await writeFile(file, toCsv(original.map((r) => ({ ...r, import_wh: r.import_wh + 1 }))));
    const replaced = io();
    const args = ['readings', '--house', String(houseId), '--format', 'generic', '--replace', file];
    expect(await runImport(args, replaced.io)).toBe(0);
    expect(replaced.out[0]).toMatch(/96 readings read: 96 stored, 0 duplicates/);
    const total = await suite.db.query<{ wh: number }>(
      'select sum(import_wh)::int as wh from rollups where house_id = $1',
      [houseId],
    );
    expect(total.rows[0]!.wh).toBe(original.reduce((sum, r) => sum + r.import_wh + 1, 0));
    const refused = io();
    expect(await runImport([...args.slice(0, -2), '--replace=yes', file], refused.io)).toBe(1);
    expect(refused.err.join('\n')).toMatch(/--replace takes no value/);
  });

  it('imports an n3rgy gas file (m³) as gas beside the same half-hours of electricity', async () => {
    const { houseId } = await makeHouse(suite.db, 'gas-importer');
    const day = 1_704_153_600; // 2024-01-02 00:00 UTC
    const electricity = join(dir, `electricity-${suite.kind}.csv`);
    await writeFile(electricity, toCsv(series(day, 1440)));
    const house = String(houseId);
    expect(await runImport(['readings', '--house', house, '--format', 'generic', electricity], io().io)).toBe(
      0,
    );
    // n3rgy stamps a half-hour's END; 0.125 m³ at 39.5 MJ/m³ (a home without its own calorific value) by
    // hand: 0.125 × 1.02264 × 39.5 ÷ 3.6 = 1.40258 kWh. (Dated values: import-gas.test.ts.)
    const stamp = (i: number) =>
      new Date((day + (i + 1) * 1800) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const gas = join(dir, `gas-${suite.kind}.csv`);
    const rows = Array.from({ length: 48 }, (_, i) => `${stamp(i)},0.125`);
    await writeFile(gas, ['timestamp (UTC),energyConsumption (m3)', ...rows].join('\n'));
    const asElectricity = io();
    expect(await runImport(['readings', '--house', house, '--format', 'n3rgy', gas], asElectricity.io)).toBe(
      1,
    );
    expect(asElectricity.err.join('\n')).toMatch(/n3rgy gas file \(m3\): import it as gas/);
    const run = io();
    const argv = ['readings', '--house', house, '--format', 'n3rgy', '--fuel', 'gas', gas];
    expect(await runImport(argv, run.io)).toBe(0);
    expect(run.out[0]).toMatch(/48 gas readings read: 48 stored, 0 duplicates/);
    const sums = await suite.db.query<{ fuel: number; slots: number; wh: number }>(
      `select fuel, count(*)::int as slots, sum(import_wh)::int as wh from rollups
        where house_id = $1 group by fuel order by fuel`,
      [houseId],
    );
    expect(sums.rows).toEqual([
      { fuel: 0, slots: 48, wh: series(day, 1440).reduce((sum, r) => sum + r.import_wh, 0) },
      { fuel: 1, slots: 48, wh: 48 * 1_403 },
    ]);
    for (const [extra, message] of [
      [['--gas-unit', 'm3'], /--gas-unit is for gas: add --fuel gas/],
      [['--fuel', 'gas', '--gas-unit', 'm3'], /--gas-unit is for Octopus files; n3rgy files say their unit/],
      [
        ['--fuel', 'gas', '--calorific-value', '40.0'],
        /--calorific-value is not taken: .* own calorific value/,
      ],
      [['--fuel', 'petrol'], /--fuel must be electricity or gas/],
    ] as const) {
      const refused = io();
      expect(
        await runImport(['readings', '--house', house, '--format', 'n3rgy', ...extra, gas], refused.io),
      ).toBe(1);
      expect(refused.err.join('\n')).toMatch(message);
    }
  });

  it('stores nothing from a file with a bad row and names it; refuses bad arguments', async () => {
    const { houseId } = await makeHouse(suite.db, 'bad-importer');
    const file = join(dir, `bad-${suite.kind}.csv`);
    const lines = toCsv(series(1_704_067_200 + 86_400, 100_100)).split('\n');
    lines[100_050] = lines[100_050]!.replace(/,60,/, ',61,'); // after two 50,000-row chunks were written
    await writeFile(file, lines.join('\n'));
    const bad = io();
    expect(
      await runImport(['readings', '--house', String(houseId), '--format', 'generic', file], bad.io),
    ).toBe(1);
    expect(bad.err).toEqual([
      expect.stringMatching(
        /^import: Row 100051, field interval_s: .* crosses the half-hour boundary .*\(nothing was imported\)$/,
      ),
    ]);
    expect(await readingRows(suite.db, houseId)).toEqual([]);
    for (const [argv, message] of [
      [[], /^import: Usage:/],
      [['sideways'], /Unknown import "sideways"/],
      [['readings', '--format', 'generic', file], /--house is required/],
      [['readings', '--house', String(houseId), file], /--format must be one of generic, octopus, n3rgy/],
      [['readings', '--house', String(houseId), '--format', 'generic'], /Which file\?/],
      [
        ['readings', '--house', String(houseId), '--format', 'generic', '/nonexistent.csv'],
        /No such file: \/nonexistent.csv/,
      ],
      [['prices', '--house', String(houseId), '--format', 'octopus', file], /--format must be agile/],
      [['appliances', '--house', String(houseId), '--interval-s', '0', file], /--interval-s must be/],
      [['readings', '--house', '99999', '--format', 'generic', file], /There is no house 99999/],
    ] as const) {
      const run = io();
      expect(await runImport(argv, run.io), argv.join(' ')).toBe(1);
      expect(run.err.join('\n')).toMatch(message);
    }
  });
});

describe('the import and admin entry points as child processes', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let houseId: number;
  beforeAll(async () => {
    root = await mkdtemp(join(SCRATCH_DIR, 'homeview-import-cli-'));
    const dataDir = join(root, 'data');
    await copyPgliteTemplate(dataDir);
    const db = await openPglite(dataDir);
    houseId = (await makeHouse(db, 'spawned')).houseId;
    await db.close();
    env = childEnv({ DATA_DIR: dataDir });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('api-key prints the key alone on the last line of stdout', async () => {
    const result = await runTs('cli/admin.ts', ['api-key', '--house', String(houseId)], env);
    expect(result.code, result.stderr).toBe(0);
    expect(lastLine(result.stdout)).toMatch(/^hvk_[A-Za-z0-9_-]{43}$/);
  });

  it('imports a small generic CSV and exits 1 on a bad row', async () => {
    const file = join(root, 'small.csv');
    await writeFile(file, toCsv(series(1_704_067_200, 48, 1800)));
    const ok = await runTs(
      'cli/import.ts',
      ['readings', '--house', String(houseId), '--format', 'generic', file],
      env,
    );
    expect([ok.code, ok.stdout], ok.stderr).toEqual([0, expect.stringMatching(/48 stored, 0 duplicates/)]);
    await writeFile(file, 'start,interval_s,import_wh,export_wh,generation_wh\n1704067200,1800,-1,0,0\n');
    const bad = await runTs(
      'cli/import.ts',
      ['readings', '--house', String(houseId), '--format', 'generic', file],
      env,
    );
    expect([bad.code, bad.stderr.trim()]).toEqual([
      1,
      expect.stringMatching(/^import: Row 2, field import_wh: /),
    ]);
  });

  describeReal('with the real Agile 2020 file', () => {
    it('imports the prices as the dynamic import rate', async () => {
      const file = realFile('octopus-agile/csv_agile_A_Eastern_England_2020.csv');
      const result = await runTs(
        'cli/import.ts',
        ['prices', '--house', String(houseId), '--format', 'agile', file],
        env,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        /17,568 half-hourly prices \(region A\) are the import rate from 2020-01-01/,
      );
    });
  });
});
