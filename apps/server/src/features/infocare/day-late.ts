import {
  addDays,
  DAY_LATE_INTERVAL_S,
  dayAlert,
  halfHourSlots,
  localDate,
  localParts,
  startOfLocalDate,
} from '@homeview/domain';
import { LOCK_CLASSES } from '../../db/lock-keys';
import type { Db, Queryable } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';
import { bandedDays } from './half-hour-days';
import { newestData } from './newest-data';
import { queueNotifications } from './notify';
import { type InfocareHouse, list } from './repository';
import { insertCandidate } from './store';

// A day-late InfoCare (issue 36): a home whose readings are the meter's half-hours, published by the
// supplier the next morning (domain isDayLate: readings 30 minutes apart), gets no same-day alerts; instead
// each local day is judged once, from 07:00 the next morning and as soon as all its half-hours are stored
// (46, 48 or 50: its own count), against her band of the 28 days before (domain half-hourly.ts), and a
// day outside it in a way that matters raises a Warning (domain dayAlert), stored and notified as every
// alert is (the alert settings' channels, holiday mode and Do Not Disturb in queueNotifications).
//
// A day not complete yet is judged by nobody: it is "no data yet", then after 48 h "no data" (the engine's
// own rule), never a quiet day. Once: the InfoCare leader's run does it (job.ts), under the home's
// evaluation lock, and infocare_day_judgements (migration 0030) records each day judged, so another run,
// a restart or a second server finds it done; the alert's cause (house + day) is unique besides.

/** Days judged back from yesterday: the day before too, so a supplier a day late or a server down over a
 * morning still gets it judged (once). */
export const JUDGE_DAYS = 2;

/**
 * Local minute of the home's day from which its days are judged (07:00): a supplier publishes overnight,
 * and a Warning about yesterday is worth no one's night (Do Not Disturb would hold it for good).
 */
export const JUDGE_FROM_MINUTE = 7 * 60;

export interface DayJudgement {
  houseId: number;
  date: string;
  outcome: 'ordinary' | 'warning' | 'no_band';
  alertId: number | null;
}

/** Judges the complete, unjudged recent days of the day-late homes among `houses`; returns what it judged. */
export async function judgeDayLateDays(
  db: Db,
  houses: readonly InfocareHouse[],
  now: number,
  pause: () => Promise<void>,
): Promise<DayJudgement[]> {
  const out: DayJudgement[] = [];
  for (let i = 0; i < houses.length; i += BATCH) {
    const batch = houses.slice(i, i + BATCH);
    await pause();
    const newest = await newestData(db, batch, now);
    const dayLate = batch.filter((h) => (newest.get(h.id)?.intervalS ?? 0) >= DAY_LATE_INTERVAL_S);
    for (const { house, date } of await completeUnjudged(db, dayLate, now)) {
      await pause();
      const judged = await judgeDay(db, house, date, now);
      if (judged) out.push(judged);
    }
  }
  return out;
}

/** Homes read together, as the engine's batches (one statement per kind of data for all of them). */
const BATCH = 500;

/** The homes' recent days not judged yet whose every half-hour is stored (one statement for them all). */
async function completeUnjudged(
  db: Db,
  houses: readonly InfocareHouse[],
  now: number,
): Promise<{ house: InfocareHouse; date: string }[]> {
  const days = houses.flatMap((house) => {
    if (localParts(now, house.time_zone).minuteOfDay < JUDGE_FROM_MINUTE) return [];
    const today = localDate(now, house.time_zone);
    return Array.from({ length: JUDGE_DAYS }, (_, k) => {
      const date = addDays(today, -JUDGE_DAYS + k);
      const from = startOfLocalDate(date, house.time_zone);
      return { house, date, from, to: startOfLocalDate(addDays(date, 1), house.time_zone) };
    });
  });
  if (days.length === 0) return [];
  const { rows } = await db.query<{ i: number; slots: number }>(
    `select d.i::int as i, (select count(*)::int from half_hours(d.house_id, ${ELECTRICITY_CODE}, d.from_ts, d.to_ts) r
                             where r.covered_s >= 1800) as slots
       from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::date[],
                   string_to_array($3, ',')::bigint[], string_to_array($4, ',')::bigint[])
              with ordinality d(house_id, day, from_ts, to_ts, i)
      where not exists (select 1 from infocare_day_judgements j where j.house_id = d.house_id and j.day = d.day)`,
    [
      list(days.map((d) => d.house.id)),
      list(days.map((d) => d.date)),
      list(days.map((d) => d.from)),
      list(days.map((d) => d.to)),
    ],
  );
  return rows.flatMap((r) => {
    const d = days[r.i - 1]!;
    return r.slots === halfHourSlots(d.from, d.house.time_zone).length ? [d] : [];
  });
}

/**
 * Judges one complete day in one transaction under the home's evaluation lock (judgeDayIn), its Warning
 * queued for the carers.
 */
async function judgeDay(
  db: Db,
  house: InfocareHouse,
  date: string,
  now: number,
): Promise<DayJudgement | null> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, $2)', [LOCK_CLASSES.infocareEvaluation, house.id]);
    return judgeDayIn(tx, house, date, now, { notify: true });
  });
}

/**
 * Judges one day in the caller's transaction: recorded first (a day recorded already, or not complete,
 * is left alone: null), then its Warning, if any, stored and (with `notify`) queued for the carers. The
 * replay (replay-day-late.ts) judges with notify off, as the live run would have at that instant.
 */
export async function judgeDayIn(
  tx: Queryable,
  house: InfocareHouse,
  date: string,
  now: number,
  { notify }: { notify: boolean },
): Promise<DayJudgement | null> {
  const [banded] = await bandedDays(tx, house, date, date);
  if (!banded?.day) return null;
  const recorded = await tx.query(
    `insert into infocare_day_judgements (house_id, day, judged_at, outcome) values ($1, $2::date, $3, 'no_band')
     on conflict do nothing`,
    [house.id, date, now],
  );
  if (recorded.rowCount === 0) return null;
  const candidate = dayAlert(banded.day, banded.bands, now, house.time_zone, banded.before);
  const outcome = banded.bands === null ? 'no_band' : candidate ? 'warning' : 'ordinary';
  let alertId: number | null = null;
  if (candidate) {
    const row = await insertCandidate(tx, house.id, candidate);
    alertId = row.id;
    if (row.inserted && notify)
      await queueNotifications(tx, [row.id], house.owner_user_id, house.time_zone, now);
  }
  await tx.query(
    'update infocare_day_judgements set outcome = $3, alert_id = $4 where house_id = $1 and day = $2::date',
    [house.id, date, outcome, alertId],
  );
  return { houseId: house.id, date, outcome, alertId };
}
