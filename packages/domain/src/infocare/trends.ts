import { addDays, parseLocalDate, shortDate, weekdayOfDate } from '@homeview/contract/calendar';
import { localParts } from '../time/zone';
import type { ActivityOccurrence } from './activities';
import { isOrdinary } from './routine';
import { quantile } from './stats';

// Trends over weeks (issue 25): what a GP or social worker asks about, from the same daily facts the
// routine learns from. Each local week (Monday start) gets its usual day (when it starts and ends, the
// active hours, meals, night-time activity, days with no data) and its change against the 4 weeks before;
// a change of the newest week beyond that measure's normal spread (the 4 weeks' inter-quartile range of
// daily values, never less than a floor) is said in plain words, without alarm.

/** What is known of one local day: its coverage by readings (0..1) and its activity occurrences. */
export interface TrendDay {
  date: string;
  coverage: number;
  occurrences: readonly ActivityOccurrence[];
}

export interface TrendMeasures {
  /** Median local minute of the first activity of the week's ordinary days; null without one. */
  day_start_minute: number | null;
  /** Median local minute the last activity ends (capped at 23:59). */
  day_end_minute: number | null;
  /** Mean per ordinary day of the local clock hours with some activity in them (one decimal). */
  active_hours: number | null;
  /** Mean meal activities per ordinary day (one decimal). */
  meals_per_day: number | null;
  /** Mean minutes per ordinary day of activity before the usual start or after the usual end of the day. */
  night_activity_minutes: number | null;
  /** Days of the week less than half covered by readings; null for a week before the home's first data. */
  no_data_days: number | null;
}

export type TrendMeasure = keyof TrendMeasures;

export const TREND_MEASURES: readonly TrendMeasure[] = [
  'day_start_minute',
  'day_end_minute',
  'active_hours',
  'meals_per_day',
  'night_activity_minutes',
  'no_data_days',
];

export interface TrendWeek extends TrendMeasures {
  /** The Monday (local date) the week starts. */
  week_start: string;
  /** Ordinary days (≥ 90 % covered, some activity) the figures come from. */
  ordinary_days: number;
  /** This week minus the 4 weeks before, per measure; null when either side has too little to say. */
  change: Record<TrendMeasure, number | null>;
}

export interface TrendCallout {
  /** The week whose change it is (issue 33: every week is compared, not only the newest). */
  week_start: string;
  measure: TrendMeasure;
  change: number;
  sentence: string;
}

export interface Trends {
  weeks: TrendWeek[];
  /** The newest week's changes beyond their measure's normal spread, in measure order. */
  callouts: TrendCallout[];
}

/** Weeks a week is compared with. */
export const TREND_BASELINE_WEEKS = 4;
/** A baseline with fewer ordinary days than this has no change to say. */
export const TREND_BASELINE_MIN_DAYS = 7;
/** A day less covered than this counts as a day with no data. */
export const NO_DATA_COVERAGE = 0.5;
/** The smallest change called out per measure, whatever the spread (minutes, hours, meals, days). */
export const TREND_FLOORS: Readonly<Record<TrendMeasure, number>> = {
  day_start_minute: 20,
  day_end_minute: 30,
  active_hours: 1,
  meals_per_day: 0.5,
  night_activity_minutes: 15,
  no_data_days: 2,
};

const MEALS_ACTIVITY_ID = 2;
const DAY_MINUTES = 1440;

/** An ordinary day's figures, from its appliance uses (here) or its half-hours (trends-half-hourly.ts). */
export interface DayFigures {
  start: number;
  end: number;
  activeHours: number;
  /** Null when the data cannot tell a meal (half-hours). */
  meals: number | null;
  /** [start, end) minutes past local midnight, clipped to the day. */
  intervals: [number, number][];
  /** Night-time activity already known (half-hours: before 05:00); else measured from `intervals`
   *  against the usual day. */
  nightMinutes?: number;
}

/** A day as the weeks see it: its coverage by readings (0..1), and its figures when it is ordinary. */
export interface KnownDay {
  coverage: number;
  figures: DayFigures | null;
}

function figuresOf(day: TrendDay, zone: string): DayFigures {
  const intervals = [...day.occurrences]
    .sort((a, b) => a.start - b.start)
    .map((o): [number, number] => {
      const start = localParts(o.start, zone).minuteOfDay;
      return [start, Math.min(DAY_MINUTES, start + (o.end - o.start) / 60)];
    });
  const hours = new Set<number>();
  for (const [s, e] of intervals)
    for (let h = Math.floor(s / 60); h < 24 && h * 60 < Math.max(e, s + 1); h++) hours.add(h);
  return {
    start: (intervals[0] as [number, number])[0],
    end: Math.min(DAY_MINUTES - 1, Math.max(...intervals.map(([, e]) => e))),
    activeHours: hours.size,
    meals: day.occurrences.filter((o) => o.activityId === MEALS_ACTIVITY_ID).length,
    intervals,
  };
}

/** Minutes of the day's activity (overlaps counted once) before `from` or from `to` on. */
function minutesOutside(intervals: readonly [number, number][], from: number, to: number): number {
  let total = 0;
  let reach = 0;
  for (const [s0, e] of intervals) {
    const s = Math.max(s0, reach);
    if (e <= s) continue;
    total += Math.max(0, Math.min(e, from) - s) + Math.max(0, e - Math.max(s, to));
    reach = e;
  }
  return total;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const oneDecimal = (x: number) => Math.round(x * 10) / 10;
const iqr = (values: readonly number[]) =>
  (quantile(values, 0.75) as number) - (quantile(values, 0.25) as number);

interface Pool {
  days: DayFigures[];
  /** Days without data a week: the count in a week, the mean over 4 (of the days known); null when every
   *  day was before the home's first data. */
  noDataPerWeek: number | null;
}

function poolOf(byDate: ReadonlyMap<string, KnownDay>, from: string, n: number, since: string): Pool {
  const days: DayFigures[] = [];
  let noData = 0;
  let known = 0;
  for (let i = 0; i < n; i++) {
    const date = addDays(from, i);
    const day = byDate.get(date);
    if (date >= since) known += 1;
    if (date >= since && (!day || day.coverage < NO_DATA_COVERAGE)) noData += 1;
    if (day?.figures) days.push(day.figures);
  }
  return { days, noDataPerWeek: known === 0 ? null : n === 7 ? noData : (noData * 7) / known };
}

/** Daily values of one measure over a pool's days (the night measured against `usual`). */
function dailyValues(pool: Pool, measure: TrendMeasure, usual: [number, number]): number[] {
  switch (measure) {
    case 'day_start_minute':
      return pool.days.map((d) => d.start);
    case 'day_end_minute':
      return pool.days.map((d) => d.end);
    case 'active_hours':
      return pool.days.map((d) => d.activeHours);
    case 'meals_per_day':
      return pool.days.flatMap((d) => (d.meals === null ? [] : [d.meals]));
    case 'night_activity_minutes':
      return pool.days.map((d) => d.nightMinutes ?? minutesOutside(d.intervals, usual[0], usual[1]));
    case 'no_data_days':
      return [];
  }
}

function measuresOf(pool: Pool, usual: [number, number]): TrendMeasures {
  const value = (m: TrendMeasure, f: (v: number[]) => number) => {
    const values = dailyValues(pool, m, usual);
    return values.length === 0 ? null : f(values);
  };
  return {
    day_start_minute: value('day_start_minute', (v) => Math.round(quantile(v, 0.5) as number)),
    day_end_minute: value('day_end_minute', (v) => Math.round(quantile(v, 0.5) as number)),
    active_hours: value('active_hours', (v) => oneDecimal(mean(v))),
    meals_per_day: value('meals_per_day', (v) => oneDecimal(mean(v))),
    night_activity_minutes: value('night_activity_minutes', (v) => Math.round(mean(v))),
    no_data_days: pool.noDataPerWeek === null ? null : oneDecimal(pool.noDataPerWeek),
  };
}

/** The usual day of a pool: median start and end of its days. */
function usualOf(pool: Pool): [number, number] | null {
  if (pool.days.length === 0) return null;
  return [
    quantile(
      pool.days.map((d) => d.start),
      0.5,
    ) as number,
    quantile(
      pool.days.map((d) => d.end),
      0.5,
    ) as number,
  ];
}

/**
 * The `weeks` local weeks ending with the one starting `lastWeekStart` (a Monday), oldest first, from
 * the days known (any order; a missing date is a day with no data). Needs the 4 weeks before the first
 * for its change. Night-time is before the usual start or after the usual end of the 4 weeks before
 * (the week's own when those have no ordinary day). Days before `since` (the home's first data) are
 * unknown, not days without data.
 */
export function weeklyTrends(
  days: readonly TrendDay[],
  lastWeekStart: string,
  weeks: number,
  zone: string,
  since = '0000-01-01',
): Trends {
  const byDate = new Map(
    days.map((d): [string, KnownDay] => [
      d.date,
      { coverage: d.coverage, figures: isOrdinary(d) ? figuresOf(d, zone) : null },
    ]),
  );
  return trendsOfKnownDays(byDate, lastWeekStart, weeks, since);
}

/** weeklyTrends from days whose figures are known already (a missing date is a day with no data). */
export function trendsOfKnownDays(
  byDate: ReadonlyMap<string, KnownDay>,
  lastWeekStart: string,
  weeks: number,
  since = '0000-01-01',
): Trends {
  if (weekdayOfDate(lastWeekStart) !== 1) throw new Error(`${lastWeekStart} is not a Monday`);
  const out: TrendWeek[] = [];
  const compared: {
    week: TrendWeek;
    baseline: Pool;
    usual: [number, number];
    baseMeasures: TrendMeasures;
  }[] = [];
  for (let w = weeks - 1; w >= 0; w--) {
    const start = addDays(lastWeekStart, -7 * w);
    const week = poolOf(byDate, start, 7, since);
    const baseline = poolOf(
      byDate,
      addDays(start, -7 * TREND_BASELINE_WEEKS),
      7 * TREND_BASELINE_WEEKS,
      since,
    );
    const usual = usualOf(baseline) ?? usualOf(week) ?? [0, DAY_MINUTES];
    const measures = measuresOf(week, usual);
    const baseMeasures = measuresOf(baseline, usual);
    const comparable = baseline.days.length >= TREND_BASELINE_MIN_DAYS;
    const change = Object.fromEntries(
      TREND_MEASURES.map((m) => {
        const a = measures[m];
        const b = baseMeasures[m];
        return [m, comparable && a !== null && b !== null ? oneDecimal(a - b) : null];
      }),
    ) as Record<TrendMeasure, number | null>;
    const row: TrendWeek = { week_start: start, ordinary_days: week.days.length, ...measures, change };
    out.push(row);
    compared.push({ week: row, baseline, usual, baseMeasures });
  }
  // Every week's changes beyond the usual spread, newest week first (issue 33: a fall in meals in one
  // earlier week was not mentioned); an earlier week's sentence says which week it is.
  const callouts: TrendCallout[] = [];
  for (const [i, { week, baseline, usual, baseMeasures }] of [...compared].reverse().entries()) {
    const before = comparedWith(week.week_start);
    for (const m of TREND_MEASURES) {
      const change = week.change[m];
      if (change === null) continue;
      const values = dailyValues(baseline, m, usual);
      const spread = Math.max(TREND_FLOORS[m], values.length > 0 ? iqr(values) : 0);
      if (Math.abs(change) <= spread) continue;
      const sentence = sentenceOf(m, week, baseMeasures, before);
      callouts.push({
        week_start: week.week_start,
        measure: m,
        change,
        sentence: i === 0 ? sentence : `Week of ${shortDate(week.week_start)}: ${sentence}`,
      });
    }
  }
  return { weeks: out, callouts };
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const monthOf = (date: string) => {
  const d = parseLocalDate(date);
  return MONTH.format(Date.UTC(d.year, d.month - 1, d.day));
};

/** The 4 weeks before a week, in words: "in late October" (where their middle day falls in its month). */
export function comparedWith(weekStart: string): string {
  const middle = addDays(weekStart, -7 * (TREND_BASELINE_WEEKS / 2));
  const day = parseLocalDate(middle).day;
  return `in ${day <= 10 ? 'early' : day <= 20 ? 'mid' : 'late'} ${monthOf(middle)}`;
}

/**
 * "40 minutes", "1 hour", "1 hour 25 minutes": a duration in words, to the nearest 5 minutes, "about" when
 * that is not the exact figure (the week's table beside it says "+34 min": the words must not say 35 flat).
 */
export function durationWords(minutes: number): string {
  const exact = Math.round(Math.abs(minutes));
  const m = Math.round(exact / 5) * 5;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  const hours = h === 0 ? '' : `${h} hour${h === 1 ? '' : 's'}`;
  const mins = rest === 0 && h > 0 ? '' : `${rest} minutes`;
  return `${m === exact ? '' : 'about '}${[hours, mins].filter(Boolean).join(' ')}`;
}

const decimal = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

function sentenceOf(m: TrendMeasure, week: TrendWeek, base: TrendMeasures, before: string): string {
  const now = week[m] as number;
  const was = base[m] as number;
  const up = now > was;
  switch (m) {
    case 'day_start_minute':
      return `Getting up ${durationWords(now - was)} ${up ? 'later' : 'earlier'} than ${before}.`;
    case 'day_end_minute':
      return `The day ending ${durationWords(now - was)} ${up ? 'later' : 'earlier'} than ${before}.`;
    case 'active_hours':
      return `Active ${decimal(now)} hours a day, against ${decimal(was)} ${before}.`;
    case 'meals_per_day':
      return `${up ? 'More' : 'Fewer'} meals: ${decimal(now)} a day, against ${decimal(was)} ${before}.`;
    case 'night_activity_minutes':
      return `${up ? 'More' : 'Less'} activity at night: ${now} minutes a night, against ${was} ${before}.`;
    case 'no_data_days':
      return `${up ? 'More' : 'Fewer'} days without data: ${decimal(now)} last week, against ${decimal(was)} a week ${before}.`;
  }
}
