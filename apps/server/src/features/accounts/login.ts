import { messages } from '@homeview/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError, tooManyRequests } from '../../http/errors';
import { findLoginUser, markLoggedIn, setPasswordHash } from './repository';

// The login decision. Unknown user, disabled user and wrong password take the same path (one PBKDF2
// derivation, the attempt left counted) and end in the same 401, so neither the answer nor its timing tells
// whether an account exists. The attempt is counted (or refused) before any hashing, so a refused attempt
// never takes a hashing slot.

export interface LoginInput {
  username: string;
  password: string;
  address: string;
}

export interface LoggedIn {
  userId: number;
  setupDone: boolean;
}

export const normaliseUsername = (username: string): string => username.normalize('NFKC');

export async function authenticate(
  ctx: Pick<AppContext, 'db' | 'hasher' | 'throttle' | 'clock'>,
  input: LoginInput,
  log: FastifyBaseLogger,
): Promise<LoggedIn> {
  const username = normaliseUsername(input.username);
  const keys = { account: username, address: input.address };
  const reservation = await ctx.throttle.reserve(keys);
  if (reservation.retryAfter !== undefined) {
    log.warn({ event: 'login_throttled', remoteAddress: input.address }, 'login throttled');
    throw tooManyRequests(reservation.retryAfter);
  }

  const user = await findLoginUser(ctx.db, username);
  // A known address's hash goes ahead of an attacker's queued ones (hash-pool.ts).
  const check = await ctx.hasher.verify(input.password, user?.password_hash ?? null, {
    trusted: reservation.knownAddress,
    key: input.address,
  });
  if (!user || user.disabled || !check.valid) {
    log.info({ event: 'login_failed', userId: user?.id, remoteAddress: input.address }, 'login failed');
    throw new HttpError(401, messages.loginFailed);
  }

  if (check.outdated) {
    // Only now is the plain password known: re-hash at the configured cost.
    await setPasswordHash(ctx.db, user.id, await ctx.hasher.hash(input.password));
  }
  await ctx.throttle.succeeded(reservation.attemptId, user.id, input.address);
  const setupDone = await markLoggedIn(ctx.db, user.id, ctx.clock.now());
  log.info({ event: 'login', userId: user.id, remoteAddress: input.address }, 'login succeeded');
  return { userId: user.id, setupDone };
}
