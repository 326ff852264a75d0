import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db/types';

// Invitations to join a dependant's carers (issue 25): a row per invitation, and a link whose token is
// `<row id in base 36>-<HMAC-SHA256>` over the row's id, dependant, address and expiry (the key in
// server_secrets, as the password reset's). The MAC is compared in constant time; accepting marks the row
// used in the same statement that checks it is unused and unexpired, so a link works once.

const TOKEN = /^([0-9a-z]{1,7})-([A-Za-z0-9_-]{43})$/;
export const INVITE_SECRET = 'carer-invite';

export interface Invite {
  id: number;
  dependant_user_id: number;
  email: string;
  expires_at: number;
  accepted_at: number | null;
}

function mac(secret: Buffer, invite: Omit<Invite, 'accepted_at'>): Buffer {
  return createHmac('sha256', secret)
    .update(
      ['carer-invite', invite.id, invite.dependant_user_id, invite.email, invite.expires_at].join('\u0000'),
    )
    .digest();
}

export function inviteToken(secret: Buffer, invite: Omit<Invite, 'accepted_at'>): string {
  return `${invite.id.toString(36)}-${mac(secret, invite).toString('base64url')}`;
}

/** The invitation a token names and signs, or null when it names none or the signature is wrong. */
export async function inviteOfToken(db: Queryable, secret: Buffer, token: string): Promise<Invite | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number.parseInt(match[1]!, 36);
  if (match[1] !== id.toString(36)) return null;
  const { rows } = await db.query<Invite>(
    'select id, dependant_user_id, email, expires_at, accepted_at from carer_invites where id = $1',
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

export async function createInvite(
  db: Queryable,
  dependantUserId: number,
  invitedBy: number,
  email: string,
  now: number,
  expiresAt: number,
): Promise<Omit<Invite, 'accepted_at'>> {
  const { rows } = await db.query<{ id: number }>(
    `insert into carer_invites (dependant_user_id, invited_by, email, created_at, expires_at)
     values ($1, $2, $3, $4, $5) returning id`,
    [dependantUserId, invitedBy, email, now, expiresAt],
  );
  return { id: rows[0]!.id, dependant_user_id: dependantUserId, email, expires_at: expiresAt };
}

/** Invitations of the dependant sent since `since` (a day's limit). */
export async function invitesSince(db: Queryable, dependantUserId: number, since: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from carer_invites where dependant_user_id = $1 and created_at >= $2',
    [dependantUserId, since],
  );
  return rows[0]?.n ?? 0;
}

export async function pendingInvites(
  db: Queryable,
  dependantUserId: number,
  now: number,
): Promise<{ email: string; expires_at: number }[]> {
  const { rows } = await db.query<{ email: string; expires_at: number }>(
    `select email, expires_at from carer_invites
      where dependant_user_id = $1 and accepted_at is null and expires_at >= $2 order by created_at, id`,
    [dependantUserId, now],
  );
  return rows.map((r) => ({ email: r.email, expires_at: Number(r.expires_at) }));
}

/** Marks the invitation used by `userId`; false when it was used or expired meanwhile. */
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
