import type { Queryable } from '../../db/types';

// Reads of the energy views. Every query is bounded by the (house_id, slot_start) or (house_id, start_ts)
// index: one house, one period. Raw `readings` are never read here.

export interface EnergyHouse {
  id: number;
  name: string;
  time_zone: string;
}

export async function findHouseOf(db: Queryable, userId: number): Promise<EnergyHouse | null> {
  const { rows } = await db.query<EnergyHouse>(
    'select id, name, time_zone from houses where owner_user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

/** Sums of a house's half-hour rollups in one bucket of a period (money n£, energy Wh). */
export interface BucketSums {
  import_wh: number;
  export_wh: number;
  generation_wh: number;
  /** Σ per half-hour of import + max(0, generation − export): domain's `selfConsumedWh`, slot by slot. */
  consumed_wh: number;
  import_cost: number;
  export_income: number;
  generation_income: number;
  /** Half-hours with a rollup row. */
  data_slots: number;
}

export interface DataSpan {
  /** Start of the oldest half-hour with data; null before the first reading. */
  first: number | null;
  /** End of the newest data: its half-hour's start plus the seconds covered. */
  latestEnd: number | null;
}

export interface PeriodSums {
  span: DataSpan;
  /** One entry per bucket, in order; zeros (and data_slots 0) where the bucket has no rollup. */
  sums: BucketSums[];
}

const noSums = (): BucketSums => ({
  import_wh: 0,
  export_wh: 0,
  generation_wh: 0,
  consumed_wh: 0,
  import_cost: 0,
  export_income: 0,
  generation_income: 0,
  data_slots: 0,
});

type PeriodSumsRow = BucketSums & { bucket: number | null; first: number | null; latest_end: number | null };

/**
 * In one round trip: the house's data span (its oldest and newest rollup: two index probes, not an
 * aggregate) and the rollups of [start, end) summed per bucket, where `bucketStarts` (ascending, the first
 * = start) are the detail periods computed by @homeview/domain. Summing in SQL sends one row per bucket
 * instead of one per half-hour: a year is 12 rows, not 17,520 (which cost ~0.5 s to decode on PGlite).
 */
export async function periodSums(
  db: Queryable,
  houseId: number,
  start: number,
  end: number,
  bucketStarts: readonly number[],
): Promise<PeriodSums> {
  const { rows } = await db.query<PeriodSumsRow>(
    `with span as (
       select (select slot_start from rollups where house_id = $1 order by slot_start limit 1) as first,
              (select slot_start + covered_s from rollups where house_id = $1
                order by slot_start desc limit 1) as latest_end)
     select span.first, span.latest_end, b.*
       from span left join lateral (
         select width_bucket(slot_start, $4::bigint[]) as bucket,
                count(*)::int as data_slots,
                sum(import_wh)::bigint as import_wh,
                sum(export_wh)::bigint as export_wh,
                sum(generation_wh)::bigint as generation_wh,
                sum(import_wh + greatest(generation_wh - export_wh, 0))::bigint as consumed_wh,
                sum(import_cost)::bigint as import_cost,
                sum(export_income)::bigint as export_income,
                sum(generation_income)::bigint as generation_income
           from rollups
          where house_id = $1 and slot_start >= $2 and slot_start < $3
          group by 1) b on true`,
    [houseId, start, end, bucketStarts],
  );
  const sums = bucketStarts.map(noSums);
  for (const row of rows) {
    const { bucket, first: _first, latest_end: _latestEnd, ...bucketSums } = row;
    if (bucket !== null && bucket >= 1 && bucket <= sums.length) sums[bucket - 1] = bucketSums;
  }
  return { span: { first: rows[0]?.first ?? null, latestEnd: rows[0]?.latest_end ?? null }, sums };
}

export interface ApplianceUsageRow {
  appliance_type_id: number;
  name: string;
  icon: string;
  continuous: boolean;
  /** Sum of the uses' lengths, seconds. */
  seconds: number;
  energy_wh: number;
  /** n£ at the import rate in force. */
  cost: number;
}

const USAGE_COLUMNS = `e.appliance_type_id, t.name, t.icon, t.continuous,
       sum(e.end_ts - e.start_ts)::bigint as seconds, sum(e.energy_wh)::bigint as energy_wh,
       sum(e.cost)::bigint as cost`;

/** Appliance uses that started in [start, end), per appliance type (a use belongs to its start's period). */
export async function applianceUsageIn(
  db: Queryable,
  houseId: number,
  start: number,
  end: number,
): Promise<ApplianceUsageRow[]> {
  const { rows } = await db.query<ApplianceUsageRow>(
    `select ${USAGE_COLUMNS}
       from appliance_events e join appliance_types t on t.id = e.appliance_type_id
      where e.house_id = $1 and e.start_ts >= $2 and e.start_ts < $3
      group by e.appliance_type_id, t.name, t.icon, t.continuous
      order by e.appliance_type_id`,
    [houseId, start, end],
  );
  return rows;
}

/**
 * The longest non-continuous use looked back for when asking what was on (2 days): keeps the query an
 * index range. Continuous appliances (fridge-freezer, heat pump) are always on and are not asked about.
 */
export const MAX_USE_SECONDS = 2 * 86_400;

/** Non-continuous appliances with a use overlapping [from, to), per appliance type. */
export async function appliancesOnBetween(
  db: Queryable,
  houseId: number,
  from: number,
  to: number,
): Promise<ApplianceUsageRow[]> {
  const { rows } = await db.query<ApplianceUsageRow>(
    `select ${USAGE_COLUMNS}
       from appliance_events e join appliance_types t on t.id = e.appliance_type_id
      where e.house_id = $1 and e.start_ts >= $2 and e.start_ts < $4 and e.end_ts > $3
        and not t.continuous
      group by e.appliance_type_id, t.name, t.icon, t.continuous
      order by e.appliance_type_id`,
    [houseId, from - MAX_USE_SECONDS, from, to],
  );
  return rows;
}
