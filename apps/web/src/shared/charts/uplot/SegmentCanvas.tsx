import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import {
  DAY_HUNDREDTHS,
  hundredthsToClock,
  type SegmentPosition,
  type SegmentRow,
  STRIPED_TONES,
  segmentPlotHeight,
} from '../types';
import { axisStyle, cssColor, dpr, onPlotClick, toneColor, useUPlot } from './common';

// Segments over 0–2400 (hundredths of an hour), one row per day, top to bottom. Row r sits at value
// n − 1 − r of the y scale so the first row is on top; the draw hook fills each segment (at least 2 px
// wide, so a one-minute use stays visible) and outlines the one the keyboard or pointer is on.

interface Props {
  rows: readonly SegmentRow[];
  active: SegmentPosition | null;
  onHover: (at: SegmentPosition | null) => void;
  onActivate: (at: SegmentPosition | null) => void;
}

/** How far (CSS px) from a segment the pointer still picks it. */
const REACH_PX = 4;

/** Light diagonal stripes over a filled box (the same as the legend's striped swatch). */
function stripe(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.strokeStyle = 'rgb(255 255 255 / 55%)';
  ctx.lineWidth = 2 * dpr();
  const step = 6 * dpr();
  ctx.beginPath();
  for (let sx = x - h; sx < x + w; sx += step) {
    ctx.moveTo(sx, y + h);
    ctx.lineTo(sx + h, y);
  }
  ctx.stroke();
  ctx.restore();
}

export default function SegmentCanvas({ rows, active, onHover, onActivate }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const state = useRef({ active, hovered: null as SegmentPosition | null, onHover, onActivate });
  state.current.active = active;
  state.current.onHover = onHover;
  state.current.onActivate = onActivate;

  const key = JSON.stringify(rows.map((r) => [r.label, r.segments.map((s) => [s.start, s.end, s.tone])]));

  const plot = useUPlot(container, key, (el, width) => {
    const n = rows.length;
    const axis = axisStyle(el);
    // Dark, not the focus blue: the activity itself is blue.
    const focus = cssColor(el, '--color-text');
    const rowValue = (r: number) => n - 1 - r;

    const draw = (u: uPlot) => {
      const { ctx } = u;
      const { left, top, width: w, height: h } = u.bbox;
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, top, w, h);
      ctx.clip();
      const band = (u.valToPos(0, 'y', true) - u.valToPos(1, 'y', true)) * 0.62;
      const minWidth = 2 * dpr();
      rows.forEach((row, r) => {
        const centre = u.valToPos(rowValue(r), 'y', true);
        ctx.fillStyle = cssColor(el, '--color-surface-2');
        ctx.fillRect(left, centre - band / 2, w, band);
        row.segments.forEach((s, i) => {
          const x0 = u.valToPos(s.start, 'x', true);
          const x1 = Math.max(x0 + minWidth, u.valToPos(s.end, 'x', true));
          ctx.fillStyle = toneColor(el, s.tone);
          ctx.fillRect(x0, centre - band / 2, x1 - x0, band);
          if (STRIPED_TONES.has(s.tone)) stripe(ctx, x0, centre - band / 2, x1 - x0, band);
          const at = state.current.active;
          if (at && at.row === r && at.segment === i) {
            ctx.strokeStyle = focus;
            ctx.lineWidth = 2.5 * dpr();
            ctx.strokeRect(
              x0 - 2 * dpr(),
              centre - band / 2 - 2 * dpr(),
              x1 - x0 + 4 * dpr(),
              band + 4 * dpr(),
            );
          }
        });
      });
      ctx.restore();
    };

    const pick = (u: uPlot): SegmentPosition | null => {
      const { left = -1, top = -1 } = u.cursor;
      if (left < 0 || top < 0) return null;
      const r = n - 1 - Math.round(u.posToVal(top, 'y'));
      const row = rows[r];
      if (!row) return null;
      const t = u.posToVal(left, 'x');
      const reach = u.posToVal(REACH_PX, 'x') - u.posToVal(0, 'x');
      const i = row.segments.findIndex((s) => t >= s.start - reach && t <= s.end + reach);
      return i < 0 ? null : { row: r, segment: i };
    };

    const options: uPlot.Options = {
      width,
      height: segmentPlotHeight(n),
      legend: { show: false },
      cursor: { x: false, y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
      scales: { x: { time: false, range: [0, DAY_HUNDREDTHS] }, y: { range: [-0.5, n - 0.5] } },
      axes: [
        {
          ...axis,
          splits: () => [0, 600, 1200, 1800, 2400],
          values: (_u, splits) => splits.map(hundredthsToClock),
          grid: { stroke: cssColor(el, '--color-border'), width: 1 },
        },
        {
          ...axis,
          size: 84,
          splits: () => rows.map((_, r) => rowValue(r)),
          values: (_u, splits) => splits.map((v) => rows[n - 1 - v]?.label ?? ''),
          grid: { show: false },
        },
      ],
      series: [{}, { paths: () => null, points: { show: false } }],
      hooks: {
        draw: [draw],
        setCursor: [
          (u) => {
            const hovered = pick(u);
            const last = state.current.hovered;
            if (hovered?.row === last?.row && hovered?.segment === last?.segment) return;
            state.current.hovered = hovered;
            state.current.onHover(hovered);
          },
        ],
        ready: [(u) => onPlotClick(u, () => state.current.onActivate(state.current.hovered))],
      },
    };
    return {
      options,
      data: [
        [0, DAY_HUNDREDTHS],
        [null, null],
      ],
    };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `active` is what asks for the redraw.
  useEffect(() => {
    if (plot.current) plot.current.redraw(false);
  }, [active, plot]);

  return <div ref={container} className="chart__canvas" />;
}
