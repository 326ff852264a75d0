import type { SupplierKind, SupplierMeter, SuppliersResponse } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { ApiError, call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { ending, pointName } from './words';

type Unit = SupplierMeter['unit'];

/** The choices, in the words a person checks against the meter's display or the bill. */
const UNITS: readonly { unit: Unit; label: string }[] = [
  { unit: 'm3', label: 'Cubic metres (m³): a SMETS2 meter' },
  { unit: 'kWh', label: 'kWh: a SMETS1 meter' },
];

interface GasUnitFormProps {
  userId: number;
  kind: SupplierKind;
  meter: SupplierMeter;
  onChanged: (answer: SuppliersResponse, words: string) => void;
}

/**
 * Corrects the unit a gas meter reports in (POST /api/v3/suppliers/meter/): the supplier may not say, and
 * a wrong unit makes every figure wrong by a factor of about 11. A native radio group and a Save button, so
 * moving through the choices with the arrow keys sends nothing; the server fetches the meter's half-hours
 * again from the first fill's start in the unit chosen.
 */
export function GasUnitForm({ userId, kind, meter: m, onChanged }: GasUnitFormProps) {
  const [unit, setUnit] = useState<Unit>(m.unit);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const name = `gas meter ${pointName(kind, m)} ${ending(m.point_end)}`;
  const errorId = `gas-unit-${m.id}-error`;
  const hintId = `gas-unit-${m.id}-hint`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await call('suppliersMeterUnit', { fields: { user_id: userId, id: m.id, unit } });
      onChanged(
        answer,
        `Saved: the ${name} reports in ${unit === 'm3' ? 'cubic metres (m³)' : 'kWh'}. Its half-hours are being fetched again from the start.`,
      );
    } catch (e) {
      setError({ field: e instanceof ApiError ? e.field : null, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const onUnit = error?.field === 'unit';

  return (
    <form className="stack supplier-unit" onSubmit={submit} aria-busy={busy} noValidate>
      <fieldset
        className="choice-group"
        aria-describedby={[hintId, onUnit ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={onUnit ? true : undefined}
      >
        <legend className="field__label">Unit of the {name}</legend>
        <p className="supplier-form__hint" id={hintId}>
          SMETS2 gas meters count cubic metres, SMETS1 meters kWh: the meter’s display or your bill says
          which. Changing it fetches this meter’s half-hours again from the start.
        </p>
        {UNITS.map((u) => (
          <label key={u.unit} className="choice">
            <input
              type="radio"
              name={`gas-unit-${m.id}`}
              value={u.unit}
              checked={unit === u.unit}
              disabled={busy}
              onChange={() => {
                setUnit(u.unit);
                setError(null);
              }}
            />
            {u.label}
          </label>
        ))}
      </fieldset>
      {error && onUnit ? (
        <p className="field__error" id={errorId}>
          {error.message}
        </p>
      ) : null}
      {error && !onUnit ? <Alert tone="danger">{error.message}</Alert> : null}
      <p>
        <button type="submit" className="button button--secondary" disabled={busy || unit === m.unit}>
          {busy ? 'Saving…' : 'Save unit'}
          <span className="visually-hidden"> of the {name}</span>
        </button>
      </p>
    </form>
  );
}
