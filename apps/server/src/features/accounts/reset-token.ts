import { createHmac, timingSafeEqual } from 'node:crypto';

// The emailed reset link's token, stateless as Django's: `<user id in base 36>-<HMAC-SHA256>`, the MAC
// covering the user id, the expiry (exp_date of the link, epoch seconds), the current password hash
// and the last login. So an edited exp_date fails, and the link dies once the password changes (the
// reset itself included: single use) or the person logs in. Nothing about a link is stored.

export const RESET_LINK_SECONDS = 3600;

export interface TokenUser {
  id: number;
  passwordHash: string;
  /** Epoch seconds of the last login, null when never. */
  lastLogin: number | null;
}

const TOKEN = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/;

function mac(secret: Buffer, user: TokenUser, expires: number): Buffer {
  return createHmac('sha256', secret)
    .update(['password-reset', user.id, expires, user.passwordHash, user.lastLogin ?? ''].join('\u0000'))
    .digest();
}

export function makeResetToken(secret: Buffer, user: TokenUser, expires: number): string {
  return `${user.id.toString(36)}-${mac(secret, user, expires).toString('base64url')}`;
}

/** The user id a token names, or null when it is not shaped like one (checked before any lookup). */
export function tokenUserId(token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number.parseInt(match[1]!, 36);
  if (!(Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)) return null;
  // One form only (as makeResetToken writes it): "05-…" or "A-…" naming user 5 or 10 are refused.
  return match[1] === id.toString(36) ? id : null;
}

/** Valid up to and including the expiry second; the MAC is compared in constant time. */
export function checkResetToken(
  secret: Buffer,
  token: string,
  expires: number | undefined,
  user: TokenUser,
  nowSeconds: number,
): boolean {
  if (expires === undefined || nowSeconds > expires) return false;
  const match = TOKEN.exec(token);
  if (!match || match[1] !== user.id.toString(36)) return false;
  const sent = Buffer.from(match[2]!, 'base64url');
  // The 43rd character has 2 bits no byte uses: only the canonical spelling of the MAC is accepted.
  if (sent.toString('base64url') !== match[2]) return false;
  const expected = mac(secret, user, expires);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
