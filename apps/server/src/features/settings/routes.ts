import { endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { presentSettings } from './present';
import { findSettings, saveSettings } from './repository';

// §7 GET and POST /common/settings/: the account's own settings or, at the infocare level, a linked
// dependant's (the id decides; authz allows only those two kinds of id). The phone (for SMS alerts) is
// the account's own: set and answered only for one's own id.

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.settingsGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.settingsGet.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const row = await findSettings(ctx.db, user_id);
    if (!row) throw notFound('No such user.');
    return presentSettings(row, user_id === auth.user.id);
  });

  app.post(endpoints.settingsPost.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, ...change } = parse(endpoints.settingsPost.request, request.body);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    if (change.phone !== undefined && user_id !== auth.user.id)
      throw badRequest('A phone number can only be set on your own account', 'phone');
    await saveSettings(ctx.db, user_id, change, ctx.clock.now());
    const row = await findSettings(ctx.db, user_id);
    if (!row) throw notFound('No such user.');
    return presentSettings(row, user_id === auth.user.id);
  });
}
