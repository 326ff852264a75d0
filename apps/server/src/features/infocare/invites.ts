import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '@homeview/contract';
import { LOCK_CLASSES } from '../../db/lock-keys';
import type { Db, Queryable } from '../../db/types';

// Invitations to join a dependant's carers (issue 25): a row per invitation, and a link whose token is
// `<row id in base 36>-<HMAC-SHA256>` over the row's id, dependant, address and expiry (the key in
// server_secrets, as the password reset's). The MAC is compared in constant time; accepting marks the row
// used in the same statement that checks it is unused and unexpired, so a link works once. A link opened
// by an account whose address is not the invited one is held instead (issue 34.7): the carer who sent it
// lets that account join, or refuses.

const TOKEN = /^([0-9a-z]{1,7})-([A-Za-z0-9_-]{43})$/;
export const INVITE_SECRET = 'carer-invite';

export interface Invite {
  id: number;
  dependant_user_id: number;
  email: string;
  expires_at: number;
  accepted_at: number | null;
  /** When an account of another address opened it (it then waits for the inviter). */
  held_at: number | null;
  /** Who sent it (null once that account is deleted). */
  invited_by: number | null;
}

function mac(secret: Buffer, invite: NewInvite): Buffer {
  return createHmac('sha256', secret)
    .update(
      ['carer-invite', invite.id, invite.dependant_user_id, invite.email, invite.expires_at].join('\u0000'),
    )
    .digest();
}

/** What the link signs. */
export type NewInvite = Omit<Invite, 'accepted_at' | 'held_at' | 'invited_by'>;

export function inviteToken(secret: Buffer, invite: NewInvite): string {
  return `${invite.id.toString(36)}-${mac(secret, invite).toString('base64url')}`;
}

/** The invitation a token names and signs, or null when it names none or the signature is wrong. */
export async function inviteOfToken(db: Queryable, secret: Buffer, token: string): Promise<Invite | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number.parseInt(match[1]!, 36);
  // Seven base-36 digits reach 78 billion; no row id passes MAX_ID (an integer column).
  if (match[1] !== id.toString(36) || id > MAX_ID) return null;
  const { rows } = await db.query<Invite>(
    `select id, dependant_user_id, email, expires_at, accepted_at, held_at, invited_by
       from carer_invites where id = $1`,
    [id],
  );
  const invite = rows[0];
  if (!invite) return null;
  const sent = Buffer.from(match[2]!, 'base64url');
  if (sent.toString('base64url') !== match[2]) return null;
  const expected = mac(secret, { ...invite, expires_at: Number(invite.expires_at) });
  return sent.length === expected.length && timingSafeEqual(sent, expected)
    ? { ...invite, expires_at: Number(invite.expires_at) }
    : null;
}

/**
 * A new invitation, unless the dependant's home has sent `perDay` in the last day (null). Counted and
 * added in one transaction under the home's lock (LOCK_CLASSES.carerInvites): twenty sent at once, to one server
 * or several, are never more than the limit (issue 34.6: 19 of 20 got through on PGlite, 13 on two servers).
 */
export async function createInvite(
  db: Db,
  invite: { dependantUserId: number; invitedBy: number; email: string; now: number; expiresAt: number },
  perDay: number,
): Promise<NewInvite | null> {
  const { dependantUserId, invitedBy, email, now, expiresAt } = invite;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [
      LOCK_CLASSES.carerInvites,
      dependantUserId,
    ]);
    const { rows: sent } = await tx.query<{ n: number }>(
      'select count(*)::int as n from carer_invites where dependant_user_id = $1 and created_at >= $2',
      [dependantUserId, now - 86_400],
    );
    if ((sent[0]?.n ?? 0) >= perDay) return null;
    const { rows } = await tx.query<{ id: number }>(
      `insert into carer_invites (dependant_user_id, invited_by, email, created_at, expires_at)
       values ($1, $2, $3, $4, $5) returning id`,
      [dependantUserId, invitedBy, email, now, expiresAt],
    );
    return { id: rows[0]!.id, dependant_user_id: dependantUserId, email, expires_at: expiresAt };
  });
}

export async function pendingInvites(
  db: Queryable,
  dependantUserId: number,
  now: number,
): Promise<{ email: string; expires_at: number }[]> {
  const { rows } = await db.query<{ email: string; expires_at: number }>(
    `select email, expires_at from carer_invites
      where dependant_user_id = $1 and accepted_at is null and held_at is null and expires_at >= $2
      order by created_at, id`,
    [dependantUserId, now],
  );
  return rows.map((r) => ({ email: r.email, expires_at: Number(r.expires_at) }));
}

/**
 * Marks the invitation used by `userId` (the invited address: a hold by another account does not stop
 * them); false when it was used or expired meanwhile.
 */
export async function useInvite(
  db: Db | Queryable,
  id: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update carer_invites set accepted_at = $3, accepted_by = $2
      where id = $1 and accepted_at is null and expires_at >= $3`,
    [id, userId, now],
  );
  return rowCount > 0;
}

/** The account's own address (set with the account, not by its user), or null. */
export async function accountAddress(db: Queryable, userId: number): Promise<string | null> {
  const { rows } = await db.query<{ email: string | null }>('select email from users where id = $1', [
    userId,
  ]);
  return rows[0]?.email ?? null;
}

/** Whether `address` is the one invited (case aside); no address never is. */
export const isInvited = (invite: Invite, address: string | null): boolean =>
  address !== null && address.toLowerCase() === invite.email.toLowerCase();

/** Holds the invitation for its sender to confirm: `userId` opened it; false when used or expired meanwhile. */
export async function holdInvite(db: Queryable, id: number, userId: number, now: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `update carer_invites set held_by = $2, held_at = $3
      where id = $1 and accepted_at is null and held_at is null and expires_at >= $3`,
    [id, userId, now],
  );
  return rowCount > 0;
}

/** How long a held invitation waits for its sender: as long as a new one works. */
const HELD_FOR_S = 7 * 86_400;

export interface HeldRow {
  id: number;
  email: string;
  name: string;
  username: string;
  account_email: string | null;
  invited_by: number | null;
  inviter: string;
}

/** The dependant's held invitations still waiting for their sender, oldest first. */
export async function heldInvites(db: Queryable, dependantUserId: number, now: number): Promise<HeldRow[]> {
  const { rows } = await db.query<HeldRow>(
    `select i.id, i.email, coalesce(nullif(hs.name, ''), h.username) as name, h.username,
            h.email as account_email, i.invited_by, coalesce(nullif(bs.name, ''), b.username, '') as inviter
       from carer_invites i join users h on h.id = i.held_by
       left join user_settings hs on hs.user_id = h.id
       left join users b on b.id = i.invited_by left join user_settings bs on bs.user_id = b.id
      where i.dependant_user_id = $1 and i.held_at >= $2 and i.accepted_at is null and i.refused_at is null
      order by i.held_at, i.id`,
    [dependantUserId, now - HELD_FOR_S],
  );
  return rows;
}

/**
 * The sender's answer to a held invitation: confirmed (the one who opened it is accepted) or refused.
 * The account that opened it, or null when it is not held for `inviterId` (decided, too old, another's).
 */
export async function decideHeld(
  db: Queryable,
  d: { id: number; dependantUserId: number; inviterId: number; confirm: boolean; now: number },
): Promise<number | null> {
  const { rows } = await db.query<{ held_by: number }>(
    `update carer_invites
        set accepted_at = case when $4::boolean then $5::bigint end,
            accepted_by = case when $4::boolean then held_by end,
            refused_at = case when $4::boolean then null else $5::bigint end
      where id = $1 and dependant_user_id = $2 and invited_by = $3 and held_at >= $6
        and accepted_at is null and refused_at is null
      returning held_by`,
    [d.id, d.dependantUserId, d.inviterId, d.confirm, d.now, d.now - HELD_FOR_S],
  );
  return rows[0]?.held_by ?? null;
}

/** The addresses to tell of a held invitation: the dependant's carers and whoever sent it. */
export async function heldNoticeAddresses(
  db: Queryable,
  dependantUserId: number,
  inviterId: number | null,
): Promise<{ user_id: number; email: string }[]> {
  const { rows } = await db.query<{ user_id: number; email: string }>(
    `select u.id as user_id, u.email from users u
      where u.email is not null and not u.disabled
        and (u.id = $2 or exists (select 1 from carer_links l where l.carer_user_id = u.id
                                     and l.dependant_user_id = $1 and l.accepted_at is not null))
      order by u.id`,
    [dependantUserId, inviterId ?? 0],
  );
  return rows;
}
