import { endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { loadDashboard } from './service';

// §7 GET /dashboard/: the session's own dashboards; it takes no id, so there is nothing to authorise.

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.dashboard.path, async (request) => {
    const auth = requireUser(request);
    parse(endpoints.dashboard.request, request.query);
    return loadDashboard(ctx.db, auth.user.id, ctx.clock.now());
  });
}
