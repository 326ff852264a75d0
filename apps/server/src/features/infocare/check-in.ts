import { localParts, localTimeOfDay } from '@homeview/domain';
import type { CheckInSettings } from '@homeview/contract';
import type { Db, Queryable } from '../../db/types';
import { displayName } from '../../shared/carer-links';
import type { InfocareHouse } from './repository';
import { holdReminders, queueNotifications } from './notify';

// A word with the dependant first (issue 25). Per dependant, off by default: their own mobile and a daily
// window. A Warning alert (never an Urgent one) raised inside the window texts the dependant first
// (through the durable queue, so the one SMS module sends it after commit) and the carers' notifications
// wait CHECK_IN_WAIT_S. A reply of OK within that time resolves the alert ("Joan replied OK at 10:42") and
// the carers are told only that; any other reply releases their notifications at once, quoting it; no
// reply lets them go at the end of the wait, saying so (notification-text.ts).

export const CHECK_IN_WAIT_S = 20 * 60;
const DEFAULT_WINDOW = { start: 8 * 60, end: 21 * 60 };

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

interface SettingsRow {
  enabled: boolean;
  phone: string | null;
  name: string | null;
  window_start: number;
  window_end: number;
}

async function settingsRow(db: Queryable, dependantId: number): Promise<SettingsRow | undefined> {
  const { rows } = await db.query<SettingsRow>(
    `select enabled, phone, name, window_start, window_end from infocare_check_in_settings
      where dependant_user_id = $1`,
    [dependantId],
  );
  return rows[0];
}

export async function checkInSettings(db: Queryable, dependantId: number): Promise<CheckInSettings> {
  const row = await settingsRow(db, dependantId);
  return {
    enabled: row?.enabled ?? false,
    phone: row?.phone ?? null,
    name: row?.name || (await displayName(db, dependantId)),
    window_start: hhmm(row?.window_start ?? DEFAULT_WINDOW.start),
    window_end: hhmm(row?.window_end ?? DEFAULT_WINDOW.end),
  };
}

export async function saveCheckInSettings(
  db: Queryable,
  dependantId: number,
  s: {
    enabled: boolean;
    phone?: string | null | undefined;
    name?: string | undefined;
    window_start: string;
    window_end: string;
  },
): Promise<CheckInSettings> {
  await db.query(
    `insert into infocare_check_in_settings (dependant_user_id, enabled, phone, name, window_start, window_end)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (dependant_user_id) do update set enabled = excluded.enabled, phone = excluded.phone,
       name = excluded.name, window_start = excluded.window_start, window_end = excluded.window_end`,
    [
      dependantId,
      s.enabled,
      s.phone ?? null,
      s.name ?? null,
      minuteOf(s.window_start),
      minuteOf(s.window_end),
    ],
  );
  return checkInSettings(db, dependantId);
}

/**
 * Texts the dependant about each newly raised Warning alert when their check-in is on and `now` is in
 * its window; answers when the carers' notifications of those alerts fall due (the others: now).
 */
export async function startCheckIns(
  tx: Queryable,
  house: InfocareHouse,
  raised: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  const wait = new Map<number, number>();
  if (raised.length === 0) return wait;
  const s = await settingsRow(tx, house.owner_user_id);
  if (!s?.enabled || !s.phone) return wait;
  const minute = localParts(now, house.time_zone).minuteOfDay;
  if (minute < s.window_start || minute >= s.window_end) return wait;
  const name = s.name || (await displayName(tx, house.owner_user_id));
  const { rows } = await tx.query<{ id: number; level: string }>(
    `select id, level from infocare_alerts where id = any(string_to_array($1, ',')::int[])
        and level = 'Warning' and cleared_at is null and taken_at is null and resolved_at is null`,
    [raised.join(',')],
  );
  for (const alert of rows) {
    const asked = await tx.query(
      `insert into infocare_check_ins (alert_id, phone, name, asked_at, deadline)
       values ($1, $2, $3, $4, $5) on conflict (alert_id) do nothing`,
      [alert.id, s.phone, name, now, now + CHECK_IN_WAIT_S],
    );
    if (asked.rowCount === 0) continue;
    await tx.query(
      `insert into infocare_notifications (alert_id, user_id, channel, level, status, next_attempt_at, kind)
       values ($1, $2, 'sms', $3, 'pending', $4, 'checkin') on conflict do nothing`,
      [alert.id, house.owner_user_id, alert.level, now],
    );
    wait.set(alert.id, now + CHECK_IN_WAIT_S);
  }
  return wait;
}

/**
 * The alerts became Urgent while their check-in waited: it waits no more (an Urgent alert never asks
 * her first). Her reply is then out of every window, ignored and logged, so an "OK" cannot resolve the
 * Urgent alert the carers were just told of; 'none' keeps "did not reply" out of their texts.
 */
export async function endCheckIns(tx: Queryable, alertIds: readonly number[]): Promise<void> {
  if (alertIds.length === 0) return;
  await tx.query(
    `update infocare_check_ins set outcome = 'none'
      where alert_id = any(string_to_array($1, ',')::int[]) and outcome = 'waiting'`,
    [alertIds.join(',')],
  );
}

/** A reply counts as all well when it says OK and nothing else (any case, with punctuation). */
export const isOk = (body: string) => /^\s*ok(ay)?[\s.!]*$/i.test(body);

export type ReplyOutcome = 'ok' | 'other' | 'ignored' | 'duplicate';

/** How long a provider's message id is remembered: far past any retry of a delivery. */
const SEEN_FOR_S = 7 * 86_400;

/**
 * A text from `from` (E.164) saying `body`, `messageId` the provider's id of it: a delivery seen before
 * changes nothing ('duplicate'). It answers the newest check-in still waiting for that number; when
 * several wait (a phone two dependants share), the others end 'shared' and their carers are told at once
 * that the reply was counted for a newer one. Unknown numbers and replies outside every window are ignored
 * (and logged by the caller).
 */
export async function receiveReply(
  db: Db,
  reply: { from: string; body: string; messageId: string },
  now: number,
): Promise<ReplyOutcome> {
  return db.transaction(async (tx) => {
    const seen = await tx.query(
      'insert into sms_replies_seen (message_id, received_at) values ($1, $2) on conflict do nothing',
      [reply.messageId, now],
    );
    if (seen.rowCount === 0) return 'duplicate';
    await tx.query('delete from sms_replies_seen where received_at < $1', [now - SEEN_FOR_S]);
    const { rows } = await tx.query<{
      alert_id: number;
      name: string;
      owner_user_id: number;
      time_zone: string;
    }>(
      `select c.alert_id, c.name, h.owner_user_id, h.time_zone
         from infocare_check_ins c join infocare_alerts a on a.id = c.alert_id join houses h on h.id = a.house_id
        where c.phone = $1 and c.outcome = 'waiting' and c.asked_at <= $2 and c.deadline >= $2
        order by c.asked_at desc, c.alert_id desc for update of c`,
      [reply.from, now],
    );
    const [check, ...older] = rows;
    if (!check) return 'ignored';
    const text = reply.body.trim().slice(0, 500);
    if (older.length > 0) {
      const ids = older.map((o) => o.alert_id).join(',');
      await tx.query(
        `update infocare_check_ins set outcome = 'shared', reply = $2, replied_at = $3
          where alert_id = any(string_to_array($1, ',')::int[])`,
        [ids, text, now],
      );
      await releaseCarers(tx, ids, now);
    }
    if (isOk(reply.body)) {
      await tx.query(
        `update infocare_check_ins set outcome = 'ok', reply = $2, replied_at = $3 where alert_id = $1`,
        [check.alert_id, text, now],
      );
      const counted =
        older.length > 0 ? ` (counted for the latest of ${rows.length} check-ins sent to this number)` : '';
      const resolved = await tx.query(
        `update infocare_alerts set resolved_at = $2, resolved_by = null, resolved_note = $3
          where id = $1 and resolved_at is null`,
        [
          check.alert_id,
          now,
          `${check.name} replied OK at ${localTimeOfDay(now, check.time_zone)}${counted}`,
        ],
      );
      if (resolved.rowCount > 0) {
        await holdReminders(tx, check.alert_id, 'the dependant replied OK');
        await queueNotifications(tx, [check.alert_id], check.owner_user_id, check.time_zone, now, {
          kind: 'resolved',
        });
      }
      return 'ok';
    }
    await tx.query(
      `update infocare_check_ins set outcome = 'other', reply = $2, replied_at = $3 where alert_id = $1`,
      [check.alert_id, text, now],
    );
    await releaseCarers(tx, String(check.alert_id), now);
    return 'other';
  });
}

/** The carers' notifications of these alerts (ids joined by commas) wait no longer: they go now. */
async function releaseCarers(tx: Queryable, alertIds: string, now: number): Promise<void> {
  await tx.query(
    `update infocare_notifications set next_attempt_at = $2
      where alert_id = any(string_to_array($1, ',')::int[]) and kind = 'alert' and status = 'pending'
        and next_attempt_at > $2`,
    [alertIds, now],
  );
}
