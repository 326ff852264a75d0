import type { Db } from '../../src/db/types';
import { queueNotifications } from '../../src/features/infocare/notify';
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

/** An Urgent "No activity" alert raised at `t` for the dependant's home, its notifications queued as the engine does. */
export function raiseUrgent(db: Db, houseId: number, dependantId: number, t: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, urgent_at)
       values ($1, 'test-urgent', 'inactivity', 'Off', 'Urgent', 'No activity', 'Nothing since 09:00.', 'x', $2, $2)
       returning id`,
      [houseId, t],
    );
    const id = rows[0]!.id;
    await queueNotifications(tx, [id], dependantId, 'Europe/London', t);
    return id;
  });
}
