import { type EnergyTotals, emptyTotals, localDate, type Period } from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import { TARIFF_KEY_SQL } from '../../shared/tariff-book';
import {
  ELECTRICITY,
  ELECTRICITY_CODE,
  FUELS_PRESENT_SQL,
  type Fuel,
  fuelCode,
  fuelsOfCodes,
} from '../../shared/fuel';
import { carbonJoin, carbonMg, carbonOfDays } from '../readings/carbon-days';

// Reads of the energy views. Every query is bounded by the (house_id, fuel, day), (house_id, fuel,
// slot_start) or (house_id, start_ts) index: one house, one fuel, one period. Raw `readings` are never
// read here. The fuel goes into the SQL as its stored code (an integer literal, so each fuel's statement
// is prepared once).

export type { EnergyHouse } from '../../shared/house';

/** Sums of a house's rollups in one bucket of a period (money n£, energy Wh); the standing charge comes
 * from the domain. */
export type BucketSums = Omit<EnergyTotals, 'standing_charge'>;

export interface DataSpan {
  /** Start of the oldest half-hour with data; null before the first reading. */
  first: number | null;
  /** End of the newest data: its half-hour's start plus the seconds covered. */
  latestEnd: number | null;
}

export interface PeriodSums {
  span: DataSpan;
  /** The house's tariff cache key (shared/tariff-book.ts `tariffsFor`), read in the same statement. */
  tariffIds: string;
  /** The fuels the house has any reading of (issue 35), whichever fuel is summed. */
  fuels: Fuel[];
  /** One entry per bucket, in order; zeros (and data_slots 0) where the bucket has no data. */
  sums: BucketSums[];
  /**
   * Electricity: each bucket's grid carbon in mg (import Wh × recorded g/kWh, exact), 0 without data, null
   * where a half-hour with data has no stored intensity; null throughout for gas.
   */
  carbonMg: (bigint | null)[];
}

/**
 * How a period's rows are bucketed: by instant over the half-hour rollups (a day's hours, an hour's
 * half-hours), by local date over the daily rollups (a week's or month's days) or over the monthly
 * rollups (a year's months). Each list is ascending and its first entry is the period's start.
 */
export type Buckets =
  | { slots: readonly number[] }
  | { days: readonly string[] }
  | { months: readonly string[] };

function noSums(): BucketSums {
  const { standing_charge: _charge, ...zero } = emptyTotals();
  return zero;
}

type PeriodSumsRow = BucketSums & {
  bucket: number | null;
  carbon_mg: string | null;
  first: number | null;
  latest_end: number | null;
  tariff_ids: string;
  fuels: string;
};

const SUM_COLUMNS = `sum(import_wh)::bigint as import_wh, sum(export_wh)::bigint as export_wh,
       sum(generation_wh)::bigint as generation_wh, sum(import_cost)::bigint as import_cost,
       sum(export_income)::bigint as export_income, sum(generation_income)::bigint as generation_income`;

function bucketQuery(buckets: Buckets, fuel: number): { sql: string; bounds: readonly (number | string)[] } {
  // Electricity's carbon: a day's hours from its half-hours joined with the intensities (48 rows), longer
  // periods from the days' and months' stored carbon_mg (migration 0039: a year reads 12 figures).
  const electricity = fuel === ELECTRICITY_CODE;
  if ('slots' in buckets) {
    return {
      sql: `select width_bucket(h.slot_start, $4::bigint[]) as bucket, count(*)::int as data_slots,
                   sum(import_wh + greatest(generation_wh - export_wh, 0))::bigint as consumed_wh, ${SUM_COLUMNS},
                   ${electricity ? carbonMg('h', 'count(*)', `${fuel}`) : 'null'}::text as carbon_mg
              from half_hours($1, ${fuel}, $2, $3) h ${electricity ? carbonJoin('h') : ''}
             group by 1`,
      bounds: buckets.slots,
    };
  }
  const [table, key, bounds] =
    'days' in buckets ? ['daily_rollups', 'day', buckets.days] : ['monthly_rollups', 'month', buckets.months];
  return {
    sql: `select width_bucket(${key}, $4::date[]) as bucket, sum(data_slots)::int as data_slots,
                 sum(consumed_wh)::bigint as consumed_wh, ${SUM_COLUMNS},
                 ${electricity ? carbonOfDays(table) : 'null'}::text as carbon_mg
            from ${table} where house_id = $1 and fuel = ${fuel} and ${key} >= $2::date and ${key} < $3::date
           group by 1`,
    bounds,
  };
}

/** The appliance lists an energy view reads with its sums (`applianceLists`' arguments). */
export interface ListsAsked {
  on: { from: number; to: number };
  period: Period;
  zone: string;
}

export interface ApplianceLists {
  on: ApplianceUsageRow[];
  usage: ApplianceUsageRow[];
}

const SUM_KEYS = [
  'data_slots',
  'consumed_wh',
  'import_wh',
  'export_wh',
  'generation_wh',
  'import_cost',
  'export_income',
  'generation_income',
] as const;
const USAGE_KEYS = [
  'appliance_type_id',
  'name',
  'icon',
  'continuous',
  'seconds',
  'energy_wh',
  'cost',
  'estimated',
] as const;
const USAGE_TYPES = ['int', 'text', 'text', 'boolean', 'bigint', 'bigint', 'bigint', 'boolean'];
const nulls = (types: readonly string[]) => types.map((t) => `null::${t}`).join(', ');
/** The first branch of a union names the columns. */
const namedNulls = USAGE_KEYS.map((k, i) => `null::${USAGE_TYPES[i]} as ${k}`).join(', ');

/**
 * In one round trip: the house's tariff key, its data span (its oldest and newest daily rollup: two
 * index probes), its rollups in [start, end) summed per bucket and, when asked, both appliance lists of
 * the view (`applianceLists`: one statement, one plan and one wait for the database instead of two).
 * A read takes no lock on the house: the summary is of one snapshot, and the key names the tariff
 * versions of that snapshot. Summing in SQL sends one row per bucket: a year is its 12 monthly rows, a
 * month 31 daily rows, a day 24 rows summed from 48 half-hours. Sum rows have `list` null; list rows
 * (0: on in the past hour, 1: the period's usage) come after them, ordered by appliance type.
 */
export async function periodSums(
  db: Queryable,
  houseId: number,
  range: { start: number | string; end: number | string },
  buckets: Buckets,
  lists?: ListsAsked,
  fuel: Fuel = ELECTRICITY,
): Promise<PeriodSums & { lists: ApplianceLists }> {
  const code = fuelCode(fuel); // an integer of the one table in shared/fuel.ts, never input
  const { sql, bounds } = bucketQuery(buckets, code);
  const usage = lists && usageOfPeriod(lists.period, lists.zone, 8);
  const listSql =
    usage === undefined
      ? ''
      : ` union all
     select l.list, null::bigint, null::bigint, null::text, null::text, null::int, ${nulls(['int', ...SUM_KEYS.slice(1).map(() => 'bigint')])},
            null::text, ${USAGE_KEYS.map((k) => `l.${k}`).join(', ')}
       from (select 0 as list, o.* from (${onBetweenSql(5)}) o
             union all select 1 as list, u.* from (${usage.sql}) u) l
      order by 1 nulls first, 16`;
  const { rows } = await db.query<PeriodSumsRow & { list: number | null } & ApplianceUsageRow>(
    prepared(`with span as materialized (
       select (select first_ts from daily_rollups where house_id = $1 and fuel = ${code} order by day limit 1)
                as first,
              (select latest_end from daily_rollups where house_id = $1 and fuel = ${code}
                order by day desc limit 1) as latest_end,
              ${TARIFF_KEY_SQL} as tariff_ids,
              ${FUELS_PRESENT_SQL} as fuels
         from houses h where h.id = $1)
     select null::int as list, span.first, span.latest_end, span.tariff_ids, span.fuels, b.bucket,
            ${SUM_KEYS.map((k) => `b.${k}`).join(', ')}, b.carbon_mg${usage === undefined ? '' : `, ${namedNulls}`}
       from span left join lateral (${sql}) b on true${listSql}`),
    [
      houseId,
      range.start,
      range.end,
      bounds as readonly string[],
      ...(lists === undefined ? [] : onBetweenParams(lists.on.from, lists.on.to)),
      ...(usage?.params ?? []),
    ],
  );
  const sums = bounds.map(noSums);
  const electricity = code === ELECTRICITY_CODE;
  const carbon: (bigint | null)[] = bounds.map(() => (electricity ? 0n : null));
  const found: ApplianceLists = { on: [], usage: [] };
  let span: DataSpan = { first: null, latestEnd: null };
  let tariffIds = '';
  let fuels: Fuel[] = [];
  for (const row of rows) {
    if (row.list === null) {
      span = { first: row.first ?? null, latestEnd: row.latest_end ?? null };
      tariffIds = row.tariff_ids ?? '';
      fuels = fuelsOfCodes(row.fuels ?? '');
      const { bucket } = row;
      if (bucket !== null && bucket >= 1 && bucket <= sums.length) {
        const s = {} as Record<(typeof SUM_KEYS)[number], number>;
        for (const k of SUM_KEYS) s[k] = row[k];
        sums[bucket - 1] = s;
        if (electricity) carbon[bucket - 1] = row.carbon_mg === null ? null : BigInt(row.carbon_mg);
      }
    } else {
      const r = {} as Record<(typeof USAGE_KEYS)[number], unknown>;
      for (const k of USAGE_KEYS) r[k] = row[k];
      (row.list === 0 ? found.on : found.usage).push(r as unknown as ApplianceUsageRow);
    }
  }
  return { span, tariffIds, fuels, sums, carbonMg: carbon, lists: found };
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
  /** Every use was estimated from the whole-house meter (issue 24). */
  estimated: boolean;
}

// Names and icons as the person set them (house_appliances), hidden appliances left out of every list
// (spec-decisions "Hidden appliances"); the period's totals come from the rollups, so they still count.
const USAGE_COLUMNS = `e.appliance_type_id, coalesce(ha.appliance_label, t.name) as name,
       coalesce(ha.appliance_icon, t.icon) as icon, t.continuous,
       sum(e.end_ts - e.start_ts)::bigint as seconds, sum(e.energy_wh)::bigint as energy_wh,
       sum(e.cost)::bigint as cost, bool_and(e.estimated) as estimated`;
// The uses through uses_between / uses_overlapping (0038): only the UTC days of uses that may count are read.
const usageFrom = (uses: string) => `${uses} e join appliance_types t on t.id = e.appliance_type_id
       left join house_appliances ha on ha.house_id = e.house_id and ha.appliance_type_id = e.appliance_type_id`;
const USAGE_GROUP =
  'e.appliance_type_id, t.name, t.icon, t.continuous, ha.appliance_label, ha.appliance_icon';

// Each list's statement, its parameters numbered from `$first`, the house always $1.
const usageInSql = (at: number) => `select ${USAGE_COLUMNS}
       from ${usageFrom(`uses_between($1, $${at}, $${at + 1})`)}
      where coalesce(ha.show_appliance, true)
      group by ${USAGE_GROUP}`;

// Summed per appliance type first (an int key over a year's ~2,700 rows), then named: grouping the
// joined rows by their six name columns cost a year view most of its time (issue 38).
const usageOnDaysSql = (
  at: number,
) => `select a.appliance_type_id, coalesce(ha.appliance_label, t.name) as name,
            coalesce(ha.appliance_icon, t.icon) as icon, t.continuous, a.seconds, a.energy_wh, a.cost,
            a.estimated
       from (select appliance_type_id, sum(seconds)::bigint as seconds, sum(energy_wh)::bigint as energy_wh,
                    sum(cost)::bigint as cost, bool_and(estimated) as estimated
               from appliance_daily
              where house_id = $1 and day >= $${at}::date and day < $${at + 1}::date
              group by appliance_type_id) a
       join appliance_types t on t.id = a.appliance_type_id
       left join house_appliances ha on ha.house_id = $1 and ha.appliance_type_id = a.appliance_type_id
      where coalesce(ha.show_appliance, true)`;

/** Appliance uses that started in [start, end), per appliance type (a use belongs to its start's period). */
export async function applianceUsageIn(
  db: Queryable,
  houseId: number,
  start: number,
  end: number,
): Promise<ApplianceUsageRow[]> {
  const { rows } = await db.query<ApplianceUsageRow>(`${usageInSql(2)} order by e.appliance_type_id`, [
    houseId,
    start,
    end,
  ]);
  return rows;
}

/**
 * The same per appliance type over whole local dates [from, to), from appliance_daily (one row per type
 * and day, kept equal to the events' sums on the write path; migration 0010): for day, week, month and
 * year views, so a month's list reads ≤ 31 rows per appliance, not every use.
 */
export async function applianceUsageOnDays(
  db: Queryable,
  houseId: number,
  from: string,
  to: string,
): Promise<ApplianceUsageRow[]> {
  const { rows } = await db.query<ApplianceUsageRow>(`${usageOnDaysSql(2)} order by a.appliance_type_id`, [
    houseId,
    from,
    to,
  ]);
  return rows;
}

/** How a period's uses are read: whole local days from appliance_daily, an hour from the events. */
function usageOfPeriod(period: Period, zone: string, at: number) {
  return period.unit === 'hour'
    ? { sql: usageInSql(at), params: [period.start, period.end] }
    : { sql: usageOnDaysSql(at), params: [localDate(period.start, zone), localDate(period.end, zone)] };
}

/** A period's appliance uses: whole local days from appliance_daily, an hour from the events. */
export async function applianceUsageOf(
  db: Queryable,
  houseId: number,
  period: Period,
  zone: string,
): Promise<ApplianceUsageRow[]> {
  const { sql, params } = usageOfPeriod(period, zone, 2);
  const { rows } = await db.query<ApplianceUsageRow>(`select * from (${sql}) u order by appliance_type_id`, [
    houseId,
    ...params,
  ]);
  return rows;
}

/**
 * The longest non-continuous use looked back for when asking what was on (2 days): keeps the query an
 * index range. Continuous appliances (fridge-freezer, heat pump) are always on and are not asked about.
 */
export const MAX_USE_SECONDS = 2 * 86_400;

const onBetweenSql = (at: number) => `select ${USAGE_COLUMNS}
       from ${usageFrom(`uses_between($1, $${at}, $${at + 2})`)}
      where e.end_ts > $${at + 1} and not t.continuous and coalesce(ha.show_appliance, true)
      group by ${USAGE_GROUP}`;
const onBetweenParams = (from: number, to: number) => [from - MAX_USE_SECONDS, from, to];

/** Non-continuous appliances with a use overlapping [from, to), per appliance type. */
export async function appliancesOnBetween(
  db: Queryable,
  houseId: number,
  from: number,
  to: number,
): Promise<ApplianceUsageRow[]> {
  const { rows } = await db.query<ApplianceUsageRow>(`${onBetweenSql(2)} order by e.appliance_type_id`, [
    houseId,
    ...onBetweenParams(from, to),
  ]);
  return rows;
}

/**
 * Where `importCostUntil` reads each stretch from: whole local months from the monthly rollups, whole local
 * days from the daily ones, the rest of the half-hours from `slotsFrom` (so a year so far reads ≤ 11 + 30
 * + 48 rows, not 17,000 half-hours). The ranges are contiguous and empty when from = to.
 */
export interface CostTiers {
  months: { from: string; to: string };
  days: { from: string; to: string };
  slotsFrom: number;
}

/**
 * Import cost (n£) of the house's rollups over `tiers` up to the half-hour `slot` (whole), and of the
 * half-hour starting at `slot` (part, for the caller to take its share of): the previous period's "so
 * far" (service.ts). Rollups are exact sums of their half-hours, so the tiers add up to the half-hours'.
 */
export async function importCostUntil(
  db: Queryable,
  houseId: number,
  tiers: CostTiers,
  slot: number,
  fuel: Fuel = ELECTRICITY,
): Promise<{ whole: number; part: number }> {
  const code = fuelCode(fuel);
  const { rows } = await db.query<{ whole: number; part: number }>(
    prepared(`select ((select coalesce(sum(import_cost), 0) from monthly_rollups
                      where house_id = $1 and fuel = ${code} and month >= $2::date and month < $3::date)
                  + (select coalesce(sum(import_cost), 0) from daily_rollups
                      where house_id = $1 and fuel = ${code} and day >= $4::date and day < $5::date)
                  + coalesce(sum(import_cost) filter (where slot_start < $7), 0))::bigint as whole,
                    coalesce(sum(import_cost) filter (where slot_start = $7), 0)::bigint as part
       from half_hours($1, ${code}, $6, $7 + 1)`),
    [houseId, tiers.months.from, tiers.months.to, tiers.days.from, tiers.days.to, tiers.slotsFrom, slot],
  );
  const row = rows[0];
  return { whole: Number(row?.whole ?? 0), part: Number(row?.part ?? 0) };
}
