import { endpoints, type OkResponse } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { insertFeedback } from './repository';

// §7 POST /common/feedback/: stored against the home's user id (own, or a linked dependant's at the
// infocare level, spec-decisions "Ids on InfoCare writes"), with who sent it. Empty or over 5,000
// characters is a 400 naming `feedback` (the contract's rule), and nothing is stored.

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(endpoints.feedback.path, async (request): Promise<OkResponse> => {
    const auth = requireUser(request);
    const { user_id, feedback } = parse(endpoints.feedback.request, request.body);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    await insertFeedback(ctx.db, user_id, auth.user.id, feedback, ctx.clock.now());
    return { detail: 'Thanks for your feedback' };
  });
}
