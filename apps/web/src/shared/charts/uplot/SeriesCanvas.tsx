import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { fittingTickIndices, type SeriesChartData } from '../types';
import {
  axisStyle,
  cssColor,
  dpr,
  FONT,
  niceCeil,
  onPlotClick,
  textWidth,
  toneColor,
  useUPlot,
} from './common';

// Bars (grouped) and lines over categories 0..n-1, drawn on uPlot's scales and axes. Bars are drawn by
// the draw hook rather than uPlot's bar paths: per-category colours, gaps for "no data" and side-by-side
// groups are then a few lines, and the highlighted category is drawn behind them.

interface Props {
  data: SeriesChartData;
  active: number | null;
  onHover: (index: number | null) => void;
  onActivate: (index: number | null) => void;
}

/** The y axis' width with its label (CSS px). */
const Y_AXIS_PX = 70;

/** Of the category width, the share a group of bars takes. */
const GROUP = 0.72;

export default function SeriesCanvas({ data, active, onHover, onActivate }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const state = useRef({ active, hovered: null as number | null, data, onHover, onActivate });
  state.current.active = active;
  state.current.data = data;
  state.current.onHover = onHover;
  state.current.onActivate = onActivate;

  const key = JSON.stringify([
    data.labels,
    data.tickLabels,
    data.ticks,
    data.tickEvery,
    data.yLabel,
    data.ySplits,
    data.barValues,
    data.series.map((s) => [s.label, s.values, s.tone, s.tones, s.kind]),
  ]);

  const plot = useUPlot(container, key, (el, width) => {
    const n = data.labels.length;
    const ticks = data.tickLabels ?? data.labels;
    const tickWidths = ticks.map(textWidth);
    // The last label is centred on the last category: room on the right so it is not cut off.
    const lastHalf = (tickWidths.at(-1) ?? 0) / 2;
    const rightPad = Math.max(8, Math.ceil(lastHalf - (width - Y_AXIS_PX) / Math.max(1, n) / 2) + 2);
    const lines = data.series.map((s) => s.kind === 'line');
    const bars = data.series.flatMap((_, i) => (lines[i] ? [] : [i]));
    const all = data.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
    // Values written on the bars need room above the tallest (and below the lowest) bar.
    const room = data.barValues ? 1.2 : 1;
    const ySplits = data.ySplits && data.ySplits.length > 1 ? data.ySplits : null;
    const lo = Math.min(0, ...all) * room;
    const hi = Math.max(0, ...all) * room;
    const axis = axisStyle(el);
    const grid = cssColor(el, '--color-border');
    const highlight = cssColor(el, '--chart-highlight');
    const text = cssColor(el, '--color-text');

    const drawBars = (u: uPlot) => {
      const { ctx } = u;
      const { left, top, width: w, height: h } = u.bbox;
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, top, w, h);
      ctx.clip();
      const slot = GROUP / Math.max(1, bars.length);
      const slotPx = u.valToPos(slot, 'x', true) - u.valToPos(0, 'x', true);
      const gap = bars.length > 1 ? Math.min(2 * dpr(), slotPx * 0.12) : 0;
      const zero = u.valToPos(0, 'y', true);
      const labels: Array<{ value: number; x: number; y: number; below: boolean }> = [];
      bars.forEach((seriesIndex, j) => {
        const series = state.current.data.series[seriesIndex];
        if (!series) return;
        series.values.forEach((v, i) => {
          if (v === null) return;
          const x = u.valToPos(i - GROUP / 2 + j * slot, 'x', true);
          const y = u.valToPos(v, 'y', true);
          const height = Math.max(v === 0 ? 0 : dpr(), Math.abs(zero - y));
          ctx.fillStyle = toneColor(el, series.tones?.[i] ?? series.tone);
          ctx.fillRect(x + gap / 2, v >= 0 ? zero - height : zero, slotPx - gap, height);
          if (data.barValues) {
            const top = v >= 0 ? zero - height : zero + height;
            labels.push({ value: v, x: x + slotPx / 2, y: top, below: v < 0 });
          }
        });
      });
      ctx.restore();
      if (labels.length === 0) return;
      ctx.save();
      ctx.font = `600 ${Math.round(12 * dpr())}px ${FONT.split('px ')[1]}`;
      ctx.fillStyle = text;
      ctx.textAlign = 'center';
      // Every label in the long form if each fits its category (with room between), else the short form.
      const room = u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true) - 6 * dpr();
      const long = labels.every((l) => ctx.measureText(data.format(l.value)).width <= room);
      const say = long || !data.shortFormat ? data.format : data.shortFormat;
      for (const label of labels) {
        ctx.textBaseline = label.below ? 'top' : 'bottom';
        ctx.fillText(say(label.value), label.x, label.y + (label.below ? 4 : -4) * dpr());
      }
      ctx.restore();
    };

    const drawHighlight = (u: uPlot) => {
      const i = state.current.active;
      if (i === null) return;
      const x0 = u.valToPos(i - 0.5, 'x', true);
      const x1 = u.valToPos(i + 0.5, 'x', true);
      u.ctx.fillStyle = highlight;
      u.ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
    };

    const options: uPlot.Options = {
      width,
      height: el.clientHeight || 240,
      legend: { show: false },
      padding: [null, rightPad, null, null],
      cursor: {
        x: false,
        y: false,
        points: { show: false },
        drag: { x: false, y: false, setScale: false },
      },
      scales: {
        x: { time: false, range: [-0.5, n - 0.5] },
        y: {
          range: () =>
            ySplits
              ? [ySplits[0] as number, ySplits.at(-1) as number]
              : lo === hi
                ? [0, 1]
                : [lo < 0 ? -niceCeil(-lo) : 0, niceCeil(hi)],
        },
      },
      axes: [
        {
          ...axis,
          splits: (u) => fittingTickIndices(n, data.ticks, tickWidths, u.bbox.width / dpr(), data.tickEvery),
          values: (_u, splits) => splits.map((i) => ticks[i] ?? ''),
          grid: { show: false },
        },
        {
          ...axis,
          label: data.yLabel,
          labelSize: 18,
          size: Y_AXIS_PX - 18,
          ...(ySplits ? { splits: () => [...ySplits] } : {}),
          values: (_u, splits) => splits.map((v) => (data.yTick ? data.yTick(v) : String(v))),
          grid: { stroke: grid, width: 1 },
        },
      ],
      series: [
        {},
        ...data.series.map(
          (s, i): uPlot.Series => ({
            label: s.label,
            stroke: toneColor(el, s.tone),
            width: lines[i] ? 2.5 : 0,
            spanGaps: false,
            points: { show: lines[i] && n <= 31, size: 6, fill: toneColor(el, s.tone) },
            ...(lines[i] ? {} : { paths: () => null }),
          }),
        ),
      ],
      hooks: {
        drawClear: [drawHighlight],
        draw: [drawBars],
        setCursor: [
          (u) => {
            const left = u.cursor.left ?? -1;
            const index = left < 0 ? null : Math.round(u.posToVal(left, 'x'));
            const hovered = index !== null && index >= 0 && index < n ? index : null;
            if (hovered === state.current.hovered) return;
            state.current.hovered = hovered;
            state.current.onHover(hovered);
          },
        ],
        ready: [(u) => onPlotClick(u, () => state.current.onActivate(state.current.hovered))],
      },
    };
    const x = Array.from({ length: n }, (_, i) => i);
    return { options, data: [x, ...data.series.map((s) => [...s.values])] };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `active` is what asks for the redraw.
  useEffect(() => {
    if (plot.current) plot.current.redraw(false);
  }, [active, plot]);

  return <div ref={container} className="chart__canvas" data-hovering={data.hrefs ? 'link' : undefined} />;
}
