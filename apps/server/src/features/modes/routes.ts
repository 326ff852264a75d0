import { endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { findDoNotDisturb, findHolidayMode, saveDoNotDisturb, saveHolidayMode } from './repository';

// §7 GET and POST /holiday_mode/ and /no_disturb_mode/, per user id (own, or a linked dependant's).
// The InfoCare engine reads user_modes to hold back notifications; alerts are recorded either way.

export function modeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.holidayModeGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.holidayModeGet.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    return findHolidayMode(ctx.db, user_id);
  });

  app.post(endpoints.holidayModePost.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.holidayModePost.request, request.body);
    await assertCanActOn(ctx.db, auth, body.user_id, request.log);
    const mode = { status: body.status, start: body.start_timestamp, end: body.end_timestamp };
    await saveHolidayMode(ctx.db, body.user_id, mode, ctx.clock.now());
    return findHolidayMode(ctx.db, body.user_id);
  });

  app.get(endpoints.noDisturbModeGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.noDisturbModeGet.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    return findDoNotDisturb(ctx.db, user_id);
  });

  app.post(endpoints.noDisturbModePost.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.noDisturbModePost.request, request.body);
    await assertCanActOn(ctx.db, auth, body.user_id, request.log);
    const mode = {
      status: body.status,
      start: body.start_time,
      end: body.end_time,
      urgentThrough: body.urgent_through,
    };
    await saveDoNotDisturb(ctx.db, body.user_id, mode, ctx.clock.now());
    return findDoNotDisturb(ctx.db, body.user_id);
  });
}
