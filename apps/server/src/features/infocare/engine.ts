import {
  type AlertKind,
  activityOccurrences,
  type DataGap,
  type EvaluationInput,
  evidenceUses,
  DAY_LATE_INTERVAL_S,
  isDayLate,
  learnPublication,
  localDate,
  measuredKeys,
  PUBLICATION_DAYS,
  addDays,
} from '@homeview/domain';
import { completeDaysOf } from '../readings/arrivals';
import { prepared, type Queryable } from '../../db/types';
import { newestData, newestDataOfReplay } from './newest-data';
import type { ReadingEnds } from './reading-ends';
import { gapsFromSlots, type InfocareHouse, list } from './repository';
import { RoutineCache } from './routine-cache';
import { fingerprints, type HouseWindow, learn, usesOf, windowOf } from './routine-learn';
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
  /**
   * A replay of one day-late home (replay-day-late.ts): the instant up to which its half-hours had been
   * published at `now`. Readings after it are not seen, as live they were not there yet.
   */
  publishedUntil?: (now: number) => number;
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
      routine: learned.get(w.house.id)?.routine,
      withReadings: withReadings.get(w.house.id) ?? false,
      measured: learned.get(w.house.id)?.measured ?? new Set(),
    });
    cache.learned++;
  }
  const recent = await usesOf(
    db,
    windows.map((w) => ({ houseId: w.house.id, from: w.yesterday - JOIN_LOOKBACK_S, to: now + 1 })),
  );
  const ids = list(houses.map((h) => h.id));
  const seenAt = Math.min(now, options.publishedUntil?.(now) ?? now);
  const lastOf =
    options.fixedHistory && options.readingEnds
      ? await newestDataOfReplay(db, houses, seenAt, options.readingEnds)
      : await newestData(db, houses, seenAt);
  const metered = windows.filter((w) => withReadings.get(w.house.id) && lastOf.get(w.house.id));
  const slots = new Map<number, Map<number, number>>();
  if (metered.length > 0) {
    const { rows } = await db.query<{ house_id: number; slot_start: number; covered_s: number }>(
      prepared(`select w.house_id, r.slot_start, r.covered_s
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[],
                     string_to_array($3, ',')::bigint[]) w(house_id, from_ts, to_ts)
         cross join lateral half_hours(w.house_id, ${ELECTRICITY_CODE}, w.from_ts, w.to_ts) r`),
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
  // A day-late home's usual publication time, from when its days became complete (before now).
  const dayLate = houses.filter((h) => (lastOf.get(h.id)?.intervalS ?? 0) >= DAY_LATE_INTERVAL_S);
  const arrivals = await completeDaysOf(
    db,
    dayLate.map((h) => h.id),
    addDays(localDate(now, 'UTC'), -PUBLICATION_DAYS - 2),
    now,
  );
  for (const w of windows) {
    const id = w.house.id;
    // A run is only known up to now: one still going is on (its end is in the future or unknown). What
    // counts is the evidence of a person (domain evidenceUses), judged with what the home measured in the
    // days its routine was learned from and since: a plug home away for days is still a plug home.
    const read = recent.get(id) ?? [];
    const cached = cache.get(id, w.today);
    const measured = new Set([...(cached?.measured ?? []), ...measuredKeys(read)]);
    const uses = evidenceUses(read, measured);
    const occurrences = activityOccurrences(uses, measured).filter((o) => o.start >= w.yesterday);
    const lastData = lastOf.get(id) ?? null;
    const gaps: DataGap[] =
      withReadings.get(id) && lastData !== null
        ? gapsFromSlots(slots.get(id) ?? new Map(), w.yesterday, lastData.at)
        : [];
    if (lastData !== null && now > lastData.at) gaps.push({ start: lastData.at, end: null });
    out.set(id, {
      now,
      zone: w.house.time_zone,
      routine: cached?.routine,
      occurrences,
      uses: uses.filter((u) => u.start >= w.yesterday),
      lastDataAt: lastData?.at ?? null,
      readingIntervalS: lastData?.intervalS ?? 60,
      gaps,
      margins: margins.get(id) ?? {},
    });
    const situation = out.get(id) as EvaluationInput;
    if (isDayLate(situation))
      situation.publication = learnPublication(
        arrivals.get(id) ?? [],
        w.house.time_zone,
        localDate(now, w.house.time_zone),
      );
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
