import type { Queryable } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// What the Devices screens read beyond the devices table (devices-repository.ts has that): how much a
// home stored today, and the devices that published but belong to no home, looked up by exact id only.

/** Electricity readings of a house starting in [from, to) (what its devices stored): its blocks of those
 *  UTC days, unfolded and counted. */
export async function readingsBetween(
  db: Queryable,
  houseId: number,
  from: number,
  to: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n
       from reading_blocks b
      cross join lateral (
        select b.block_start + sum(u.gap) over (order by u.n) as start_ts
          from unnest(b.gaps) with ordinality u(gap, n)) x
      where b.house_id = $1 and b.fuel = ${ELECTRICITY_CODE} and b.block_start > $2::bigint - 86400 and b.block_start < $3::bigint
        and x.start_ts >= $2::bigint and x.start_ts < $3::bigint`,
    [houseId, from, to],
  );
  return rows[0]?.n ?? 0;
}

export interface UnclaimedRow {
  kind: string;
  device_id: string;
  first_seen: number;
  last_seen: number;
  messages: number;
}

/** Unclaimed devices whose id is exactly `deviceId` (one per kind at most); never a wider match. */
export async function unclaimedById(db: Queryable, deviceId: string): Promise<UnclaimedRow[]> {
  const { rows } = await db.query<UnclaimedRow>(
    `select kind, device_id, first_seen::float8 as first_seen, last_seen::float8 as last_seen, messages
       from unclaimed_devices where device_id = $1 order by kind`,
    [deviceId],
  );
  return rows;
}

export async function isUnclaimed(db: Queryable, kind: string, deviceId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from unclaimed_devices where kind = $1 and device_id = $2', [
    kind,
    deviceId,
  ]);
  return rows.length > 0;
}

export interface UnclaimedRecordRow {
  last_seen: number;
  /** Its last import counter (whole mWh) and when it came; null while none came (migration 0033). */
  counter_mwh: number | null;
  counter_at: number | null;
}

/** What the unclaimed-device record knows of one device (possession.ts), or null: never heard of. */
export async function unclaimedRecord(
  db: Queryable,
  kind: string,
  deviceId: string,
): Promise<UnclaimedRecordRow | null> {
  const { rows } = await db.query<UnclaimedRecordRow>(
    `select last_seen::float8 as last_seen, counter_mwh::float8 as counter_mwh, counter_at::float8 as counter_at
       from unclaimed_devices where kind = $1 and device_id = $2`,
    [kind, deviceId],
  );
  return rows[0] ?? null;
}
