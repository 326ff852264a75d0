import type { Queryable } from '../../src/db/types';
import { mergeUses } from '../../src/features/readings/use-days';

// Appliance uses a test puts in place directly (not through the write path), through the one writer of
// use_days (migration 0038): the view appliance_events is read-only. As a raw INSERT did, the appliance
// days (appliance_daily) are left as they were.

export interface TestUse {
  house_id: number;
  appliance_type_id: number;
  start_ts: number;
  end_ts: number;
  energy_wh: number;
  /** n£; 0 unless given. */
  cost?: number;
  /** false (measured) unless given. */
  estimated?: boolean;
}

/** Stores these uses (a stored use of the same house, type and start is kept). */
export async function insertUses(db: Queryable, uses: readonly TestUse[]): Promise<void> {
  await mergeUses(
    db,
    uses.map((u) => ({
      mode: 'add' as const,
      house_id: u.house_id,
      appliance_type_id: u.appliance_type_id,
      start_ts: Number(u.start_ts),
      end_ts: Number(u.end_ts),
      energy_wh: u.energy_wh,
      cost: u.cost ?? 0,
      estimated: u.estimated ?? false,
    })),
  );
}

/** Gives the house's uses that start before `before` (all of them by default) this n£, as stored. */
export async function setUseCosts(
  db: Queryable,
  houseId: number,
  cost: number,
  before = Number.MAX_SAFE_INTEGER,
): Promise<void> {
  const { rows } = await db.query<{ appliance_type_id: number; start_ts: number }>(
    'select appliance_type_id, start_ts from appliance_events where house_id = $1 and start_ts < $2',
    [houseId, before],
  );
  await mergeUses(
    db,
    rows.map((r) => ({ mode: 'cost' as const, house_id: houseId, ...r, start_ts: Number(r.start_ts), cost })),
  );
}
