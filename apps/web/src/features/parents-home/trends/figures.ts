import type { TrendWeek, TrendsResponse } from '@homeview/contract/web';
import { dateLabel, minuteLabel } from '../../../shared/time';

// The trends' figures as the table, the chart and the CSV say them: one definition of each column, so the
// screen, the printed page and the download always carry the same figures.

type Measure = Exclude<keyof TrendWeek, 'week_start' | 'ordinary_days' | 'change'>;

export interface TrendColumn {
  measure: Measure;
  /** Heading on the screen and the printed page. */
  label: string;
  /** Headings in the CSV: the figure, and its change against the 4 weeks before. */
  csv: string;
  csvChange: string;
  value: (v: number) => string;
  change: (v: number) => string;
}

const signed = (v: number, unit = '') => {
  if (v === 0) return 'no change';
  const n = Number.isInteger(v) ? String(Math.abs(v)) : Math.abs(v).toFixed(1);
  return `${v > 0 ? '+' : '−'}${n}${unit}`;
};
const decimal = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export const TREND_COLUMNS: readonly TrendColumn[] = [
  {
    measure: 'day_start_minute',
    label: 'Day starts',
    csv: 'day_start',
    csvChange: 'day_start_change_minutes',
    value: minuteLabel,
    change: (v) => signed(v, ' min'),
  },
  {
    measure: 'day_end_minute',
    label: 'Day ends',
    csv: 'day_end',
    csvChange: 'day_end_change_minutes',
    value: minuteLabel,
    change: (v) => signed(v, ' min'),
  },
  {
    measure: 'active_hours',
    label: 'Active hours',
    csv: 'active_hours',
    csvChange: 'active_hours_change',
    value: decimal,
    change: (v) => signed(v, ' h'),
  },
  {
    measure: 'meals_per_day',
    label: 'Meals a day',
    csv: 'meals_per_day',
    csvChange: 'meals_per_day_change',
    value: decimal,
    change: signed,
  },
  {
    measure: 'night_activity_minutes',
    label: 'Night activity',
    csv: 'night_activity_minutes',
    csvChange: 'night_activity_minutes_change',
    value: (v) => `${v} min`,
    change: (v) => signed(v, ' min'),
  },
  {
    measure: 'no_data_days',
    label: 'Days without data',
    csv: 'no_data_days',
    csvChange: 'no_data_days_change',
    value: decimal,
    change: signed,
  },
];

/**
 * The columns a home's weeks can fill: a home known from its meter's half-hours alone (issue 36) has no
 * meals to show (half-hours cannot tell one), so its table leaves that column out; the CSV keeps every
 * column, the meals empty.
 */
export const columnsFor = (trends: Pick<TrendsResponse, 'half_hourly'>): readonly TrendColumn[] =>
  trends.half_hourly ? TREND_COLUMNS.filter((c) => c.measure !== 'meals_per_day') : TREND_COLUMNS;

/**
 * The weeks the screen lists (issue 33): from the first week with an ordinary day; the weeks before the
 * home's data began show nothing and are left out (the heading says how many are listed).
 */
export function weeksWithData(weeks: readonly TrendWeek[]): TrendWeek[] {
  const first = weeks.findIndex((w) => w.ordinary_days > 0);
  return first < 0 ? [] : weeks.slice(first);
}

/**
 * Time-of-day ticks that fit the values (issue 33: a 35-minute change was lost on a 24-hour axis): round
 * half hours just around the lowest and highest, at most 6 steps of 30, 60 or 120 minutes.
 */
export function fittedDaySplits(values: readonly (number | null)[]): number[] {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return [...DAY_AXIS_MINUTES];
  const lo = Math.max(0, Math.floor((Math.min(...known) - 15) / 30) * 30);
  const hi = Math.min(1440, Math.ceil((Math.max(...known) + 15) / 30) * 30);
  const step = [30, 60, 120, 240].find((s) => (hi - lo) / s <= 6) ?? 360;
  const from = Math.floor(lo / step) * step;
  const out: number[] = [];
  for (let m = from; m < hi + step && m <= 1440; m += step) out.push(m);
  return out;
}

/** 'Week of 16-11-26' */
/** The chart's time-of-day axis: every 6 hours of a whole day, its end said 24:00 (a day ending at 21:52
 * is drawn below the top line, not against a line labelled 23:59 that stands for 25:00). */
export const DAY_AXIS_MINUTES: readonly number[] = [0, 360, 720, 1080, 1440];
export const dayAxisLabel = (minute: number): string => (minute >= 1440 ? '24:00' : minuteLabel(minute));

export const weekLabel = (weekStart: string) => `Week of ${dateLabel(weekStart, false)}`;

/** A week's figure for the table: '07:45', or '–' when the week had no ordinary day. */
export function cell(week: TrendWeek, column: TrendColumn): { value: string; change: string | null } {
  const v = week[column.measure];
  const c = week.change[column.measure];
  return { value: v === null ? '–' : column.value(v), change: c === null ? null : column.change(c) };
}

/**
 * What the table says of a week without an ordinary day, keeping apart a week whose data did not come
 * and one whose data came and was quiet (issue 36's "no data" and "low activity": a week away, or a week
 * with nobody about, is not a week without data). Null when the week has figures.
 */
export function noFiguresText(week: TrendWeek): string | null {
  if (week.ordinary_days > 0) return null;
  const missing = week.no_data_days ?? 0;
  if (missing >= 7) return 'No data this week: no figures';
  if (missing <= 0) return 'Data came, but no ordinary day: no figures';
  return `No ordinary day, ${decimal(missing)} ${missing === 1 ? 'day' : 'days'} without data: no figures`;
}

const csvField = (v: string | number | null) => (v === null ? '' : String(v));

/** The same figures as CSV: one row per week, each figure and its change against the 4 weeks before. */
export function trendsCsv(trends: TrendsResponse): string {
  const header = ['week_start', ...TREND_COLUMNS.flatMap((c) => [c.csv, c.csvChange]), 'ordinary_days'];
  const rows = trends.weeks.map((w) => [
    w.week_start,
    ...TREND_COLUMNS.flatMap((c) => {
      const v = w[c.measure];
      // Times of day as the clock reads them (a spreadsheet reads 07:45), changes in minutes.
      const shown =
        v !== null && (c.measure === 'day_start_minute' || c.measure === 'day_end_minute') ? c.value(v) : v;
      return [csvField(shown), csvField(w.change[c.measure])];
    }),
    String(w.ordinary_days),
  ]);
  return `${[header, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`;
}
