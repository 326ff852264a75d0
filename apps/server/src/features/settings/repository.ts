import type { Queryable } from '../../db/types';

export interface SettingsRow {
  name: string;
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
  email_report?: number | undefined;
  /** E.164, or null to remove; on the users row (the notification queue reads it there). */
  phone?: string | null | undefined;
}

/** Saves the given settings (others keep their value or default); each save bumps the revision. */
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
  await db.query(
    `insert into user_settings (user_id, name, alert_notification, email_report, revision, updated_at)
     values ($1, $2::text, coalesce($3::smallint, 1), coalesce($4::smallint, 0), 1, $5)
     on conflict (user_id) do update set
       name = coalesce($2::text, user_settings.name),
       alert_notification = coalesce($3::smallint, user_settings.alert_notification),
       email_report = coalesce($4::smallint, user_settings.email_report),
       revision = user_settings.revision + 1,
       updated_at = $5`,
    [userId, change.name ?? null, change.alert_notification ?? null, change.email_report ?? null, at],
  );
}
