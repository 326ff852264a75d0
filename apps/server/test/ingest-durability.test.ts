import type { ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { createPostgresDatabase, dbKinds, copyPgliteTemplate } from './support/db';
import { makeHouse, rawSlotSums, rollupEnergy, series } from './support/ingest';
import { childEnv, startTs } from './support/spawn';
import { SCRATCH_DIR } from './support/scratch';

// ING-04: acknowledged means durable. The real server (main.ts) ingests batches over HTTP while this test
// records every acknowledged batch in a witness file (fsync'd); the server is SIGKILLed at a random moment,
// restarted, K times per engine. Then every witnessed reading must be in the database, the database must
// open cleanly each time, and the rollups must still equal the raw sums (one transaction holds both).

const K = Number(process.env.DURABILITY_KILLS ?? 6);
const PER_BATCH = 240;
const T0 = 1_735_689_600; // 2025-01-01T00:00Z

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function start(env: NodeJS.ProcessEnv): Promise<Running> {
  const child = startTs('main.ts', [], env);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 60 s:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the server exited with ${code} before it was ready (the database did not open?):\n${output}`,
        ),
      );
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.on('exit', () => resolve()),
  );

/** Sends batches one after another until the server dies; returns the acknowledged batch numbers. */
async function ingestUntilKilled(
  run: Running,
  key: string,
  firstBatch: number,
  witness: string,
): Promise<number> {
  const fd = openSync(witness, 'a');
  let batch = firstBatch;
  const killAfter = 150 + Math.random() * 1500;
  const killer = setTimeout(() => run.child.kill('SIGKILL'), killAfter);
  try {
    for (;;) {
      const readings = series(T0 + batch * PER_BATCH * 60, PER_BATCH);
      let ok = false;
      try {
        const res = await fetch(`${run.url}/api/ingest/v1/readings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ readings }),
        });
        // A batch whose answer was lost with a killed server may still have committed, so its resend
        // after the restart is stored as duplicates: acknowledged means every reading is accounted for.
        if (res.status === 200) {
          const body = (await res.json()) as { stored: number; duplicates: number };
          ok = body.stored + body.duplicates === PER_BATCH;
        }
      } catch {
        break; // the connection died with the server: this batch was not acknowledged
      }
      if (!ok) {
        run.child.kill('SIGKILL');
        throw new Error(`batch ${batch} was refused`);
      }
      appendFileSync(fd, `${batch}\n`);
      fsyncSync(fd);
      batch++;
    }
  } finally {
    clearTimeout(killer);
    closeSync(fd);
  }
  await exited(run.child);
  return batch;
}

async function verify(db: Db, houseId: number, witness: string): Promise<number> {
  const acked = readFileSync(witness, 'utf8').split('\n').filter(Boolean).map(Number);
  const { rows } = await db.query<{ start_ts: number }>('select start_ts from readings where house_id = $1', [
    houseId,
  ]);
  const stored = new Set(rows.map((r) => r.start_ts));
  const lost = acked.flatMap((b) =>
    series(T0 + b * PER_BATCH * 60, PER_BATCH).filter((r) => !stored.has(r.start)),
  );
  expect(lost).toEqual([]);
  expect(await rollupEnergy(db, houseId)).toEqual(await rawSlotSums(db, houseId));
  return acked.length * PER_BATCH;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

for (const kind of dbKinds) {
  it(`keeps every acknowledged reading through ${K} SIGKILLs [${kind}]`, { timeout: 240_000 }, async () => {
    const root = await mkdtemp(join(SCRATCH_DIR, 'homeview-durability-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const witness = join(root, 'witness.txt');
    let env: NodeJS.ProcessEnv;
    let reopen: () => Promise<Db>;
    let setup: Db;
    if (kind === 'pglite') {
      const dataDir = join(root, 'data');
      await copyPgliteTemplate(dataDir);
      setup = await openPglite(dataDir);
      env = childEnv({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' });
      reopen = () => openPglite(dataDir);
    } else {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      setup = database.db;
      env = childEnv({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'warn' });
      reopen = async () => database.db;
    }
    const { houseId, key } = await makeHouse(setup, `durable-${kind}`);
    if (kind === 'pglite') await setup.close(); // one process at a time on a PGlite directory

    let batch = 0;
    for (let i = 0; i < K; i++) batch = await ingestUntilKilled(await start(env), key, batch, witness);
    const last = await start(env); // opens cleanly after the last kill, then stops gracefully
    last.child.kill('SIGTERM');
    await exited(last.child);
    expect([last.child.exitCode, last.child.signalCode], last.output()).toEqual([0, null]);

    const db = await reopen();
    try {
      const witnessed = await verify(db, houseId, witness);
      console.log(`durability [${kind}]: ${K} SIGKILLs, ${witnessed} acknowledged readings, 0 lost`);
      expect(witnessed).toBeGreaterThan(0);
    } finally {
      if (kind === 'pglite') await db.close();
    }
  });
}
