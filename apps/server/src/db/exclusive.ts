import { type LockKey, LOCKS } from './lock-keys';
import type { Db } from './types';

// Start-up work that every server runs but only one may do at a time (the default tariff's repricing):
// on PostgreSQL a transaction on one pool connection holds the advisory lock `key` (db/lock-keys.ts) while
// `fn` works on the others, so a second server starting at once waits, then finds the work done (`fn`
// checks what is stored first). A server that dies mid-way releases the lock with its connection; what it
// committed stays. PGlite has one process: `fn` runs as it is.

/** The registry's whole-database keys, here too for callers of exclusively() and Leadership. */
export { LOCKS };

export async function exclusively<R>(db: Db, key: LockKey, fn: () => Promise<R>): Promise<R> {
  if (db.kind !== 'postgres') return fn();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [key]);
    return fn();
  });
}
