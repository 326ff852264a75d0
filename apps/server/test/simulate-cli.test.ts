import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';
import { copyPgliteTemplate } from './support/db';
import { childEnv, lastLine, runTs } from './support/spawn';
import { SCRATCH_DIR } from './support/scratch';

// `npm run simulate` as a person runs it: a child process on a temporary PGlite DATA_DIR.

describe('npm run simulate', () => {
  let root: string;
  let dataDir: string;

  beforeAll(async () => {
    root = await mkdtemp(join(SCRATCH_DIR, 'homeview-simulate-'));
    dataDir = join(root, 'data');
    await copyPgliteTemplate(dataDir);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('creates the homes and a day of half-hourly history, with a progress bar and a summary line', async () => {
    const run = await runTs(
      'cli/simulate.ts',
      ['--homes', '2', '--days', '1', '--seed', '7'],
      childEnv({ DATA_DIR: dataDir }),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/\[#{30}\] 2\/2 homes/);
    expect(lastLine(run.stdout)).toMatch(
      /^Simulated 2 homes × 1 days \(1800 s readings\): 96 readings and \d+ appliance uses stored in [\d.]+ s$/,
    );
    const db = await openPglite(dataDir);
    try {
      const { rows } = await db.query<{ username: string; slots: number; demo: boolean }>(
        `select u.username, h.demo, (select count(*)::int from rollups r where r.house_id = h.id) as slots
           from houses h join users u on u.id = h.owner_user_id order by h.id`,
      );
      expect(rows).toEqual([
        { username: 'sim-7-0001', demo: false, slots: 48 },
        { username: 'sim-7-0002', demo: false, slots: 48 },
      ]);
    } finally {
      await db.close();
    }
  });

  it.each([
    [['--homes', '0', '--days', '1'], '--homes must be a whole number from 1'],
    [['--homes', '2'], '--days is required'],
    [['--homes', '2', '--days', '1', '--interval', '300'], '--interval must be 60 or 1800'],
    [['--homes', 'many', '--days', '1'], '--homes must be a whole number'],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const run = await runTs('cli/simulate.ts', args, childEnv({ DATA_DIR: dataDir }));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('usage: npm run simulate');
  });
});
