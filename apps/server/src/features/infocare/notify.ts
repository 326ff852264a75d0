import { notificationSuppressed, type QuietModes } from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { PushSender } from '../../push/push';
import type { SmsSender } from '../../sms/sms';
import { CLAIM_BATCH, claimDue, type Due, sentRecorder, type Transactional } from './claim';
import { type NotificationKind, notificationText } from './notification-text';

// Alert notifications through a durable queue: rows are queued in the transaction that raises the alert
// (one per alert, carer, channel and level: the unique key makes it at most once, and an alert escalating
// from Warning to Urgent notifies a second time), then delivered after commit: claimed, sent outside any
// transaction, recorded (deliverDue); a failed delivery is retried with backoff, and a restarted server
// picks up what is still pending.
// Holiday mode and Do Not Disturb (the carer's own modes) are applied when queuing: the row is kept as
// 'suppressed', so what was held back stays visible.

/** The senders a delivery may use; push is null or absent when the server has none (VAPID_SUBJECT unset). */
export interface Senders {
  mailer: Mailer;
  sms: SmsSender;
  push?: PushSender | null;
}

/** How long a push service may hold an alert for an offline phone: a stale alert is noise (s). */
export const ALERT_PUSH_TTL_S = 15 * 60;

/**
 * The rows an alert notification gets, by the alert_notification bits (1 email, 2 SMS, 4 push). The
 * Urgent re-send goes by push first, and by SMS only when the carer chose SMS too: email is left to push's
 * fallback (a push that reaches no browser queues the email then, see deliverDue).
 */
export function channelsFor(code: number, kind: NotificationKind): Array<'email' | 'sms' | 'push'> {
  const push = (code & 4) !== 0;
  if (kind === 'again' && push) return ['push', ...(code & 2 ? (['sms'] as const) : [])];
  return [
    ...(push ? (['push'] as const) : []),
    ...(code & 1 ? (['email'] as const) : []),
    ...(code & 2 ? (['sms'] as const) : []),
  ];
}

/** Delays before the 2nd, 3rd, … attempt (seconds); after the last the row is 'failed'. */
export const RETRY_DELAYS_S = [60, 300, 1800, 7200];

/**
 * What a notification says (migration 0015): the alert itself, the same Urgent alert again (nobody took
 * it), "X is on it", "resolved", and the check-in text to the dependant (check-in.ts queues that one).
 */
export type { NotificationKind };

export interface QueueOptions {
  /** Default 'alert'. Alerts already taken or resolved get no more 'alert' or 'again' rows (no reminders). */
  kind?: NotificationKind;
  /** A carer not to tell (the one who took or resolved the alert). */
  except?: number;
  /** When each alert's rows fall due (default now): carers wait while the dependant is asked first. */
  dueAt?: ReadonlyMap<number, number>;
  /** Which re-send of an untaken Urgent alert these 'again' rows are (resend.ts); default 0. */
  round?: number;
}

export async function queueNotifications(
  tx: Queryable,
  alertIds: readonly number[],
  houseOwnerId: number,
  zone: string,
  now: number,
  options: QueueOptions = {},
): Promise<void> {
  if (alertIds.length === 0) return;
  const kind = options.kind ?? 'alert';
  const reminder = kind === 'alert' || kind === 'again';
  // The dependant's preferences, the alerts still to tell and their carers with their modes, in one read
  // (a row per alert and carer): a raise was three reads here, one round trip each, while the 250 raises
  // of a busy minute go one after another (`npm run bench push`). Preferences are the dependant's
  // (spec-decisions: infocare-level settings use the dependant's id). Alerts already taken or resolved get
  // no more reminders.
  const { rows: pairs } = await tx.query<
    QuietModes & {
      code: number;
      alert_id: number;
      type: 'On' | 'Off';
      level: string;
      carer_user_id: number;
      has_modes: boolean;
    }
  >(
    prepared(`select s.code, a.id as alert_id, a.type, a.level, l.carer_user_id, m.user_id is not null as has_modes,
            m.holiday_status, m.holiday_start, m.holiday_end, m.dnd_status, m.dnd_start, m.dnd_end,
            m.dnd_urgent_through
       from (select coalesce((select alert_notification from user_settings where user_id = $1), 1)::int as code) s
       join infocare_alerts a on a.id = any(string_to_array($2, ',')::int[])
                             and ($3 = 0 or (a.taken_at is null and a.resolved_at is null))
       join carer_links l on l.dependant_user_id = $1 and l.accepted_at is not null and l.carer_user_id <> $4
       left join user_modes m on m.user_id = l.carer_user_id
      order by a.id, l.carer_user_id`),
    [houseOwnerId, alertIds.join(','), reminder ? 1 : 0, options.except ?? 0],
  );
  if (pairs.length === 0) return;
  const channels = channelsFor(pairs[0]!.code, kind);
  if (channels.length === 0) return;
  // One statement for every row (an alert to 1,000 carers is 1,000 rows, queued in the raising transaction).
  const rows: Array<[number, number, string, string, string, number, string | null]> = [];
  for (const pair of pairs) {
    const due = options.dueAt?.get(pair.alert_id) ?? now;
    const held = notificationSuppressed(pair.has_modes ? pair : null, pair.type, now, zone, pair.level);
    for (const channel of channels)
      rows.push([
        pair.alert_id,
        pair.carer_user_id,
        channel,
        pair.level,
        held ? 'suppressed' : 'pending',
        due,
        held,
      ]);
  }
  if (rows.length === 0) return;
  const column = <T>(i: number) => rows.map((r) => r[i] as T);
  await tx.query(
    prepared(`insert into infocare_notifications
       (alert_id, user_id, channel, level, status, next_attempt_at, last_error, kind, round)
     select a, u, c, l, s, d, h, $8, $9
       from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[])
            with ordinality as t (a, u, c, l, s, d, h, n)
      order by n
     on conflict do nothing`),
    [column(0), column(1), column(2), column(3), column(4), column(5), column(6), kind, options.round ?? 0],
  );
}

/** Someone is on the alert (or it is resolved): what is still waiting to remind carers of it is held. */
export async function holdReminders(tx: Queryable, alertId: number, why: string): Promise<void> {
  await tx.query(
    `update infocare_notifications set status = 'suppressed', last_error = $2
      where alert_id = $1 and status = 'pending' and kind in ('alert', 'again')`,
    [alertId, why],
  );
}

/**
 * The alerts became Urgent: their Warning's rows still waiting (held back while the dependant was asked
 * first, or a retry) would reach the carers after the Urgent one and say less, and the check-in text not
 * yet sent asks her about an alert that no longer waits for her: both are held. The Urgent supersedes.
 */
export async function holdSuperseded(tx: Queryable, alertIds: readonly number[]): Promise<void> {
  if (alertIds.length === 0) return;
  await tx.query(
    `update infocare_notifications n set status = 'suppressed', last_error = 'superseded by ' || a.level
       from infocare_alerts a
      where a.id = n.alert_id and n.alert_id = any(string_to_array($1, ',')::int[])
        and n.status = 'pending' and n.kind in ('alert', 'checkin') and n.level <> a.level`,
    [alertIds.join(',')],
  );
}

/** A push that reached no browser: not retried, the carer's email takes over at once. */
class PushMissed extends Error {}

/** Sends one claimed notification; no transaction is open meanwhile. */
async function send(due: Due, senders: Senders, now: number): Promise<void> {
  const m = notificationText(due, now);
  if (due.channel === 'push') {
    if (!senders.push) throw new PushMissed('push is off on this server');
    const outcome = await senders.push.send(
      due.user_id,
      {
        title: m.subject,
        body: m.sms,
        url: `/parents-home?alert=${due.alert_id}`,
        // One topic per alert: "again", "on it" and "resolved" replace the earlier notification.
        topic: `alert-${due.alert_id}`,
        ttlS: ALERT_PUSH_TTL_S,
        urgency: 'high',
      },
      now,
      due.browsers,
    );
    if (outcome.delivered === 0) throw new PushMissed(outcome.failures.join('; ') || 'no browser subscribed');
  } else if (due.channel === 'email')
    await senders.mailer.send({ to: due.email as string, subject: m.subject, text: m.text });
  else await senders.sms.send(due.phone as string, m.sms);
}

/**
 * How many notifications of each channel one delivery run has on the wire at once. Nearly all of a send
 * is waiting on someone else's server (a push service's 201, SMTP, the SMS provider), so one after another
 * an Urgent alert to 1,000 carers took 1,000 round trips (`npm run bench push`, bench/NOTES.md). Bounded
 * rather than all at once: every one in flight holds a socket and a payload, and a mail server or an SMS
 * provider takes a few connections from one sender, not hundreds (16 each). A push service takes many
 * requests over one connection (HTTP/2 streams: a hundred at a time is their usual limit), and at its
 * 20–50 ms an answer 16 in flight made 1,000 pushes take 2 s or more: 64 keeps it under half a second.
 */
export const IN_FLIGHT: Readonly<Record<Due['channel'], number>> = { email: 16, sms: 16, push: 64 };

/** Senders one run starts: enough for the widest channel; the others wait for their own channel's room. */
const SENDERS = Math.max(...Object.values(IN_FLIGHT));

/** At most `n` at once; a slot freed goes straight to the longest waiter. */
function slots(n: number): <T>(work: () => Promise<T>) => Promise<T> {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (busy < n) busy += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}

/** Rows being queued while a delivery runs (deliveries.ts): its senders wait for them rather than end. */
export interface Wake {
  /** How many times rows were queued so far. */
  kicks(): number;
  /** True once rows were queued after `seen` kicks; false once no more will come. */
  after(seen: number): Promise<boolean>;
}

/**
 * Rows one run claims at most (across its senders): an alert to every carer of a busy server goes out in
 * one run, and a run still ends when the rest can wait for the next.
 */
export const DELIVER_PER_RUN = 5000;

/**
 * Sends what is due; returns how many went out. Rows are claimed CLAIM_BATCH at a time (claim.ts: one
 * short transaction each), and SENDERS senders take them one by one (each channel's IN_FLIGHT at once), send each with no
 * transaction open (a slow mail server must not hold the database: on PGlite its one connection), then
 * record its outcome: 'sent', or retried after RETRY_DELAYS_S, 'failed' after the last. The next batch is
 * claimed by one sender while the others still send, and only when this one's rows are nearly all taken.
 * Each row is claimed by one run only (skip locked and the lease), as by one process only.
 */
export async function deliverDue(
  db: Transactional,
  senders: Senders,
  now: number,
  limit = DELIVER_PER_RUN,
  wake?: Wake,
): Promise<number> {
  let sent = 0;
  let claimed = 0;
  /** Rows recorded so far: a claim that started before a sender's record may have missed what it let go. */
  let recorded = 0;
  const queue: Due[] = [];
  const recordSent = sentRecorder(db, now);
  const inFlight = { email: slots(IN_FLIGHT.email), sms: slots(IN_FLIGHT.sms), push: slots(IN_FLIGHT.push) };
  let claiming: Promise<{ full: boolean; after: number; kicks: number }> | null = null;
  /**
   * The claim under way, or a new one: whether it took all it could (more may be due), and the records
   * and kicks before it (what it may have missed).
   */
  const claim = () => {
    claiming ??= (async () => {
      const after = recorded;
      const kicks = wake?.kicks() ?? 0;
      const room = Math.min(CLAIM_BATCH, limit - claimed);
      if (room <= 0) return { full: false, after, kicks };
      // A push row comes with its browsers (claim.ts): no read per push, nor per batch.
      const batch = await claimDue(db, now, room);
      claimed += batch.due.length + batch.skipped;
      queue.push(...batch.due);
      return { full: batch.due.length + batch.skipped === room, after, kicks };
    })().finally(() => {
      claiming = null;
    });
    return claiming;
  };
  const worker = async () => {
    /** What this sender last recorded (a row sent lets the next of its order go; a push missed queues an email). */
    let mine = 0;
    for (;;) {
      const due = queue.shift();
      if (due === undefined) {
        // Nothing claimed is left. A claim that took less than it could (all that was due) and left
        // nothing here ends this sender, once it is one that saw this sender's own last record: what
        // that record let go (a held-back row, a fallback email) is then either claimed or being sent by
        // another. With a wake, the sender waits instead for rows queued after that claim began.
        const { full, after, kicks } = await claim();
        if (queue.length > 0 || full || (after < mine && claimed < limit)) continue;
        if (wake === undefined || claimed >= limit || !(await wake.after(kicks))) return;
        continue;
      }
      if (await inFlight[due.channel](() => deliverOne(db, due, senders, now, recordSent))) sent += 1;
      recorded += 1;
      mine = recorded;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDERS, limit) }, worker));
  return sent;
}

/** Sends one claimed row and records what became of it; true when it went out. */
async function deliverOne(
  db: Transactional,
  due: Due,
  senders: Senders,
  now: number,
  recordSent: (id: number) => Promise<void>,
): Promise<boolean> {
  try {
    await send(due, senders, now);
  } catch (error) {
    if (error instanceof PushMissed) {
      await fallBackToEmail(db, due, error.message, now);
      return false;
    }
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
    return false;
  }
  await recordSent(due.id);
  return true;
}

/**
 * The push reached none of the carer's browsers: the row is 'failed' with why, and the same notification
 * queued by email, due now (nothing new when the carer's email row exists already). One transaction, so a
 * crash leaves the push row claimed (due again after its lease), never failed without its email.
 */
async function fallBackToEmail(db: Transactional, due: Due, why: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`update infocare_notifications set status = 'failed', last_error = $2 where id = $1`, [
      due.id,
      `${why}; sent by email instead`.slice(0, 500),
    ]);
    await tx.query(
      `insert into infocare_notifications (alert_id, user_id, channel, level, status, next_attempt_at, kind)
       select alert_id, user_id, 'email', level, 'pending', $2, kind from infocare_notifications where id = $1
       on conflict do nothing`,
      [due.id, now],
    );
  });
}
