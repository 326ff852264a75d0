import type { EnergyDetail, TimeUnit } from '@homeview/contract/web';
import { useId } from 'react';
import { periodOption } from '../display';
import { StepButton } from './StepButton';

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
      <StepButton step="Previous" disabled={view.previous === null} onClick={() => onSelect(view.previous)} />
      <div className="field period-picker__field">
        <label className="field__label" htmlFor={id}>
          Period
        </label>
        <div className="field__control">
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
      </div>
      <StepButton step="Next" disabled={view.next === null} onClick={() => onSelect(view.next)} />
    </div>
  );
}
