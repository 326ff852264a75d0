import type { Queryable } from '../../db/types';

// Reads of the /common/appliances calls. Every query is an index range: one house's events by
// (house_id, start_ts), or one appliance type's events across homes by (appliance_type_id, start_ts)
// over a few weeks. Names and icons as the person set them; hidden appliances are left out of lists.

export interface ShownAppliance {
  appliance_type_id: number;
  name: string;
  icon: string;
  continuous: boolean;
}

/**
 * Every catalogue appliance the house shows: not hidden, and not declared absent (a count of 0 in
 * setup). No row in house_appliances means shown under the catalogue's name and icon.
 */
export async function shownAppliances(db: Queryable, houseId: number): Promise<ShownAppliance[]> {
  const { rows } = await db.query<ShownAppliance>(
    `select t.id as appliance_type_id, coalesce(ha.appliance_label, t.name) as name,
            coalesce(ha.appliance_icon, t.icon) as icon, t.continuous
       from appliance_types t
       left join house_appliances ha on ha.house_id = $1 and ha.appliance_type_id = t.id
      where coalesce(ha.show_appliance, true) and coalesce(ha.number_of_appliances, 1) > 0
      order by t.id`,
    [houseId],
  );
  return rows;
}

/** The name and icon of one appliance type as this house shows it; null for an unknown type. */
export async function applianceOf(
  db: Queryable,
  houseId: number,
  typeId: number,
): Promise<ShownAppliance | null> {
  const { rows } = await db.query<ShownAppliance>(
    `select t.id as appliance_type_id, coalesce(ha.appliance_label, t.name) as name,
            coalesce(ha.appliance_icon, t.icon) as icon, t.continuous
       from appliance_types t
       left join house_appliances ha on ha.house_id = $1 and ha.appliance_type_id = t.id
      where t.id = $2`,
    [houseId, typeId],
  );
  return rows[0] ?? null;
}

export interface TimelineRow {
  appliance_type_id: number;
  name: string;
  icon: string;
  start_ts: number;
}

/**
 * Uses that started in [start, end), oldest first. Continuous appliances (one day-long event a day) are
 * not something a person did, so they are not on the timeline; hidden appliances are not either.
 */
export async function timelineEvents(
  db: Queryable,
  houseId: number,
  start: number,
  end: number,
): Promise<TimelineRow[]> {
  const { rows } = await db.query<TimelineRow>(
    `select e.appliance_type_id, coalesce(ha.appliance_label, t.name) as name,
            coalesce(ha.appliance_icon, t.icon) as icon, e.start_ts
       from appliance_events e join appliance_types t on t.id = e.appliance_type_id
       left join house_appliances ha on ha.house_id = e.house_id and ha.appliance_type_id = e.appliance_type_id
      where e.house_id = $1 and e.start_ts >= $2 and e.start_ts < $3
        and not t.continuous and coalesce(ha.show_appliance, true)
      order by e.start_ts, e.appliance_type_id`,
    [houseId, start, end],
  );
  return rows;
}

/** One appliance's use in a window: seconds, Wh and n£. */
export interface UseTotals {
  seconds: number;
  energy_wh: number;
  cost: number;
}

export interface HomeUse extends UseTotals {
  house_id: number;
}

/** Every home's totals of one appliance type over uses that started in [start, end). */
export async function useByHome(
  db: Queryable,
  typeId: number,
  start: number,
  end: number,
): Promise<HomeUse[]> {
  const { rows } = await db.query<HomeUse>(
    `select house_id, sum(end_ts - start_ts)::bigint as seconds, sum(energy_wh)::bigint as energy_wh,
            sum(cost)::bigint as cost
       from appliance_events
      where appliance_type_id = $1 and start_ts >= $2 and start_ts < $3
      group by house_id`,
    [typeId, start, end],
  );
  return rows;
}

export interface BucketUse extends UseTotals {
  /** 1-based index of the bucket (day) the uses started in. */
  bucket: number;
}

/**
 * One appliance type's uses per bucket (`bounds` ascending, the last one the window's end), for this
 * house (`mine`) and summed over every other home (`others`).
 */
export async function useByBucket(
  db: Queryable,
  houseId: number,
  typeId: number,
  bounds: readonly number[],
): Promise<{ mine: BucketUse[]; others: BucketUse[] }> {
  const { rows } = await db.query<BucketUse & { mine: boolean }>(
    `select width_bucket(start_ts, $4::bigint[]) as bucket, house_id = $1 as mine,
            sum(end_ts - start_ts)::bigint as seconds, sum(energy_wh)::bigint as energy_wh,
            sum(cost)::bigint as cost
       from appliance_events
      where appliance_type_id = $2 and start_ts >= $3 and start_ts < $5
      group by 1, 2`,
    [houseId, typeId, bounds[0] ?? 0, bounds, bounds.at(-1) ?? 0],
  );
  const pick = (mine: boolean) => rows.filter((r) => r.mine === mine).map(({ mine: _m, ...rest }) => rest);
  return { mine: pick(true), others: pick(false) };
}
