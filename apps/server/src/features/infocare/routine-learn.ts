import {
  type ApplianceUse,
  activityOccurrences,
  addDays,
  type DayRecord,
  evidenceUses,
  instantOfLocal,
  LEARNING_WINDOW_DAYS,
  learnRoutine,
  localDate,
  measuredKeys,
  occurrencesByLocalDay,
  type Routine,
} from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import { type InfocareHouse, list } from './repository';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// Learning a home's routine for a local day (engine.ts), from the LEARNING_WINDOW_DAYS before it: the
// window's history fingerprinted in SQL (so a cached routine is learned again only when it changed), the
// appliance runs read for many homes in one statement, and the domain's learnRoutine.

export interface HouseWindow {
  house: InfocareHouse;
  today: string;
  /** First day of the learning window, and its local midnight. */
  first: string;
  from: number;
  /** Local midnights of yesterday and today. */
  yesterday: number;
  todayStart: number;
}

export function windowOf(house: InfocareHouse, now: number): HouseWindow {
  const zone = house.time_zone;
  const today = localDate(now, zone);
  const first = addDays(today, -LEARNING_WINDOW_DAYS);
  return {
    house,
    today,
    first,
    from: instantOfLocal(first, 0, zone),
    yesterday: instantOfLocal(addDays(today, -1), 0, zone),
    todayStart: instantOfLocal(today, 0, zone),
  };
}

/** Per home: the fingerprint of the learning window's history, and whether it ever sent readings. */
export async function fingerprints(
  db: Queryable,
  windows: readonly HouseWindow[],
): Promise<Map<number, { fingerprint: string; withReadings: boolean }>> {
  if (windows.length === 0) return new Map(); // a replay's day already learned: no round trip
  const { rows } = await db.query<{
    house_id: number;
    events: string | null;
    days: string | null;
    with_readings: boolean;
  }>(
    `select w.house_id,
            (select count(*) || ':' || coalesce(sum(e.start_ts), 0) || ':' || coalesce(sum(e.end_ts), 0) || ':' ||
                    coalesce(sum(e.appliance_type_id), 0)
               from uses_between(w.house_id, w.from_ts, w.to_ts) e) as events,
            (select count(*) || ':' || coalesce(sum(d.covered_s), 0) || ':' || coalesce(sum(d.slots), 0)
               from daily_rollups d
              where d.house_id = w.house_id and d.fuel = ${ELECTRICITY_CODE} and d.day >= w.first and d.day < w.today) as days,
            exists (select 1 from daily_rollups d where d.house_id = w.house_id and d.fuel = ${ELECTRICITY_CODE}) as with_readings
       from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[],
                   string_to_array($3, ',')::bigint[], string_to_array($4, ',')::date[],
                   string_to_array($5, ',')::date[]) w(house_id, from_ts, to_ts, first, today)`,
    [
      list(windows.map((w) => w.house.id)),
      list(windows.map((w) => w.from)),
      list(windows.map((w) => w.todayStart)),
      list(windows.map((w) => w.first)),
      list(windows.map((w) => w.today)),
    ],
  );
  return new Map(
    rows.map((r) => [
      r.house_id,
      { fingerprint: `${r.events}|${r.days}|${r.with_readings}`, withReadings: r.with_readings },
    ]),
  );
}

/** Activity-relevant runs (continuous loads left out) of each home starting in [from, to). */
export async function usesOf(
  db: Queryable,
  windows: readonly { houseId: number; from: number; to: number }[],
): Promise<Map<number, ApplianceUse[]>> {
  const out = new Map<number, ApplianceUse[]>(windows.map((w) => [w.houseId, []]));
  if (windows.length === 0) return out;
  const { rows } = await db.query<{
    house_id: number;
    appliance_type_id: number;
    key: string;
    start_ts: number;
    end_ts: number;
    estimated: boolean;
  }>(
    prepared(`select w.house_id, e.appliance_type_id, t.key, e.start_ts, e.end_ts, e.estimated
       from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[],
                   string_to_array($3, ',')::bigint[]) w(house_id, from_ts, to_ts)
      cross join lateral uses_between(w.house_id, w.from_ts, w.to_ts) e
       join appliance_types t on t.id = e.appliance_type_id
      where not t.continuous
      order by w.house_id, e.start_ts`),
    [list(windows.map((w) => w.houseId)), list(windows.map((w) => w.from)), list(windows.map((w) => w.to))],
  );
  for (const r of rows) {
    out.get(r.house_id)?.push({
      applianceTypeId: r.appliance_type_id,
      applianceKey: r.key,
      start: Number(r.start_ts),
      end: Number(r.end_ts),
      ...(r.estimated ? { estimated: true } : {}),
    });
  }
  return out;
}

/** A home's learned routine, and the appliances it measured in the days learned from. */
export interface Learned {
  routine: Routine | undefined;
  measured: ReadonlySet<string>;
}

/** Learns the routines of homes whose cached one is missing or stale (one read for all of them). */
export async function learn(
  db: Queryable,
  windows: readonly HouseWindow[],
  withReadings: ReadonlyMap<number, boolean>,
): Promise<Map<number, Learned>> {
  const out = new Map<number, Learned>();
  if (windows.length === 0) return out;
  const uses = await usesOf(
    db,
    windows.map((w) => ({ houseId: w.house.id, from: w.from, to: w.todayStart })),
  );
  const { rows } = await db.query<{ house_id: number; day: string; coverage: number }>(
    `select d.house_id, to_char(d.day, 'YYYY-MM-DD') as day, d.covered_s::float8 / (d.slots * 1800) as coverage
       from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::date[],
                   string_to_array($3, ',')::date[]) w(house_id, first, today)
       join daily_rollups d on d.house_id = w.house_id and d.fuel = ${ELECTRICITY_CODE} and d.day >= w.first
                           and d.day < w.today`,
    [
      list(windows.map((w) => w.house.id)),
      list(windows.map((w) => w.first)),
      list(windows.map((w) => w.today)),
    ],
  );
  const coverage = new Map<number, Map<string, number>>();
  for (const r of rows) {
    let days = coverage.get(r.house_id);
    if (!days) {
      days = new Map();
      coverage.set(r.house_id, days);
    }
    days.set(r.day, r.coverage);
  }
  for (const w of windows) {
    const zone = w.house.time_zone;
    // Only what is evidence of a person, judged with what the home measured over the whole window.
    const measured = measuredKeys(uses.get(w.house.id) ?? []);
    const known = evidenceUses(uses.get(w.house.id) ?? [], measured);
    const byDay = occurrencesByLocalDay(activityOccurrences(known, measured), zone);
    const usesByDay = new Map<string, ApplianceUse[]>();
    for (const u of known) {
      const day = localDate(u.start, zone);
      const dayUses = usesByDay.get(day);
      if (dayUses) dayUses.push(u);
      else usesByDay.set(day, [u]);
    }
    const readings = withReadings.get(w.house.id) ?? false;
    const history: DayRecord[] = [];
    for (let date = w.first; date < w.today; date = addDays(date, 1)) {
      history.push({
        date,
        coverage: readings ? (coverage.get(w.house.id)?.get(date) ?? 0) : 1,
        occurrences: byDay.get(date) ?? [],
        uses: usesByDay.get(date) ?? [],
      });
    }
    out.set(w.house.id, { routine: learnRoutine(history, w.today, zone), measured });
  }
  return out;
}
