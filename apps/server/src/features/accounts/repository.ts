import { prepared, type Queryable } from '../../db/types';

// SQL for users, sessions and failed-login records. Durations are passed as milliseconds and instants
// as Date values from the injected clock, never the database's now(), so tests control time.

export interface LoginUserRow {
  id: number;
  password_hash: string;
  disabled: boolean;
}

export async function findLoginUser(db: Queryable, username: string): Promise<LoginUserRow | null> {
  const { rows } = await db.query<LoginUserRow>(
    'select id, password_hash, disabled from users where username = $1',
    [username],
  );
  return rows[0] ?? null;
}

export async function findUserId(db: Queryable, username: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('select id from users where username = $1', [username]);
  return rows[0]?.id ?? null;
}

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string;
  setupDone?: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'insert into users (username, email, password_hash, setup_done) values ($1, $2, $3, $4) returning id',
    [user.username, user.email, user.passwordHash, user.setupDone ?? false],
  );
  return rows[0]!.id;
}

export async function setPasswordHash(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query('update users set password_hash = $2 where id = $1', [userId, hash]);
}

export async function setDisabled(db: Queryable, userId: number, disabled: boolean): Promise<void> {
  await db.query('update users set disabled = $2 where id = $1', [userId, disabled]);
}

export async function markLoggedIn(db: Queryable, userId: number, at: Date): Promise<boolean> {
  const { rows } = await db.query<{ setup_done: boolean }>(
    'update users set last_login = $2 where id = $1 returning setup_done',
    [userId, at],
  );
  return rows[0]?.setup_done ?? false;
}

// ---- sessions

export async function insertSession(
  db: Queryable,
  session: { id: string; userId: number; csrfToken: string; at: Date },
): Promise<void> {
  await db.query(
    'insert into sessions (id, user_id, csrf_token, created_at, last_seen_at) values ($1, $2, $3, $4, $4)',
    [session.id, session.userId, session.csrfToken, session.at],
  );
}

export interface SessionRow {
  user_id: number;
  username: string;
  csrf_token: string;
}

/** How stale last_seen_at may get before a request writes it again: reads stay reads most of the time. */
export const TOUCH_INTERVAL_MS = 60_000;

/**
 * How stale last_seen_at may get for an idle limit: a minute, or a quarter of the limit when that is
 * shorter (with a 1-minute limit a session used every 10 s must live on: refreshed every 15 s).
 */
export const touchIntervalMs = (idleMs: number): number =>
  Math.min(TOUCH_INTERVAL_MS, Math.floor(idleMs / 4));

/**
 * The live session with this id, or null when expired. Its last_seen_at is written only when it is more
 * than touchIntervalMs old, so an idle session may end up to that much early, never late.
 */
export async function touchSession(
  db: Queryable,
  id: string,
  now: Date,
  idleMs: number,
  absoluteMs: number,
): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    prepared(`with live as (
       select s.id, s.user_id, u.username, s.csrf_token, s.last_seen_at
         from sessions s join users u on u.id = s.user_id
        where s.id = $1 and not u.disabled
          and s.last_seen_at >= $2::timestamptz - $3 * interval '1 millisecond'
          and s.created_at >= $2::timestamptz - $4 * interval '1 millisecond'
     ), touched as (
       update sessions s set last_seen_at = $2
         from live
        where s.id = live.id and live.last_seen_at < $2::timestamptz - $5 * interval '1 millisecond'
     )
     select user_id, username, csrf_token from live`),
    [id, now, idleMs, absoluteMs, touchIntervalMs(idleMs)],
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [id]);
}

export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('delete from sessions where user_id = $1', [userId]);
}

export interface LiveSessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
}

/** The user's sessions still live at `now`, newest first. */
export async function listLiveSessions(
  db: Queryable,
  userId: number,
  now: Date,
  idleMs: number,
  absoluteMs: number,
): Promise<LiveSessionRow[]> {
  const { rows } = await db.query<LiveSessionRow>(
    `select id, created_at, last_seen_at from sessions
      where user_id = $1
        and last_seen_at >= $2::timestamptz - $3 * interval '1 millisecond'
        and created_at >= $2::timestamptz - $4 * interval '1 millisecond'
      order by created_at desc, id`,
    [userId, now, idleMs, absoluteMs],
  );
  return rows;
}

/** Ends every session of the user but `keepId`; answers how many there were. */
export async function deleteOtherSessions(db: Queryable, userId: number, keepId: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'delete from sessions where user_id = $1 and id <> $2 returning id',
    [userId, keepId],
  );
  return rows.length;
}

/** Housekeeping at login: the user's sessions that can no longer be used. */
export async function deleteExpiredSessions(
  db: Queryable,
  userId: number,
  now: Date,
  idleMs: number,
  absoluteMs: number,
): Promise<void> {
  await db.query(
    `delete from sessions
      where user_id = $1
        and (last_seen_at < $2::timestamptz - $3 * interval '1 millisecond'
             or created_at < $2::timestamptz - $4 * interval '1 millisecond')`,
    [userId, now, idleMs, absoluteMs],
  );
}
