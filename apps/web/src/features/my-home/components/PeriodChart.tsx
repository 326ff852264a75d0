import type { EnergyDetail } from '@homeview/contract/web';
import { useId, useState } from 'react';
import { SeriesChart } from '../../../shared/charts';
import { type ChartUnit, useChartFuel, useChartUnit } from '../chartUnit';
import { AXIS_TICKS, detailLabel, energy, money } from '../display';
import { chartContent, type PreviousYear } from '../periodSeries';
import { FuelSwitch } from './FuelSwitch';

const UNITS: readonly ChartUnit[] = ['money', 'energy'];

/**
 * The period's cost and income (or energy) per hour or day, behind an expand/collapse toggle (spec §4
 * Chart), with a £ / kWh switch that is remembered; for a home with gas (`gas` given) a fuel switch too:
 * electricity, gas, or both with their total. A year's months have the previous year's beside them
 * (`previous`, issue 38), named 'Jan'… on the axis and 'January'… in the table.
 */
export function PeriodChart({
  view,
  gas = null,
  label,
  today,
  previous = null,
}: {
  view: EnergyDetail;
  gas?: EnergyDetail | null;
  label: string;
  today: boolean;
  previous?: PreviousYear | null;
}) {
  const [expanded, setExpanded] = useState(true);
  const [unit, setUnit] = useChartUnit();
  const [fuel, setFuel] = useChartFuel();
  const id = useId();
  const time = view.period.time_unit;
  const isMoney = unit === 'money';
  const content = chartContent(view, gas, fuel, unit, today, previous);
  const labels = view.details.map((d) => detailLabel(time, d.period.start_timestamp, view));
  return (
    <section className="card period-chart" aria-label={`${label} chart`}>
      <div className="card__header">
        <h2 className="card__title">{label} CHART</h2>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Collapse Chart' : 'Expand Chart'}
        </button>
      </div>
      <div id={id} hidden={!expanded} className="period-chart__body">
        {expanded ? (
          <>
            <div className="period-chart__switches">
              {gas === null ? null : <FuelSwitch name={`${id}-fuel`} fuel={fuel} onChange={setFuel} />}
              <fieldset className="segmented period-chart__unit">
                <legend className="visually-hidden">Show the chart in</legend>
                {UNITS.map((u) => (
                  <label key={u} className="segmented__option">
                    <input
                      type="radio"
                      name={`${id}-unit`}
                      value={u}
                      checked={unit === u}
                      onChange={() => setUnit(u)}
                    />
                    {/* The answer's own units, as its figures are written. */}
                    <span>{u === 'money' ? view.currency_unit : view.energy_unit}</span>
                  </label>
                ))}
              </fieldset>
            </div>
            <SeriesChart
              title={content.title}
              labels={labels}
              tickLabels={time === 'year' ? labels.map((l) => l.slice(0, 3)) : undefined}
              ticks={AXIS_TICKS[time]}
              tickEvery={time === 'day' ? 6 : undefined}
              series={content.series}
              footer={content.footer}
              format={(v) => (isMoney ? money(view.currency_unit, v) : energy(view.energy_unit, v))}
              yLabel={isMoney ? view.currency_unit : view.energy_unit}
              yTick={(v) => (isMoney ? v.toFixed(2) : String(Number(v.toFixed(3))))}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
