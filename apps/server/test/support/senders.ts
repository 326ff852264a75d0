import type { Db } from '../../src/db/types';
import { createMailer } from '../../src/mail/mailer';
import type { PushSender } from '../../src/push/push';
import { createSmsSender } from '../../src/sms/sms';
import type { FakeClock } from './app';

// The InfoCare senders of the notification suites: mail and SMS into their outbox tables (no SMTP_URL or
// SMS_URL), quiet, on the suite's clock, and the push sender the suite gives.

export function outboxSenders(db: Db, clock: FakeClock, push?: PushSender) {
  const quiet = { clock, print: () => undefined };
  return {
    mailer: createMailer({ config: { smtpUrl: null, mailFrom: 'InfoCare <a@example.com>' }, db, ...quiet }),
    sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db, ...quiet }),
    ...(push === undefined ? {} : { push }),
  };
}

/** A push service stand-in in-process: each send takes 3 ms and records whom it reached, in order. */
export function recordingPush(reached: number[]): PushSender {
  return {
    publicKey: async () => 'unused',
    async send(userId) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      reached.push(userId);
      return { delivered: 1, failures: [] };
    },
  };
}
