import {
  HALF_HOUR_TIMES,
  hhmmToClock,
  messages,
  type RateDays,
  type RateKind,
  type RateRow,
  type Tariff,
} from '@homeview/contract/web';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { AccountLayout } from '../../account/components/AccountLayout';
import { isLevel, type Level, levelUserId } from '../../account/ids';
import { useAccountRead } from '../../account/queries';
import {
  checkRows,
  DAYS_LABEL,
  isRateDays,
  isRateKind,
  MAX_RATE_ROWS,
  nextRateList,
  RATE_LABEL,
  type RowErrors,
  startingRows,
  todayInput,
} from '../rates';
import { useSaveTariff } from '../useSaveTariff';

const CLOCKS = HALF_HOUR_TIMES.map(hhmmToClock);

/** /account/{level}/tariff/edit-rates/{days}/{rate} (spec §2.4, §5.2, §8, §9): the rows of one rate. */
export function EditRatesPage() {
  const { level, days, rate } = useParams();
  const userId = isLevel(level) ? levelUserId(level) : null;
  const tariff = useAccountRead('tariffGet', userId);
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  if (!isRateKind(rate) || !isRateDays(days)) return <Navigate to={`/account/${level}/tariff`} replace />;
  return (
    <AccountLayout
      title={`${DAYS_LABEL[days]}: ${RATE_LABEL[rate]}`}
      back={{ to: `/account/${level}/tariff/edit-time/${days}/${rate}`, label: 'Days' }}
    >
      <p>
        Each rate starts at its time and runs until the next one starts; the last runs to midnight. A fixed
        tariff is one rate from 00:00. Prices are in pence per kWh, as on your bill.
      </p>
      {tariff.isPending && userId !== null ? <LoadingState title="Loading tariff" /> : null}
      {tariff.isError ? <Alert tone="danger">{errorMessage(tariff.error)}</Alert> : null}
      {tariff.data && userId !== null ? (
        <RatesForm level={level} userId={userId} days={days} kind={rate} saved={tariff.data} />
      ) : null}
    </AccountLayout>
  );
}

interface RatesFormProps {
  level: Level;
  userId: number;
  days: RateDays;
  kind: RateKind;
  saved: Tariff;
}

function RatesForm({ level, userId, days, kind, saved }: RatesFormProps) {
  const [rows, setRows] = useState<RateRow[]>(() => startingRows(saved[kind], days));
  const [from, setFrom] = useState(todayInput);
  const [errors, setErrors] = useState<{ rows: RowErrors[]; form: string | null } | null>(null);
  const save = useSaveTariff(userId);

  const change = (i: number, patch: Partial<RateRow>) => {
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...patch } : row)));
    save.reset();
  };
  const add = () => {
    const used = new Set(rows.map((r) => r.start_time));
    const start = CLOCKS.find((c) => !used.has(c)) ?? '';
    setRows((all) => [...all, { unit_name: '', start_time: start, unit_price: '' }]);
    save.reset();
  };
  const remove = (i: number) => {
    setRows((all) => all.filter((_, j) => j !== i));
    setErrors(null);
    save.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkRows(rows);
    setErrors(check);
    if (!check.ok) return;
    save.mutate({
      user_id: userId,
      tariff: { [kind]: nextRateList(saved[kind], days, rows) },
      start_date: from === '' ? undefined : from,
    });
  };

  return (
    <form className="stack" onSubmit={submit} aria-busy={save.isPending} noValidate>
      {rows.length === 0 ? <Alert tone="info">{messages.noRatesWarning}</Alert> : null}
      <ol className="rate-rows">
        {rows.map((row, i) => (
          <RateRowFields
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            key={i}
            index={i}
            row={row}
            errors={errors?.rows[i]}
            onChange={(patch) => change(i, patch)}
            onRemove={() => remove(i)}
          />
        ))}
      </ol>
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={add}
          disabled={rows.length >= MAX_RATE_ROWS}
        >
          Add a rate
        </button>
      </p>
      <TextField
        label="Applies from"
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        hint="Costs from this day on use these rates."
        required
      />
      {errors?.form ? <Alert tone="danger">{errors.form}</Alert> : null}
      {save.isError ? (
        <Alert tone="danger">
          <p>{messages.couldNotSaveRates}</p>
          <p className="tariff-section__muted">{errorMessage(save.error)}</p>
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <Alert tone="info">
          Rates saved. <Link to={`/account/${level}/tariff`}>Go to Tariff home</Link>
        </Alert>
      ) : null}
      <p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save rates
        </button>
      </p>
    </form>
  );
}

interface RowProps {
  index: number;
  row: RateRow;
  errors: RowErrors | undefined;
  onChange: (patch: Partial<RateRow>) => void;
  onRemove: () => void;
}

function RateRowFields({ index, row, errors, onChange, onRemove }: RowProps) {
  const timeId = useId();
  const n = index + 1;
  return (
    <li className="rate-row">
      <fieldset className="rate-row__fields">
        <legend className="rate-row__legend">Rate {n}</legend>
        <TextField
          label="Unit name"
          value={row.unit_name}
          maxLength={50}
          onChange={(e) => onChange({ unit_name: e.target.value })}
          error={errors?.unit_name}
          placeholder="Peak"
        />
        <div className={`field${errors?.start_time ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={timeId}>
            Start time
          </label>
          <div className="field__control">
            <select
              id={timeId}
              className="field__input"
              value={row.start_time}
              onChange={(e) => onChange({ start_time: e.target.value })}
              aria-invalid={errors?.start_time ? true : undefined}
              aria-describedby={errors?.start_time ? `${timeId}-error` : undefined}
              required
            >
              <option value="">Choose…</option>
              {CLOCKS.map((clock) => (
                <option key={clock} value={clock}>
                  {clock}
                </option>
              ))}
            </select>
          </div>
          {errors?.start_time ? (
            <p className="field__error" id={`${timeId}-error`}>
              {errors.start_time}
            </p>
          ) : null}
        </div>
        <TextField
          label="Unit price (pence per kWh)"
          type="number"
          inputMode="decimal"
          step="any"
          value={row.unit_price}
          onChange={(e) => onChange({ unit_price: e.target.value })}
          error={errors?.unit_price}
          placeholder="24.50"
        />
      </fieldset>
      <button type="button" className="button button--secondary rate-row__remove" onClick={onRemove}>
        Remove<span className="visually-hidden"> rate {n}</span>
      </button>
    </li>
  );
}
