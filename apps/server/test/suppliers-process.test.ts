import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/pglite';
import { connectSupplier } from '../src/features/suppliers/connect';
import { connectionsOfHouse, metersOf } from '../src/features/suppliers/repository';
import { makeUser } from './support/app';
import { createPostgresDatabase, copyPgliteTemplate, postgresAvailable } from './support/db';
import {
  exportSeries,
  type OctopusStandin,
  type Row,
  refitSeries,
  SERIALS,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  startOctopusStandin,
} from './support/octopus-standin';
import { childEnv, startTs } from './support/spawn';
import { expectExactly, storedReadings, whOf } from './support/suppliers';
import { SCRATCH_DIR } from './support/scratch';

// The real server process (main.ts) fills a connection made before it started, without being asked:
// the led job is started with the others. On the embedded database with no SECRETS_KEY, the key the
// connection was sealed with (made into DATA_DIR) is the one the server opens it with. The stand-in's
// series is moved to end yesterday (the process runs on the real clock).

const DAY = 86_400;
let root: string;
let standin: OctopusStandin;
let child: ChildProcess | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(SCRATCH_DIR, 'homeview-suppliers-'));
  await copyPgliteTemplate(join(root, 'data'));
  const lastStart = refitSeries().at(-1)!.start;
  const now = Math.floor(Date.now() / 1000);
  standin = await startOctopusStandin({ shiftS: Math.floor((now - DAY - lastStart) / (7 * DAY)) * 7 * DAY });
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await standin.close();
  await rm(root, { recursive: true, force: true });
});

it('a server started after connect-supplier fills the connection by itself', async () => {
  const env = { DATA_DIR: join(root, 'data'), OCTOPUS_API_URL: standin.url };
  const db = await openPglite(env.DATA_DIR);
  let houseId: number;
  try {
    const user = await makeUser(db, 'proc-owner');
    houseId = (await db.query<{ id: number }>('select id from houses where owner_user_id = $1', [user.id]))
      .rows[0]!.id;
    await connectSupplier(
      { db, config: loadConfig(env) },
      { id: houseId, time_zone: 'Europe/London' },
      { kind: 'octopus', apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
      Math.floor(Date.now() / 1000),
    );
  } finally {
    await db.close();
  }
  const running = startTs(
    'main.ts',
    [],
    childEnv({ ...env, PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'json', DEMO: 'false', DEMO_LIVE: 'false' }),
  );
  child = running;
  let output = '';
  running.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  running.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const until = Date.now() + 120_000;
  while (!/supplier pass done/.test(output)) {
    if (Date.now() > until || running.exitCode !== null) throw new Error(`no fill:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(output).not.toContain(STANDIN_KEY);
  await new Promise((resolve) => {
    running.on('exit', resolve);
    running.kill('SIGTERM');
  });
  const after = await openPglite(env.DATA_DIR);
  try {
    const { rows } = await after.query<{ state: string }>('select state from supplier_connections');
    expect(rows).toEqual([{ state: 'up_to_date' }]);
    const stored = await storedReadings(after, houseId);
    expect(stored.length).toBeGreaterThan(18_000);
    expect(new Set(stored.map((r) => r.start)).size).toBe(stored.length);
  } finally {
    await after.close();
  }
});

// Issue 35: "a fill killed with SIGKILL resumes without refetching finished days". The import meter's
// span is stored with its resume point in one transaction; the server is killed while the export
// meter's request hangs. Started again, it asks the export meter again from the start, and the import
// meter only from its stored resume point. On PostgreSQL (SECRETS_KEY set), a database of its own.
it.runIf(postgresAvailable)(
  'a fill killed with SIGKILL resumes without fetching finished days again',
  async () => {
    const database = await createPostgresDatabase();
    const key = Buffer.alloc(32, 4).toString('base64');
    const env = { DATABASE_URL: database.url, SECRETS_KEY: key, OCTOPUS_API_URL: standin.url };
    const childEnvOf = () =>
      childEnv({
        ...env,
        PORT: '0',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        DEMO: 'false',
        DEMO_LIVE: 'false',
      });
    try {
      standin.calls.length = 0;
      Object.assign(standin.faults, { exportMpan: true, hangSerial: SERIALS.export });
      const user = await makeUser(database.db, 'kill-owner');
      const houseId = (
        await database.db.query<{ id: number }>('select id from houses where owner_user_id = $1', [user.id])
      ).rows[0]!.id;
      const id = await connectSupplier(
        { db: database.db, config: loadConfig(env) },
        { id: houseId, time_zone: 'Europe/London' },
        { kind: 'octopus', apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
        Math.floor(Date.now() / 1000),
      );
      const fillFrom = (await connectionsOfHouse(database.db, houseId))[0]!.fill_from;
      const first = startTs('main.ts', [], childEnvOf());
      child = first;
      const until = Date.now() + 120_000;
      while (standin.consumptionCalls(SERIALS.export).length === 0) {
        if (Date.now() > until || first.exitCode !== null)
          throw new Error('the export meter was never asked');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => {
        first.on('exit', resolve);
        first.kill('SIGKILL');
      });
      const [importMeter, exportMeter] = await metersOf(database.db, [id]);
      expect(importMeter!.resume_at).toBeGreaterThan(fillFrom + 365 * DAY);
      expect(exportMeter!.resume_at).toBe(fillFrom);

      standin.faults.hangSerial = null;
      const second = startTs('main.ts', [], childEnvOf());
      child = second;
      let output = '';
      second.stdout?.on('data', (d: Buffer) => {
        output += d.toString();
      });
      const until2 = Date.now() + 120_000;
      while (!/supplier pass done/.test(output)) {
        if (Date.now() > until2 || second.exitCode !== null)
          throw new Error(`no fill after the restart:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => {
        second.on('exit', resolve);
        second.kill('SIGTERM');
      });
      const imports = standin.consumptionCalls(SERIALS.import).map((c) => Date.parse(c.from!) / 1000);
      expect(imports).toEqual([fillFrom, importMeter!.resume_at]);
      const exports = standin.consumptionCalls(SERIALS.export).map((c) => Date.parse(c.from!) / 1000);
      expect(exports).toEqual([fillFrom, fillFrom]);
      const shift = standin.faults.shiftS;
      const shifted = (rows: readonly Row[]) => rows.map((r) => ({ start: r.start + shift, kwh: r.kwh }));
      const stored = await storedReadings(database.db, houseId);
      expectExactly(stored, 'import_wh', whOf(shifted(refitSeries()), fillFrom, Number.POSITIVE_INFINITY));
      expectExactly(
        stored,
        'export_wh',
        new Map(
          [...whOf(shifted(exportSeries()), fillFrom, Number.POSITIVE_INFINITY)].filter(([, wh]) => wh > 0),
        ),
      );
      expect((await connectionsOfHouse(database.db, houseId))[0]!.state).toBe('up_to_date');
    } finally {
      await database.drop();
    }
  },
);
