import {
  CARER_INVITE_SECONDS,
  endpoints,
  INVITE_EXPIRED_MESSAGE,
  INVITE_INVALID_MESSAGE,
  INVITE_USED_MESSAGE,
} from '@homeview/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import { epochSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest, HttpError } from '../../http/errors';
import { parse } from '../../http/validate';
import type { MailMessage } from '../../mail/mailer';
import { acceptLink, carersOf, displayName } from '../../shared/carer-links';
import { cachedSecret } from '../../shared/server-secrets';
import { checkInSettings, saveCheckInSettings } from './check-in';
import { decisionMail, heldNotice, invitationMail } from './invite-mail';
import {
  accountAddress,
  createInvite,
  decideHeld,
  heldInvites,
  heldNoticeAddresses,
  holdInvite,
  INVITE_SECRET,
  inviteOfToken,
  inviteToken,
  isInvited,
  pendingInvites,
  useInvite,
} from './invites';

// The carers of a dependant's home (issue 25): who they are, inviting another by email (a single-use
// signed link, sent through the one mail module), accepting it while signed in; and the dependant's
// check-in setting ("a word with the dependant first"). Each names the dependant; only their carers (and
// their own account) get through, as every InfoCare call. A link opened by an account whose address is not
// the invited one joins nobody: it is held, the carers are told, and its sender confirms or refuses
// (issue 34.7: a link sent to a's address was accepted by b, who then read Mum's alerts).

/** Invitations a home may send in a day: enough for a family, too few to spam with. */
export const INVITES_PER_DAY = 10;

export function carerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => epochSeconds(ctx.clock.now());
  const secret = cachedSecret(ctx.db, INVITE_SECRET);
  /** Mail that must not fail the request it follows (what it says is on the Carers page too). */
  const tell = async (messages: MailMessage[], log: FastifyBaseLogger) => {
    for (const message of messages)
      await ctx.mailer.send(message).catch((error: unknown) => {
        log.error({ event: 'carer_invite_notice_failed', err: error }, 'carer invite notice not emailed');
      });
  };

  app.get(endpoints.carers.path, async (request) => {
    const auth = requireUser(request);
    const q = parse(endpoints.carers.request, request.query);
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    const [dependant, carers, invites, held] = await Promise.all([
      displayName(ctx.db, q.dependant_user_id),
      carersOf(ctx.db, q.dependant_user_id),
      pendingInvites(ctx.db, q.dependant_user_id, now()),
      heldInvites(ctx.db, q.dependant_user_id, now()),
    ]);
    return {
      dependant,
      carers: carers.map((c) => ({ name: c.name, you: c.user_id === auth.user.id, since: c.since })),
      invites,
      held: held.map(({ invited_by, ...h }) => ({ ...h, yours: invited_by === auth.user.id })),
    };
  });

  app.post(endpoints.carerInvite.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.carerInvite.request, request.body);
    await assertCanActOn(ctx.db, auth, body.dependant_user_id, request.log);
    const at = now();
    const invite = await createInvite(
      ctx.db,
      {
        dependantUserId: body.dependant_user_id,
        invitedBy: auth.user.id,
        email: body.email,
        now: at,
        expiresAt: at + CARER_INVITE_SECONDS,
      },
      INVITES_PER_DAY,
    );
    if (!invite)
      throw badRequest(`At most ${INVITES_PER_DAY} invitations a day: try again tomorrow.`, 'email');
    const [dependant, inviter] = await Promise.all([
      displayName(ctx.db, body.dependant_user_id),
      displayName(ctx.db, auth.user.id),
    ]);
    // The link's origin is the configured one, never the request's Host (as the password reset's).
    const link = `${ctx.config.publicOrigin}/account/infocare/carers/accept?token=${inviteToken(await secret(), invite)}`;
    try {
      await ctx.mailer.send(invitationMail(body.email, { inviter, dependant, link }));
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
    const dependant = await displayName(ctx.db, invite.dependant_user_id);
    const answer = { dependant_user_id: invite.dependant_user_id, dependant };
    const address = await accountAddress(ctx.db, auth.user.id);
    if (!isInvited(invite, address)) {
      // Held once: a second account of another address finds it used.
      if (invite.held_at !== null || !(await holdInvite(ctx.db, invite.id, auth.user.id, at)))
        throw badRequest(INVITE_USED_MESSAGE, 'token');
      const inviter = invite.invited_by === null ? '' : await displayName(ctx.db, invite.invited_by);
      const facts = {
        name: await displayName(ctx.db, auth.user.id),
        username: auth.user.username,
        accountEmail: address,
        invited: invite.email,
        inviter: inviter || 'a carer',
        dependant,
        page: `${ctx.config.publicOrigin}/account/infocare/carers`,
      };
      const told = await heldNoticeAddresses(ctx.db, invite.dependant_user_id, invite.invited_by);
      await tell(
        told.map((c) => heldNotice(c.email, facts, c.user_id === invite.invited_by)),
        request.log,
      );
      request.log.warn(
        { event: 'carer_invite_held', userId: auth.user.id, told: told.length },
        'carer invite opened from another address: held for its sender',
      );
      return {
        ...answer,
        joined: false,
        detail: `This invitation was sent to another email address than your account's, so ${facts.inviter} has been asked to confirm that it is for you. You will be one of ${dependant}'s carers once they do.`,
      };
    }
    await ctx.db.transaction(async (tx) => {
      if (!(await useInvite(tx, invite.id, auth.user.id, at))) throw badRequest(INVITE_USED_MESSAGE, 'token');
      await acceptLink(tx, auth.user.id, invite.dependant_user_id, ctx.clock.now());
    });
    request.log.info({ event: 'carer_invite_accepted', userId: auth.user.id }, 'carer invite accepted');
    return { ...answer, joined: true, detail: `You are now one of ${dependant}'s carers.` };
  });

  app.post(endpoints.carerConfirm.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.carerConfirm.request, request.body);
    await assertCanActOn(ctx.db, auth, body.dependant_user_id, request.log);
    const person = await ctx.db.transaction(async (tx) => {
      const held = await decideHeld(tx, {
        id: body.invite_id,
        dependantUserId: body.dependant_user_id,
        inviterId: auth.user.id,
        confirm: body.confirm,
        now: now(),
      });
      if (held !== null && body.confirm) await acceptLink(tx, held, body.dependant_user_id, ctx.clock.now());
      return held;
    });
    if (person === null)
      throw badRequest(
        'This invitation is not waiting for you: it was decided already, or another carer sent it.',
        'invite_id',
      );
    const [name, dependant, inviter, to] = await Promise.all([
      displayName(ctx.db, person),
      displayName(ctx.db, body.dependant_user_id),
      displayName(ctx.db, auth.user.id),
      accountAddress(ctx.db, person),
    ]);
    if (to) await tell([decisionMail(to, { inviter, dependant, joined: body.confirm })], request.log);
    request.log.info(
      { event: body.confirm ? 'carer_invite_confirmed' : 'carer_invite_refused', userId: person },
      'held carer invite decided',
    );
    return {
      detail: body.confirm
        ? `${name} is now one of ${dependant}'s carers.`
        : `${name} will not join ${dependant}'s carers.`,
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
