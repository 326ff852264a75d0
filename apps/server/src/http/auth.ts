import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AuthContext, SessionService } from '../features/accounts/sessions';
import { forbidden, unauthorized } from './errors';

// Session loading and CSRF defence, as one onRequest hook that runs before any body is read.
// 1. Every unsafe request (login included) from another site is refused: `Sec-Fetch-Site: cross-site`
//    or an `Origin` that is not ours. Requests with neither header (curl, scripts) rely on step 3.
// 2. An /api request with a session cookie resolves it (touching it); an unknown or expired one is no session.
// 3. With a live session, an unsafe request needs `X-CSRFToken` equal to the session's token. Only the
//    header counts: a token in the query string or the body is never read.

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Login creates the session, so it cannot carry its token; the origin check still applies. */
    csrfExempt?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originAllowed(origin: string, request: FastifyRequest, config: Config): boolean {
  if (origin === config.publicOrigin) return true;
  if (config.publicOriginExplicit) return false;
  // Local default: the page came from this very server over a loopback name (any port).
  const host = request.headers.host ?? '';
  const hostname = host.replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(hostname) && origin === `http://${host}`;
}

function tokensMatch(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerAuth(app: FastifyInstance, sessions: SessionService, config: Config): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const unsafe = UNSAFE.has(request.method);
    if (unsafe) {
      const origin = request.headers.origin;
      if (
        request.headers['sec-fetch-site'] === 'cross-site' ||
        (origin !== undefined && !originAllowed(origin, request, config))
      ) {
        request.log.warn({ event: 'csrf_origin_refused' }, 'cross-site write refused');
        throw forbidden('Cross-site request refused.');
      }
    }
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[sessions.cookieName];
    request.auth = token ? await sessions.resolve(token) : null;
    if (unsafe && request.auth && !request.routeOptions.config.csrfExempt) {
      if (!tokensMatch(request.headers['x-csrftoken'], request.auth.csrfToken)) {
        request.log.warn(
          { event: 'csrf_refused', userId: request.auth.user.id },
          'CSRF token missing or wrong',
        );
        throw forbidden('CSRF token missing or incorrect.');
      }
    }
  });
}

/** The logged-in user of this request, or a 401. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
