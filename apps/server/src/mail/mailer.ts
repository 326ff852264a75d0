import nodemailer from 'nodemailer';
import { withoutControls } from '@homeview/contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Queryable } from '../db/types';
import { saveToOutbox } from './outbox';

// The one way the server sends email (password reset, alert notifications, reports). With SMTP_URL set
// it goes over SMTP; without it, to the outbox table and the console, so a local install can still read
// a reset link. Callers that must not lose a message (alerts) keep their own durable queue and call
// `send` from it: `send` rejects when the message was not accepted, so they can retry.

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part; every message has one. */
  text: string;
  /** An HTML alternative, when the message has one. */
  html?: string | undefined;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /**
   * Never called inside a transaction: a slow SMTP server would hold it (on PGlite, the one connection every
   * request needs) for up to its timeouts, and the outbox's write would wait for it on PGlite.
   */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerDeps {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  db: Queryable;
  clock: Clock;
  /** Where outbox messages are shown (default: the console). Never the request log: mail carries links. */
  print?: (text: string) => void;
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer({ config, db, clock, print = console.log }: MailerDeps): Mailer {
  if (config.smtpUrl === null) {
    return {
      transport: 'outbox',
      async send(message) {
        await saveToOutbox(db, {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          at: clock.now(),
        });
        // On the operator's console no control character reaches the terminal (text stored before the rule).
        print(
          withoutControls(
            `Email to ${message.to} (SMTP_URL is not set, so it was not sent): ${message.subject}\n${message.text}`,
          ),
        );
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport(config.smtpUrl, {
    from: config.mailFrom,
    ...SMTP_TIMEOUTS,
  });
  return {
    transport: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
      if (info.rejected.length > 0)
        throw new Error(`The SMTP server refused ${info.rejected.length} recipient(s)`);
    },
    close() {
      transporter.close();
    },
  };
}
