import { endpoints } from '@homeview/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import { epochSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { requireHouseOf } from '../../shared/house';
import type { EnergyHouse } from '../../shared/house';
import { applianceDetail, applianceList, timeline, usedAppliances } from './service';

// §7 /common/used_appliances/, /common/appliances/, /common/appliances/{id}/ and
// /common/appliances/timeline/: the user's own home or a linked dependant's (InfoCare's screens ask with
// the dependant's user_id); anyone else's id is a 403, an unknown one a 404.

export function applianceRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The home of `userId` (default: the session's user) once the session may read it. */
  async function houseFor(request: FastifyRequest, userId: number | undefined): Promise<EnergyHouse> {
    const auth = requireUser(request);
    const target = userId ?? auth.user.id;
    await assertCanActOn(ctx.db, auth, target, request.log);
    return requireHouseOf(ctx.db, target);
  }
  const now = () => epochSeconds(ctx.clock.now());

  app.get(endpoints.usedAppliances.path, async (request) => {
    const { user_id, timescale } = parse(endpoints.usedAppliances.request, request.query);
    const house = await houseFor(request, user_id);
    return { used_appliances: await usedAppliances(await ctx.reads(request), house, timescale, now()) };
  });

  app.get(endpoints.applianceTimeline.path, async (request) => {
    const { user_id, timestamp } = parse(endpoints.applianceTimeline.request, request.query);
    const house = await houseFor(request, user_id);
    return timeline(ctx.db, house, timestamp, now());
  });

  app.get(endpoints.appliances.path, async (request) => {
    const { user_id, view_type } = parse(endpoints.appliances.request, request.query);
    const house = await houseFor(request, user_id);
    return applianceList(ctx.db, house, view_type ?? 'most_used', now());
  });

  app.get(endpoints.appliance.path, async (request) => {
    const { id } = parse(endpoints.appliance.params, request.params);
    const { user_id } = parse(endpoints.appliance.request, request.query);
    const house = await houseFor(request, user_id);
    // A comparison with other homes over 28 days: the read replica when there is one.
    const detail = await applianceDetail(await ctx.reads(request), house, id, now());
    if (!detail) throw notFound('No such appliance.');
    return detail;
  });
}
