import type { EnergyDetail } from '@homeview/contract/web';
import { useId, useState } from 'react';
import { type ChartSeries, SeriesChart } from '../../../shared/charts';
import { type ChartUnit, useChartUnit } from '../chartUnit';
import { AXIS_TICKS, detailLabel, energy, money } from '../display';

type Detail = EnergyDetail['details'][number];

const UNITS: readonly ChartUnit[] = ['money', 'energy'];

/** An entry with no data is a gap, not zero use. */
const shown = (d: Detail, v: number) => (d.data_slots === 0 ? null : v);

/** Whether the answer splits its cost into the entries' energy and the standing charge (issue 33). */
const splitsCost = (view: EnergyDetail): boolean =>
  view.standing_charge !== undefined && view.details.every((d) => d.energy_cost !== undefined);

/**
 * Cost and income, or energy used and generated (generated only when the period has any). Bars show the
 * energy's cost; the standing charge is a row of the table, so the table adds up to the balance.
 */
function seriesOf(view: EnergyDetail, unit: ChartUnit): ChartSeries[] {
  if (unit === 'money') {
    const split = splitsCost(view);
    return [
      {
        label: split ? 'Energy cost' : 'Cost',
        tone: 'cost',
        values: view.details.map((d) => shown(d, split ? (d.energy_cost as number) : d.balance.cost)),
      },
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
 * The table's last rows when the answer splits its cost (issue 33): the standing charge (money) and the
 * period's totals as the balance says them, so the table adds up to the balance.
 */
function footerOf(view: EnergyDetail, unit: ChartUnit, today: boolean) {
  if (!splitsCost(view)) return [];
  if (unit === 'energy') {
    const { consumed, generated } = view.energy_balance;
    return [{ label: 'Total', values: generated > 0 ? [consumed, generated] : [consumed] }];
  }
  const whose =
    view.period.time_unit === 'hour'
      ? "Standing charge (this hour's share)"
      : today
        ? "Standing charge (today's, in full)"
        : 'Standing charge';
  return [
    { label: whose, values: [view.standing_charge as number, null] },
    { label: 'Total', values: [view.balance.cost, view.balance.income] },
  ];
}

/**
 * The period's cost and income (or energy) per hour or day, behind an expand/collapse toggle (spec §4
 * Chart), with a £ / kWh switch that is remembered.
 */
export function PeriodChart({ view, label, today }: { view: EnergyDetail; label: string; today: boolean }) {
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
          {expanded ? 'Collapse Chart' : 'Expand Chart'}
        </button>
      </div>
      <div id={id} hidden={!expanded} className="period-chart__body">
        {expanded ? (
          <>
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
            <SeriesChart
              title={
                isMoney
                  ? `Cost and income, ${view.subtitle}`
                  : `Energy used${generates ? ' and generated' : ''}, ${view.subtitle}`
              }
              labels={view.details.map((d) => detailLabel(time, d.period.start_timestamp, view))}
              ticks={AXIS_TICKS[time]}
              tickEvery={time === 'day' ? 6 : undefined}
              series={seriesOf(view, unit)}
              footer={footerOf(view, unit, today)}
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
