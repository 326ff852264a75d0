import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { copyTemplate, pgdataTemplate } from './pgdata-template';
import { type Db, preparedName, type Queryable, type QueryResult, type SqlParam } from './types';
import { nextTurn } from '../shared/turn';

// PGlite is one PostgreSQL backend in this process: it queues statements itself, and a query issued
// while a transaction is open waits for it to end. Code inside `transaction` must use its `tx`.

const LOCK_FILE = 'homeview.lock';

/** Whether process `pid` is running (also used by the test suites for their leftover databases). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Two processes on one PGlite directory corrupt it, so a pid file refuses a second opener. */
function takeLock(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(path, 'utf8'));
    if (holder !== process.pid && Number.isInteger(holder) && processAlive(holder)) {
      throw new Error(
        `The database in ${dataDir} is in use by process ${holder}. Stop it first (PGlite allows one process), or use DATABASE_URL.`,
      );
    }
    writeFileSync(path, String(process.pid)); // stale lock from a killed process
  }
  return () => rmSync(path, { force: true });
}

/**
 * PostgreSQL's default max_wal_size (1 GB) let the first start's pg_wal grow past 1.6 GB. PGlite runs one
 * backend with no checkpointer process: past max_wal_size the backend checkpoints itself, so a small cap
 * bounds the directory (and recycles segments) at the cost of more frequent, short checkpoints.
 * wal_init_zero=off: a new 16 MB segment is created by writing its last byte, not filled with zeroes. The
 * filling went through PGlite's JavaScript file system on this thread and held its one connection 80-110 ms
 * (a CPU profile of the first start's slowest transaction); WAL records are still written and flushed as
 * before, so an acknowledged write survives a crash as it did (ingest-durability.test.ts).
 */
const WAL_CAP = ['-c', 'max_wal_size=96MB', '-c', 'min_wal_size=32MB', '-c', 'wal_init_zero=off'];
/**
 * Memory: PGlite's WebAssembly heap holds PostgreSQL's shared memory, and RSS never gives it back. The
 * default 128 MB of shared buffers put the server at ~400 MiB RSS before any request; 32 MB (4,096 pages)
 * hold the demo's working set (rollups of the homes a screen reads), the operating system caches the rest.
 */
const SHARED_BUFFERS = '32MB';

export interface PgliteOptions {
  /**
   * shared_buffers, the product's 32MB unless told: the test suites' small databases take 8MB and open
   * in ~0.2 s instead of ~0.3 s (the WebAssembly heap's shared memory set up at each start), ~150 a run.
   */
  sharedBuffers?: string;
}

/**
 * Without a template (pgdata-template.ts), initdb runs in a short-lived child process: its memory stays in
 * the process that ran it long after it is done.
 */
async function initdbInChild(dataDir: string): Promise<void> {
  const script = `const { PGlite } = await import(process.argv[1]);
    const pg = new PGlite(process.argv[2]); await pg.waitReady; await pg.close();`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the database in ${dataDir} failed: ${stderr.trim()}`);
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

/**
 * PGlite runs each statement synchronously on this thread and resolves in a microtask, so a queue of
 * statements (150 logins at once, each a few) ran back to back without the event loop turning: no
 * socket read, no /healthz, for seconds. Statements now start one per turn of the loop, in order: each
 * waits for the turn after the one of the statement before it.
 */
let lastTurn = Promise.resolve();
function turn(): Promise<void> {
  lastTurn = lastTurn.then(nextTurn);
  return lastTurn;
}

/**
 * A parameter as an SQL literal, for EXECUTE (which takes no bind parameters): only integers, dates and
 * arrays of those, the values hot reads pass (built by code); undefined for anything else, which then
 * runs as an ordinary statement.
 */
function literal(value: SqlParam): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? `(${value})` : undefined;
  // Dates and comma- or semicolon-joined integers (the write path's arrays): nothing to escape.
  if (typeof value === 'string') return /^[\d,;-]*$/.test(value) ? `'${value}'` : undefined;
  if (Array.isArray(value)) {
    const items = value.map((v) => literal(v as SqlParam));
    if (items.some((v) => v === undefined)) return undefined;
    return `'{${value.join(',')}}'`;
  }
  return undefined;
}

/**
 * Statements marked `prepared` run as PREPARE once per PGlite backend (prepared statements outlive a
 * rolled-back transaction) and EXECUTE with literals after: PGlite's query protocol has no named
 * statements, and planning was the largest part of an energy view's time on PGlite (issue 10).
 */
function preparedRun(target: PgliteLike, ready: Set<string>, sql: string, params: readonly SqlParam[]) {
  const name = preparedName(sql);
  if (name === undefined || params.length === 0) return null;
  const literals = params.map(literal);
  if (literals.some((l) => l === undefined)) return null;
  return async () => {
    if (!ready.has(name)) {
      await target.exec(`prepare ${name} as ${sql}`);
      ready.add(name);
    }
    return target.query(`execute ${name}(${literals.join(', ')})`);
  };
}

function queryable(target: PgliteLike, ready: Set<string>): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<QueryResult<T>> {
      await turn();
      const run = preparedRun(target, ready, sql, params);
      const result = (await (run === null ? target.query<T>(sql, params as unknown[]) : run())) as Awaited<
        ReturnType<typeof target.query<T>>
      >;
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await turn();
      await target.exec(sql);
    },
  };
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const release = takeLock(dataDir);
  let pg: PGlite;
  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      const template = pgdataTemplate();
      if (template === null) await initdbInChild(dataDir);
      else copyTemplate(template, dataDir);
    }
    // int8 (count(*), bigint) as a JS number on both engines; our values stay far below 2^53.
    pg = new PGlite(dataDir, {
      parsers: { [types.INT8]: (v: string) => Number(v) },
      startParams: [
        ...PGlite.defaultStartParams,
        ...WAL_CAP,
        '-c',
        `shared_buffers=${options.sharedBuffers ?? SHARED_BUFFERS}`,
      ],
    });
    await pg.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const ready = new Set<string>(); // statements prepared on this backend
  const base = queryable(pg, ready);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn, options) =>
      pg.transaction(async (tx) => {
        const opened = options?.first === undefined ? [] : await tx.exec(options.first);
        return fn(queryable(tx, ready), (opened.at(-1)?.rows ?? []) as Record<string, unknown>[]);
      }),
    async close() {
      if (!pg.closed) await pg.close();
      release();
    },
  };
}
