// The data the charts draw, free of the chart library: pages build these without loading it.

/**
 * A colour of the charts' palette, a CSS custom property `--chart-<tone>` (styles/charts.css), so
 * canvas, legend and table swatches share one definition. Each tone has 3:1 contrast on the surface.
 */
export type ChartTone =
  | 'cost'
  | 'income'
  | 'consumed'
  | 'gas'
  | 'generated'
  | 'you'
  | 'similar'
  | 'all'
  | 'comparable'
  | 'care'
  | 'alert'
  | 'muted';

/** Tones drawn striped as well as coloured, so they are told apart without colour (the off alert). */
export const STRIPED_TONES: ReadonlySet<ChartTone> = new Set<ChartTone>(['alert']);

/** One series over the chart's categories: bars side by side (grouped), or a line. */
export interface ChartSeries {
  label: string;
  /** One value per category; null is "no data" (drawn as a gap, said as such in the table). */
  values: readonly (number | null)[];
  tone: ChartTone;
  /** Per-category tones, e.g. You / similar homes / all homes in their own colours. */
  tones?: readonly ChartTone[];
  kind?: 'bar' | 'line';
}

export interface SeriesChartData {
  /** The categories in full, for the table and the readout: '13:00', 'Mon 03-06-25'. */
  labels: readonly string[];
  /** Shorter labels for the axis; default `labels`. */
  tickLabels?: readonly string[];
  /** How many categories the x axis labels (spec §9: hour view 5, day 4, week 3, month 4); default all. */
  ticks?: number;
  /**
   * Label only categories whose index is a multiple of this (or of its double, … while they do not fit):
   * a day's hours at 6 read 00:00, 06:00, 12:00, 18:00, not 00:00, 08:00, 15:00, 23:00 (issue 33).
   */
  tickEvery?: number;
  series: readonly ChartSeries[];
  /** A value as the table and readout say it: '£1.23', '4.5 kWh'. */
  format: (value: number) => string;
  /** The y axis' label (§9: the pound sign for money) and its tick format. */
  yLabel: string;
  yTick?: (value: number) => string;
  /** Fixed y ticks (a day's hours for times of day); the axis spans the first to the last. Default: uPlot's
   * own, from 0 (or below the lowest value) to a round number above the highest. */
  ySplits?: readonly number[];
  /** Bars carry their value, written above (below for a negative one) each bar. */
  barValues?: boolean;
  /** A shorter value for bars too narrow for `format`'s (e.g. without the unit the y axis names). */
  shortFormat?: (value: number) => string;
  /** A link per category: a click or Enter on it goes there. */
  hrefs?: readonly (string | undefined)[];
  /** Rows under the table's categories, not drawn (a standing charge, a total): one value per series, null blank. */
  footer?: readonly { label: string; values: readonly (number | null)[] }[];
}

/** A stretch of time in one row, in hundredths of an hour from the row's midnight (0–2400, §9). */
export interface Segment {
  start: number;
  end: number;
  label: string;
  tone: ChartTone;
  href?: string;
}

/** A day (or other row) of segments; up to 50 per row are drawn (spec §9), stacked along 0–24 h. */
export interface SegmentRow {
  label: string;
  segments: readonly Segment[];
}

/** A row and a segment in it. */
export interface SegmentPosition {
  row: number;
  segment: number;
}

export interface SegmentChartData {
  rows: readonly SegmentRow[];
  /** What each tone stands for, shown as the legend. */
  legend: readonly { tone: ChartTone; label: string }[];
}

export const SEGMENTS_PER_ROW = 50;
export const DAY_HUNDREDTHS = 2400;

/**
 * A segment chart's drawn height in CSS px for `rows` rows: one band a row and the time axis. The frame
 * holds it before the drawing loads, so a Daily chart's one row is not drawn in a week's space.
 */
export const segmentPlotHeight = (rows: number): number => rows * 34 + 36;

/** 1350 → '13:30' (hundredths of an hour to a clock time; 2400 → '24:00'). */
export function hundredthsToClock(value: number): string {
  const minutes = Math.round((value * 60) / 100);
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The categories an axis with `ticks` labels names: spread evenly, first and last included. */
export function tickIndices(count: number, ticks: number | undefined): number[] {
  if (count <= 0) return [];
  const n = Math.min(count, Math.max(1, ticks ?? count));
  if (n === 1) return [0];
  return Array.from({ length: n }, (_, k) => Math.round((k * (count - 1)) / (n - 1)));
}

/** Least room (CSS px) between two neighbouring axis labels. */
export const TICK_GAP_PX = 8;

/**
 * The categories an x axis `plotWidth` CSS px wide labels: up to `wanted`, spread evenly (first and last
 * included), fewer while two neighbouring labels (each `widths[i]` px wide, centred on its category)
 * would come closer than TICK_GAP_PX, so no two labels ever overlap on a phone.
 */
export function fittingTickIndices(
  count: number,
  wanted: number | undefined,
  widths: readonly number[],
  plotWidth: number,
  every?: number,
): number[] {
  const step = plotWidth / Math.max(1, count);
  const fitsAll = (indices: readonly number[]) =>
    indices.every((i, k) => {
      const before = indices[k - 1];
      if (before === undefined) return true;
      return (i - before) * step >= ((widths[i] ?? 0) + (widths[before] ?? 0)) / 2 + TICK_GAP_PX;
    });
  if (every !== undefined && every >= 1 && count > 0) {
    for (let by = every; by < count; by *= 2) {
      const indices = Array.from({ length: Math.ceil(count / by) }, (_, k) => k * by);
      if (indices.length <= (wanted ?? count) && fitsAll(indices)) return indices;
    }
    return [0];
  }
  for (let n = Math.min(count, wanted ?? count); n > 1; n--) {
    const indices = tickIndices(count, n);
    const fits = indices.every((i, k) => {
      const before = indices[k - 1];
      if (before === undefined) return true;
      return (i - before) * step >= ((widths[i] ?? 0) + (widths[before] ?? 0)) / 2 + TICK_GAP_PX;
    });
    if (fits) return indices;
  }
  return tickIndices(count, 1);
}
