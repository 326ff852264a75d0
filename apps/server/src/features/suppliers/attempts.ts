import { LOCK_CLASSES } from '../../db/lock-keys';
import type { Db } from '../../db/types';

// Connect attempts per account, counted in the database (table supplier_attempts, migration 0025) as
// device adds are (features/devices/lookups.ts, issue 34 item 3): every connect sends the key to the
// supplier, so a page posting thousands of guesses would make us its proxy for guessing keys. Counted and
// inserted under the account's lock, so requests at once, to one server or several, never pass the limit.

export const SUPPLIER_ATTEMPTS_PER_WINDOW = 10;
export const SUPPLIER_ATTEMPT_WINDOW_S = 3600;

/** Counts a connect by `userId` at `now` (epoch s); the seconds to wait when over the limit, else 0. */
export async function takeSupplierAttempt(
  db: Db,
  userId: number,
  now: number,
  limit = SUPPLIER_ATTEMPTS_PER_WINDOW,
  windowS = SUPPLIER_ATTEMPT_WINDOW_S,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCK_CLASSES.supplierAttempts, userId]);
    await tx.query('delete from supplier_attempts where user_id = $1 and at <= $2', [userId, now - windowS]);
    const { rows } = await tx.query<{ n: number; oldest: number | null }>(
      'select count(*)::int as n, min(at)::float8 as oldest from supplier_attempts where user_id = $1',
      [userId],
    );
    const { n, oldest } = rows[0] ?? { n: 0, oldest: null };
    if (n >= limit) return Math.max(1, Math.ceil((oldest ?? now) + windowS - now));
    await tx.query('insert into supplier_attempts (user_id, at) values ($1, $2)', [userId, now]);
    return 0;
  });
}
