import {
  CARER_INVITE_SECONDS,
  endpoints,
  INVITE_EXPIRED_MESSAGE,
  INVITE_INVALID_MESSAGE,
  INVITE_USED_MESSAGE,
} from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import { epochSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest, HttpError } from '../../http/errors';
import { parse } from '../../http/validate';
import { acceptLink, carersOf, displayName } from '../../shared/carer-links';
import { cachedSecret } from '../../shared/server-secrets';
import { checkInSettings, saveCheckInSettings } from './check-in';
import {
  createInvite,
  INVITE_SECRET,
  inviteOfToken,
  invitesSince,
  inviteToken,
  pendingInvites,
  useInvite,
} from './invites';

// The carers of a dependant's home (issue 25): who they are, inviting another by email (a single-use
// signed link, sent through the one mail module), accepting it while signed in; and the dependant's
// check-in setting ("a word with the dependant first"). Each names the dependant; only their carers (and
// their own account) get through, as every InfoCare call.

/** Invitations a home may send in a day: enough for a family, too few to spam with. */
export const INVITES_PER_DAY = 10;

export function carerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => epochSeconds(ctx.clock.now());
  const secret = cachedSecret(ctx.db, INVITE_SECRET);

  app.get(endpoints.carers.path, async (request) => {
    const auth = requireUser(request);
    const q = parse(endpoints.carers.request, request.query);
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    const [dependant, carers, invites] = await Promise.all([
      displayName(ctx.db, q.dependant_user_id),
      carersOf(ctx.db, q.dependant_user_id),
      pendingInvites(ctx.db, q.dependant_user_id, now()),
    ]);
    return {
      dependant,
      carers: carers.map((c) => ({ name: c.name, you: c.user_id === auth.user.id, since: c.since })),
      invites,
    };
  });

  app.post(endpoints.carerInvite.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.carerInvite.request, request.body);
    await assertCanActOn(ctx.db, auth, body.dependant_user_id, request.log);
    const at = now();
    if ((await invitesSince(ctx.db, body.dependant_user_id, at - 86_400)) >= INVITES_PER_DAY)
      throw badRequest(`At most ${INVITES_PER_DAY} invitations a day: try again tomorrow.`, 'email');
    const invite = await createInvite(
      ctx.db,
      body.dependant_user_id,
      auth.user.id,
      body.email,
      at,
      at + CARER_INVITE_SECONDS,
    );
    const [dependant, inviter] = await Promise.all([
      displayName(ctx.db, body.dependant_user_id),
      displayName(ctx.db, auth.user.id),
    ]);
    // The link's origin is the configured one, never the request's Host (as the password reset's).
    const link = `${ctx.config.publicOrigin}/account/infocare/carers/accept?token=${inviteToken(await secret(), invite)}`;
    try {
      await ctx.mailer.send({
        to: body.email,
        subject: `${inviter} invites you to look after ${dependant} with InfoCare`,
        text: [
          'Hello,',
          '',
          `${inviter} invites you to share looking after ${dependant} on HomeView & InfoCare: you would see`,
          `${dependant}'s alerts, say when you are on one, and be told when another carer is.`,
          '',
          'Sign in to your HomeView & InfoCare account, then open this link within 7 days:',
          '',
          link,
          '',
          'The link works once. If you were not expecting it, ignore this email.',
        ].join('\n'),
      });
    } catch (error) {
      request.log.error({ event: 'carer_invite_email_failed', err: error }, 'carer invite email failed');
      throw new HttpError(503, 'The invitation could not be emailed just now; try again in a few minutes.');
    }
    request.log.info(
      { event: 'carer_invite_sent', dependantUserId: body.dependant_user_id },
      'carer invite sent',
    );
    return { detail: `Invitation sent to ${body.email}.`, expires_at: invite.expires_at };
  });

  app.post(endpoints.carerAccept.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.carerAccept.request, request.body);
    const invite = await inviteOfToken(ctx.db, await secret(), body.token);
    if (!invite) throw badRequest(INVITE_INVALID_MESSAGE, 'token');
    const at = now();
    if (invite.accepted_at !== null) throw badRequest(INVITE_USED_MESSAGE, 'token');
    if (at > invite.expires_at) throw badRequest(INVITE_EXPIRED_MESSAGE, 'token');
    if (invite.dependant_user_id === auth.user.id)
      throw badRequest(
        'This invitation is for your carers: forward it to the person you meant it for.',
        'token',
      );
    await ctx.db.transaction(async (tx) => {
      if (!(await useInvite(tx, invite.id, auth.user.id, at))) throw badRequest(INVITE_USED_MESSAGE, 'token');
      await acceptLink(tx, auth.user.id, invite.dependant_user_id, ctx.clock.now());
    });
    const dependant = await displayName(ctx.db, invite.dependant_user_id);
    request.log.info({ event: 'carer_invite_accepted', userId: auth.user.id }, 'carer invite accepted');
    return {
      dependant_user_id: invite.dependant_user_id,
      dependant,
      detail: `You are now one of ${dependant}'s carers.`,
    };
  });

  app.get(endpoints.checkInGet.path, async (request) => {
    const auth = requireUser(request);
    const q = parse(endpoints.checkInGet.request, request.query);
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    return checkInSettings(ctx.db, q.dependant_user_id);
  });

  app.post(endpoints.checkInPost.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.checkInPost.request, request.body);
    await assertCanActOn(ctx.db, auth, body.dependant_user_id, request.log);
    return saveCheckInSettings(ctx.db, body.dependant_user_id, body);
  });
}
