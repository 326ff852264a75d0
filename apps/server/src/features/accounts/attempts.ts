import { LOCK_CLASSES } from '../../db/lock-keys';
import type { Queryable } from '../../db/types';

// SQL for login attempts (migration 0005). Instants come from the injected clock, durations in ms.

export interface AttemptKeys {
  account: string;
  address: string;
}

export interface AttemptWindows {
  addressAttempts: number;
  addressOldest: Date | null;
  accountAttempts: number;
  accountOldest: Date | null;
  /** This address logged in to this account before (within KNOWN_ADDRESS_DAYS). */
  knownAddress: boolean;
}

export const KNOWN_ADDRESS_DAYS = 90;

// Advisory lock classes (db/lock-keys.ts, first key of pg_advisory_xact_lock(int, int)): one per counted scope.
const ADDRESS_LOCK = LOCK_CLASSES.signInAddress;
const ACCOUNT_LOCK = LOCK_CLASSES.signInAccount;

/**
 * Serialises every reservation on this address and on this account until the transaction ends, so a
 * count and the insert after it see each other's rows. Always address first, then account: one order,
 * so two reservations never wait on each other in a cycle.
 */
export async function lockAttemptKeys(tx: Queryable, keys: AttemptKeys): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [ADDRESS_LOCK, keys.address]);
  await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [ACCOUNT_LOCK, keys.account]);
}

/**
 * Attempts still in their windows: by this address (all accounts), and at this account — from every
 * address, or only from this one when it is a known address of the account.
 */
export async function attemptWindows(
  tx: Queryable,
  keys: AttemptKeys,
  now: Date,
  windowMs: { account: number; address: number },
): Promise<AttemptWindows> {
  const { rows } = await tx.query<AttemptWindows>(
    `with known as (
       select exists (
         select 1 from login_known_addresses k join users u on u.id = k.user_id
          where u.username = $1 and k.address = $2
            and k.last_success_at > $3::timestamptz - $6 * interval '1 day') as yes
     ),
     recent as (
       select address, account, attempted_at from login_attempts
        where (address = $2 and attempted_at > $3::timestamptz - $5 * interval '1 millisecond')
           or (account = $1 and attempted_at > $3::timestamptz - $4 * interval '1 millisecond')
     )
     select
       count(*) filter (where r.address = $2 and r.attempted_at > $3::timestamptz - $5 * interval '1 millisecond')::int
         as "addressAttempts",
       min(r.attempted_at) filter (where r.address = $2 and r.attempted_at > $3::timestamptz - $5 * interval '1 millisecond')
         as "addressOldest",
       count(*) filter (where r.account = $1 and r.attempted_at > $3::timestamptz - $4 * interval '1 millisecond'
                          and (not k.yes or r.address = $2))::int as "accountAttempts",
       min(r.attempted_at) filter (where r.account = $1 and r.attempted_at > $3::timestamptz - $4 * interval '1 millisecond'
                          and (not k.yes or r.address = $2)) as "accountOldest",
       bool_or(k.yes) as "knownAddress"
     from known k left join recent r on true`,
    [keys.account, keys.address, now, windowMs.account, windowMs.address, KNOWN_ADDRESS_DAYS],
  );
  const row = rows[0]!;
  return {
    ...row,
    addressOldest: row.addressOldest === null ? null : new Date(row.addressOldest),
    accountOldest: row.accountOldest === null ? null : new Date(row.accountOldest),
  };
}

export async function insertAttempt(tx: Queryable, keys: AttemptKeys, now: Date): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into login_attempts (account, address, attempted_at) values ($1, $2, $3) returning id',
    [keys.account, keys.address, now],
  );
  return rows[0]!.id;
}

/** A right password is not a failure: its attempt row goes, and the address becomes a known one. */
export async function recordSuccess(
  db: Queryable,
  attemptId: number,
  userId: number,
  address: string,
  now: Date,
): Promise<void> {
  await db.query('delete from login_attempts where id = $1', [attemptId]);
  await db.query(
    `insert into login_known_addresses (user_id, address, last_success_at) values ($1, $2, $3)
     on conflict (user_id, address) do update set last_success_at = excluded.last_success_at`,
    [userId, address, now],
  );
}

export async function pruneAttempts(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from login_attempts where attempted_at < $1', [before]);
}
