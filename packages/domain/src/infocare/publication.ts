import { addDays } from '@homeview/contract/calendar';
import { daysBetween } from '../time/periods';
import { instantOfLocal, localDate, localParts } from '../time/zone';
import { quantile } from './stats';

// When a home's half-hours usually arrive (issue 36). A supplier publishes yesterday's half-hours the next
// morning, each at its own hour, and our fill fetches them when it next looks: the home's own history says
// when. Each local day's "complete at" (the write that stored its last missing half-hour, recorded by the
// server's write path, migration 0032) is taken as wall-clock minutes after the midnight that ended the
// day (09:30 the next morning: 570; a day later: 1,440 more), so a clock-change night (23 or 25 h) moves
// no usual time. Three states are then kept apart: a day not in yet before its usual time plus a margin
// is normal ("not yet"); past it the feed is "overdue" (no data, never inactivity); a day in is complete.
// The margin is learned too: an erratic supplier gets more slack than a punctual one.

/** The days looked back on to learn from. */
export const PUBLICATION_DAYS = 28;
/** With fewer days to learn from, the default stands. */
export const PUBLICATION_MIN_DAYS = 7;
/** The usual time: by then, on all but about 1 day in 7 of those learned, the day was in. */
export const PUBLICATION_QUANTILE = 0.85;
/** The usual time while too little is known: 10:00 the next morning. */
export const PUBLICATION_DEFAULT_MINUTE = 10 * 60;
/** How long past its usual time a day is still only late while too little is known: 3 h. */
export const PUBLICATION_MARGIN_S = 3 * 3600;
/**
 * The learned margin is the spread of the home's arrivals: its late quantile (about its latest day in
 * 28) minus its median. Added to the usual time (the 85th percentile, never below the median) it ends
 * past that late quantile, so an ordinary late day is not called overdue.
 */
export const PUBLICATION_LATE_QUANTILE = 0.97;
/** A punctual supplier still gets an hour: a fill that looks every half-hour may miss one look. */
export const PUBLICATION_MARGIN_FLOOR_S = 3600;
/** However erratic the supplier, a feed 6 h past its usual time is told to the carer. */
export const PUBLICATION_MARGIN_CEILING_S = 6 * 3600;
/**
 * A day completed more than this long after it ended tells nothing of publishing: history imported in
 * one go, or a feed that stopped and came back. Such days are left out of the learning (the quantile
 * would otherwise learn an outage as usual).
 */
export const PUBLICATION_EVIDENCE_MAX_MINUTE = 2 * 24 * 60;
/** The usual time is rounded up to this many minutes (a time a person reads: 09:30, not 09:17). */
export const PUBLICATION_ROUND_MIN = 15;

export interface DayArrival {
  /** Local date YYYY-MM-DD. */
  day: string;
  /** Epoch seconds: when its last missing half-hour was stored. */
  completeAt: number;
}

export interface Publication {
  /** Wall-clock minutes after the midnight ending a day by which it usually arrives (may pass 1440). */
  usualMinute: number;
  /** Seconds past the usual time a day not in is still only late (learned: the arrivals' spread). */
  marginS: number;
  /** Days it was learned from (0: the default). */
  learnedDays: number;
}

export const DEFAULT_PUBLICATION: Publication = {
  usualMinute: PUBLICATION_DEFAULT_MINUTE,
  marginS: PUBLICATION_MARGIN_S,
  learnedDays: 0,
};

const roundUp = (minutes: number) => Math.ceil(minutes / PUBLICATION_ROUND_MIN) * PUBLICATION_ROUND_MIN;

/** Wall-clock minutes from the midnight that ended `day` to `at` in `zone` (negative: before it ended). */
export function minutesAfterDay(day: string, at: number, zone: string): number {
  return daysBetween(addDays(day, 1), localDate(at, zone)) * 1440 + localParts(at, zone).minuteOfDay;
}

/** The usual time learned from the days before `today` (the last PUBLICATION_DAYS), or the default. */
export function learnPublication(arrivals: readonly DayArrival[], zone: string, today: string): Publication {
  const from = addDays(today, -PUBLICATION_DAYS);
  const minutes = arrivals
    .filter((a) => a.day >= from && a.day < today)
    .map((a) => Math.max(0, minutesAfterDay(a.day, a.completeAt, zone)))
    .filter((m) => m <= PUBLICATION_EVIDENCE_MAX_MINUTE);
  if (minutes.length < PUBLICATION_MIN_DAYS) return DEFAULT_PUBLICATION;
  const q = quantile(minutes, PUBLICATION_QUANTILE) ?? PUBLICATION_DEFAULT_MINUTE;
  const spread = (quantile(minutes, PUBLICATION_LATE_QUANTILE) ?? 0) - (quantile(minutes, 0.5) ?? 0);
  const marginS = Math.min(
    PUBLICATION_MARGIN_CEILING_S,
    Math.max(PUBLICATION_MARGIN_FLOOR_S, roundUp(spread) * 60),
  );
  return { usualMinute: roundUp(q), marginS, learnedDays: minutes.length };
}

/** The instant by which `day` usually arrives: its usual minute on the wall clock after it ended. */
export function usualArrival(day: string, publication: Publication, zone: string): number {
  const m = publication.usualMinute;
  return instantOfLocal(addDays(day, 1 + Math.floor(m / 1440)), (m % 1440) * 60, zone);
}

/** The instant from which `day`, still not complete, is overdue: its usual time plus its margin. */
export const overdueFrom = (day: string, publication: Publication, zone: string): number =>
  usualArrival(day, publication, zone) + publication.marginS;

export const DAY_STATES = ['complete', 'not_yet', 'overdue'] as const;
export type DayState = (typeof DAY_STATES)[number];

/** A day's state at `now`: in, not in yet (normal), or overdue (the feed may have stopped). */
export function dayState(
  day: string,
  complete: boolean,
  now: number,
  publication: Publication,
  zone: string,
): DayState {
  if (complete) return 'complete';
  return now < overdueFrom(day, publication, zone) ? 'not_yet' : 'overdue';
}
