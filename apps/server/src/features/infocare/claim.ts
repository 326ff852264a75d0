import { prepared, type Queryable } from '../../db/types';
import { BROWSERS_OF, type PushSubscriptionRow } from '../../push/subscriptions';
import { DISPLAY_NAME, type NotificationFacts } from './notification-text';

// Claiming due notifications for delivery (notify.ts's deliverDue): a batch of rows in one statement,
// each then left to its sender for the lease. One claim of many rows rather than one claim per row: a
// claim's cost is mostly its ordering check over every pending row, the same for one row as for a hundred
// (`npm run bench push`, bench/NOTES.md). Its statements are prepared (db/types.ts): a run delivering as
// homes are raised (deliveries.ts) claims a few rows at a time, hundreds of claims a run.

export interface Due extends NotificationFacts {
  id: number;
  alert_id: number;
  user_id: number;
  channel: 'email' | 'sms' | 'push';
  /** Attempts before this one. */
  attempts: number;
  email: string | null;
  phone: string | null;
  raised_at: number;
  /** A push row's browsers, read with its claim; unset: the sender reads them. */
  browsers?: PushSubscriptionRow[];
}

export type Transactional = Queryable & { transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> };

/**
 * How long a claimed row is left to its sender (s). Longer than any send can take (the mailer's
 * timeouts, about 50 s; the SMS provider's, 10 s) plus the wait behind the rest of its batch: a row
 * claimed by a process that died while sending is due again after it, as a row whose transaction rolled
 * back was before.
 */
export const CLAIM_LEASE_S = 600;

/**
 * Rows one claim takes at most: two rounds of the push senders (IN_FLIGHT, notify.ts), so an alert to
 * 1,000 carers is eight claims (each ~65 ms of ordering check at 1,000 pending), while a batch still goes
 * out in seconds, far inside the lease.
 */
export const CLAIM_BATCH = 128;

/**
 * Claims up to `max` due rows in one statement: they stay 'pending' but are not due again before the
 * lease ends (other runs and processes skip them), and each attempt is counted. Rows with no address for
 * their channel are 'failed' at once and counted in `skipped`. An empty `due` and no `skipped`: nothing
 * is due. The ordering check never lets a batch hold two rows of one order (the later has the earlier
 * pending), so a batch's rows may go out in any order and at once.
 *
 * Pick, lock, read and lease are one statement (its own transaction): a claim was five round trips
 * (begin, pick, details, lease, commit), and a run delivering while it raises makes hundreds of claims
 * while the raises wait for the same connections and cores (`npm run bench push`, bench/NOTES.md).
 */
export async function claimDue(
  db: Queryable,
  now: number,
  max: number,
): Promise<{ due: Due[]; skipped: number }> {
  const { rows } = await db.query<
    Omit<Due, 'browsers'> & {
      addressed: boolean;
      next_attempt_at: number;
      browsers: PushSubscriptionRow[] | null;
    }
  >(
    prepared(`with picked as materialized (
       select n.id, n.alert_id, n.user_id, n.kind, n.channel, n.level, n.attempts, n.next_attempt_at
         from infocare_notifications n
         left join infocare_check_ins c on c.alert_id = n.alert_id
        where n.status = 'pending' and n.next_attempt_at <= $1
          -- One alert's messages to one person on one channel go out in their order (a Warning's text
          -- before the Urgent it became), and so do check-in texts to one phone shared by two dependants
          -- (an "OK" counts for the newest): an earlier one still pending, claimed by another sender or
          -- waiting to be tried again, holds the later ones back. Only those: a row leased by a server
          -- that died holds nothing else of its carer's for the lease's 10 minutes (the kill test).
          -- Two checks, each an index probe (the first on the queue's unique key), where one with an
          -- "or" made PostgreSQL read every pending row for each candidate (~65 ms a claim at 1,000).
          and not exists (select 1 from infocare_notifications o
                           where o.alert_id = n.alert_id and o.user_id = n.user_id and o.channel = n.channel
                             and o.status = 'pending' and o.id < n.id)
          and not (n.kind = 'checkin'
                   and exists (select 1 from infocare_notifications o
                                 join infocare_check_ins oc on oc.alert_id = o.alert_id
                                where o.kind = 'checkin' and o.channel = n.channel and o.status = 'pending'
                                  and o.id < n.id and oc.phone = c.phone))
        order by n.next_attempt_at, n.id limit $2 for update of n skip locked
     ),
     -- What each message says, read with the pick (its rows are locked: nobody changes them meanwhile).
     facts as materialized (
       select p.id, p.alert_id, p.user_id, p.kind, p.channel, p.attempts, p.next_attempt_at, u.email,
              case when p.kind = 'checkin' then c.phone else u.phone end as phone,
              a.name, a.text, p.level, a.raised_at, h.name as house_name, h.time_zone,
              ${DISPLAY_NAME('t')} as taken_name, a.taken_at,
              case when a.resolved_at is null then null
                   when a.resolved_by is null then coalesce(c.name, 'A former carer')
                   else ${DISPLAY_NAME('r')} end as resolved_name,
              a.resolved_note, c.name as check_in_name, c.reply as check_in_reply,
              c.deadline as check_in_deadline, c.outcome as check_in_outcome,
              c.replied_at as check_in_replied_at,
              -- A push row's browsers with it (each push read its own before, then each batch).
              case when p.channel = 'push' then ${BROWSERS_OF('p.user_id')} end as browsers
         from picked p
         join users u on u.id = p.user_id
         join infocare_alerts a on a.id = p.alert_id
         join houses h on h.id = a.house_id
         left join infocare_check_ins c on c.alert_id = a.id
         left join users t on t.id = a.taken_by
         left join user_settings ts on ts.user_id = a.taken_by
         left join users r on r.id = a.resolved_by
         left join user_settings rs on rs.user_id = a.resolved_by
     ),
     -- A push needs no address here (the sender finds the browsers); email and SMS need theirs.
     sorted as materialized (
       select f.*, f.channel = 'push'
                   or coalesce(case f.channel when 'email' then f.email else f.phone end, '') <> '' as addressed
         from facts f
     ),
     leased as (
       update infocare_notifications n set attempts = n.attempts + 1, next_attempt_at = $3
         from sorted s where n.id = s.id and s.addressed
     ),
     unaddressed as (
       update infocare_notifications n set status = 'failed',
              last_error = case s.channel when 'email' then 'no email address' else 'no phone number' end
         from sorted s where n.id = s.id and not s.addressed
     )
     select * from sorted order by next_attempt_at, id`),
    [now, max, now + CLAIM_LEASE_S],
  );
  const due: Due[] = [];
  let skipped = 0;
  for (const { addressed, next_attempt_at: _order, browsers, ...row } of rows) {
    if (addressed) due.push(browsers ? { ...row, browsers } : row);
    else skipped += 1;
  }
  return { due, skipped };
}

/**
 * Records rows as sent: the ids that arrive while a record is being written go together in the next one
 * statement, so 16 senders finishing at once write once, not 16 times. Each caller's promise settles with
 * the statement that holds its id (a failure reaches every sender in it).
 */
export function sentRecorder(db: Queryable, now: number): (id: number) => Promise<void> {
  let open: { ids: number[]; written: Promise<void> } | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  return (id) => {
    if (open === null) {
      const ids: number[] = [];
      const written = previous
        .catch(() => undefined)
        .then(async () => {
          if (open?.ids === ids) open = null;
          await db.query(
            prepared(
              `update infocare_notifications set status = 'sent', sent_at = $2 where id = any($1::bigint[])`,
            ),
            [ids, now],
          );
        });
      open = { ids, written };
      previous = written;
    }
    open.ids.push(id);
    return open.written;
  };
}
