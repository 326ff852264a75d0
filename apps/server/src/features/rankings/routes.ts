import { endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import { epochSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { requireHouseOf } from '../../shared/house';
import { userRanking } from './service';

// §7 GET /energy_info/user_rankings/: own home or a linked dependant's; a timestamp anywhere in a local
// week or month selects it (default: the current one).

export function rankingRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.userRankings.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, timestamp, timescale } = parse(endpoints.userRankings.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const house = await requireHouseOf(ctx.db, user_id);
    // Other homes' figures and the asker's own may lag a few seconds: the read replica, if any.
    return userRanking(await ctx.reads(request), house, timescale, timestamp, epochSeconds(ctx.clock.now()));
  });
}
