import type { Queryable } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// Reads of the /common/appliances calls. Every query is an index range: one house's uses through
// uses_between (its UTC days, 0038), or one appliance type's days across homes in appliance_daily.
// Names and icons as the person set them; hidden appliances are left out of lists.

export interface ShownAppliance {
  appliance_type_id: number;
  name: string;
  icon: string;
  continuous: boolean;
  /** Its uses in this home were all estimated from the whole-house meter (issue 24). */
  estimated: boolean;
}

/**
 * Every catalogue appliance the house has and shows: not hidden, and either counted (at least one in its
 * settings) or, when the person has said nothing about it, used at some time (it has use days). An
 * appliance the home never said it has and never used is not the home's (the demo's EV charger).
 */
export async function shownAppliances(db: Queryable, houseId: number): Promise<ShownAppliance[]> {
  const { rows } = await db.query<ShownAppliance>(
    `with used as (select appliance_type_id, bool_and(estimated) as estimated from appliance_daily
                    where house_id = $1 group by appliance_type_id)
     select t.id as appliance_type_id, coalesce(ha.appliance_label, t.name) as name,
            coalesce(ha.appliance_icon, t.icon) as icon, t.continuous, coalesce(u.estimated, false) as estimated
       from appliance_types t
       left join house_appliances ha on ha.house_id = $1 and ha.appliance_type_id = t.id
       left join used u on u.appliance_type_id = t.id
      where coalesce(ha.show_appliance, true)
        and (ha.number_of_appliances > 0
             or (ha.number_of_appliances is null and t.id in (select appliance_type_id from used)))
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
            coalesce(ha.appliance_icon, t.icon) as icon, t.continuous,
            coalesce((select bool_and(d.estimated) from appliance_daily d
                       where d.house_id = $1 and d.appliance_type_id = t.id), false) as estimated
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
  end_ts: number;
  estimated: boolean;
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
            coalesce(ha.appliance_icon, t.icon) as icon, e.start_ts, e.end_ts, e.estimated
       from uses_between($1, $2, $3) e join appliance_types t on t.id = e.appliance_type_id
       left join house_appliances ha on ha.house_id = e.house_id and ha.appliance_type_id = e.appliance_type_id
      where not t.continuous and coalesce(ha.show_appliance, true)
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

/** A home that has the appliance: its profile, its data coverage and its use per day of the window. */
export interface HomeDays {
  house_id: number;
  property_type: string | null;
  occupants: number;
  /** Seconds covered by readings over the window (daily_rollups). */
  covered_s: number;
  /** Per date of the window (index 0 = `from`), the uses' totals; absent = none that day. */
  days: Map<number, UseTotals>;
}

const OCCUPANTS = `(coalesce(h.under10, 0) + coalesce(h.range10_17, 0) + coalesce(h.range18_64, 0)
                    + coalesce(h.range65_74, 0) + coalesce(h.over74, 0))::int`;

function parseDays(text: string | null): Map<number, UseTotals> {
  const days = new Map<number, UseTotals>();
  if (text === null) return days;
  for (const part of text.split(',')) {
    const [day, seconds, energy, cost] = part.split(':').map(Number) as [number, number, number, number];
    days.set(day, { seconds, energy_wh: energy, cost });
  }
  return days;
}

/**
 * Homes that have one appliance type over the local dates [from, to) — those that used it then
 * (appliance_daily, through its (appliance_type_id, day, house_id) index alone) or say they have one
 * (house_appliances, count ≥ 1) — each with its profile, coverage and per-day use. `onlyHouse` reads
 * one home's (whether or not it has the appliance).
 */
export async function homesWithAppliance(
  db: Queryable,
  typeId: number,
  from: string,
  to: string,
  onlyHouse: number | null = null,
): Promise<HomeDays[]> {
  const { rows } = await db.query<Omit<HomeDays, 'days'> & { days: string | null }>(
    `with used as (
       select house_id,
              string_agg((day - $2::date) || ':' || seconds || ':' || energy_wh || ':' || cost, ',') as days
         from appliance_daily
        where appliance_type_id = $1 and day >= $2::date and day < $3::date
          and ($4::int is null or house_id = $4)
        group by house_id),
     having_it as (
       select house_id from used
       union select house_id from house_appliances
              where $4::int is null and appliance_type_id = $1 and number_of_appliances > 0
       union select $4::int where $4::int is not null)
     select h.id as house_id, h.property_type, ${OCCUPANTS} as occupants, u.days,
            (select coalesce(sum(d.covered_s), 0) from daily_rollups d
              where d.house_id = x.house_id and d.fuel = ${ELECTRICITY_CODE} and d.day >= $2::date
                and d.day < $3::date)::bigint as covered_s
       from having_it x join houses h on h.id = x.house_id left join used u on u.house_id = x.house_id`,
    [typeId, from, to, onlyHouse],
  );
  return rows.map((r) => ({ ...r, days: parseDays(r.days) }));
}
