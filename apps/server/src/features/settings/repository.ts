import type { Queryable } from '../../db/types';

export interface SettingsRow {
  name: string;
  /** As stored: the channel bits, 1 email, 2 SMS (§3's code) and 4 push (alert_push, issue 36). */
  alert_notification: number;
  email_report: number;
  phone: string | null;
}

// Without a saved name the settings show the home's name, else the username.
export async function findSettings(db: Queryable, userId: number): Promise<SettingsRow | null> {
  const { rows } = await db.query<SettingsRow>(
    `select coalesce(s.name, h.name, u.username) as name,
            coalesce(s.alert_notification, 1)::int as alert_notification,
            coalesce(s.email_report, 0)::int as email_report,
            u.phone
       from users u
       left join user_settings s on s.user_id = u.id
       left join houses h on h.owner_user_id = u.id
      where u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export interface SettingsChange {
  name?: string | undefined;
  alert_notification?: number | undefined;
  alert_push?: boolean | undefined;
  email_report?: number | undefined;
  /** E.164, or null to remove; on the users row (the notification queue reads it there). */
  phone?: string | null | undefined;
}

/** The stored alert_notification bits: §3's code (email, SMS) and push (issue 36). */
export const ALERT_CODE_BITS = 3;
export const ALERT_PUSH_BIT = 4;

/**
 * The alert bits a change writes, as the bits it keeps and the bits it sets: alert_notification replaces
 * the code and keeps push, alert_push replaces push and keeps the code, anything else keeps all.
 */
function alertBits(change: SettingsChange): { keep: number; set: number } {
  if (change.alert_notification !== undefined)
    return { keep: ALERT_PUSH_BIT, set: change.alert_notification };
  if (change.alert_push !== undefined)
    return { keep: ALERT_CODE_BITS, set: change.alert_push ? ALERT_PUSH_BIT : 0 };
  return { keep: ALERT_CODE_BITS | ALERT_PUSH_BIT, set: 0 };
}

/**
 * Saves the given settings (others keep their value or default); each save bumps the revision. The alert
 * bits are merged inside the statement (a new row starts from the default 1, email), so two saves at once,
 * one of the code and one of push, both stand.
 */
export async function saveSettings(
  db: Queryable,
  userId: number,
  change: SettingsChange,
  at: Date,
): Promise<void> {
  if (change.phone !== undefined) {
    await db.query('update users set phone = $2 where id = $1', [userId, change.phone]);
    return;
  }
  const { keep, set } = alertBits(change);
  await db.query(
    `insert into user_settings (user_id, name, alert_notification, email_report, revision, updated_at)
     values ($1, $2::text, ((1 & $3::int) | $4::int)::smallint, coalesce($5::smallint, 0), 1, $6)
     on conflict (user_id) do update set
       name = coalesce($2::text, user_settings.name),
       alert_notification = ((user_settings.alert_notification & $3::int) | $4::int)::smallint,
       email_report = coalesce($5::smallint, user_settings.email_report),
       revision = user_settings.revision + 1,
       updated_at = $6`,
    [userId, change.name ?? null, keep, set, change.email_report ?? null, at],
  );
}
