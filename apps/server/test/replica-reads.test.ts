import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrimary, startReplica, type PgInstance } from '../src/cli/cluster/postgres';
import { freePort } from '../src/cli/cluster/ports';
import { ConfigError, loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { lsnValue } from '../src/db/replica';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from './support/houses';
import { ingestReadings } from '../src/features/readings/ingest';
import { WROTE_COOKIE } from '../src/http/read-your-writes';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { dbKinds } from './support/db';
import { syntheticReadings } from './support/energy';

// DATABASE_READ_URL (issue 26): a real streaming replica of a real primary (Debian's PostgreSQL, made by
// pg_basebackup), its replay paused to make it lag on purpose. History screens are read there; a session
// that has just written reads on the primary until the replica has replayed its write.

const JAN_14 = Date.UTC(2026, 0, 14) / 1000; // the test clock is 2026-01-15 09:00 UTC: this week
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(dbKinds.includes('postgres'))('reads that may lag, on a streaming replica', () => {
  let root: string;
  let primary: PgInstance;
  let replica: PgInstance;
  let db: Db;
  let replicaDb: Db;
  let t: TestApp;
  let alice: Person;
  let session: Session;
  let houseId: number;

  const caughtUp = async () => {
    const { rows } = await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const target = lsnValue(rows[0]!.lsn)!;
    for (let i = 0; i < 100; i++) {
      const r = await replicaDb.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn');
      if (lsnValue(r.rows[0]!.lsn)! >= target) return;
      await sleep(50);
    }
    throw new Error('the replica did not catch up in 5 s');
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'homeview-replica-'));
    await chmod(root, 0o755); // PostgreSQL's own user reaches its directories inside
    primary = await startPrimary(join(root, 'primary'), await freePort());
    const admin = new pg.Client(primary.url());
    await admin.connect();
    await admin.query('create database homeview');
    await admin.end();
    replica = await startReplica(primary, join(root, 'replica'), await freePort());
    db = await openPostgres(primary.url('homeview'), 5);
    replicaDb = await openPostgres(replica.url('homeview'), 3);
    await migrate(db);
    t = await makeTestApp(db, { replica: replicaDb });
    alice = await makeUser(db, 'alice');
    houseId = (await findHouseIdOf(db, alice.id))!;
    session = await login(t.app, alice);
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    await t?.app.close();
    await replicaDb?.close();
    await db?.close();
    await replica?.stop();
    await primary?.stop();
    await rm(root, { recursive: true, force: true });
  });

  const week = (cookie: string) =>
    t.app.inject({
      url: `/api/v3/energy_info/detail/?user_id=${alice.id}&timescale=week`,
      headers: { cookie },
    });

  it('a history screen is read on the replica; after a write, the writer reads on the primary until it replays', async () => {
    const before = (await week(session.cookie)).json();
    await replicaDb.query('select pg_wal_replay_pause()');
    try {
      await ingestReadings(db, houseId, syntheticReadings(JAN_14, JAN_14 + 6 * 3600, 3), {
        now: JAN_14 + 86_400,
      });
      // Someone who wrote nothing sees the replica's week: the readings are not there yet.
      expect((await week(session.cookie)).json()).toEqual(before);

      // A save answers with the primary's WAL position; the saver's reads follow it to the primary.
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/v3/holiday_mode/',
        headers: { ...session.headers(true), origin: 'http://localhost:8080' },
        payload: { user_id: alice.id, status: 'DISABLED' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const wrote = saved.cookies.find((c) => c.name === WROTE_COOKIE);
      expect(lsnValue(wrote?.value)).not.toBeNull();
      const fresh = (await week(`${session.cookie}; ${WROTE_COOKIE}=${wrote!.value}`)).json();
      expect(fresh).not.toEqual(before);
      expect(JSON.stringify(fresh)).not.toEqual(JSON.stringify(before));
    } finally {
      await replicaDb.query('select pg_wal_replay_resume()');
    }
    // Replayed: everyone's reads show the week as the primary has it.
    await caughtUp();
    await sleep(150); // past the router's 100 ms reuse of the replay position
    const primaryWeek = (await week(`${session.cookie}; ${WROTE_COOKIE}=FFFFFFFF/FFFFFFFF`)).json();
    expect((await week(session.cookie)).json()).toEqual(primaryWeek);
    expect(primaryWeek).not.toEqual(before);
  }, 60_000);

  it('a read on GET sets no position, and a forged one can only send its reader to the primary', async () => {
    const res = await week(session.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === WROTE_COOKIE)).toBeUndefined();
    const forged = await week(`${session.cookie}; ${WROTE_COOKIE}=not-a-position`);
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual(res.json());
  });

  it('a replica that is gone costs no answer: reads go to the primary', async () => {
    const onPrimary = (await week(`${session.cookie}; ${WROTE_COOKIE}=FFFFFFFF/FFFFFFFF`)).json();
    await replica.stop();
    await sleep(150); // past the reuse of the last replay position
    const res = await week(session.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(onPrimary);
  });

  it('DATABASE_READ_URL needs DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: replica.url() })).toThrow(ConfigError);
    expect(
      loadConfig({ DATABASE_URL: primary.url(), DATABASE_READ_URL: replica.url() }).databaseReadUrl,
    ).toBe(replica.url());
  });
});
