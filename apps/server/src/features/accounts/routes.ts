import { endpoints, type LoginResponse, type OkResponse } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parse } from '../../http/validate';
import { loadDashboard } from '../dashboard/service';
import { authenticate } from './login';

// §7 POST /accounts/login/ and /accounts/logout/.

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sessions } = ctx;

  app.post(endpoints.login.path, { config: { csrfExempt: true } }, async (request, reply) => {
    const { username, password } = parse(endpoints.login.request, request.body);
    const { userId, setupDone } = await authenticate(
      ctx,
      { username, password, address: request.ip },
      request.log,
    );
    // A session that existed before this login is ended: the new one gets a fresh id (no fixation).
    const previous = request.cookies[sessions.cookieName];
    if (previous) await sessions.endByToken(previous);
    const { token, csrfToken } = await sessions.start(userId);
    const dashboard = await loadDashboard(ctx.db, userId, ctx.dashboardMessages, ctx.clock.now());
    reply.setCookie(sessions.cookieName, token, sessions.cookieOptions);
    const body: LoginResponse = { already_set_up: setupDone, csrftoken: csrfToken, dashboard };
    return body;
  });

  // Idempotent: without a live session it still answers 200 and clears the cookie. With one, the CSRF
  // hook has already required the session's token.
  app.post(endpoints.logout.path, async (request, reply): Promise<OkResponse> => {
    parse(endpoints.logout.request, request.body);
    if (request.auth) {
      await sessions.end(request.auth.sessionId);
      request.log.info({ event: 'logout', userId: request.auth.user.id }, 'logout');
    }
    const { maxAge: _maxAge, ...options } = sessions.cookieOptions;
    reply.clearCookie(sessions.cookieName, options);
    reply.header('clear-site-data', '"cookies", "storage"');
    return { detail: 'Logged out' };
  });
}
