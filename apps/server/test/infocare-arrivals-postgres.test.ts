import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from './support/houses';
import { runInfocare } from '../src/features/infocare/job';
import { ARRIVALS_CHANNEL, arrivalsHeard, onDataArrived } from '../src/features/readings/arrivals';
import { receive } from '../src/features/readings/receive';
import type { Reading } from '../src/features/readings/ingest';
import type { Mailer } from '../src/mail/mailer';
import type { SmsSender } from '../src/sms/sms';
import { link, makeUser } from './support/app';
import { createPostgresDatabase, dbKinds, type TestDatabase } from './support/db';
import { syntheticReadings } from './support/energy';
import { readingsBetween } from './support/infocare';
import { toCsv } from './support/ingest';
import { childEnv, runTs, startTs } from './support/spawn';

// On PostgreSQL other processes write too (the import CLI, other servers): a write's transaction sends
// NOTIFY and a running server hears it over its own LISTEN connection, so a file imported by the CLI into
// the server's database wakes InfoCare within seconds, not at the next every-minute run (which this server
// does not even have: INFOCARE_INTERVAL_S=0). Real processes, the real clock: "No data" only needs 20 min
// of silence before now, whatever the hour.

const senders: { mailer: Mailer; sms: SmsSender } = {
  mailer: { transport: 'outbox', send: async () => {}, close() {} },
  sms: { transport: 'outbox', send: async () => {} },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const listenerPids = async (db: Db) =>
  (
    await db.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and query = $1`,
      [`listen ${ARRIVALS_CHANNEL}`],
    )
  ).rows.map((r) => r.pid);

describe.runIf(dbKinds.includes('postgres'))('InfoCare hears other processes on PostgreSQL', () => {
  let database: TestDatabase & { url: string };
  let dir: string;
  let houseId: number;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dir = await mkdtemp(join(tmpdir(), 'homeview-arrivals-pg-'));
    const mum = await makeUser(database.db, 'mum');
    const carer = await makeUser(database.db, 'carer', { house: null });
    await link(database.db, carer, mum);
    houseId = (await findHouseIdOf(database.db, mum.id)) as number;
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const openAlerts = async () =>
    (
      await database.db.query<{ name: string }>(
        'select name from infocare_alerts where house_id = $1 and cleared_at is null',
        [houseId],
      )
    ).rows.map((r) => r.name);

  it('a CLI import into a running server database clears an open "No data" within seconds', async () => {
    const now = Math.floor(Date.now() / 1000);
    const lastHour = now - (now % 300) - 3600;
    await readingsBetween(database.db, houseId, lastHour - 3 * 3600, lastHour);
    await runInfocare(database.db, senders, now);
    expect(await openAlerts()).toEqual(['No data']);

    const server = startTs(
      'main.ts',
      [],
      childEnv({ DATABASE_URL: database.url, PORT: '0', INFOCARE_INTERVAL_S: '0', DEMO: 'false' }),
    );
    children.push(server);
    let output = '';
    server.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    server.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    await until('the server ready line', 60_000, async () => (/running at/.test(output) ? true : undefined));
    expect(await listenerPids(database.db)).toHaveLength(1);
    expect(await openAlerts()).toEqual(['No data']);

    const file = join(dir, 'meter.csv');
    await writeFile(file, toCsv(syntheticReadings(lastHour, now - (now % 300), 5)));
    const imported = await runTs(
      'cli/import.ts',
      ['readings', '--house', String(houseId), '--format', 'generic', file],
      childEnv({ DATABASE_URL: database.url }),
    );
    expect(imported.code, imported.stderr).toBe(0);
    const committed = Date.now();
    // The server's debounce is 5 s: the evaluation follows it, far before any minute-long timer would.
    await until('"No data" cleared', 15_000, async () =>
      (await openAlerts()).includes('No data') ? undefined : true,
    );
    expect(Date.now() - committed).toBeLessThan(15_000);
    expect(output).not.toMatch(/"level":(50|60)/);
  }, 120_000);

  it('hears again after its LISTEN connection is cut, and never hears a rolled-back write', async () => {
    const db = await openPostgres(database.url, 2);
    const heard: number[] = [];
    const stop = onDataArrived(db, (id) => heard.push(id));
    try {
      await arrivalsHeard(db);
      const now = Math.floor(Date.now() / 1000);
      const from = now - (now % 300) - 7200;
      const receiveReadings = (house: number, readings: Reading[]) =>
        receive(db, [house], now, (intake) => intake.readings(house, readings));
      await receiveReadings(houseId, syntheticReadings(from, from + 600, 1));
      await until('the first notice', 5_000, async () => (heard.length === 1 ? true : undefined));
      expect(heard).toEqual([houseId]);

      // A rolled-back write (an unknown house) tells no one.
      await expect(receiveReadings(999_999, syntheticReadings(from, from + 600, 1))).rejects.toThrow(
        /no house/,
      );

      const [pid] = await listenerPids(database.db);
      await database.db.query('select pg_terminate_backend($1)', [pid as number]);
      await until('a new LISTEN connection', 10_000, async () => {
        const pids = await listenerPids(database.db);
        return pids.length === 1 && pids[0] !== pid ? true : undefined;
      });
      await receiveReadings(houseId, syntheticReadings(from + 600, from + 1200, 2));
      await until('the notice after reconnecting', 5_000, async () =>
        heard.length === 2 ? true : undefined,
      );
      expect(heard).toEqual([houseId, houseId]);
    } finally {
      stop();
      await sleep(100);
      await db.close();
    }
  }, 60_000);
});
