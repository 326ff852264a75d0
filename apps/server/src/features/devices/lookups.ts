import type { Db } from '../../db/types';
import { LOCK_CLASSES } from '../../db/lock-keys';

// One limit for adding, claiming and looking up devices, per account, counted in the database (table
// device_attempts, migration 0023): an id is found or taken only when typed exactly, and this keeps
// anyone from typing thousands of guesses (a Glow id is a MAC: its maker's prefix is public, and the rest
// is only 24 bits). Issue 34 item 3: adds had no limit (456 blind adds in 15 s swept 256 ids and captured
// another person's publishing Glow), and the limit was per process (two servers gave 40) and forgotten on
// restart. Counted and inserted under the account's lock, so requests at once, to one server or several,
// never pass more than the limit.

export const DEVICE_ATTEMPTS_PER_WINDOW = 20;
export const DEVICE_ATTEMPT_WINDOW_S = 3600;
/** The old name (lookups were the first thing counted). */
export const LOOKUPS_PER_WINDOW = DEVICE_ATTEMPTS_PER_WINDOW;

/** Counts an add, claim or lookup by `userId` at `now` (epoch s); the seconds to wait when over, else 0. */
export async function takeDeviceAttempt(
  db: Db,
  userId: number,
  now: number,
  limit = DEVICE_ATTEMPTS_PER_WINDOW,
  windowS = DEVICE_ATTEMPT_WINDOW_S,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCK_CLASSES.deviceAttempts, userId]);
    await tx.query('delete from device_attempts where user_id = $1 and at <= $2', [userId, now - windowS]);
    const { rows } = await tx.query<{ n: number; oldest: number | null }>(
      'select count(*)::int as n, min(at)::float8 as oldest from device_attempts where user_id = $1',
      [userId],
    );
    const { n, oldest } = rows[0] ?? { n: 0, oldest: null };
    if (n >= limit) return Math.max(1, Math.ceil((oldest ?? now) + windowS - now));
    await tx.query('insert into device_attempts (user_id, at) values ($1, $2)', [userId, now]);
    return 0;
  });
}
