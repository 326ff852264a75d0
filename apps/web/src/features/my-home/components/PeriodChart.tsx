import type { EnergyDetail } from '@homeview/contract/web';
import { useId, useState } from 'react';
import { SeriesChart } from '../../../shared/charts';
import { AXIS_TICKS, detailLabel, money } from '../display';

/** The period's cost and income per hour or day, behind an expand/collapse toggle (spec §4 Chart). */
export function PeriodChart({ view, label }: { view: EnergyDetail; label: string }) {
  const [expanded, setExpanded] = useState(true);
  const id = useId();
  const unit = view.period.time_unit;
  const shownValue = (d: EnergyDetail['details'][number], v: number) => (d.data_slots === 0 ? null : v);
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
      <div id={id} hidden={!expanded}>
        {expanded ? (
          <SeriesChart
            title={`Cost and income, ${view.subtitle}`}
            labels={view.details.map((d) => detailLabel(unit, d.period.start_timestamp, view))}
            ticks={AXIS_TICKS[unit]}
            series={[
              { label: 'Cost', tone: 'cost', values: view.details.map((d) => shownValue(d, d.balance.cost)) },
              {
                label: 'Income',
                tone: 'income',
                values: view.details.map((d) => shownValue(d, d.balance.income)),
              },
            ]}
            format={(v) => money(view.currency_unit, v)}
            yLabel="£"
            yTick={(v) => v.toFixed(2)}
          />
        ) : null}
      </div>
    </section>
  );
}
