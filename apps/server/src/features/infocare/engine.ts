import {
  type AlertKind,
  type ApplianceUse,
  activityOccurrences,
  addDays,
  type DataGap,
  type DayRecord,
  instantOfLocal,
  LEARNING_WINDOW_DAYS,
  learnRoutine,
  localDate,
  occurrencesByLocalDay,
  type EvaluationInput,
  type Routine,
} from '@homeview/domain';
import { databaseOf, prepared, type Queryable } from '../../db/types';
import { newestReadingSql } from '../readings/blocks';
import { gapsFromSlots, type InfocareHouse } from './repository';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// What the engine knows of homes at `now`, loaded from storage and judged by the domain. Only data before
// `now` is read, so evaluating at a past instant (catch-up, replay) sees what a live run saw.
//
// Speed: the routine of a home's local day is learned once, from the days before it, and memoised in a
// RoutineCache with a fingerprint of that history (count and sums of its appliance runs, its days'
// coverage); each run recomputes only the fingerprint, in SQL, and learns again when it differs (a late
// event, an ingest replace, a day's coverage changed). The rest of a run reads only yesterday and today.
// Every read covers many homes at once (one statement per kind of data for a batch of homes).

/** Each incorrect mark on an alert kind widens that kind's margin by half for the home. */
export const MARGIN_PER_INCORRECT = 0.5;
/** Uses starting this long before yesterday's midnight are read too, so an occurrence spanning it joins. */
const JOIN_LOOKBACK_S = 12 * 3600;

interface CachedRoutine {
  fingerprint: string;
  routine: Routine | undefined;
  /** Whether the home had ever sent readings when it was learned. */
  withReadings?: boolean;
}

/** What a caller may know for all of its loads (a replay in one transaction over stored history). */
export interface LoadOptions {
  /** History before each day does not change between the loads: a day's routine, once learned, is used
   *  without recomputing its fingerprint. */
  fixedHistory?: boolean;
  /** Margins by house already read (no carer marks alerts during the loads). */
  margins?: ReadonlyMap<number, Partial<Record<AlertKind, number>>>;
  /**
   * With `fixedHistory`: the ends of the readings of blocks already read (readings are only ever added
   * after a block's newest, as live data comes in), so each instant reads no block's arrays again.
   */
  readingEnds?: ReadingEnds;
}

/**
 * A replay's reading ends by house and block: each block's readings' ends and intervals, in order. Readings
 * are only added after a house's newest, so a block read once answers an instant up to its newest end
 * (readings added since all end later), and a block with a newer one after it is complete; the newest
 * block is read again for a later instant. Unnesting the newest two blocks per instant (newestReadingSql) was half the
 * demo's InfoCare history on PGlite (10 ms a time, 673 instants).
 */
export class ReadingEnds {
  private readonly blocks = new Map<string, { ends: number[]; intervals: number[]; complete: boolean }>();

  /** The cached block's ends, if they answer `now`. */
  get(houseId: number, blockStart: number, now: number): { ends: number[]; intervals: number[] } | undefined {
    const block = this.blocks.get(`${houseId}:${blockStart}`);
    return block && (block.complete || (block.ends.at(-1) ?? Number.NEGATIVE_INFINITY) >= now)
      ? block
      : undefined;
  }

  /** Caches a block just read and returns it (it answers the instant it was read for, whatever its ends). */
  set(
    houseId: number,
    blockStart: number,
    gaps: readonly number[],
    intervals: number[],
    complete: boolean,
  ): { ends: number[]; intervals: number[] } {
    const ends = new Array<number>(gaps.length);
    let start = blockStart;
    for (let k = 0; k < gaps.length; k++) {
      start += gaps[k] as number;
      ends[k] = start + (intervals[k] as number);
    }
    const block = { ends, intervals, complete };
    this.blocks.set(`${houseId}:${blockStart}`, block);
    return block;
  }
}

/** Learned routines by house and local day (a few days per house: today, and a catch-up's day). */
export class RoutineCache {
  private readonly byHouse = new Map<number, Map<string, CachedRoutine>>();
  learned = 0;

  get(houseId: number, day: string): CachedRoutine | undefined {
    return this.byHouse.get(houseId)?.get(day);
  }

  set(houseId: number, day: string, entry: CachedRoutine): void {
    let days = this.byHouse.get(houseId);
    if (!days) {
      days = new Map();
      this.byHouse.set(houseId, days);
    }
    days.set(day, entry);
    if (days.size > 3) days.delete([...days.keys()].sort()[0] as string);
  }
}

const shared = new WeakMap<object, RoutineCache>();
/** The process's routine cache for a database (the job's runs and the screens share it). */
export function routineCacheOf(db: object): RoutineCache {
  const key = databaseOf(db);
  let cache = shared.get(key);
  if (!cache) {
    cache = new RoutineCache();
    shared.set(key, cache);
  }
  return cache;
}

interface HouseWindow {
  house: InfocareHouse;
  today: string;
  /** First day of the learning window, and its local midnight. */
  first: string;
  from: number;
  /** Local midnights of yesterday and today. */
  yesterday: number;
  todayStart: number;
}

function windowOf(house: InfocareHouse, now: number): HouseWindow {
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

const list = (values: readonly (number | string)[]) => values.join(',');

/** Per home: the fingerprint of the learning window's history, and whether it ever sent readings. */
async function fingerprints(
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
               from appliance_events e
              where e.house_id = w.house_id and e.start_ts >= w.from_ts and e.start_ts < w.to_ts) as events,
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
async function usesOf(
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
       join appliance_events e on e.house_id = w.house_id and e.start_ts >= w.from_ts and e.start_ts < w.to_ts
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

/** Learns the routines of homes whose cached one is missing or stale (one read for all of them). */
async function learn(
  db: Queryable,
  windows: readonly HouseWindow[],
  withReadings: ReadonlyMap<number, boolean>,
): Promise<Map<number, Routine | undefined>> {
  const out = new Map<number, Routine | undefined>();
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
    const known = uses.get(w.house.id) ?? [];
    const byDay = occurrencesByLocalDay(activityOccurrences(known), zone);
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
    out.set(w.house.id, learnRoutine(history, w.today, zone));
  }
  return out;
}

/**
 * End and spacing of each home's newest reading ending by `now` (else of its newest appliance run in the
 * last two days; null if neither). Live, the newest block's last reading has ended: its end is the block
 * start plus the sum of its gaps plus its interval, computed in SQL without unnesting readings. Homes where
 * that reading ends after `now` (replay, catch-up) get the exact answer from newestReadingSql.
 */
async function newestData(
  db: Queryable,
  houses: readonly InfocareHouse[],
  now: number,
): Promise<Map<number, { at: number; intervalS: number } | null>> {
  type Row = { house_id: number; reading: number | null; interval_s: number | null; event: number | null };
  const event = `(select max(end_ts) from appliance_events where house_id = w.house_id and start_ts > $2 - 172800
                    and end_ts <= $2) as event`;
  const fast = await db.query<Row>(
    prepared(`select w.house_id, b.reading, b.interval_s, ${event}
       from unnest(string_to_array($1, ',')::int[]) w(house_id)
       left join lateral (
         select b.block_start + (select sum(g) from unnest(b.gaps) g) + b.interval_s[cardinality(b.interval_s)]
                  as reading, b.interval_s[cardinality(b.interval_s)] as interval_s
           from reading_blocks b where b.house_id = w.house_id and b.fuel = ${ELECTRICITY_CODE} and b.block_start <= $2
          order by b.block_start desc limit 1) b on true`),
    [list(houses.map((h) => h.id)), now],
  );
  const rows: Row[] = [];
  const exact: number[] = [];
  for (const r of fast.rows) {
    if (r.reading !== null && Number(r.reading) > now) exact.push(r.house_id);
    else rows.push(r);
  }
  if (exact.length > 0) {
    const slow = await db.query<Row>(
      `select w.house_id, r.reading, r.interval_s, ${event}
         from unnest(string_to_array($1, ',')::int[]) w(house_id)
         left join lateral (${newestReadingSql('w.house_id', '$2')}) r on true`,
      [list(exact), now],
    );
    rows.push(...slow.rows);
  }
  const out = new Map<number, { at: number; intervalS: number } | null>();
  for (const r of rows) {
    if (r.reading !== null) out.set(r.house_id, { at: Number(r.reading), intervalS: r.interval_s ?? 60 });
    else out.set(r.house_id, r.event === null ? null : { at: Number(r.event), intervalS: 60 });
  }
  return out;
}

const ints = (text: string | null): number[] => (text ? text.split(',').map(Number) : []);

/**
 * newestData for a replay: the newest two blocks' starts (an index probe), each block's arrays read once
 * into `cache` (ReadingEnds says when a cached block still answers) and searched here. Same answer as
 * newestReadingSql: the newest reading of those two blocks ending by `now`, else the newest run's end.
 */
async function newestDataOfReplay(
  db: Queryable,
  houses: readonly InfocareHouse[],
  now: number,
  cache: ReadingEnds,
): Promise<Map<number, { at: number; intervalS: number } | null>> {
  const { rows } = await db.query<{ house_id: number; blocks: string | null; event: number | null }>(
    prepared(`select w.house_id,
            (select string_agg(b.block_start::text, ',' order by b.block_start desc)
               from (select block_start from reading_blocks where house_id = w.house_id and fuel = ${ELECTRICITY_CODE}
                        and block_start <= $2 order by block_start desc limit 2) b) as blocks,
            (select max(end_ts) from appliance_events where house_id = w.house_id and start_ts > $2 - 172800
                and end_ts <= $2) as event
       from unnest(string_to_array($1, ',')::int[]) w(house_id)`),
    [list(houses.map((h) => h.id)), now],
  );
  const missing = rows.flatMap((r) =>
    ints(r.blocks)
      .map((b, i) => ({ houseId: r.house_id, blockStart: b, complete: i > 0 }))
      .filter((m) => cache.get(m.houseId, m.blockStart, now) === undefined),
  );
  const fresh = new Map<string, { ends: number[]; intervals: number[] }>();
  if (missing.length > 0) {
    const read = await db.query<{ house_id: number; block_start: string; gaps: string; intervals: string }>(
      prepared(`select b.house_id, b.block_start, array_to_string(b.gaps, ',') as gaps,
              array_to_string(b.interval_s, ',') as intervals
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[]) w(house_id, block_start)
         join reading_blocks b on b.house_id = w.house_id and b.fuel = ${ELECTRICITY_CODE} and b.block_start = w.block_start`),
      [list(missing.map((m) => m.houseId)), list(missing.map((m) => m.blockStart))],
    );
    const complete = new Set(missing.filter((m) => m.complete).map((m) => `${m.houseId}:${m.blockStart}`));
    for (const r of read.rows) {
      const key = `${r.house_id}:${Number(r.block_start)}`;
      fresh.set(
        key,
        cache.set(r.house_id, Number(r.block_start), ints(r.gaps), ints(r.intervals), complete.has(key)),
      );
    }
  }
  const out = new Map<number, { at: number; intervalS: number } | null>();
  for (const r of rows) {
    let newest: { at: number; intervalS: number } | null = null;
    for (const b of ints(r.blocks)) {
      const block = fresh.get(`${r.house_id}:${b}`) ?? cache.get(r.house_id, b, now);
      if (!block) continue; // deleted since the probe (not in a fixed history)
      // Ends increase (readings never overlap): the last one ending by `now`.
      let lo = 0;
      let hi = block.ends.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((block.ends[mid] as number) <= now) lo = mid + 1;
        else hi = mid;
      }
      if (lo > 0) {
        newest = { at: block.ends[lo - 1] as number, intervalS: block.intervals[lo - 1] as number };
        break;
      }
    }
    out.set(r.house_id, newest ?? (r.event === null ? null : { at: Number(r.event), intervalS: 60 }));
  }
  return out;
}

/** The situations of several homes at `now` (one statement per kind of data for all of them). */
export async function loadSituations(
  db: Queryable,
  houses: readonly InfocareHouse[],
  now: number,
  cache: RoutineCache = new RoutineCache(),
  options: LoadOptions = {},
): Promise<Map<number, EvaluationInput>> {
  const out = new Map<number, EvaluationInput>();
  if (houses.length === 0) return out;
  const windows = houses.map((h) => windowOf(h, now));
  const known = (w: HouseWindow) => cache.get(w.house.id, w.today)?.withReadings;
  // With a fixed history, a day learned once needs no fingerprint (one round trip less per instant).
  const unknown = options.fixedHistory ? windows.filter((w) => known(w) === undefined) : windows;
  const prints = await fingerprints(db, unknown);
  const stale = unknown.filter(
    (w) => cache.get(w.house.id, w.today)?.fingerprint !== prints.get(w.house.id)?.fingerprint,
  );
  const withReadings = new Map([...prints].map(([id, p]) => [id, p.withReadings]));
  for (const w of windows) if (!prints.has(w.house.id)) withReadings.set(w.house.id, known(w) ?? false);
  const learned = await learn(db, stale, withReadings);
  for (const w of stale) {
    cache.set(w.house.id, w.today, {
      fingerprint: prints.get(w.house.id)?.fingerprint ?? '',
      routine: learned.get(w.house.id),
      withReadings: withReadings.get(w.house.id) ?? false,
    });
    cache.learned++;
  }
  const recent = await usesOf(
    db,
    windows.map((w) => ({ houseId: w.house.id, from: w.yesterday - JOIN_LOOKBACK_S, to: now + 1 })),
  );
  const ids = list(houses.map((h) => h.id));
  const lastOf =
    options.fixedHistory && options.readingEnds
      ? await newestDataOfReplay(db, houses, now, options.readingEnds)
      : await newestData(db, houses, now);
  const metered = windows.filter((w) => withReadings.get(w.house.id) && lastOf.get(w.house.id));
  const slots = new Map<number, Map<number, number>>();
  if (metered.length > 0) {
    const { rows } = await db.query<{ house_id: number; slot_start: number; covered_s: number }>(
      prepared(`select r.house_id, r.slot_start, r.covered_s
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[],
                     string_to_array($3, ',')::bigint[]) w(house_id, from_ts, to_ts)
         join rollups r on r.house_id = w.house_id and r.fuel = ${ELECTRICITY_CODE} and r.slot_start >= w.from_ts
                       and r.slot_start < w.to_ts`),
      [
        list(metered.map((w) => w.house.id)),
        list(metered.map((w) => w.yesterday - (w.yesterday % 1800))),
        list(metered.map((w) => lastOf.get(w.house.id)?.at ?? 0)),
      ],
    );
    for (const r of rows) {
      let m = slots.get(r.house_id);
      if (!m) {
        m = new Map();
        slots.set(r.house_id, m);
      }
      m.set(Number(r.slot_start), r.covered_s);
    }
  }
  const margins = options.margins ?? (await marginsOf(db, ids));
  for (const w of windows) {
    const id = w.house.id;
    // A run is only known up to now: one still going is on (its end is in the future or unknown).
    const uses = recent.get(id) ?? [];
    const occurrences = activityOccurrences(uses).filter((o) => o.start >= w.yesterday);
    const lastData = lastOf.get(id) ?? null;
    const gaps: DataGap[] =
      withReadings.get(id) && lastData !== null
        ? gapsFromSlots(slots.get(id) ?? new Map(), w.yesterday, lastData.at)
        : [];
    if (lastData !== null && now > lastData.at) gaps.push({ start: lastData.at, end: null });
    out.set(id, {
      now,
      zone: w.house.time_zone,
      routine: cache.get(id, w.today)?.routine,
      occurrences,
      uses: uses.filter((u) => u.start >= w.yesterday),
      lastDataAt: lastData?.at ?? null,
      readingIntervalS: lastData?.intervalS ?? 60,
      gaps,
      margins: margins.get(id) ?? {},
    });
  }
  return out;
}

/** Each home's margin factors by alert kind, from the carer's incorrect marks. */
export async function marginsOf(
  db: Queryable,
  ids: string,
): Promise<Map<number, Partial<Record<AlertKind, number>>>> {
  const marks = await db.query<{ house_id: number; kind: string; n: number }>(
    `select a.house_id, a.kind, count(*)::int as n from infocare_alerts a
      where a.house_id = any(string_to_array($1, ',')::int[])
        and (select s.correct from infocare_alert_assessments s where s.alert_id = a.id
              order by s.assessed_at desc, s.id desc limit 1) = false
      group by a.house_id, a.kind`,
    [ids],
  );
  const margins = new Map<number, Partial<Record<AlertKind, number>>>();
  for (const r of marks.rows) {
    let m = margins.get(r.house_id);
    if (!m) {
      m = {};
      margins.set(r.house_id, m);
    }
    m[r.kind as AlertKind] = 1 + MARGIN_PER_INCORRECT * r.n;
  }
  return margins;
}

/** One home's situation at `now`. */
export async function loadSituation(
  db: Queryable,
  house: InfocareHouse,
  now: number,
  cache?: RoutineCache,
  options?: LoadOptions,
): Promise<EvaluationInput> {
  const situations = await loadSituations(db, [house], now, cache, options);
  return situations.get(house.id) as EvaluationInput;
}
