import { lazy, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { canDraw } from './canDraw';
import { ChartFrame, stepFor } from './ChartFrame';
import {
  type SegmentChartData,
  type SegmentPosition,
  hundredthsToClock,
  SEGMENTS_PER_ROW,
  segmentPlotHeight,
} from './types';

const SegmentCanvas = lazy(() => import('./uplot/SegmentCanvas'));

export interface SegmentChartProps extends SegmentChartData {
  title: string;
  showTitle?: boolean;
  /** Whether to say how to read the chart; false for every chart of a screen but the first. */
  hint?: boolean;
}

/** The rows as drawn: each row's segments in time order, at most 50 (spec §9). */
export function drawnRows(data: SegmentChartData): SegmentChartData['rows'] {
  return data.rows.map((row) => ({
    label: row.label,
    segments: [...row.segments].sort((a, b) => a.start - b.start).slice(0, SEGMENTS_PER_ROW),
  }));
}

export function describeSegment(rows: SegmentChartData['rows'], at: SegmentPosition): string {
  const row = rows[at.row];
  const segment = row?.segments[at.segment];
  if (!row || !segment) return '';
  return `${row.label}: ${segment.label}, ${hundredthsToClock(segment.start)}–${hundredthsToClock(segment.end)}`;
}

/** Up/Down: the segment of the next row nearest in time; Left/Right/Home/End: along the row. */
export function segmentStep(
  rows: SegmentChartData['rows'],
  key: string,
  at: SegmentPosition | null,
): SegmentPosition | null | undefined {
  const firstRow = rows.findIndex((r) => r.segments.length > 0);
  if (firstRow < 0) return undefined;
  if (at === null) {
    return ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)
      ? { row: firstRow, segment: 0 }
      : undefined;
  }
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const step = key === 'ArrowDown' ? 1 : -1;
    const from = rows[at.row]?.segments[at.segment];
    for (let r = at.row + step; r >= 0 && r < rows.length; r += step) {
      const segments = rows[r]?.segments ?? [];
      if (segments.length === 0) continue;
      const time = from ? (from.start + from.end) / 2 : 0;
      let nearest = 0;
      segments.forEach((s, i) => {
        const best = segments[nearest];
        if (best && Math.abs((s.start + s.end) / 2 - time) < Math.abs((best.start + best.end) / 2 - time))
          nearest = i;
      });
      return { row: r, segment: nearest };
    }
    return at;
  }
  const segment = stepFor(key, at.segment, rows[at.row]?.segments.length ?? 0);
  return segment === undefined ? undefined : { row: at.row, segment };
}

/**
 * Stretches of time over a 0–24 h axis, one row per day (InfoCare's activities): each segment can link
 * to a page. Arrow keys move between segments and rows; Enter follows the link. The table lists every
 * segment with its times and link.
 */
export function SegmentChart({ title, showTitle, hint = true, ...data }: SegmentChartProps) {
  const [active, setActive] = useState<SegmentPosition | null>(null);
  const navigate = useNavigate();
  const rows = drawnRows(data);
  const follow = (at: SegmentPosition | null) => {
    const href = at ? rows[at.row]?.segments[at.segment]?.href : undefined;
    if (href) navigate(href);
  };

  return (
    <ChartFrame
      title={title}
      showTitle={showTitle}
      legend={data.legend}
      readout={active === null ? null : describeSegment(rows, active)}
      hint={
        hint ? 'Point at a bar, or focus the chart and use the arrow keys, to read it; Enter opens it.' : null
      }
      size="rows"
      plotHeight={segmentPlotHeight(rows.length)}
      drawing={
        canDraw() ? (
          <SegmentCanvas rows={rows} active={active} onHover={setActive} onActivate={follow} />
        ) : null
      }
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          follow(active);
          return;
        }
        const next = segmentStep(rows, event.key, active);
        if (next === undefined) return;
        event.preventDefault();
        setActive(next);
      }}
      onBlur={() => setActive(null)}
      table={
        <table className="data-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Times</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={`${row.label}-${r.toString()}`}>
                <th scope="row">{row.label}</th>
                <td>
                  {row.segments.length === 0 ? (
                    'None'
                  ) : (
                    <ul className="chart__segment-list">
                      {row.segments.map((s) => {
                        const text = `${s.label} ${hundredthsToClock(s.start)}–${hundredthsToClock(s.end)}`;
                        return (
                          <li key={`${s.start}-${s.label}`}>
                            {s.href ? <Link to={s.href}>{text}</Link> : text}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
