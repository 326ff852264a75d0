import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import {
  deleteExpiredSessions,
  deleteOtherSessions,
  deleteSession,
  insertSession,
  listLiveSessions,
  touchSession,
} from './repository';

// Server-side sessions. The cookie holds 256 random bits; the database keeps only their SHA-256, so a
// copy of the sessions table cannot be replayed. Every login issues a new token and CSRF token.

export interface AuthContext {
  /** SHA-256 of the cookie token: the sessions row id. */
  sessionId: string;
  csrfToken: string;
  user: { id: number; username: string };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

export class SessionService {
  readonly cookieName: string;
  readonly cookieOptions: CookieSerializeOptions;

  constructor(
    private readonly db: Queryable,
    private readonly config: Pick<Config, 'secureCookies' | 'sessionIdleMs' | 'sessionAbsoluteMs'>,
    private readonly clock: Clock,
  ) {
    // __Host- needs Secure, Path=/ and no Domain; browsers refuse it over plain http, hence the switch.
    this.cookieName = config.secureCookies ? '__Host-sessionid' : 'sessionid';
    this.cookieOptions = {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: config.secureCookies,
      maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
    };
  }

  /** Starts a session for `userId`; returns the cookie token and the CSRF token. */
  async start(userId: number): Promise<{ token: string; csrfToken: string }> {
    const token = newToken();
    const csrfToken = newToken();
    const now = this.clock.now();
    await deleteExpiredSessions(
      this.db,
      userId,
      now,
      this.config.sessionIdleMs,
      this.config.sessionAbsoluteMs,
    );
    await insertSession(this.db, { id: hashToken(token), userId, csrfToken, at: now });
    return { token, csrfToken };
  }

  /** The live session for a cookie token (touching it), or null; an expired row is deleted. */
  async resolve(token: string): Promise<AuthContext | null> {
    const sessionId = hashToken(token);
    const row = await touchSession(
      this.db,
      sessionId,
      this.clock.now(),
      this.config.sessionIdleMs,
      this.config.sessionAbsoluteMs,
    );
    if (!row) {
      await deleteSession(this.db, sessionId);
      return null;
    }
    return { sessionId, csrfToken: row.csrf_token, user: { id: row.user_id, username: row.username } };
  }

  /** Destroys the session a cookie token names, whether or not it is still live. */
  async endByToken(token: string): Promise<void> {
    await deleteSession(this.db, hashToken(token));
  }

  async end(sessionId: string): Promise<void> {
    await deleteSession(this.db, sessionId);
  }

  /** The user's live sessions, newest first, `current` marking the one `sessionId` names. */
  async list(
    userId: number,
    sessionId: string,
  ): Promise<{ created_at: number; last_seen_at: number; current: boolean }[]> {
    const { sessionIdleMs, sessionAbsoluteMs } = this.config;
    const rows = await listLiveSessions(this.db, userId, this.clock.now(), sessionIdleMs, sessionAbsoluteMs);
    const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);
    return rows.map((r) => ({
      created_at: seconds(r.created_at),
      last_seen_at: seconds(r.last_seen_at),
      current: r.id === sessionId,
    }));
  }

  /** Signs the user out everywhere but the session `sessionId` names; answers how many ended. */
  endOthers(userId: number, sessionId: string): Promise<number> {
    return deleteOtherSessions(this.db, userId, sessionId);
  }
}
