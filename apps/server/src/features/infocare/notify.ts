import { notificationSuppressed, type QuietModes } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { SmsSender } from '../../sms/sms';

// Alert notifications through a durable queue: rows are queued in the transaction that raises the alert
// (one per alert, carer, channel and level: the unique key makes it at most once, and an alert escalating
// from Warning to Urgent notifies a second time), then delivered after commit: claimed, sent outside any
// transaction, recorded (deliverDue); a failed delivery is retried with backoff, and a restarted server
// picks up what is still pending.
// Holiday mode and Do Not Disturb (the carer's own modes) are applied when queuing: the row is kept as
// 'suppressed', so what was held back stays visible.

/** Delays before the 2nd, 3rd, … attempt (seconds); after the last the row is 'failed'. */
export const RETRY_DELAYS_S = [60, 300, 1800, 7200];

export async function queueNotifications(
  tx: Queryable,
  alertIds: readonly number[],
  houseOwnerId: number,
  zone: string,
  now: number,
): Promise<void> {
  if (alertIds.length === 0) return;
  // Preferences are the dependant's (spec-decisions: infocare-level settings use the dependant's id).
  const { rows: prefs } = await tx.query<{ code: number }>(
    'select coalesce((select alert_notification from user_settings where user_id = $1), 1)::int as code',
    [houseOwnerId],
  );
  const code = prefs[0]?.code ?? 1;
  const channels = [...(code & 1 ? ['email'] : []), ...(code & 2 ? ['sms'] : [])];
  if (channels.length === 0) return;
  const { rows: carers } = await tx.query<QuietModes & { carer_user_id: number; has_modes: boolean }>(
    `select l.carer_user_id, m.user_id is not null as has_modes, m.holiday_status, m.holiday_start,
            m.holiday_end, m.dnd_status, m.dnd_start, m.dnd_end
       from carer_links l left join user_modes m on m.user_id = l.carer_user_id
      where l.dependant_user_id = $1 and l.accepted_at is not null`,
    [houseOwnerId],
  );
  const { rows: alerts } = await tx.query<{ id: number; type: 'On' | 'Off'; level: string }>(
    "select id, type, level from infocare_alerts where id = any(string_to_array($1, ',')::int[])",
    [alertIds.join(',')],
  );
  for (const alert of alerts) {
    for (const carer of carers) {
      const held = notificationSuppressed(carer.has_modes ? carer : null, alert.type, now, zone);
      for (const channel of channels) {
        await tx.query(
          `insert into infocare_notifications
             (alert_id, user_id, channel, level, status, next_attempt_at, last_error)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
          [alert.id, carer.carer_user_id, channel, alert.level, held ? 'suppressed' : 'pending', now, held],
        );
      }
    }
  }
}

interface Due {
  id: number;
  channel: 'email' | 'sms';
  /** Attempts before this one. */
  attempts: number;
  email: string | null;
  phone: string | null;
  name: string;
  text: string;
  level: string;
  raised_at: number;
  house_name: string;
}

/**
 * How long a claimed row is left to its sender (s). Longer than any send can take (the mailer's
 * timeouts, about 50 s; the SMS provider's, 10 s): a row claimed by a process that died while sending is
 * due again after it, as a row whose transaction rolled back was before.
 */
export const CLAIM_LEASE_S = 600;

/**
 * Claims the next due row in its own short transaction: it stays 'pending' but is not due again before the
 * lease ends (other runs and processes skip it), and the attempt is counted. Null when nothing is due.
 */
async function claimNext(db: Transactional, now: number): Promise<Due | 'skipped' | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Due>(
      `select n.id, n.channel, n.attempts, u.email, u.phone, a.name, a.text, n.level, a.raised_at,
              h.name as house_name
         from infocare_notifications n
         join users u on u.id = n.user_id
         join infocare_alerts a on a.id = n.alert_id
         join houses h on h.id = a.house_id
        where n.status = 'pending' and n.next_attempt_at <= $1
        order by n.next_attempt_at, n.id limit 1 for update of n skip locked`,
      [now],
    );
    const due = rows[0];
    if (!due) return null;
    if (!(due.channel === 'email' ? due.email : due.phone)) {
      await tx.query(`update infocare_notifications set status = 'failed', last_error = $2 where id = $1`, [
        due.id,
        `no ${due.channel === 'email' ? 'email address' : 'phone number'}`,
      ]);
      return 'skipped';
    }
    await tx.query(
      'update infocare_notifications set attempts = attempts + 1, next_attempt_at = $2 where id = $1',
      [due.id, now + CLAIM_LEASE_S],
    );
    return due;
  });
}

/** Sends one claimed notification; no transaction is open meanwhile. */
async function send(due: Due, senders: { mailer: Mailer; sms: SmsSender }): Promise<void> {
  if (due.channel === 'email') {
    await senders.mailer.send({
      to: due.email as string,
      subject: `InfoCare ${due.level === 'Warning' ? 'Investigate' : due.level}: ${due.name} (${due.house_name})`,
      text: `${due.text}\n\nOpen InfoCare to see the alert and tell us whether it was right.`,
    });
  } else {
    await senders.sms.send(due.phone as string, `InfoCare: ${due.name}. ${due.text}`);
  }
}

type Transactional = Queryable & { transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> };

/**
 * Sends what is due; returns how many went out. Each row is claimed and committed, sent with no
 * transaction open (a slow mail server must not hold the database: on PGlite its one connection), then
 * its outcome recorded: 'sent', or retried after RETRY_DELAYS_S, 'failed' after the last.
 */
export async function deliverDue(
  db: Transactional,
  senders: { mailer: Mailer; sms: SmsSender },
  now: number,
  limit = 100,
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const due = await claimNext(db, now);
    if (due === null) break;
    if (due === 'skipped') continue;
    try {
      await send(due, senders);
    } catch (error) {
      const delay = RETRY_DELAYS_S[due.attempts];
      await db.query(
        'update infocare_notifications set last_error = $2, status = $3, next_attempt_at = $4 where id = $1',
        [
          due.id,
          String((error as Error).message).slice(0, 500),
          delay === undefined ? 'failed' : 'pending',
          now + (delay ?? 0),
        ],
      );
      continue;
    }
    await db.query(`update infocare_notifications set status = 'sent', sent_at = $2 where id = $1`, [
      due.id,
      now,
    ]);
    sent += 1;
  }
  return sent;
}
