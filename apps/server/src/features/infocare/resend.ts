import type { Db } from '../../db/types';
import { queueNotifications } from './notify';

// An Urgent alert nobody has taken is sent again to every carer URGENT_RESEND_AFTER_S after it became
// Urgent, and again every URGENT_RESEND_AFTER_S after that until someone takes it, resolves it or it clears
// (issue 36). Each round is numbered (`resends`, 0042) and marked in the same statement that picks it, so
// two runs cannot both send one round. A chain only goes on from a send within the last RESEND_WITHIN_S:
// an alert raised by a replay of history, or a chain broken while the server was down, is not reminded
// hours late (noise), though the alert stays on the carers' screens.

export const URGENT_RESEND_AFTER_S = 15 * 60;
export const RESEND_WITHIN_S = 3600;

export async function resendUntakenUrgent(db: Db, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number;
      owner_user_id: number;
      time_zone: string;
      resends: number;
    }>(
      `update infocare_alerts a set resent_at = $1, resends = a.resends + 1 from houses h
        where h.id = a.house_id and a.level = 'Urgent' and a.taken_at is null and a.resolved_at is null
          and a.cleared_at is null
          and coalesce(a.resent_at, a.urgent_at) <= $2 and coalesce(a.resent_at, a.urgent_at) > $3
        returning a.id, h.owner_user_id, h.time_zone, a.resends`,
      [now, now - URGENT_RESEND_AFTER_S, now - RESEND_WITHIN_S],
    );
    for (const r of rows)
      await queueNotifications(tx, [r.id], r.owner_user_id, r.time_zone, now, {
        kind: 'again',
        round: r.resends,
      });
    return rows.length;
  });
}
