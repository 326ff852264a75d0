import type { EnergyDetail, TimeUnit } from '@homeview/contract/web';
import { useId } from 'react';
import { periodOption } from '../display';

/** The period dropdown (from `available`; null = 'Last 7 days') with previous and next (spec §2.2, §5.2). */
export function PeriodPicker({
  view,
  unit,
  onSelect,
}: {
  view: EnergyDetail;
  unit: TimeUnit;
  onSelect: (timestamp: number | null) => void;
}) {
  const id = useId();
  const selected =
    unit === 'week' && view.subtitle === 'Last 7 days' ? '' : String(view.period.start_timestamp);
  return (
    <div className="period-picker">
      <button
        type="button"
        className="button button--secondary"
        disabled={view.previous === null}
        onClick={() => onSelect(view.previous)}
      >
        Previous
      </button>
      <div className="field period-picker__field">
        <label className="field__label" htmlFor={id}>
          Period
        </label>
        <select
          id={id}
          className="field__input"
          value={selected}
          onChange={(e) => onSelect(e.target.value === '' ? null : Number(e.target.value))}
        >
          {view.available.map((start) => (
            <option key={start ?? 'last-7-days'} value={start ?? ''}>
              {periodOption(unit, start, view)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={view.next === null}
        onClick={() => onSelect(view.next)}
      >
        Next
      </button>
    </div>
  );
}
