import type { DeviceAppliance } from '@homeview/contract/web';
import { useId } from 'react';

/** For a plug: the whole house, or one catalogue appliance (its key is sent). */
export function MeasuresSelect({
  appliances,
  value,
  onChange,
  error,
}: {
  appliances: readonly DeviceAppliance[];
  value: string;
  onChange: (key: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        What it measures
      </label>
      <div className="field__control">
        <select
          id={id}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">The whole house</option>
          {appliances.map((a) => (
            <option key={a.key} value={a.key}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
