import {
  type ChangePasswordRequest,
  messages,
  newPasswordFailures,
  type PasswordResetConfirmRequest,
  type PasswordResponse,
  validatePasswordChange,
} from '@homeview/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { tooManyRequests } from '../../http/errors';
import { passwordChangedEmail } from './account-mail';
import { deleteOtherSessions, findCredentials } from './credentials-repository';
import type { ResetDeps } from './password-reset';
import { deleteUserSessions, setPasswordHash } from './repository';
import { checkResetToken, tokenUserId } from './reset-token';
import type { AuthContext } from './sessions';

// POST /accounts/change_password/, both forms of §7: the change form (a session, the current password)
// and the emailed link (token, no session needed). Rule failures are answers (code 2), not 400s.

const answer = (code: 0 | 1 | 2 | 3, message: string[] = [], username = ''): PasswordResponse => ({
  detail: { code, message, username },
});

type Deps = ResetDeps & Pick<AppContext, 'hasher' | 'throttle'>;

export async function changePassword(
  deps: Deps,
  auth: AuthContext,
  body: ChangePasswordRequest,
  input: { address: string },
  log: FastifyBaseLogger,
): Promise<PasswordResponse> {
  const errors = Object.values(validatePasswordChange(body));
  if (errors.length > 0) return answer(2, errors);
  // Guessing the current password from a stolen session is throttled like logins.
  const keys = { account: auth.user.username, address: input.address };
  // Counted before the hash, like a login (the attempt stays counted when the password is wrong).
  const reservation = await deps.throttle.reserve(keys);
  if (reservation.retryAfter !== undefined) throw tooManyRequests(reservation.retryAfter);
  const user = await findCredentials(deps.db, auth.user.id);
  // The request carries a live session: its check goes ahead of untrusted logins.
  const check = await deps.hasher.verify(body.current_password, user?.password_hash ?? null, {
    trusted: true,
    key: input.address,
  });
  if (!user || !check.valid) {
    log.info({ event: 'password_change_failed', userId: auth.user.id }, 'password change refused');
    return answer(3, [messages.currentPasswordIncorrect]);
  }
  await deps.throttle.succeeded(reservation.attemptId, user.id, input.address);
  const hash = await deps.hasher.hash(body.new_password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, hash);
    // AUTH-10: this session survives, every other one ends.
    await deleteOtherSessions(tx, user.id, auth.sessionId);
  });
  log.info({ event: 'password_changed', userId: user.id }, 'password changed');
  if (user.email)
    deps.mail.sendLater(passwordChangedEmail(user.email, user.username), log, 'password_changed_email');
  return answer(0, [], user.username);
}

export async function resetPasswordWithToken(
  deps: Deps,
  body: PasswordResetConfirmRequest,
  log: FastifyBaseLogger,
): Promise<PasswordResponse> {
  const invalid = answer(1, [messages.tokenExpired]);
  const userId = tokenUserId(body.token);
  const user = userId === null ? null : await findCredentials(deps.db, userId);
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  const valid =
    user !== null &&
    !user.disabled &&
    checkResetToken(
      await deps.secret(),
      body.token,
      body.exp_date,
      { id: user.id, passwordHash: user.password_hash, lastLogin: user.last_login },
      nowSeconds,
    );
  if (!valid || !user) {
    log.info({ event: 'password_reset_refused', userId: user?.id }, 'reset link refused');
    return invalid;
  }
  const failures = newPasswordFailures(body.new_password);
  if (
    body.confirm_password !== undefined &&
    body.confirm_password.normalize('NFKC') !== body.new_password.normalize('NFKC')
  )
    failures.push(messages.passwordsDoNotMatch);
  if (failures.length > 0) return answer(2, failures);
  const hash = await deps.hasher.hash(body.new_password);
  const changed = await deps.db.transaction(async (tx) => {
    // Two submissions of one link race: only the one that still sees the old hash wins (single use).
    const { rows } = await tx.query<{ id: number }>(
      'update users set password_hash = $2 where id = $1 and password_hash = $3 returning id',
      [user.id, hash, user.password_hash],
    );
    if (rows.length === 0) return false;
    await deleteUserSessions(tx, user.id);
    return true;
  });
  if (!changed) return invalid;
  log.info({ event: 'password_reset', userId: user.id }, 'password reset by emailed link');
  if (user.email)
    deps.mail.sendLater(passwordChangedEmail(user.email, user.username), log, 'password_changed_email');
  return answer(0, [], user.username);
}
