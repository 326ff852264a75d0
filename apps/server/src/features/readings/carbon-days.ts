import type { Queryable } from '../../db/types';
import { lockHouses } from '../../shared/house';

// The days' and months' carbon (carbon_mg, migration 0039): Σ over the day's electricity half-hours of
// import Wh × Great Britain's recorded g/kWh (carbon_intensity, 0037), in mg; NULL when any half-hour with
// data lacks a stored intensity (the reads then say "no figure", never a share), and for gas. Kept on the
// rows so a year reads 12 numbers, not 17,520 half-hours joined with the intensities (issue 38). Two
// writers: the one write path computes it for the days it writes (carbonJoin + carbonMg), and resumCarbon
// recomputes the days an intensity arriving later covers (the usual order: readings first).

/** Joins a half-hour row source `rows` (with slot_start) to its stored intensity, as `ci`. */
export const carbonJoin = (rows: string): string =>
  `left join carbon_intensity ci on ci.slot_start = ${rows}.slot_start`;

/**
 * The aggregate of a day's carbon over `rows` joined by carbonJoin: every half-hour with data covered
 * (`dataSlots` of them, an SQL expression), else NULL; electricity only (`fuel` an SQL expression).
 */
export const carbonMg = (rows: string, dataSlots: string, fuel: string): string =>
  `case when ${fuel} = 0 and count(ci.slot_start) = ${dataSlots}
        then coalesce(sum(${rows}.import_wh * ci.g_per_kwh), 0) end`;

/** A month's (or any bucket's) carbon from its days `d`: NULL when any day's is. */
export const carbonOfDays = (d: string): string =>
  `case when bool_and(${d}.carbon_mg is not null) then sum(${d}.carbon_mg) end`;

const utcDate = (ts: number) => new Date(ts * 1000).toISOString().slice(0, 10);
/** A local day lies within a day of its UTC date in every zone (UTC−12 … UTC+14). */
const ZONE_SLACK_S = 2 * 86_400;

/**
 * Recomputes carbon_mg of every home's electricity days overlapping [from, to) (half-hours whose intensity
 * was stored or changed), and of their months, holding the homes' write locks: a writer that summed a day
 * before the intensity was visible has committed by then, and one after sees it. Call it in the
 * transaction that stored the intensities, so neither is kept without the other. Returns the days changed.
 */
export async function resumCarbon(db: Queryable, from: number, to: number): Promise<number> {
  if (to <= from) return 0;
  const range = [from, to, utcDate(from - ZONE_SLACK_S), utcDate(to + ZONE_SLACK_S)];
  const inRange = `d.fuel = 0 and d.day >= $3::date and d.day < $4::date
                   and d.day_start < $2 and d.day_start + d.slots * 1800 > $1`;
  const houses = await db.query<{ id: number }>(
    `select distinct d.house_id as id from daily_rollups d where ${inRange}`,
    range,
  );
  if (houses.rows.length === 0) return 0;
  await lockHouses(
    db,
    houses.rows.map((h) => h.id),
  );
  const days = await db.query<{ house_id: number; month: string }>(
    `update daily_rollups t set carbon_mg = n.mg
       from (select d.house_id, d.day, d.carbon_mg as old,
                    (select ${carbonMg('h', 'd.data_slots', '0')}
                       from half_hours(d.house_id, 0, d.day_start, d.day_start + d.slots * 1800) h
                       ${carbonJoin('h')}) as mg
               from daily_rollups d where ${inRange}) n
      where t.house_id = n.house_id and t.fuel = 0 and t.day = n.day and n.mg is distinct from n.old
     returning t.house_id, to_char(t.day, 'YYYY-MM-01') as month`,
    range,
  );
  if (days.rows.length === 0) return 0;
  const months = [...new Set(days.rows.map((r) => `${r.house_id}|${r.month}`))].map((k) => k.split('|'));
  await db.query(
    `update monthly_rollups m set carbon_mg = (
        select ${carbonOfDays('d')} from daily_rollups d
         where d.house_id = m.house_id and d.fuel = 0 and d.day >= m.month
           and d.day < (m.month + interval '1 month')::date)
       from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::date[]) u(house_id, month)
      where m.house_id = u.house_id and m.fuel = 0 and m.month = u.month`,
    [months.map((m) => m[0]).join(','), months.map((m) => m[1]).join(',')],
  );
  return days.rows.length;
}
