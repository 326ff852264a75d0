import { TAKE_OVER_AFTER_S } from '@homeview/contract';
import type { Db, Queryable } from '../../db/types';
import { badRequest } from '../../http/errors';
import type { InfocareHouse } from './repository';
import { holdReminders, queueNotifications } from './notify';

// "I'm on it" and "resolved" (issue 25). Each is recorded once: the update only matches while the alert
// is untaken (or unresolved), so two carers pressing at the same moment are serialised by the row lock
// and the second finds it done. The one who recorded it holds the reminders still waiting for the other
// carers and tells them, through the durable queue, in the same transaction.

export async function takeAlert(db: Db, house: InfocareHouse, alertId: number, carerId: number, now: number) {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `update infocare_alerts set taken_by = $2, taken_at = $3
        where id = $1 and taken_at is null and resolved_at is null`,
      [alertId, carerId, now],
    );
    if (rowCount === 0) return;
    await seen(tx, alertId, carerId, now);
    await holdReminders(tx, alertId, 'taken by another carer');
    await queueNotifications(tx, [alertId], house.owner_user_id, house.time_zone, now, {
      kind: 'taken',
      except: carerId,
    });
  });
}

/**
 * "Take over from Ann" (issue 33): another carer becomes the one on an alert its taker has left unresolved
 * for TAKE_OVER_AFTER_S (they went quiet). The former taker is told like the others. Refused, with when it
 * will be possible, while the taker is recent; refused once resolved or while nobody has it ("I'm on it").
 */
export async function takeOverAlert(
  db: Db,
  house: InfocareHouse,
  alertId: number,
  carerId: number,
  now: number,
) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      taken_by: number | null;
      taken_at: number | null;
      resolved: boolean;
      name: string | null;
    }>(
      `select a.taken_by, a.taken_at, a.resolved_at is not null as resolved,
              coalesce(nullif(s.name, ''), u.username) as name
         from infocare_alerts a left join users u on u.id = a.taken_by
         left join user_settings s on s.user_id = a.taken_by where a.id = $1 for update of a`,
      [alertId],
    );
    const row = rows[0];
    if (!row || row.resolved)
      throw badRequest('This alert is resolved: there is nothing to take over', 'take_over');
    if (row.taken_at === null)
      throw badRequest('Nobody is on this alert: press "I\'m on it" instead', 'take_over');
    if (row.taken_by !== null && Number(row.taken_by) === carerId) return;
    const from = Number(row.taken_at) + TAKE_OVER_AFTER_S;
    if (now < from) {
      const minutes = Math.ceil((from - now) / 60);
      throw badRequest(
        `${row.name ?? 'Another carer'} took this alert ${Math.round((now - Number(row.taken_at)) / 60)} min ago: you can take over in ${minutes} min if they are still not on it`,
        'take_over',
      );
    }
    await tx.query('update infocare_alerts set taken_by = $2, taken_at = $3 where id = $1', [
      alertId,
      carerId,
      now,
    ]);
    await queueNotifications(tx, [alertId], house.owner_user_id, house.time_zone, now, {
      kind: 'taken',
      except: carerId,
    });
  });
}

/**
 * A carer who takes or resolves an alert has seen it: an alert nobody had viewed gets this viewing, so it
 * no longer "needs attention" (spec-decisions "Alert viewings") while someone is on it.
 */
async function seen(tx: Queryable, alertId: number, carerId: number, now: number) {
  await tx.query(
    `insert into infocare_alert_viewings (alert_id, user_id, viewed_at)
     select $1, $2, $3 where not exists (select 1 from infocare_alert_viewings where alert_id = $1)`,
    [alertId, carerId, now],
  );
}

/**
 * Resolves the alert with an optional note: the carer who took it, or anyone while nobody has (who then
 * takes it too). Resolving twice keeps the first.
 */
export async function resolveAlert(
  db: Db,
  house: InfocareHouse,
  alertId: number,
  carerId: number,
  note: string | null,
  now: number,
) {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `update infocare_alerts set resolved_by = $2, resolved_at = $3, resolved_note = $4,
              taken_by = case when taken_at is null then $2 else taken_by end,
              taken_at = coalesce(taken_at, $3)
        where id = $1 and resolved_at is null and (taken_by is null or taken_by = $2)`,
      [alertId, carerId, now, note],
    );
    if (rowCount === 0) {
      const { rows } = await tx.query<{ resolved: boolean; name: string | null }>(
        `select a.resolved_at is not null as resolved, coalesce(nullif(s.name, ''), u.username) as name
           from infocare_alerts a left join users u on u.id = a.taken_by
           left join user_settings s on s.user_id = a.taken_by where a.id = $1`,
        [alertId],
      );
      if (rows[0]?.resolved) return;
      throw badRequest(
        `${rows[0]?.name ?? 'Another carer'} is on this alert: only they can resolve it`,
        'resolve',
      );
    }
    await seen(tx, alertId, carerId, now);
    await holdReminders(tx, alertId, 'resolved');
    await queueNotifications(tx, [alertId], house.owner_user_id, house.time_zone, now, {
      kind: 'resolved',
      except: carerId,
    });
  });
}
