import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';
import { pgdataTemplate } from '../src/db/pgdata-template';

// Issue 33.15: PGlite's initdb (a second WebAssembly PostgreSQL) peaked at ~1 GiB of RSS on every first
// start. A new data directory is now the empty database made once per PGlite version (`npm run
// db:template`), so no initdb runs.

const root = await mkdtemp(join(tmpdir(), 'homeview-pgdata-'));
afterAll(() => rm(root, { recursive: true, force: true }));

it('has a template for the installed PGlite (made by npm ci; `npm run db:template`)', () => {
  expect(pgdataTemplate()).not.toBeNull();
});

it('makes each new data directory from that template, not by initdb', async () => {
  // initdb gives every database system an identifier of its own (from the clock and its pid): two
  // directories that share one were copied from one database.
  const identifiers: string[] = [];
  for (const name of ['first', 'second']) {
    const db = await openPglite(join(root, name));
    const row = await db.query<{ id: string }>(
      'select system_identifier::text as id from pg_control_system()',
    );
    identifiers.push(row.rows[0]!.id);
    // A usable, empty database: it takes the migrations' first kind of statement.
    await db.exec('create table probe (id int primary key); insert into probe values (1)');
    expect((await db.query<{ n: number }>('select count(*)::int as n from probe')).rows[0]!.n).toBe(1);
    await db.close();
  }
  expect(identifiers[0]).toMatch(/^\d+$/);
  expect(identifiers[1]).toBe(identifiers[0]);
});

it('makes a copy cut short again at the next start (PG_VERSION is written last)', async () => {
  const dir = join(root, 'cut-short');
  await mkdir(join(dir, 'base', '1'), { recursive: true });
  await writeFile(join(dir, 'base', '1', '1247'), 'half a catalog');
  const db = await openPglite(dir);
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from pg_type');
  expect(rows[0]!.n).toBeGreaterThan(100);
  await db.close();
});
