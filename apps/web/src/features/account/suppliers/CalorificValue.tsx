import type { CalorificValuesResponse } from '@homeview/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, call, errorMessage } from '../../../shared/api';
import { dateLabel, localDateOf } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { accountKey } from '../queries';
import { calorificLabel } from './words';

interface CalorificValueProps {
  userId: number;
  /** Epoch seconds: which local day is today in the home. */
  now: number;
}

/** The value in force on local date `date`: the last dated one from it or before, else the default. */
function inForceOn(data: CalorificValuesResponse, date: string) {
  const dated = data.values.filter((v) => v.from_date <= date).at(-1);
  return dated ?? { from_date: null, mj_per_m3: data.default_mj_per_m3 };
}

/**
 * The home's gas calorific value (GET/POST /api/v3/suppliers/calorific_values/), shown where a gas meter
 * counts cubic metres: the value in use, its dated values, and a form to give the one from the bill from a
 * date. The server re-works the m³ meters' half-hours from that date; its 400 is shown by the field it names.
 */
export function CalorificValue({ userId, now }: CalorificValueProps) {
  const key = accountKey('calorificValuesGet', userId);
  const read = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('calorificValuesGet', { fields: { user_id: userId }, signal }),
  });
  return (
    <section className="stack devices-section" aria-labelledby="gas-calorific">
      <h2 id="gas-calorific" className="setup__question">
        Gas calorific value
      </h2>
      <p className="supplier-form__hint">
        Your gas meter counts cubic metres; HomeView works out kWh as your bill does: m³ × 1.02264 (the volume
        correction) × the calorific value ÷ 3.6. Changing the value works the half-hours out again from the
        day it applies from.
      </p>
      {read.isPending ? <LoadingState title="Loading the calorific value" /> : null}
      {read.isError ? <Alert tone="danger">{errorMessage(read.error)}</Alert> : null}
      {read.data ? <CalorificForm userId={userId} now={now} data={read.data} queryKey={key} /> : null}
    </section>
  );
}

type Field = 'mj_per_m3' | 'from_date';

function CalorificForm({
  userId,
  now,
  data,
  queryKey,
}: CalorificValueProps & { data: CalorificValuesResponse; queryKey: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const today = localDateOf(now, data.time_zone);
  const current = inForceOn(data, today);
  const [value, setValue] = useState(current.mj_per_m3.toFixed(1));
  const [from, setFrom] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const typed = value.trim();
    if (typed === '')
      return setError({
        field: 'mj_per_m3',
        message: 'Type the calorific value from your gas bill, such as 39.5.',
      });
    if (from === '') return setError({ field: 'from_date', message: 'Choose the day it applies from.' });
    setBusy(true);
    setError(null);
    try {
      // Sent as typed (a decimal in MJ/m³: "39.5" goes as 39.5); the server refuses one outside 30.0–50.0
      // or with more than one decimal, with a message for the field.
      const answer = await call('calorificValueSet', {
        fields: { user_id: userId, from_date: from, mj_per_m3: Number(typed) },
      });
      queryClient.setQueryData(queryKey, answer);
      const set = answer.values.find((v) => v.from_date === from);
      setSaved(
        `Saved: ${calorificLabel(set?.mj_per_m3 ?? Number(typed))} from ${dateLabel(from, false)}. The gas half-hours from that day are being worked out again.`,
      );
    } catch (e) {
      setError({ field: e instanceof ApiError ? e.field : null, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: Field) => (error?.field === field ? error.message : null);
  const elsewhere = error !== null && error.field !== 'mj_per_m3' && error.field !== 'from_date';

  return (
    <>
      <p>
        In use today: <strong>{calorificLabel(current.mj_per_m3)}</strong>
        {current.from_date === null
          ? ', the usual value, until you give the one from your bill.'
          : `, from your bill, since ${dateLabel(current.from_date, false)}.`}
      </p>
      {data.values.length > 0 ? (
        <ul className="plain-list" aria-label="Calorific values given">
          <li>
            Before {dateLabel(data.values[0]!.from_date, false)}: {calorificLabel(data.default_mj_per_m3)}{' '}
            (the usual value)
          </li>
          {data.values.map((v) => (
            <li key={v.from_date}>
              From {dateLabel(v.from_date, false)}: {calorificLabel(v.mj_per_m3)}
            </li>
          ))}
        </ul>
      ) : null}
      <form className="stack supplier-form" onSubmit={submit} aria-busy={busy} noValidate>
        <div className="field-row">
          <TextField
            label="Calorific value from your bill (MJ/m³)"
            hint="Printed on your gas bill beside the meter readings: a number such as 39.5."
            value={value}
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={8}
            error={fieldError('mj_per_m3')}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <TextField
            label="Applies from"
            hint="The first day of the bill it is printed on."
            type="date"
            value={from}
            required
            error={fieldError('from_date')}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
        </div>
        {error && elsewhere ? <Alert tone="danger">{error.message}</Alert> : null}
        {saved ? <Alert tone="info">{saved}</Alert> : null}
        <p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save calorific value'}
          </button>
        </p>
      </form>
    </>
  );
}
