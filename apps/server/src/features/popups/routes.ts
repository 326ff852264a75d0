import { endpoints, type OkResponse } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { presentPopup } from './present';
import { listUnreadPopups, markPopupRead } from './repository';

// §7 /common/popup/: popups belong to the session's user only, so no id is taken and no authz is needed.

export function popupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.popupsGet.path, async (request) => {
    const auth = requireUser(request);
    parse(endpoints.popupsGet.request, request.query);
    const rows = await listUnreadPopups(ctx.db, auth.user.id);
    return rows.map(presentPopup);
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
