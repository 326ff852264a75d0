import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from '../../mail/mailer';

// Account emails are sent after the answer: the forgot-password answer must take the same time whether
// or not an email goes out (RST-01). Sends still running are awaited when the app closes.

export class AccountMail {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly mailer: Mailer) {}

  sendLater(message: MailMessage, log: FastifyBaseLogger, event: string): void {
    const sending = this.mailer.send(message).then(
      () => log.info({ event }, 'account email sent'),
      (error: unknown) => log.error({ event, err: error }, 'account email failed'),
    );
    this.#pending.add(sending);
    void sending.finally(() => this.#pending.delete(sending));
  }

  /** Resolves when every send started so far has finished (tests, shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }
}

export function resetEmail(to: string, username: string, link: string): MailMessage {
  const text = [
    `Hello ${username},`,
    '',
    'Someone asked to reset the password of your HomeView & InfoCare account.',
    'To choose a new password, open this link within one hour:',
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
  ].join('\n');
  return { to, subject: 'Reset your HomeView & InfoCare password', text };
}

/** AUTH-11: tells the owner their password changed; carries no password and no link token. */
export function passwordChangedEmail(to: string, username: string): MailMessage {
  const text = [
    `Hello ${username},`,
    '',
    'The password of your HomeView & InfoCare account has just been changed, and every other session',
    'was signed out. If this was not you, reset your password from the sign-in page straight away.',
  ].join('\n');
  return { to, subject: 'Your HomeView & InfoCare password was changed', text };
}
