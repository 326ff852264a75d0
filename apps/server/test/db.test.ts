import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate';
import { prepared } from '../src/db/types';
import { createPgliteDatabase, describeEachDb } from './support/db';

// The Db interface behaves the same on both engines: parameters, int8 as numbers, timestamptz as Date,
// transactions that roll back, and migrations applied once.

describeEachDb('database layer', (suite) => {
  it('records the migrations and applies nothing twice', async () => {
    const { rows } = await suite.db.query<{ version: number; name: string }>(
      'select version, name from schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    expect(await migrate(suite.db)).toEqual([]);
  });

  it('refuses to run against a database migrated by newer code', async () => {
    await suite.db.query("insert into schema_migrations (version, name) values (999, 'future')");
    await expect(migrate(suite.db)).rejects.toThrow(/does not know \(999\)/);
    await suite.db.query('delete from schema_migrations where version = 999');
  });

  it('returns int8 as number and timestamptz as Date, and passes parameters verbatim', async () => {
    const at = new Date(Date.UTC(2026, 2, 29, 0, 30));
    const nasty = "' OR 1=1--$$ \\x00 é";
    const { rows } = await suite.db.query<{ n: number; at: Date; s: string }>(
      'select count(*) as n, $1::timestamptz as at, $2::text as s from users',
      [at, nasty],
    );
    expect(rows[0]).toEqual({ n: 0, at, s: nasty });
  });

  it('runs a prepared statement with new parameters each time, also after a rollback (prepared once)', async () => {
    const sql = prepared(
      'select $1::int + 1 as n, $2::date::text as d, cardinality($3::bigint[]) + ($3::bigint[])[1] as a, $4::text as s',
    );
    // First run inside a transaction that rolls back: the statement stays prepared for the next runs.
    await expect(
      suite.db.transaction(async (tx) => {
        expect((await tx.query(sql, [1, '2026-03-29', [1, 2], '1,2;-3'])).rows).toEqual([
          { n: 2, d: '2026-03-29', a: 3, s: '1,2;-3' },
        ]);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    // A text that is no date or integer runs unprepared (PGlite), with the same answer.
    expect((await suite.db.query(sql, [41, '2024-10-27', [], "it's"])).rows).toEqual([
      { n: 42, d: '2024-10-27', a: null, s: "it's" },
    ]);
    expect((await suite.db.query(sql, [-3, '2000-01-01', [-5], null])).rows).toEqual([
      { n: -2, d: '2000-01-01', a: -4, s: null },
    ]);
    if (suite.kind === 'postgres') {
      const names = await suite.db.transaction(async (tx) => {
        await tx.query(sql, [1, '2026-03-29', [1], 'y']);
        return (
          await tx.query<{ n: number }>(
            'select count(*) as n from pg_prepared_statements where statement = $1',
            [sql],
          )
        ).rows[0]?.n;
      });
      expect(names).toBe(1);
    }
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    await expect(
      suite.db.transaction(async (tx) => {
        await tx.query("insert into popups (title, message) values ('a', 'b')");
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const count = async () =>
      (await suite.db.query<{ n: number }>('select count(*) as n from popups')).rows[0]!.n;
    expect(await count()).toBe(0);
    const inserted = await suite.db.transaction(async (tx) => {
      const r = await tx.query("insert into popups (title, message) values ('a', 'b')");
      return r.rowCount;
    });
    expect(inserted).toBe(1);
    expect(await count()).toBe(1);
  });

  it('makes a query wait for an open transaction on PGlite, and runs it beside it, isolated, on PostgreSQL', async () => {
    const count = async () =>
      (await suite.db.query<{ n: number }>('select count(*) as n from popups')).rows[0]!.n;
    const before = await count();
    const order: string[] = [];
    let answered!: () => void;
    const queryAnswered = new Promise<void>((resolve) => {
      answered = resolve;
    });
    let insertedNow!: () => void;
    const inserted = new Promise<void>((resolve) => {
      insertedNow = resolve;
    });
    const tx = suite.db.transaction(async (t) => {
      await t.query("insert into popups (title, message) values ('c', 'd')");
      insertedNow();
      // PostgreSQL: the query is answered on another connection while this transaction is still open (a
      // query that waited for it would hang the test). PGlite: a while, for the query to show it waits.
      await (suite.kind === 'postgres' ? queryAnswered : new Promise((r) => setTimeout(r, 50)));
      order.push('tx');
    });
    await inserted;
    const seen = await count();
    order.push('query');
    answered();
    await tx;
    if (suite.kind === 'pglite') {
      // One connection: the query ran after the commit, and saw the row.
      expect(order).toEqual(['tx', 'query']);
      expect(seen).toBe(before + 1);
    } else {
      // A pool: the query ran while the transaction was open, and did not see its uncommitted row.
      expect(order).toEqual(['query', 'tx']);
      expect(seen).toBe(before);
    }
    expect(await count()).toBe(before + 1);
  });

  it('lets the event loop turn while statements queue (PGlite runs them on this thread)', async () => {
    // A callback queued for the loop's next turn must run before 200 statements sent at once are all
    // done, and before a transaction of 50 is: else no request is read (not even /healthz) meanwhile.
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    let done = 0;
    const queries = Array.from({ length: 200 }, () => suite.db.query('select 1').then(() => done++));
    await nextTurn();
    const doneAtTurn = done;
    await Promise.all(queries);
    expect(done).toBe(200);
    expect(doneAtTurn).toBeLessThan(200);

    let committed = false;
    const tx = suite.db.transaction(async (t) => {
      for (let i = 0; i < 50; i++) await t.query('select 1');
      committed = true;
    });
    await nextTurn();
    expect(committed).toBe(false);
    await tx;
    expect(committed).toBe(true);
  });
});

it('refuses badly named or gapped migration files', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'homeview-migrations-'));
  try {
    await writeFile(join(dir, '0001_first.sql'), 'select 1;');
    await writeFile(join(dir, '0003_third.sql'), 'select 1;');
    expect(() => loadMigrations(dir)).toThrow(/without gaps/);
    await writeFile(join(dir, '2_bad.sql'), 'select 1;');
    expect(() => loadMigrations(dir)).toThrow(/NNNN_name/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('opens PGlite with a capped write-ahead log whose new segments are not zero-filled', async () => {
  const { db, drop } = await createPgliteDatabase();
  try {
    const setting = async (name: string) =>
      (await db.query<{ setting: string }>('select setting from pg_settings where name = $1', [name])).rows[0]
        ?.setting;
    // PGlite has no checkpointer process: past max_wal_size the backend checkpoints itself.
    expect(await setting('max_wal_size')).toBe('96');
    // Zero-filling a new 16 MB segment held PGlite's one connection 80-110 ms during the first start.
    expect(await setting('wal_init_zero')).toBe('off');
  } finally {
    await drop();
  }
});
