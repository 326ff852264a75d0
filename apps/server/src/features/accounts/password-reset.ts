import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { AccountMail } from './account-mail';
import { resetEmail } from './account-mail';
import { findCredentialsByEmail, recordResetRequest } from './credentials-repository';
import { makeResetToken, RESET_LINK_SECONDS } from './reset-token';

// POST /accounts/reset_password/: the same work and the same answer whether or not the address is
// registered (one lookup, one throttle record); the email, when there is one, goes out after the answer.
// RST-09: at most ACCOUNT_LIMIT emails per address asked for, and ADDRESS_LIMIT requests per client,
// per RESET_WINDOW_MS; over the limit nothing is sent and the answer is unchanged.

export const RESET_WINDOW_MS = 3_600_000;
export const RESET_ACCOUNT_LIMIT = 3;
export const RESET_ADDRESS_LIMIT = 20;

export interface ResetDeps extends Pick<AppContext, 'db' | 'clock' | 'config'> {
  secret: () => Promise<Buffer>;
  mail: AccountMail;
}

export async function requestPasswordReset(
  deps: ResetDeps,
  input: { email: string; address: string },
  log: FastifyBaseLogger,
): Promise<void> {
  const now = deps.clock.now();
  const email = input.email.trim().toLowerCase();
  const counts = await recordResetRequest(
    deps.db,
    { account: email, address: input.address },
    now,
    RESET_WINDOW_MS,
  );
  const user = await findCredentialsByEmail(deps.db, email);
  const secret = await deps.secret();
  const throttled = counts.account > RESET_ACCOUNT_LIMIT || counts.address > RESET_ADDRESS_LIMIT;
  log.info({ event: 'password_reset_requested', userId: user?.id, throttled }, 'password reset requested');
  if (!user || throttled || user.email === null) return;
  const expires = Math.floor(now.getTime() / 1000) + RESET_LINK_SECONDS;
  const token = makeResetToken(
    secret,
    { id: user.id, passwordHash: user.password_hash, lastLogin: user.last_login },
    expires,
  );
  // RST-06: the link's origin is the configured one, never the request's Host.
  const link = `${deps.config.publicOrigin}/accounts/change_password/?token=${token}&exp_date=${expires}`;
  deps.mail.sendLater(resetEmail(user.email, user.username, link), log, 'password_reset_email');
}
