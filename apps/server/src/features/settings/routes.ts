import { endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { findAllIsWell, saveAllIsWell } from '../../shared/all-is-well';
import { minuteOfClock, presentSettings } from './present';
import { findSettings, saveSettings } from './repository';

// §7 GET and POST /common/settings/: the account's own settings or, at the infocare level, a linked
// dependant's (the id decides; authz allows only those two kinds of id). The phone (for SMS alerts) is
// the account's own: set and answered only for one's own id. The daily "all is well" message (issue 25) is
// the asking carer's own about the dependant whose id is given: set and answered only for a dependant's id.

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.settingsGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.settingsGet.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const row = await findSettings(ctx.db, user_id);
    if (!row) throw notFound('No such user.');
    const own = user_id === auth.user.id;
    return presentSettings(row, own, own ? null : await findAllIsWell(ctx.db, auth.user.id, user_id));
  });

  app.post(endpoints.settingsPost.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, ...change } = parse(endpoints.settingsPost.request, request.body);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const own = user_id === auth.user.id;
    if (change.phone !== undefined && !own)
      throw badRequest('A phone number can only be set on your own account', 'phone');
    const { all_is_well, all_is_well_time, ...rest } = change;
    if (all_is_well !== undefined || all_is_well_time !== undefined) {
      if (own)
        throw badRequest(
          'An all is well message is about someone you look after: send their user_id',
          all_is_well !== undefined ? 'all_is_well' : 'all_is_well_time',
        );
      await saveAllIsWell(ctx.db, auth.user.id, user_id, {
        channels: all_is_well,
        atMinute: all_is_well_time === undefined ? undefined : minuteOfClock(all_is_well_time),
      });
    } else await saveSettings(ctx.db, user_id, rest, ctx.clock.now());
    const row = await findSettings(ctx.db, user_id);
    if (!row) throw notFound('No such user.');
    return presentSettings(row, own, own ? null : await findAllIsWell(ctx.db, auth.user.id, user_id));
  });
}
