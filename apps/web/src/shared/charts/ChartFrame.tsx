import { type KeyboardEvent, type ReactNode, Suspense, useId, useState } from 'react';
import type { ChartTone } from './types';

// What every chart shares: a <figure> named by its caption, a legend, a readout that says the value under
// the pointer or the keyboard cursor (announced politely), the drawing (loaded lazily, keyboard-operable),
// and the same figures as a table for anyone who prefers or needs text.

export interface LegendItem {
  tone: ChartTone;
  label: string;
  /** A line series is drawn as a line, not a block. */
  line?: boolean;
}

interface ChartFrameProps {
  title: string;
  /** Whether the caption is shown; hidden when the page's heading already says it. */
  showTitle?: boolean;
  legend: readonly LegendItem[];
  /** What the readout says now; null shows the hint. */
  readout: string | null;
  /** How to read the chart; null where the screen already says it (once per screen is enough). */
  hint: string | null;
  size: 'small' | 'medium' | 'large' | 'rows';
  /** With size 'rows': the drawing's height in px, held while it loads (the CSS sizes the others). */
  plotHeight?: number;
  /** The lazily loaded drawing, or null where the browser cannot draw (the table stays). */
  drawing: ReactNode;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onBlur: () => void;
  /** The table alternative. */
  table: ReactNode;
  tableLabel?: string;
}

export function ChartFrame(props: ChartFrameProps) {
  const {
    title,
    showTitle = true,
    legend,
    readout,
    hint,
    size,
    plotHeight,
    drawing,
    onKeyDown,
    onBlur,
    table,
  } = props;
  const id = useId();
  // The table is built when opened: a closed <details> shows its rows to nobody (eyes or screen readers),
  // and they were a quarter of /my-home's elements, drawn before its largest paint.
  const [tableOpen, setTableOpen] = useState(!drawing);
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={showTitle ? 'chart__title' : 'visually-hidden'}>
        {title}
      </figcaption>
      {legend.length > 0 ? (
        <ul className="chart__legend">
          {legend.map((item) => (
            <li key={`${item.tone}-${item.label}`}>
              <span
                className={`chart-swatch chart-swatch--${item.tone}${item.line ? ' chart-swatch--line' : ''}`}
                aria-hidden="true"
              />
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
      {drawing ? (
        <>
          <p className="chart__readout" aria-live="polite" id={`${id}-readout`}>
            {readout ?? (hint === null ? null : <span className="chart__hint">{hint}</span>)}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of drawn marks; a fieldset is for form controls. */}
          <div
            className={`chart__plot chart__plot--${size}`}
            style={plotHeight === undefined ? undefined : { height: `${plotHeight}px` }}
            role="group"
            aria-roledescription="chart"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-readout`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is operated with the arrow keys.
            tabIndex={0}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
          >
            <Suspense fallback={<div className="chart__loading" aria-hidden="true" />}>{drawing}</Suspense>
          </div>
        </>
      ) : null}
      <details
        className="chart__table"
        open={tableOpen}
        onToggle={(event) => setTableOpen(event.currentTarget.open)}
      >
        <summary>{props.tableLabel ?? 'Show the figures as a table'}</summary>
        {tableOpen ? <div className="table-scroll">{table}</div> : null}
      </details>
    </figure>
  );
}

/** The next position of a keyboard cursor over `count` items, or undefined for keys it does not use. */
export function stepFor(key: string, current: number | null, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return current === null ? 0 : Math.min(count - 1, current + 1);
    case 'ArrowLeft':
      return current === null ? count - 1 : Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
