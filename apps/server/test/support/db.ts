import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { cpSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadMigrations, type Migration, migrate } from '../../src/db/migrate';
import { CATALOGUE_APPLIANCES } from '../../src/features/appliances-catalogue/catalogue';
import { openPglite, processAlive } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import type { Db } from '../../src/db/types';
import { SCRATCH_DIR } from './scratch';

// Fresh databases for API suites, of both kinds:
// - PGlite: creating one takes seconds, so one migrated template per migration set is built once (cached
//   in the temp dir, keyed by a hash of the migrations) and copied per test file (~0.5 s to open).
// - PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): a uniquely named
//   database per test file, made from a migrated template database (one per migration set, named by its
//   hash, so concurrent runs of different code don't clash), dropped afterwards.
// PostgreSQL unreachable: under CI=true every suite fails loudly; otherwise a warning and PGlite only.

export type DbKind = 'pglite' | 'postgres';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export const postgresAvailable = await reachable(ADMIN_URL);
const ci = process.env.CI === 'true';
if (!postgresAvailable && !ci) {
  console.warn(`WARNING: PostgreSQL is not reachable at ${ADMIN_URL}; the API suites run on PGlite only.`);
}
/** Under CI a missing PostgreSQL still yields a 'postgres' suite, whose setup then fails loudly. */
export const dbKinds: readonly DbKind[] = postgresAvailable || ci ? ['pglite', 'postgres'] : ['pglite'];

const DATA_STEPS_SOURCE = fileURLToPath(new URL('../../src/db/data-steps.ts', import.meta.url));
const MIGRATE_SOURCE = fileURLToPath(new URL('../../src/db/migrate.ts', import.meta.url));

/** What a migrated database holds follows from these: the migrations, their data steps, the catalogue. */
async function migrationSetHash(migrations: readonly Migration[], extra = ''): Promise<string> {
  const hash = createHash('sha256').update(extra);
  for (const m of migrations) hash.update(`${m.version} ${m.name}\n`).update(m.sql);
  hash.update(await readFile(DATA_STEPS_SOURCE)).update(await readFile(MIGRATE_SOURCE));
  hash.update(JSON.stringify(CATALOGUE_APPLIANCES)); // migrate() also seeds the appliance catalogue
  return hash.digest('hex').slice(0, 16);
}

async function migrationsHash(): Promise<string> {
  // The PGlite version is part of the key: its package.json sits above its resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json');
  const version = JSON.parse(await readFile(manifest, 'utf8')).version as string;
  return migrationSetHash(loadMigrations(MIGRATIONS), version);
}

/** The migrated PGlite template directory, built on first use and then reused. */
export async function pgliteTemplate(): Promise<string> {
  const name = `homeview-pglite-template-${await migrationsHash()}`;
  const dir = join(SCRATCH_DIR, name);
  if (existsSync(join(dir, 'PG_VERSION'))) {
    const now = new Date();
    await utimes(dir, now, now); // marks it in use, so other runs' clean-up leaves it alone
    return dir;
  }
  // Templates of older migration sets unused for an hour, and test directories a killed run left (six
  // hours old: they may be on the RAM disk), are removed.
  for (const entry of await readdir(SCRATCH_DIR)) {
    const age = entry.startsWith('homeview-pglite-template-') ? 3_600_000 : 6 * 3_600_000;
    if (!entry.startsWith('homeview-') || entry === name) continue;
    const path = join(SCRATCH_DIR, entry);
    if ((await stat(path)).mtimeMs < Date.now() - age) await rm(path, { recursive: true, force: true });
  }
  const building = `${dir}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  const db = await openPglite(building);
  await migrate(db);
  await db.close();
  try {
    await rename(building, dir);
  } catch {
    await rm(building, { recursive: true, force: true }); // another process finished first
  }
  return dir;
}

/**
 * A new PGlite data directory at `to`, a copy of the migrated template. Node's native cpSync copies its
 * ~1,200 files in ~35 ms where fs/promises' cp took ~290 ms, once per suite and database (~150 a run).
 */
export async function copyPgliteTemplate(to: string): Promise<void> {
  cpSync(await pgliteTemplate(), to, { recursive: true });
}

/** A suite's database is small: 8MB of shared buffers open ~0.1 s sooner than the product's 32MB. */
const TEST_SHARED_BUFFERS = '8MB';

export interface TestDatabase {
  db: Db;
  drop(): Promise<void>;
}

export async function createPgliteDatabase(): Promise<TestDatabase & { dataDir: string }> {
  const root = await mkdtemp(join(SCRATCH_DIR, 'homeview-test-'));
  const dataDir = join(root, 'data');
  await copyPgliteTemplate(dataDir);
  const db = await openPglite(dataDir, { sharedBuffers: TEST_SHARED_BUFFERS });
  return {
    db,
    dataDir,
    async drop() {
      await db.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const TEMPLATE_PREFIX = 'hv_template_';
const UNUSED_TEMPLATE_MS = 24 * 3_600_000;

/**
 * The migrated PostgreSQL template database for this migration set, built on first use (by whichever
 * process gets there first: a build database is migrated, then renamed; the name exists only once it is
 * complete) and then copied by CREATE DATABASE … TEMPLATE. Its comment holds when it was last used: a
 * template of another migration set unused for a day is dropped.
 */
async function postgresTemplate(client: pg.Client, migrations: readonly Migration[]): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await migrationSetHash(migrations)}`;
  const templates = await client.query<{ datname: string; used: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like $1`,
    [`${TEMPLATE_PREFIX}%`],
  );
  for (const { datname, used } of templates.rows) {
    if (datname === name || Number(used ?? 0) > Date.now() - UNUSED_TEMPLATE_MS) continue;
    await client.query(`drop database if exists "${datname}"`).catch(() => undefined); // in use: next time
  }
  if (!templates.rows.some((t) => t.datname === name)) {
    // Named like a test database, so a build that died is dropped with the leftovers.
    const building = `hv_test_${Date.now()}_${randomBytes(4).toString('hex')}_template`;
    await client.query(`create database "${building}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${building}`;
    const db = await openPostgres(url.toString(), 1);
    try {
      await migrate(db, [...migrations]);
    } finally {
      await db.close();
    }
    try {
      await client.query(`alter database "${building}" rename to "${name}"`);
      await client.query(`alter database "${name}" with is_template true`);
    } catch {
      await client.query(`drop database if exists "${building}" with (force)`); // another process finished first
    }
  }
  await client.query(`comment on database "${name}" is '${Date.now()}'`);
  return name;
}

/**
 * Drops leftovers: databases of runs that died more than 6 hours ago, and those whose maker (the pid in
 * `hv_test_<ms>_<pid>_<hex>`) has ended: the one made ahead for a file that never came, or a killed run's.
 */
async function dropLeftovers(client: pg.Client): Promise<void> {
  const old = await client.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^hv_test_[0-9]+_'",
  );
  for (const { datname } of old.rows) {
    const [, , made, maker] = datname.split('_');
    const gone = /^\d+$/.test(maker ?? '') && Number(maker) !== process.pid && !processAlive(Number(maker));
    if (gone || Number(made) < Date.now() - 6 * 3_600_000) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  }
}

/** The leftovers dropped at the end of a run (the server suite's global teardown), once its worker has ended. */
export async function dropLeftoverDatabases(): Promise<void> {
  if (postgresAvailable) await withAdmin(dropLeftovers);
}

/** A new database from the migration set's template; its name. */
async function makePostgresDatabase(migrations: readonly Migration[]): Promise<string> {
  const name = `hv_test_${Date.now()}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (client) => {
    await dropLeftovers(client);
    const template = await postgresTemplate(client, migrations);
    await client.query(`create database "${name}" template "${template}"`);
  });
  return name;
}

/**
 * The server suite's files run one after another in one worker (vitest.config.ts): the next file's
 * database is made while this one's tests run, and a database is dropped while the next file goes on.
 * CREATE DATABASE and DROP are PostgreSQL's own work, 0.3–0.6 s a file that the worker sat waiting for.
 */
let ahead: Promise<string> | null = null;
let migrationsOnDisk: Migration[] | undefined;

function dropInBackground(name: string): void {
  withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`)).catch((error) =>
    console.warn(`dropping ${name}: ${(error as Error).message} (dropped by a later run)`),
  );
}

/** A fresh database of `migrations` (default: all of them, made ahead for the next caller too). */
export async function createPostgresDatabase(
  migrations?: Migration[],
): Promise<TestDatabase & { url: string }> {
  if (!postgresAvailable) {
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL}, and CI=true requires the suite to run on it.`,
    );
  }
  let name: string;
  if (migrations === undefined) {
    migrationsOnDisk ??= loadMigrations();
    const all = migrationsOnDisk;
    name = await (ahead ?? makePostgresDatabase(all));
    ahead = makePostgresDatabase(all);
    ahead.catch(() => undefined); // its failure is the next caller's, when it awaits it
  } else {
    name = await makePostgresDatabase(migrations);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      dropInBackground(name);
    },
  };
}

export function createDatabase(kind: DbKind): Promise<TestDatabase> {
  return kind === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

/**
 * A fresh database migrated only through `version`, for tests of a later migration's data move: they
 * insert rows of the old shape, then run `migrate` for the rest. (PGlite: a new directory, no template.)
 */
export async function createDatabaseThrough(kind: DbKind, version: number): Promise<TestDatabase> {
  const migrations = loadMigrations().filter((m) => m.version <= version);
  if (kind === 'postgres') return createPostgresDatabase(migrations);
  const root = await mkdtemp(join(SCRATCH_DIR, 'homeview-test-'));
  const db = await openPglite(join(root, 'data'));
  await migrate(db, migrations);
  return {
    db,
    async drop() {
      await db.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Empties every table but schema_migrations (identities restart), for tests that need a blank slate. */
export async function truncateAll(db: Db): Promise<void> {
  const { rows } = await db.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'",
  );
  if (rows.length === 0) return;
  await db.exec(`truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`);
}

export interface DbSuite {
  readonly kind: DbKind;
  /** The suite's database, open from beforeAll to afterAll. */
  readonly db: Db;
}

/** Runs `fn` once per database kind, each in its own describe with its own fresh database. */
export function describeEachDb(name: string, fn: (suite: DbSuite) => void): void {
  for (const kind of dbKinds) {
    describe(`${name} [${kind}]`, () => {
      let database: TestDatabase | undefined;
      const suite: DbSuite = {
        kind,
        get db(): Db {
          if (!database) throw new Error('The test database is not open yet (use it inside tests or hooks).');
          return database.db;
        },
      };
      beforeAll(async () => {
        database = await createDatabase(kind);
      });
      afterAll(async () => {
        await database?.drop();
      });
      fn(suite);
    });
  }
}
