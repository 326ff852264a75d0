import { addDays, type TrendsResponse } from '@homeview/contract/web';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { SeriesChart } from '../../../shared/charts';
import { getStoredUser } from '../../../shared/storage';
import { dateLabel, minuteLabel } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { QuietEmpty } from '../components/QuietEmpty';
import { RequireDependant } from '../components/RequireDependant';
import {
  cell,
  columnsFor,
  dayAxisLabel,
  fittedDaySplits,
  noFiguresText,
  type TrendColumn,
  trendsCsv,
  weekLabel,
  weeksWithData,
} from './figures';
import { useTrends } from './queries';

/**
 * /parents-home/trends (issue 25): the dependant's last 12 complete weeks for a carer, a GP or a social
 * worker: the changes beyond the usual ups and downs in words first, then when the day starts and ends
 * (a chart with its table) and every figure week by week, downloadable as CSV and printable on A4.
 */
export function TrendsPage() {
  return (
    <InfoCareLayout title="Trends">
      <RequireDependant>{(dependantId) => <Trends dependantId={dependantId} />}</RequireDependant>
    </InfoCareLayout>
  );
}

function Trends({ dependantId }: { dependantId: number }) {
  const trends = useTrends(dependantId);
  // Whose weeks they are, for the printed page a GP or social worker keeps.
  const home = getStoredUser()?.dependant_title ?? null;
  if (trends.isPending) return <LoadingState title="Fetching trends" />;
  if (trends.isError) return <Alert tone="danger">{errorMessage(trends.error)}</Alert>;
  const data = trends.data;
  const shown = weeksWithData(data.weeks);
  const first = shown[0];
  const last = shown.at(-1);
  if (!first || !last)
    return <QuietEmpty>No weeks to compare yet: trends need a few weeks of data.</QuietEmpty>;
  const left = data.weeks.length - shown.length;
  return (
    <div className="stack trends">
      <p className="dashboard__subtitle">
        {home ? `${home}: ` : ''}
        {shown.length} {shown.length === 1 ? 'week' : 'weeks'},{' '}
        <span className="trends__date">{dateLabel(first.week_start, false)}</span> to{' '}
        <span className="trends__date">{weekEnd(last.week_start)}</span>, on the clock of {data.time_zone}
        {left > 0
          ? ` (the data begins then: the ${left} ${left === 1 ? 'week' : 'weeks'} before ${left === 1 ? 'is' : 'are'} not listed)`
          : ''}
      </p>
      {data.half_hourly ? <p className="trends__source">From half-hourly meter data, a day late</p> : null}
      <section className="card stack trends__changes" aria-labelledby="trends-changes">
        <h2 id="trends-changes">What has changed</h2>
        {data.changes.length > 0 ? (
          <ul className="trends__sentences">
            {data.changes.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        ) : Object.values(last.change).every((c) => c === null) ? (
          <p>Too few weeks yet to compare the last week with the 4 before it.</p>
        ) : (
          <p>Nothing beyond the usual ups and downs in these weeks.</p>
        )}
        <p className="trends__note">
          Each week is compared with the 4 weeks before it.{' '}
          {data.half_hourly
            ? "The figures are the meter's half-hours above the home's own baseline, as in yesterday's summary: night activity is activity before 05:00, and meals cannot be told from half-hours."
            : 'Night activity is activity before the usual start or after the usual end of the day.'}
          {data.estimated ? (
            <>
              {' '}
              The activities are <EstimatedNote whose="the" inText />: found in the whole-house readings, so a
              meal cooked on gas or a microwave's few minutes may not be seen.
            </>
          ) : null}
        </p>
      </section>
      {(['day_start_minute', 'day_end_minute'] as const).map((measure) => {
        const values = shown.map((w) => w[measure]);
        const title = measure === 'day_start_minute' ? 'When the day starts' : 'When the day ends';
        // One chart each, its axis fitted to its times, so a change of half an hour shows (issue 33).
        return (
          <div key={measure} className="card trends__chart">
            <SeriesChart
              title={title}
              labels={shown.map((w) => weekLabel(w.week_start))}
              tickLabels={shown.map((w) => dateLabel(w.week_start, false))}
              ticks={4}
              series={[
                {
                  label: measure === 'day_start_minute' ? 'Day starts' : 'Day ends',
                  values,
                  tone: measure === 'day_start_minute' ? 'care' : 'comparable',
                  kind: 'line',
                },
              ]}
              format={minuteLabel}
              yLabel="Time of day"
              yTick={dayAxisLabel}
              ySplits={fittedDaySplits(values)}
            />
          </div>
        );
      })}
      <WeekTable weeks={shown} columns={columnsFor(data)} />
      <p className="trends__actions">
        <a
          className="button button--secondary"
          download={`trends-${last.week_start}.csv`}
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(trendsCsv(data))}`}
        >
          Download CSV
        </a>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Print
        </button>
      </p>
    </div>
  );
}

/** The week's Sunday: 'dd-mm-yy'. */
function weekEnd(weekStart: string): string {
  return dateLabel(addDays(weekStart, 6), false);
}

/** Whether the box's content is wider than the box (it scrolls sideways), followed as the window resizes. */
function useScrollsSideways(box: RefObject<HTMLElement | null>): boolean {
  const [wider, setWider] = useState(false);
  useLayoutEffect(() => {
    const check = () => {
      const el = box.current;
      setWider(el !== null && el.scrollWidth > el.clientWidth + 1);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [box]);
  return wider;
}

function WeekTable({
  weeks,
  columns,
}: {
  weeks: readonly TrendsResponse['weeks'][number][];
  columns: readonly TrendColumn[];
}) {
  const box = useRef<HTMLDivElement>(null);
  // On a phone the last columns are out of sight with nothing to show they are there: say so.
  const sideways = useScrollsSideways(box);
  return (
    <section className="card stack" aria-labelledby="trends-weeks">
      <h2 id="trends-weeks">Week by week</h2>
      {sideways ? (
        <p className="trends__note trends__slide">Slide the table sideways for every column.</p>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a box that scrolls the table; a fieldset is for form controls. */}
      <div
        ref={box}
        className="trends__scroll"
        role="group"
        aria-label="The weeks' figures"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways on a phone takes focus, so a keyboard can scroll it.
        tabIndex={0}
      >
        <table className="trends__table">
          <caption className="visually-hidden">
            Each week's figures, with the change against the 4 weeks before under each
          </caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              {columns.map((c) => (
                <th key={c.measure} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => {
              const none = noFiguresText(w);
              return (
                <tr key={w.week_start}>
                  <th scope="row">{dateLabel(w.week_start, false)}</th>
                  {none !== null ? (
                    <td colSpan={columns.length} className="trends__nodata">
                      {none}
                    </td>
                  ) : (
                    columns.map((c) => {
                      const { value, change } = cell(w, c);
                      return (
                        <td key={c.measure} data-label={c.label}>
                          <span className="trends__value">{value}</span>
                          {change ? <span className="trends__change">{change}</span> : null}
                        </td>
                      );
                    })
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
