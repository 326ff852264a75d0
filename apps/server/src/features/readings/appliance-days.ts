import { addDays, localDate, startOfLocalDate } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { joined } from './repository';

// Appliance days (table appliance_daily, migration 0010): per house, per appliance type, per local day of
// the uses' starts, the uses' count, seconds, Wh and n£. Every change to the uses (mergeUses: ingest, a use
// that grows, reprice, a delete) is followed by a recompute of the local days it touched, in its own
// transaction under the house's lock, so the rows stay equal to the sums of the events. Reads: the
// appliance detail (28 days of one type across homes) and the appliance lists of whole-day periods.

/** Dates per statement: bounds the parameter size of a year-long rebuild. */
const DATES_PER_STATEMENT = 400;

/** The local dates (ascending, each once) of these instants. */
function datesOfStarts(starts: Iterable<number>, zone: string): string[] {
  return [...new Set([...starts].map((ts) => localDate(ts, zone)))].sort();
}

/** refreshApplianceDays for the local days of these uses' starts (the writers' case). */
export function refreshApplianceDaysOfStarts(
  db: Queryable,
  houseId: number,
  zone: string,
  starts: Iterable<number>,
): Promise<void> {
  return refreshApplianceDaysOfHouses(db, [{ houseId, zone, starts }]);
}

/**
 * refreshApplianceDaysOfStarts for several houses in one delete and one insert (the device flush's uses of
 * many homes: one statement pair per flush, not per house).
 */
export function refreshApplianceDaysOfHouses(
  db: Queryable,
  houses: readonly { houseId: number; zone: string; starts: Iterable<number> }[],
): Promise<void> {
  return refreshDays(
    db,
    houses.flatMap(({ houseId, zone, starts }) =>
      datesOfStarts(starts, zone).map((date) => ({ houseId, zone, date })),
    ),
    true,
  );
}

/**
 * Recomputes the appliance days of these local dates from the house's uses: the dates' rows
 * are deleted, then written again from the events that started in them (a date with no events keeps no
 * row). Run by writers holding the house's lock, after their event writes.
 */
export function refreshApplianceDays(
  db: Queryable,
  houseId: number,
  zone: string,
  dates: readonly string[],
  /** false only in migration 0010's data step: the `estimated` columns (0016) and use_days (0038) do not exist yet. */
  withEstimated = true,
): Promise<void> {
  return refreshDays(
    db,
    dates.map((date) => ({ houseId, zone, date })),
    withEstimated,
  );
}

/** The one statement pair behind the refreshes: any houses' local days, DATES_PER_STATEMENT at a time. */
async function refreshDays(
  db: Queryable,
  days: readonly { houseId: number; zone: string; date: string }[],
  withEstimated: boolean,
): Promise<void> {
  // The uses of each day through uses_between (0038); migration 0010's step runs before that and
  // before `estimated` (0016), on the table appliance_events was then.
  const estimated = withEstimated
    ? { column: ', estimated', value: ', bool_or(e.estimated)' }
    : { column: '', value: '' };
  const uses = withEstimated
    ? 'cross join lateral uses_between(d.house_id, d.day_start, d.day_end) e'
    : `join appliance_events e
           on e.house_id = d.house_id and e.start_ts >= d.day_start and e.start_ts < d.day_end`;
  for (let at = 0; at < days.length; at += DATES_PER_STATEMENT) {
    const part = days.slice(at, at + DATES_PER_STATEMENT);
    const houses = joined(part.map((d) => d.houseId));
    const dates = part.map((d) => d.date).join(',');
    const starts = part.map((d) => startOfLocalDate(d.date, d.zone));
    const ends = part.map((d) => startOfLocalDate(addDays(d.date, 1), d.zone));
    await db.query(
      `delete from appliance_daily a
        using unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::date[]) d(house_id, day)
        where a.house_id = d.house_id and a.day = d.day`,
      [houses, dates],
    );
    await db.query(
      `insert into appliance_daily (house_id, appliance_type_id, day, day_start, uses, seconds, energy_wh, cost${estimated.column})
       select d.house_id, e.appliance_type_id, d.day, d.day_start, count(*), sum(e.end_ts - e.start_ts),
              sum(e.energy_wh), sum(e.cost)${estimated.value}
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::date[],
                     string_to_array($3, ',')::bigint[], string_to_array($4, ',')::bigint[])
                d(house_id, day, day_start, day_end)
         ${uses}
        group by d.house_id, e.appliance_type_id, d.day, d.day_start`,
      [houses, dates, joined(starts), joined(ends)],
    );
  }
}

/** Data step of migration appliance_daily: every house's days, from its appliance events. */
export async function rebuildAllApplianceDays(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ house_id: number; time_zone: string; first: number; last: number }>(
    `select e.house_id, h.time_zone, min(e.start_ts) as first, max(e.start_ts) as last
       from appliance_events e join houses h on h.id = e.house_id group by e.house_id, h.time_zone`,
  );
  for (const row of rows) {
    const dates: string[] = [];
    const end = localDate(Number(row.last), row.time_zone);
    for (let d = localDate(Number(row.first), row.time_zone); d <= end; d = addDays(d, 1)) dates.push(d);
    await refreshApplianceDays(db, row.house_id, row.time_zone, dates, false);
  }
}
