import type { FastifyInstance } from 'fastify';
import type { ReadRouter } from '../db/replica';

// With a read replica (db/replica.ts): a session's write answered (POST, PUT, PATCH, DELETE, 2xx or 3xx) carries the
// primary's WAL position in a cookie, which the browser sends back with its next reads, on whichever
// server: reads that may lag then go to the replica only once it has replayed that far. The cookie only
// steers reads between two copies of the same data the session may read anyway: a forged one can at most
// send its own reads to the primary. Without a replica nothing is set.

export const WROTE_COOKIE = 'hv_wrote';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Longer than any replica lag worth serving from: past it, the replica has replayed the write. */
const WROTE_MAX_AGE_S = 300;

export function registerReadYourWrites(app: FastifyInstance, router: ReadRouter, secure: boolean): void {
  if (router.replica === null) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const write = UNSAFE.has(request.method) && reply.statusCode < 400 && request.auth !== null;
    if (!write) return payload;
    reply.setCookie(WROTE_COOKIE, await router.primaryPosition(), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: WROTE_MAX_AGE_S,
    });
    return payload;
  });
}

/** The WAL position of the reader's last write, from its cookie. */
export const wroteAt = (cookies: Record<string, string | undefined>): string | undefined =>
  cookies[WROTE_COOKIE];
