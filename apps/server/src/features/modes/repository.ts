import type { DoNotDisturb, HolidayMode, ModeStatus } from '@homeview/contract';
import type { Queryable } from '../../db/types';

// Holiday mode and Do Not Disturb per user id (user_modes, migration 0003). No row: both DISABLED;
// Do Not Disturb's window defaults to 00:00–00:00 (spec §9). A schedule is kept when the status moves
// away from SCHEDULED, so switching back shows it again.

interface ModesRow {
  holiday_status: ModeStatus;
  holiday_start: string | null;
  holiday_end: string | null;
  dnd_status: ModeStatus;
  dnd_start: string | null;
  dnd_end: string | null;
  dnd_urgent_through: boolean;
}

async function findModes(db: Queryable, userId: number): Promise<ModesRow | null> {
  const { rows } = await db.query<ModesRow>(
    `select holiday_status, holiday_start::text, holiday_end::text, dnd_status, dnd_start, dnd_end,
            dnd_urgent_through
       from user_modes where user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function findHolidayMode(db: Queryable, userId: number): Promise<HolidayMode> {
  const row = await findModes(db, userId);
  return {
    status: row?.holiday_status ?? 'DISABLED',
    start_timestamp: row?.holiday_start == null ? null : Number(row.holiday_start),
    end_timestamp: row?.holiday_end == null ? null : Number(row.holiday_end),
  };
}

export async function findDoNotDisturb(db: Queryable, userId: number): Promise<DoNotDisturb> {
  const row = await findModes(db, userId);
  return {
    status: row?.dnd_status ?? 'DISABLED',
    start_time: row?.dnd_start ?? '00:00',
    end_time: row?.dnd_end ?? '00:00',
    urgent_through: row?.dnd_urgent_through ?? false,
  };
}

export async function saveHolidayMode(
  db: Queryable,
  userId: number,
  mode: { status: ModeStatus; start?: number | undefined; end?: number | undefined },
  at: Date,
): Promise<void> {
  await db.query(
    `insert into user_modes (user_id, holiday_status, holiday_start, holiday_end, updated_at)
     values ($1, $2, $3::bigint, $4::bigint, $5)
     on conflict (user_id) do update set
       holiday_status = excluded.holiday_status,
       holiday_start = coalesce($3::bigint, user_modes.holiday_start),
       holiday_end = coalesce($4::bigint, user_modes.holiday_end),
       updated_at = $5`,
    [userId, mode.status, mode.start ?? null, mode.end ?? null, at],
  );
}

export async function saveDoNotDisturb(
  db: Queryable,
  userId: number,
  mode: {
    status: ModeStatus;
    start?: string | undefined;
    end?: string | undefined;
    urgentThrough?: boolean | undefined;
  },
  at: Date,
): Promise<void> {
  await db.query(
    `insert into user_modes (user_id, dnd_status, dnd_start, dnd_end, updated_at, dnd_urgent_through)
     values ($1, $2, $3::text, $4::text, $5, coalesce($6::boolean, false))
     on conflict (user_id) do update set
       dnd_status = excluded.dnd_status,
       dnd_start = coalesce($3::text, user_modes.dnd_start),
       dnd_end = coalesce($4::text, user_modes.dnd_end),
       dnd_urgent_through = coalesce($6::boolean, user_modes.dnd_urgent_through),
       updated_at = $5`,
    [userId, mode.status, mode.start ?? null, mode.end ?? null, at, mode.urgentThrough ?? null],
  );
}
