import { addDays, weekdayOfDate } from '@homeview/contract/calendar';
import { localParts } from '../time/zone';
import type { ActivityOccurrence, ApplianceUse } from './activities';
import { applianceSessions } from './activities';
import { quantile } from './stats';

// Routine learning: per dependant and day type, from the ordinary days before today. Percentiles, never
// the extreme: a few odd days (an away weekend, a late Sunday) sit above the 75th percentile and leave
// the deadlines alone; a lasting change of habit moves the median of the most recent days and so the
// deadlines within a few days.

export type DayType = 'weekday' | 'weekend';

export function dayTypeOf(date: string): DayType {
  return weekdayOfDate(date) >= 6 ? 'weekend' : 'weekday';
}

/** What the server knows of one past local day. */
export interface DayRecord {
  date: string;
  /** Share of the day covered by readings (0..1). */
  coverage: number;
  occurrences: readonly ActivityOccurrence[];
  /** Appliance runs of the day (for usual run lengths). */
  uses: readonly ApplianceUse[];
}

/** Days in the learning window, counted back from yesterday. */
export const LEARNING_WINDOW_DAYS = 28;
/** Weekdays in a week: the last week's median first activity can move a deadline (a change of habit). */
export const RECENT_DAYS = 5;
/** A day with less coverage, or fewer occurrences, says nothing about the routine (away, meter off). */
export const ORDINARY_COVERAGE = 0.9;
// One occurrence is enough: in a home with few monitored appliances (a shower, the laundry) a day with a
// single evening shower is ordinary, and leaving it out made such homes look punctual (IDEAL house 65).
// Days away (nothing at all) still say nothing.
export const ORDINARY_MIN_OCCURRENCES = 1;
/** A day whose first activity comes this much after the usual one did not start in the morning. */
export const MORNING_MISSED_MIN = 180;

export interface LearnedActivity {
  activityId: number;
  /** Median and 75th percentile of the local minute of the day's first occurrence. */
  usualMinute: number;
  usualByMinute: number;
  /** Share of ordinary days on which it happened. */
  share: number;
}

export interface Routine {
  dayType: DayType;
  /** Ordinary days learned from (of this day type). */
  days: number;
  /** Local minute of the first activity: median, 75th percentile, inter-quartile range. */
  firstUsual: number;
  firstP75: number;
  firstIqr: number;
  /** Median first minute of the last week's ordinary days (of this day type when it has 3 of them). */
  firstRecent: number;
  /** Learned from every ordinary day because this day type had fewer than 3 (the spread is unknown). */
  fallback: boolean;
  /** Share of the days learned from whose first activity came within MORNING_MISSED_MIN of the usual. */
  firstReliable: number;
  /** Per day learned from: its occurrences as [start, end) local minutes, by start (for usual silences). */
  dayIntervals: [number, number][][];
  /** Median and 90th percentile of the local minute the last occurrence starts. */
  lastUsual: number;
  lastP90: number;
  /** 90th percentile of the local minute the day's last activity ends (a television on until 21:00): the
   *  household is up until then, whatever time that activity began. */
  lastEndP90: number;
  /** 90th percentile of each day's longest gap between occurrences (seconds): a working household's
   *  days out (REFIT, UK-DALE) widen it, a single odd day does not. */
  longestGapS: number;
  activities: LearnedActivity[];
  /** Share of ordinary days (any type) with an occurrence starting in each local hour 0..23. */
  hourShare: number[];
  /** 95th percentile of session length per appliance key, seconds (≥ 5 sessions seen). */
  sessionP95: Record<string, number>;
  /** Every occurrence of the days learned from was estimated from the whole-house meter (issue 24): a
   *  home with a meter and no plugs, even on a day that has none of its own yet. */
  estimated?: true;
}

interface DayFacts {
  date: string;
  firstMinute: number;
  lastMinute: number;
  lastEndMinute: number;
  longestGapS: number;
  firstByActivity: Map<number, number>;
  hours: Set<number>;
  intervals: [number, number][];
}

function factsOf(day: DayRecord, zone: string): DayFacts {
  const occ = [...day.occurrences].sort((a, b) => a.start - b.start);
  const minute = (ts: number) => localParts(ts, zone).minuteOfDay;
  let longest = 0;
  let reach = (occ[0] as ActivityOccurrence).end;
  for (const o of occ.slice(1)) {
    longest = Math.max(longest, o.start - reach);
    reach = Math.max(reach, o.end);
  }
  const firstByActivity = new Map<number, number>();
  for (const o of occ)
    if (!firstByActivity.has(o.activityId)) firstByActivity.set(o.activityId, minute(o.start));
  return {
    date: day.date,
    firstMinute: minute((occ[0] as ActivityOccurrence).start),
    lastMinute: minute((occ.at(-1) as ActivityOccurrence).start),
    // Minutes past the day's midnight, as the intervals below.
    lastEndMinute: Math.max(...occ.map((o) => minute(o.start) + (o.end - o.start) / 60)),
    longestGapS: longest,
    firstByActivity,
    hours: new Set(occ.map((o) => localParts(o.start, zone).hour)),
    // Minutes past the day's midnight (an occurrence running past it ends after 1440).
    intervals: occ.map((o) => [minute(o.start), minute(o.start) + (o.end - o.start) / 60]),
  };
}

export function isOrdinary(day: Pick<DayRecord, 'coverage' | 'occurrences'>): boolean {
  return day.coverage >= ORDINARY_COVERAGE && day.occurrences.length >= ORDINARY_MIN_OCCURRENCES;
}

/**
 * The routine for `today`'s day type, learned only from days strictly before it within the window.
 * Undefined while fewer than 3 ordinary days are known (nothing is judged yet).
 */
export function learnRoutine(
  history: readonly DayRecord[],
  today: string,
  zone: string,
): Routine | undefined {
  const from = addDays(today, -LEARNING_WINDOW_DAYS);
  const inWindow = history.filter((d) => d.date >= from && d.date < today && isOrdinary(d));
  const facts = inWindow.map((d) => factsOf(d, zone)).sort((a, b) => (a.date < b.date ? -1 : 1));
  const dayType = dayTypeOf(today);
  // While a day type has too few days (a new home), every ordinary day stands in for it.
  const ofType = facts.filter((f) => dayTypeOf(f.date) === dayType);
  const same = ofType.length >= 3 ? ofType : facts;
  if (same.length < 3) return undefined;
  const firsts = same.map((f) => f.firstMinute);
  const firstUsual = quantile(firsts, 0.5) as number;
  // The last week's days of this type (weekdays), or every day of it when it has fewer (a weekend): late
  // weekend mornings must not move a Monday's deadline (UK-DALE house 2), and a change of habit on
  // every day still shows within the week on both day types.
  const lastWeek = facts.filter((f) => f.date >= addDays(today, -RECENT_DAYS - 2));
  const lastWeekOfType = lastWeek.filter((f) => dayTypeOf(f.date) === dayType);
  const recentDays =
    lastWeekOfType.length >= 3 ? lastWeekOfType : lastWeek.length > 0 ? lastWeek : facts.slice(-RECENT_DAYS);
  const recent = recentDays.map((f) => f.firstMinute);
  const lasts = same.map((f) => f.lastMinute);
  const activityIds = new Set(same.flatMap((f) => [...f.firstByActivity.keys()]));
  const activities: LearnedActivity[] = [];
  for (const activityId of [...activityIds].sort((a, b) => a - b)) {
    const minutes = same.flatMap((f) => {
      const m = f.firstByActivity.get(activityId);
      return m === undefined ? [] : [m];
    });
    activities.push({
      activityId,
      usualMinute: Math.round(quantile(minutes, 0.5) as number),
      usualByMinute: Math.round(quantile(minutes, 0.75) as number),
      share: minutes.length / same.length,
    });
  }
  const hourShare = Array.from(
    { length: 24 },
    (_, h) => facts.filter((f) => f.hours.has(h)).length / facts.length,
  );
  const sessions = new Map<string, number[]>();
  for (const d of history.filter((d) => d.date >= from && d.date < today)) {
    for (const s of applianceSessions(d.uses)) {
      const list = sessions.get(s.applianceKey) ?? [];
      list.push(s.end - s.start);
      sessions.set(s.applianceKey, list);
    }
  }
  const sessionP95: Record<string, number> = {};
  for (const [key, list] of sessions) if (list.length >= 5) sessionP95[key] = quantile(list, 0.95) as number;
  return {
    dayType,
    days: same.length,
    firstUsual,
    firstP75: quantile(firsts, 0.75) as number,
    firstIqr: (quantile(firsts, 0.75) as number) - (quantile(firsts, 0.25) as number),
    firstRecent: quantile(recent, 0.5) as number,
    fallback: same !== ofType,
    firstReliable: firsts.filter((m) => m <= firstUsual + MORNING_MISSED_MIN).length / firsts.length,
    dayIntervals: same.map((f) => f.intervals),
    lastUsual: quantile(lasts, 0.5) as number,
    lastP90: quantile(lasts, 0.9) as number,
    lastEndP90: quantile(
      same.map((f) => f.lastEndMinute),
      0.9,
    ) as number,
    longestGapS: quantile(
      same.map((f) => f.longestGapS),
      0.9,
    ) as number,
    activities,
    hourShare,
    sessionP95,
    ...(inWindow.every((d) => d.occurrences.every((o) => o.estimated === true)) ? { estimated: true } : {}),
  };
}

/** "HH:MM" of a minute of the day. */
export function hhmm(minute: number): string {
  const m = Math.max(0, Math.min(24 * 60 - 1, Math.round(minute)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
