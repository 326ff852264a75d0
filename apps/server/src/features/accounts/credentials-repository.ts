import type { Queryable } from '../../db/types';

// SQL for password change and reset: the account's credentials by id or email, the other sessions to end,
// and the reset requests counted for throttling. Instants come from the injected clock.

export interface CredentialsRow {
  id: number;
  username: string;
  email: string | null;
  password_hash: string;
  /** Epoch seconds, null when never logged in. */
  last_login: number | null;
  disabled: boolean;
}

const COLUMNS = `id, username, email, password_hash, disabled,
  floor(extract(epoch from last_login))::bigint::text as last_login`;

type RawRow = Omit<CredentialsRow, 'last_login'> & { last_login: string | null };
const toRow = (row: RawRow | undefined): CredentialsRow | null =>
  row ? { ...row, last_login: row.last_login === null ? null : Number(row.last_login) } : null;

export async function findCredentials(db: Queryable, userId: number): Promise<CredentialsRow | null> {
  const { rows } = await db.query<RawRow>(`select ${COLUMNS} from users where id = $1`, [userId]);
  return toRow(rows[0]);
}

/** The enabled account with this email (case-insensitive); the oldest when several share it. */
export async function findCredentialsByEmail(db: Queryable, email: string): Promise<CredentialsRow | null> {
  const { rows } = await db.query<RawRow>(
    `select ${COLUMNS} from users where lower(email) = lower($1) and not disabled order by id limit 1`,
    [email],
  );
  return toRow(rows[0]);
}

export async function deleteOtherSessions(
  db: Queryable,
  userId: number,
  keepSessionId: string,
): Promise<void> {
  await db.query('delete from sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
}

export interface ResetKeys {
  account: string;
  address: string;
}

/** Records this request and answers how many there were per scope in the window, this one included. */
export async function recordResetRequest(
  db: Queryable,
  keys: ResetKeys,
  now: Date,
  windowMs: number,
): Promise<{ account: number; address: number }> {
  await db.query(
    `delete from password_reset_requests where requested_at < $1::timestamptz - $2 * interval '1 millisecond'`,
    [now, windowMs],
  );
  await db.query(
    `insert into password_reset_requests (scope, key, requested_at) values ('account', $1, $3), ('address', $2, $3)`,
    [keys.account, keys.address, now],
  );
  const { rows } = await db.query<{ scope: 'account' | 'address'; n: number }>(
    `select scope, count(*)::int as n from password_reset_requests
      where (scope = 'account' and key = $1) or (scope = 'address' and key = $2)
      group by scope`,
    [keys.account, keys.address],
  );
  const count = (scope: string) => rows.find((r) => r.scope === scope)?.n ?? 0;
  return { account: count('account'), address: count('address') };
}
