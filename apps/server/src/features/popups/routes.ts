import { endpoints, type OkResponse } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { presentPopup } from './present';
import { homesOpenTo, listUnreadPopups, markPopupRead } from './repository';
import { isDemoWelcome, welcomeFor } from './welcome';

// §7 /common/popup/: popups belong to the session's user only, so no id is taken and no authz is needed.

export function popupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.popupsGet.path, async (request) => {
    const auth = requireUser(request);
    parse(endpoints.popupsGet.request, request.query);
    const rows = await listUnreadPopups(ctx.db, auth.user.id);
    // The demo's welcome names only the homes this account opens (none: it is not shown).
    const homes = rows.some(isDemoWelcome) ? await homesOpenTo(ctx.db, auth.user.id) : null;
    return rows
      .map((row) => (homes !== null && isDemoWelcome(row) ? welcomeFor(row, homes) : row))
      .filter((row) => row !== null)
      .map(presentPopup);
  });

  app.post(endpoints.popupsPost.path, async (request): Promise<OkResponse> => {
    const auth = requireUser(request);
    const { popups_read } = parse(endpoints.popupsPost.request, request.body);
    const at = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      for (const read of popups_read)
        await markPopupRead(tx, auth.user.id, read.popup_id, read.show_again, at);
    });
    return { detail: 'ok' };
  });
}
