import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LED_JOBS } from '../src/db/led-jobs';
import { DEVICE_PARTITIONS_MAX, LOCK_CLASSES, LOCKS } from '../src/db/lock-keys';
import { evaluateHouse } from '../src/features/infocare/job';
import { watchedHouses } from '../src/features/infocare/repository';
import { lockHouse } from '../src/shared/house';
import { link, makeUser } from './support/app';
import { createPostgresDatabase, dbKinds, type TestDatabase } from './support/db';

// Every advisory-lock key in one registry (db/lock-keys.ts). Two equal keys in one key space are one
// lock: InfoCare's per-home evaluation once shared the house write lock's key, so every evaluation held
// the house's writers (a 100-house device flush waited on it), and the demo's seeding shared the default
// tariff sync's.

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const REGISTRY = 'db/lock-keys.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('advisory-lock keys', () => {
  it('are distinct in each key space, device partitions included', () => {
    const whole = Object.entries(LOCKS).filter(([name]) => name !== 'devicePartitions');
    const wholeKeys = whole.map(([, key]) => key);
    expect(new Set(wholeKeys).size).toBe(wholeKeys.length);
    // Partition p is held under devicePartitions + p: no other key may fall in that range.
    const inPartitions = whole.filter(
      ([, key]) => key >= LOCKS.devicePartitions && key < LOCKS.devicePartitions + DEVICE_PARTITIONS_MAX,
    );
    expect(inPartitions).toEqual([]);
    const classes = Object.values(LOCK_CLASSES);
    expect(new Set(classes).size).toBe(classes.length);
    // Distinct across the two spaces as well (they do not overlap in PostgreSQL, but a reader of
    // pg_locks should not have to know which space a number is in).
    expect(new Set([...wholeKeys, ...classes]).size).toBe(wholeKeys.length + classes.length);
  });

  it('the two collisions found in review are gone', () => {
    expect(LOCK_CLASSES.infocareEvaluation).not.toBe(LOCK_CLASSES.houseWrite);
    expect(LOCKS.demoSeed).not.toBe(LOCKS.defaultTariffSync);
  });

  it('no file outside the registry declares a key or passes a literal one to pg_advisory_*', () => {
    const offenders: string[] = [];
    for (const path of sources(SRC)) {
      const file = relative(SRC, path);
      if (file === REGISTRY) continue;
      const text = readFileSync(path, 'utf8');
      for (const [n, line] of text.split('\n').entries()) {
        // pg_advisory_xact_lock(7346120, …), pg_try_advisory_lock( 11001 ) and the like.
        if (/pg_(try_)?advisory_\w*\(\s*-?\d/.test(line)) offenders.push(`${file}:${n + 1}: ${line.trim()}`);
        // const ENGINE_LOCK = 7_346_120; LOCK_KEY = 1; a key named *LOCK* given a number.
        if (/\b(\w+_)?LOCK(_\w+)?\s*(:\s*number\s*)?=\s*-?\d/.test(line))
          offenders.push(`${file}:${n + 1}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

// The fault itself on PostgreSQL: an evaluation waits for the house's writers no longer. A writer holds
// the house's write lock; InfoCare evaluates that home meanwhile and finishes.
describe.runIf(dbKinds.includes('postgres'))('InfoCare beside a house writer [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('evaluates a home while its write lock is held', async () => {
    const { db } = database;
    const mum = await makeUser(db, 'mum');
    const carer = await makeUser(db, 'carer', { house: null });
    await link(db, carer, mum);
    const [house] = await watchedHouses(db);
    expect(house?.owner_user_id).toBe(mum.id);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const writer = db.transaction(async (tx) => {
      await lockHouse(tx, house!.id);
      locked();
      await released;
    });
    await lockTaken;
    try {
      const now = Date.UTC(2026, 0, 12, 9) / 1000; // pinned: a Monday morning
      const outcome = await Promise.race([
        evaluateHouse(db, house!, now).then(() => 'evaluated'),
        new Promise((resolve) => setTimeout(() => resolve('waited on the writer'), 5000)),
      ]);
      expect(outcome).toBe('evaluated');
      const { rows } = await db.query<{ evaluated_at: number }>(
        'select evaluated_at from infocare_progress where house_id = $1',
        [house!.id],
      );
      expect(Number(rows[0]?.evaluated_at)).toBe(now);
    } finally {
      release();
      await writer;
    }
  });
});

describe('led jobs (db/led-jobs.ts)', () => {
  it('each leads under a registry key of its own, and only the list makes leaderships', () => {
    const keys = Object.values(LED_JOBS).map((job) => job.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(Object.values(LOCKS)).toContain(key);
    for (const job of Object.values(LED_JOBS)) expect(job.schedule.length).toBeGreaterThan(20);
    const direct = sources(SRC)
      .filter((path) => relative(SRC, path) !== 'db/led-jobs.ts')
      .filter((path) => /new Leadership\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(direct).toEqual([]);
  });
});
