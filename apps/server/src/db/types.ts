// The one database interface the server uses. Both engines speak PostgreSQL (PGlite is PostgreSQL 18 in
// WASM, the server is PostgreSQL 15+), so there is one dialect and the same SQL runs on both.

export type SqlParam =
  | string
  | number
  | boolean
  | Date
  | null
  | readonly (string | number | boolean | null)[];

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted (0 for a SELECT). */
  rowCount: number;
}

/** Something that runs one parameterised statement: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements with no parameters (migrations only). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Statements of literals only (code-built, never input) run right after BEGIN, in order, before `fn`:
   * on PostgreSQL they travel with BEGIN in one round trip (a daily ingest batch's house lock and context
   * read, issue 10). Each statement takes its own snapshot (READ COMMITTED), after the ones before it.
   */
  first?: string;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL: the most connections its pool opens (devices/writer.ts sizes its writers by it). */
  readonly poolSize?: number;
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. `opened` holds the
   * rows of the last statement of `options.first` (none without it).
   */
  transaction<R>(
    fn: (tx: Queryable, opened: readonly Record<string, unknown>[]) => Promise<R>,
    options?: TransactionOptions,
  ): Promise<R>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own (not the pool's), `onNotice` called with
   * each payload NOTIFY sends after its transaction commits. A dropped connection is opened again (backoff
   * 1 s to 30 s) and LISTENs again; what was sent meanwhile is not heard (`onReconnect` says it happened,
   * so the caller can catch up). Resolves once the first LISTEN is in place.
   */
  listen?(channel: string, onNotice: (payload: string) => void, onReconnect?: () => void): Promise<Listening>;
  /**
   * PostgreSQL only: takes the session-level advisory lock `key` on a connection of its own if no other
   * session holds it (pg_try_advisory_lock), else null. Held until `release()` or until that connection
   * ends (the process died, the network cut it): then `lost` resolves and another process may take it.
   */
  tryLock?(key: number): Promise<HeldLock | null>;
  /** PostgreSQL only: a connection of its own holding any number of advisory locks (db/share.ts). */
  lockSession?(): Promise<LockSession>;
  /** The database this is a view of (InFlight.background's); absent on the database itself. */
  readonly viewOf?: Db;
}

/** A LISTEN in place (Db.listen); `close` ends its connection. */
export interface Listening {
  close(): Promise<void>;
}

/** A session-level advisory lock held on its own connection (Db.tryLock). */
export interface HeldLock {
  /** Resolves when the lock's connection ended without `release()`: the lock is no longer held. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

/** Session-level advisory locks on one connection of their own (Db.lockSession): all go with it. */
export interface LockSession {
  /** Resolves when the connection ended without `close()`: none of its locks is held any more. */
  readonly lost: Promise<void>;
  /** pg_try_advisory_lock: true when this session now holds `key`. */
  tryLock(key: number): Promise<boolean>;
  /** pg_advisory_lock_shared: held along with every other session holding `key` shared. */
  lockShared(key: number): Promise<void>;
  unlock(key: number): Promise<void>;
  /** Ends the connection, and its locks with it. */
  close(): Promise<void>;
}

/** Runs `fn` in a new transaction when given the database, or inside the caller's open transaction. */
export function inTransaction<R>(db: Db | Queryable, fn: (tx: Queryable) => Promise<R>): Promise<R> {
  return 'transaction' in db ? db.transaction(fn) : fn(db);
}

/**
 * What per-database caches and listeners key on: the database itself, for it and for any view of it, so
 * background work on a view hears and shares what requests on the database do.
 */
export const databaseOf = (db: object): object => (db as Partial<Db>).viewOf ?? db;

// Hot statements of fixed text (an energy view's read) are prepared once per connection (PostgreSQL: a
// named statement; PGlite: PREPARE, then EXECUTE with literals, see pglite.ts): the server then skips
// parsing and, after a few runs, planning, which was about half of such a read's time on PostgreSQL and
// more on PGlite (issue 10). Only texts built from code, never from input, so the set stays small.
const preparedNames = new Map<string, string>();

/** Marks `sql` as worth preparing and returns it unchanged. */
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `hv_prepared_${preparedNames.size + 1}`);
  return sql;
}

/** The statement name of a text marked with `prepared`, if it was. */
export const preparedName = (sql: string): string | undefined => preparedNames.get(sql);
