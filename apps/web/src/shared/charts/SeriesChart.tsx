import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { canDraw } from './canDraw';
import { ChartFrame, stepFor } from './ChartFrame';
import type { SeriesChartData } from './types';

const SeriesCanvas = lazy(() => import('./uplot/SeriesCanvas'));

export interface SeriesChartProps extends SeriesChartData {
  title: string;
  showTitle?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** Whether to say how to read the chart; false for every chart of a screen but the first. */
  hint?: boolean;
}

/** What the readout says for category `i`: 'Mon 03-06-25: Cost £1.20, Income £0.40'. */
export function describeCategory(data: SeriesChartData, i: number): string {
  const values = data.series.map((s) => {
    const v = s.values[i];
    return `${s.label} ${v === null || v === undefined ? 'no data' : data.format(v)}`;
  });
  return `${data.labels[i] ?? ''}: ${values.join(', ')}`;
}

/**
 * Bars (grouped when there are several series) or lines over categories: hours of a day, days of a week,
 * You / similar homes / all homes. Arrow keys, Home and End move along the categories; Enter follows a
 * category's link. The table lists every value.
 */
export function SeriesChart({ title, showTitle, size = 'medium', hint = true, ...data }: SeriesChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const navigate = useNavigate();
  const count = data.labels.length;
  const follow = (i: number | null) => {
    const href = i === null ? undefined : data.hrefs?.[i];
    if (href) navigate(href);
  };
  const legend =
    data.series.length > 1 || !data.series[0]?.tones
      ? data.series.map((s) => ({ tone: s.tone, label: s.label, line: s.kind === 'line' }))
      : [];

  return (
    <ChartFrame
      title={title}
      showTitle={showTitle}
      legend={legend}
      readout={active === null ? null : describeCategory(data, active)}
      hint={
        hint
          ? `Point at the chart, or focus it and use the arrow keys, to read each value${data.hrefs ? '; Enter opens it' : ''}.`
          : null
      }
      size={size}
      drawing={
        canDraw() ? (
          <SeriesCanvas data={data} active={active} onHover={setActive} onActivate={follow} />
        ) : null
      }
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          follow(active);
          return;
        }
        const next = stepFor(event.key, active, count);
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
              <th scope="col">{data.labels.length > 0 ? 'Period' : ''}</th>
              {data.series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.labels.map((label, i) => (
              <tr key={`${label}-${i.toString()}`}>
                <th scope="row">{data.hrefs?.[i] ? <a href={data.hrefs[i]}>{label}</a> : label}</th>
                {data.series.map((s) => {
                  const v = s.values[i];
                  return <td key={s.label}>{v === null || v === undefined ? 'No data' : data.format(v)}</td>;
                })}
              </tr>
            ))}
          </tbody>
          {data.footer && data.footer.length > 0 ? (
            <tfoot>
              {data.footer.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {data.series.map((s, k) => {
                    const v = row.values[k];
                    return <td key={s.label}>{v === null || v === undefined ? '' : data.format(v)}</td>;
                  })}
                </tr>
              ))}
            </tfoot>
          ) : null}
        </table>
      }
    />
  );
}
