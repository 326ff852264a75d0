import { endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { findHouseOf } from '../energy/repository';
import { epochSeconds } from '../energy/service';
import { userRanking } from './service';

// §7 GET /energy_info/user_rankings/: own home or a linked dependant's; a timestamp anywhere in a local
// week or month selects it (default: the current one).

export function rankingRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.userRankings.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, timestamp, timescale } = parse(endpoints.userRankings.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const house = await findHouseOf(ctx.db, user_id);
    if (!house) throw notFound('This user has no home.');
    return userRanking(ctx.db, house, timescale, timestamp, epochSeconds(ctx.clock.now()));
  });
}
