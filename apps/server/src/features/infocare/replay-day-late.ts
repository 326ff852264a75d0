import {
  addDays,
  DAY_LATE_INTERVAL_S,
  instantOfLocal,
  learnPublication,
  localDate,
  PUBLICATION_DAYS,
  startOfLocalDate,
  usualArrival,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { completeDaysOf } from '../readings/arrivals';
import { JUDGE_FROM_MINUTE, judgeDayIn } from './day-late';
import { newestData } from './newest-data';
import type { InfocareHouse } from './repository';

// A replay of a day-late home (issue 36) as it would have run live: the stored history holds every
// half-hour, but live each local day's half-hours arrived only the next morning, when the supplier
// published them. Here each day is published at the home's usual time as known the morning after (domain
// learnPublication over its recorded arrivals; 10:00 the next day while too little is known, as for a
// history imported in one go), the minute engine sees only what was published by each instant (its "no
// data" for an outage, never inactivity), and each day is judged (day-late.ts) when the live run would
// have: from 07:00 the morning after, once it was published.

export interface DayLateReplay {
  /** The instant up to which half-hours had been published at `now` (a local midnight). */
  publishedUntil(now: number): number;
  /** The days to judge and when, in order. */
  judgements: { date: string; at: number }[];
}

/** The publishing of a day-late home over [from, to]; null for a home whose data is not day-late. */
export async function dayLateReplay(
  db: Queryable,
  house: InfocareHouse,
  from: number,
  to: number,
): Promise<DayLateReplay | null> {
  const newest = (await newestData(db, [house], to)).get(house.id);
  if (!newest || newest.intervalS < DAY_LATE_INTERVAL_S) return null;
  const zone = house.time_zone;
  // A day may be published up to two days after it ends (a usual time past midnight): start early.
  const first = addDays(localDate(from, zone), -3);
  const last = localDate(to, zone);
  const arrivals =
    (await completeDaysOf(db, [house.id], addDays(first, -PUBLICATION_DAYS), to)).get(house.id) ?? [];
  const days: { date: string; published: number }[] = [];
  let published = Number.NEGATIVE_INFINITY;
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const morning = addDays(date, 1);
    const usual = usualArrival(
      date,
      learnPublication(
        arrivals.filter((a) => a.completeAt < startOfLocalDate(morning, zone)),
        zone,
        morning,
      ),
      zone,
    );
    // In order: a day is there only once the days before it are.
    published = Math.max(published, usual);
    days.push({ date, published });
  }
  const judgements = days
    .map(({ date, published: at }) => ({
      date,
      at: Math.max(at, instantOfLocal(addDays(date, 1), JUDGE_FROM_MINUTE * 60, zone)),
    }))
    .filter((j) => j.at >= from && j.at <= to);
  return {
    publishedUntil(now) {
      let until = startOfLocalDate(first, zone);
      for (const d of days) {
        if (d.published > now) break;
        until = startOfLocalDate(addDays(d.date, 1), zone);
      }
      return until;
    },
    judgements,
  };
}

/** Judges, in order, the replay's days due by `upTo` (each at its own instant), never notifying. */
export async function judgeDueDays(
  tx: Queryable,
  house: InfocareHouse,
  replay: DayLateReplay,
  upTo: number,
): Promise<void> {
  while (replay.judgements.length > 0 && (replay.judgements[0] as { at: number }).at <= upTo) {
    const { date, at } = replay.judgements.shift() as { date: string; at: number };
    await judgeDayIn(tx, house, date, at, { notify: false });
  }
}
