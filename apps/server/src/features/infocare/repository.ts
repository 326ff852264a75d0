import type { ApplianceUse, DataGap } from '@homeview/domain';
import type { Queryable } from '../../db/types';

// What the InfoCare engine and screens read of a home: appliance runs (background loads excluded by the
// domain's mapping), day coverage from the daily rollups, data gaps from the half-hour rollups (never the
// raw readings: a slot's covered_s says how much of it had data) and the newest data received.

export interface InfocareHouse {
  id: number;
  owner_user_id: number;
  time_zone: string;
}

export async function houseOfUser(db: Queryable, userId: number): Promise<InfocareHouse | null> {
  const { rows } = await db.query<InfocareHouse>(
    'select id, owner_user_id, time_zone from houses where owner_user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

/** Houses someone watches (an accepted carer link to their owner): the ones the engine evaluates. */
export async function watchedHouses(db: Queryable): Promise<InfocareHouse[]> {
  const { rows } = await db.query<InfocareHouse>(
    `select h.id, h.owner_user_id, h.time_zone from houses h
      where exists (select 1 from carer_links l where l.dependant_user_id = h.owner_user_id
                      and l.accepted_at is not null)
      order by h.id`,
  );
  return rows;
}

/** Runs starting in [from, to), with their catalogue key. `hiddenToo` false leaves out hidden appliances. */
export async function applianceUses(
  db: Queryable,
  houseId: number,
  from: number,
  to: number,
  hiddenToo = true,
): Promise<(ApplianceUse & { name: string; icon: string })[]> {
  const { rows } = await db.query<{
    appliance_type_id: number;
    key: string;
    name: string;
    icon: string;
    start_ts: number;
    end_ts: number;
  }>(
    `select e.appliance_type_id, t.key, coalesce(ha.appliance_label, t.name) as name,
            coalesce(ha.appliance_icon, t.icon) as icon, e.start_ts, e.end_ts
       from appliance_events e
       join appliance_types t on t.id = e.appliance_type_id
       left join house_appliances ha on ha.house_id = e.house_id and ha.appliance_type_id = e.appliance_type_id
      where e.house_id = $1 and e.start_ts >= $2 and e.start_ts < $3 and not t.continuous
        and ($4 or coalesce(ha.show_appliance, true))
      order by e.start_ts`,
    [houseId, from, to, hiddenToo],
  );
  return rows.map((r) => ({
    applianceTypeId: r.appliance_type_id,
    applianceKey: r.key,
    name: r.name,
    icon: r.icon,
    start: r.start_ts,
    end: r.end_ts,
  }));
}

/** Share of each local day covered by readings, from the daily rollups (no row: no data that day). */
export async function dayCoverage(
  db: Queryable,
  houseId: number,
  fromDate: string,
  toDate: string,
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ day: string; coverage: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, covered_s::float8 / (slots * 1800) as coverage
       from daily_rollups where house_id = $1 and day >= $2::date and day < $3::date`,
    [houseId, fromDate, toDate],
  );
  return new Map(rows.map((r) => [r.day, r.coverage]));
}

/** End of the newest reading (or appliance run, for homes without a meter) and the readings' spacing. */
export async function lastDataAt(
  db: Queryable,
  houseId: number,
  now: number,
): Promise<{ at: number; intervalS: number } | null> {
  const { rows } = await db.query<{
    reading: number | null;
    interval_s: number | null;
    event: number | null;
  }>(
    `select r.reading, r.interval_s,
            (select max(end_ts) from appliance_events where house_id = $1 and start_ts > $2 - 172800
              and end_ts <= $2) as event
       from (select 1) one
       left join lateral (select start_ts + interval_s as reading, interval_s from readings
                           where house_id = $1 and start_ts + interval_s <= $2
                           order by start_ts desc limit 1) r on true`,
    [houseId, now],
  );
  const r = rows[0];
  if (!r) return null;
  if (r.reading !== null) return { at: r.reading, intervalS: r.interval_s ?? 60 };
  return r.event === null ? null : { at: r.event, intervalS: 60 };
}

/** Whether the home has ever sent readings (its days are judged by their coverage). */
export async function hasReadings(db: Queryable, houseId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from daily_rollups where house_id = $1 limit 1', [houseId]);
  return rows.length > 0;
}

/**
 * Data gaps in [from, lastData): each half-hour's missing seconds (1800 − covered_s; slots without a row
 * miss all of theirs), placed at the slot's end. Inactivity needs how much silence had data, not where in
 * the half-hour it fell. The open gap after the newest data is added by the caller.
 */
export async function dataGaps(
  db: Queryable,
  houseId: number,
  from: number,
  until: number,
): Promise<DataGap[]> {
  const { rows } = await db.query<{ slot_start: number; covered_s: number }>(
    `select slot_start, covered_s from rollups where house_id = $1 and slot_start >= $2 and slot_start < $3
      order by slot_start`,
    [houseId, from - (from % 1800), until],
  );
  const covered = new Map(rows.map((r) => [r.slot_start, r.covered_s]));
  const gaps: DataGap[] = [];
  for (let slot = from - (from % 1800); slot + 1800 <= until; slot += 1800) {
    const c = covered.get(slot) ?? 0;
    if (c >= 1800) continue;
    const start = Math.max(from, slot + c);
    const last = gaps.at(-1);
    if (last && last.end === start) last.end = slot + 1800;
    else gaps.push({ start, end: slot + 1800 });
  }
  return gaps;
}

/** Incorrect marks per alert kind in a house (the latest assessment of each alert counts). */
export async function incorrectMarks(db: Queryable, houseId: number): Promise<Map<string, number>> {
  const { rows } = await db.query<{ kind: string; n: number }>(
    `select a.kind, count(*)::int as n from infocare_alerts a
      where a.house_id = $1 and (select s.correct from infocare_alert_assessments s where s.alert_id = a.id
                                  order by s.assessed_at desc, s.id desc limit 1) = false
      group by a.kind`,
    [houseId],
  );
  return new Map(rows.map((r) => [r.kind, r.n]));
}
