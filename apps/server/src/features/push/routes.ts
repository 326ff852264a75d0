import { endpoints, type PushSubscriptionsResponse } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { pushServiceAllowed } from '../../push/push';
import { removeSubscription, saveSubscription, subscriptionsOf } from '../../push/subscriptions';

// Additive to §7 (issue 36): Web Push for carers. The VAPID public key (null when the server has no push),
// and the signed-in person's own browsers: there is no user_id to name anyone else's.

/** A browser per person is plenty; more is someone's script. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;

export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const listOf = async (userId: number): Promise<PushSubscriptionsResponse> => ({
    subscriptions: (await subscriptionsOf(ctx.db, userId)).map((s) => ({
      endpoint: s.endpoint,
      created_at: s.created_at,
    })),
  });

  app.get(endpoints.pushKey.path, async (request) => {
    parse(endpoints.pushKey.request, request.query);
    requireUser(request);
    return { public_key: ctx.push ? await ctx.push.publicKey() : null };
  });

  app.get(endpoints.pushSubscriptions.path, async (request) => {
    parse(endpoints.pushSubscriptions.request, request.query);
    return listOf(requireUser(request).user.id);
  });

  app.post(endpoints.pushSubscribe.path, async (request) => {
    const body = parse(endpoints.pushSubscribe.request, request.body);
    const userId = requireUser(request).user.id;
    if (!ctx.push)
      throw notFound('Push notifications are not set up on this server (VAPID_SUBJECT is unset).');
    // The server posts to the endpoint: only a browser vendor's push service, never an internal address.
    if (!pushServiceAllowed(body.endpoint, ctx.config.pushServiceHosts))
      throw badRequest(
        `endpoint must be a browser's push service (${ctx.config.pushServiceHosts.join(', ')}); this server does not post to ${new URL(body.endpoint).hostname}.`,
        'endpoint',
      );
    const list = await subscriptionsOf(ctx.db, userId);
    if (list.length >= PUSH_SUBSCRIPTIONS_MAX && !list.some((s) => s.endpoint === body.endpoint))
      throw badRequest(
        `You already have ${PUSH_SUBSCRIPTIONS_MAX} browsers notified: stop one on its own alert settings first.`,
        'endpoint',
      );
    await saveSubscription(ctx.db, userId, { endpoint: body.endpoint, ...body.keys }, now());
    return listOf(userId);
  });

  app.post(endpoints.pushUnsubscribe.path, async (request) => {
    const body = parse(endpoints.pushUnsubscribe.request, request.body);
    const userId = requireUser(request).user.id;
    if (!(await removeSubscription(ctx.db, userId, body.endpoint)))
      throw notFound('This browser is not notified for your account.');
    return listOf(userId);
  });
}
