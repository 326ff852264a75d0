import {
  type AlertKind,
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
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import {
  applianceUses,
  dataGaps,
  dayCoverage,
  hasReadings,
  type InfocareHouse,
  incorrectMarks,
  lastDataAt,
} from './repository';

// What the engine knows of one home at `now`, loaded from storage and judged by the domain. Only data
// before `now` is read, so evaluating at a past instant (catch-up, replay) sees what a live run saw.

/** Each incorrect mark on an alert kind widens that kind's margin by half for the home. */
export const MARGIN_PER_INCORRECT = 0.5;

export async function loadSituation(
  db: Queryable,
  house: InfocareHouse,
  now: number,
): Promise<EvaluationInput> {
  const zone = house.time_zone;
  const today = localDate(now, zone);
  const first = addDays(today, -LEARNING_WINDOW_DAYS);
  const from = instantOfLocal(first, 0, zone);
  const yesterday = instantOfLocal(addDays(today, -1), 0, zone);
  // One after another: inside a transaction they share one connection.
  const uses = await applianceUses(db, house.id, from, now + 1);
  const coverage = await dayCoverage(db, house.id, first, today);
  const withReadings = await hasReadings(db, house.id);
  const last = await lastDataAt(db, house.id, now);
  const marks = await incorrectMarks(db, house.id);
  // A run is only known up to now: one still going is on (its end is in the future or unknown).
  const known = uses.filter((u) => u.start <= now);
  const occurrences = activityOccurrences(known);
  const byDay = occurrencesByLocalDay(occurrences, zone);
  const history: DayRecord[] = [];
  for (let date = first; date < today; date = addDays(date, 1)) {
    const dayStart = instantOfLocal(date, 0, zone);
    const dayEnd = instantOfLocal(addDays(date, 1), 0, zone);
    history.push({
      date,
      coverage: withReadings ? (coverage.get(date) ?? 0) : 1,
      occurrences: byDay.get(date) ?? [],
      uses: known.filter((u) => u.start >= dayStart && u.start < dayEnd),
    });
  }
  const routine = learnRoutine(history, today, zone);
  const gaps: DataGap[] =
    withReadings && last !== null ? await dataGaps(db, house.id, yesterday, last.at) : [];
  if (last !== null && now > last.at) gaps.push({ start: last.at, end: null });
  const margins: Partial<Record<AlertKind, number>> = {};
  for (const [kind, n] of marks) margins[kind as AlertKind] = 1 + MARGIN_PER_INCORRECT * n;
  return {
    now,
    zone,
    routine,
    occurrences: occurrences.filter((o) => o.start >= yesterday),
    uses: known.filter((u) => u.start >= yesterday),
    lastDataAt: last?.at ?? null,
    readingIntervalS: last?.intervalS ?? 60,
    gaps,
    margins,
  };
}
