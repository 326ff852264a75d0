import type { EnergyDetail } from '@homeview/contract/web';
import { useId, useState } from 'react';
import { type ChartSeries, SeriesChart } from '../../../shared/charts';
import { type ChartUnit, useChartUnit } from '../chartUnit';
import { AXIS_TICKS, detailLabel, energy, money } from '../display';

type Detail = EnergyDetail['details'][number];

const UNITS: ReadonlyArray<{ id: ChartUnit; label: string }> = [
  { id: 'money', label: '£' },
  { id: 'energy', label: 'kWh' },
];

/** An entry with no data is a gap, not zero use. */
const shown = (d: Detail, v: number) => (d.data_slots === 0 ? null : v);

/** Cost and income, or energy used and generated (generated only when the period has any). */
function seriesOf(view: EnergyDetail, unit: ChartUnit): ChartSeries[] {
  if (unit === 'money') {
    return [
      { label: 'Cost', tone: 'cost', values: view.details.map((d) => shown(d, d.balance.cost)) },
      { label: 'Income', tone: 'income', values: view.details.map((d) => shown(d, d.balance.income)) },
    ];
  }
  const used: ChartSeries = {
    label: 'Used',
    tone: 'consumed',
    values: view.details.map((d) => shown(d, d.energy_balance.consumed)),
  };
  if (view.energy_balance.generated <= 0) return [used];
  return [
    used,
    {
      label: 'Generated',
      tone: 'generated',
      values: view.details.map((d) => shown(d, d.energy_balance.generated)),
    },
  ];
}

/**
 * The period's cost and income (or energy) per hour or day, behind an expand/collapse toggle (spec §4
 * Chart), with a £ / kWh switch that is remembered.
 */
export function PeriodChart({ view, label }: { view: EnergyDetail; label: string }) {
  const [expanded, setExpanded] = useState(true);
  const [unit, setUnit] = useChartUnit();
  const id = useId();
  const time = view.period.time_unit;
  const isMoney = unit === 'money';
  const generates = view.energy_balance.generated > 0;
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
          {expanded ? 'Collapse chart' : 'Expand chart'}
        </button>
      </div>
      <div id={id} hidden={!expanded} className="period-chart__body">
        {expanded ? (
          <>
            <fieldset className="segmented period-chart__unit">
              <legend className="visually-hidden">Show the chart in</legend>
              {UNITS.map((u) => (
                <label key={u.id} className="segmented__option">
                  <input
                    type="radio"
                    name={`${id}-unit`}
                    value={u.id}
                    checked={unit === u.id}
                    onChange={() => setUnit(u.id)}
                  />
                  <span>{u.label}</span>
                </label>
              ))}
            </fieldset>
            <SeriesChart
              title={
                isMoney
                  ? `Cost and income, ${view.subtitle}`
                  : `Energy used${generates ? ' and generated' : ''}, ${view.subtitle}`
              }
              labels={view.details.map((d) => detailLabel(time, d.period.start_timestamp, view))}
              ticks={AXIS_TICKS[time]}
              series={seriesOf(view, unit)}
              format={(v) => (isMoney ? money(view.currency_unit, v) : energy(view.energy_unit, v))}
              yLabel={isMoney ? '£' : view.energy_unit}
              yTick={(v) => (isMoney ? v.toFixed(2) : String(Number(v.toFixed(3))))}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
