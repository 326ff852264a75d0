import type { Queryable } from '../db/types';

// A carer's daily "all is well" message about a dependant (issue 25, migration 0017): set through the
// settings (features/settings), sent by InfoCare's timer (features/infocare/all-is-well.ts).

export const ALL_IS_WELL_DEFAULT_MINUTE = 10 * 60;

export interface AllIsWellPreference {
  /** By the alert_notification bits: 1 email, 2 SMS, 4 push (0 none). */
  channels: number;
  /** Local minutes in the dependant's zone from which it may go. */
  atMinute: number;
}

export async function findAllIsWell(
  db: Queryable,
  carerUserId: number,
  dependantUserId: number,
): Promise<AllIsWellPreference> {
  const { rows } = await db.query<{ channels: number; at_minute: number }>(
    'select channels, at_minute from infocare_all_is_well where carer_user_id = $1 and dependant_user_id = $2',
    [carerUserId, dependantUserId],
  );
  const row = rows[0];
  return row
    ? { channels: row.channels, atMinute: row.at_minute }
    : { channels: 0, atMinute: ALL_IS_WELL_DEFAULT_MINUTE };
}

/** Saves what is given; the other part keeps its value (or default). */
export async function saveAllIsWell(
  db: Queryable,
  carerUserId: number,
  dependantUserId: number,
  change: { channels?: number | undefined; atMinute?: number | undefined },
): Promise<void> {
  await db.query(
    `insert into infocare_all_is_well (carer_user_id, dependant_user_id, channels, at_minute)
     values ($1, $2, coalesce($3::smallint, 0), coalesce($4::smallint, $5::smallint))
     on conflict (carer_user_id, dependant_user_id) do update set
       channels = coalesce($3::smallint, infocare_all_is_well.channels),
       at_minute = coalesce($4::smallint, infocare_all_is_well.at_minute)`,
    [
      carerUserId,
      dependantUserId,
      change.channels ?? null,
      change.atMinute ?? null,
      ALL_IS_WELL_DEFAULT_MINUTE,
    ],
  );
}
