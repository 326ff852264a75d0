import {
  type EndOtherSessionsResponse,
  endpoints,
  type LoginResponse,
  type OkResponse,
  type SessionsResponse,
} from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { loadDashboard } from '../dashboard/service';
import { AccountMail } from './account-mail';
import { authenticate } from './login';
import { changePassword, resetPasswordWithToken } from './password-change';
import { requestPasswordReset } from './password-reset';
import { cachedSecret } from './secrets';

// §7 POST /accounts/login/, /accounts/logout/, /accounts/reset_password/ and /accounts/change_password/;
// and, additive, the account's own sessions (GET /accounts/sessions/, POST /accounts/sessions/end_others/).

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sessions } = ctx;
  const mail = new AccountMail(ctx.mailer);
  const resetDeps = { ...ctx, mail, secret: cachedSecret(ctx.db, 'password-reset') };
  app.addHook('onClose', async () => mail.drain());

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

  // The same answer whatever the address (RST-01); the confirmation text is the screen's (§8).
  app.post(endpoints.resetPassword.path, async (request): Promise<OkResponse> => {
    const { email } = parse(endpoints.resetPassword.request, request.body);
    await requestPasswordReset(resetDeps, { email, address: request.ip }, request.log);
    return { detail: 'If the address is registered, a reset link has been sent.' };
  });

  // Only the signed-in account's own sessions: no user id is taken, so no one else's can be named.
  app.get(endpoints.sessions.path, async (request, reply): Promise<SessionsResponse> => {
    parse(endpoints.sessions.request, request.query);
    const auth = requireUser(request);
    reply.header('cache-control', 'no-store');
    return { sessions: await sessions.list(auth.user.id, auth.sessionId) };
  });

  app.post(endpoints.endOtherSessions.path, async (request): Promise<EndOtherSessionsResponse> => {
    parse(endpoints.endOtherSessions.request, request.body);
    const auth = requireUser(request);
    const ended = await sessions.endOthers(auth.user.id, auth.sessionId);
    request.log.info({ event: 'sessions-ended', userId: auth.user.id, ended }, 'signed out everywhere else');
    return { ended };
  });

  app.post(endpoints.changePassword.path, async (request, reply) => {
    const body = parse(endpoints.changePassword.request, request.body);
    reply.header('cache-control', 'no-store');
    if ('token' in body) return resetPasswordWithToken(resetDeps, body, request.log);
    const auth = requireUser(request);
    return changePassword(resetDeps, auth, body, { address: request.ip }, request.log);
  });
}
