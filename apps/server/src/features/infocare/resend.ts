import type { Db } from '../../db/types';
import { queueNotifications } from './notify';

// An Urgent alert nobody has taken within URGENT_RESEND_AFTER_S of becoming Urgent is sent again to every
// carer, once (resent_at marks it in the same statement that picks it, so two runs cannot both resend),
// then not again. Taken, resolved or cleared alerts are left alone, and so are alerts that became Urgent
// more than RESEND_WITHIN_S ago (raised by a replay of history, or missed while the server was down: a
// reminder hours late is noise).

export const URGENT_RESEND_AFTER_S = 15 * 60;
export const RESEND_WITHIN_S = 3600;

export async function resendUntakenUrgent(db: Db, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; owner_user_id: number; time_zone: string }>(
      `update infocare_alerts a set resent_at = $1 from houses h
        where h.id = a.house_id and a.urgent_at <= $2 and a.urgent_at > $3 and a.taken_at is null and a.resolved_at is null
          and a.resent_at is null and a.cleared_at is null and a.level = 'Urgent'
        returning a.id, h.owner_user_id, h.time_zone`,
      [now, now - URGENT_RESEND_AFTER_S, now - RESEND_WITHIN_S],
    );
    for (const r of rows)
      await queueNotifications(tx, [r.id], r.owner_user_id, r.time_zone, now, { kind: 'again' });
    return rows.length;
  });
}
