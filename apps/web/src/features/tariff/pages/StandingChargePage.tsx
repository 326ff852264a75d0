import { MAX_STANDING_CHARGE, messages, type Tariff } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { decimalsOf, isDecimal, PENCE_DECIMALS, penceText, poundsFromPence } from '../../../shared/pence';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { AccountLayout } from '../../account/components/AccountLayout';
import { isLevel, type Level, levelUserId } from '../../account/ids';
import { useAccountRead } from '../../account/queries';
import { todayInput } from '../rates';
import { useSaveTariff } from '../useSaveTariff';

/**
 * The standing charge as typed, in pence per day (issue 33 item 13; the API takes pounds, shared/pence.ts):
 * a message when it cannot be sent. The bound is the API's, under £10 a day.
 */
export function checkStandingCharge(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter the standing charge in pence per day';
  if (!isDecimal(trimmed) || trimmed.startsWith('-')) return 'Enter pence per day, like 53.35';
  if (poundsFromPence(trimmed) >= MAX_STANDING_CHARGE)
    return `Standing charge must be under ${MAX_STANDING_CHARGE * 100}p (£${MAX_STANDING_CHARGE})`;
  if (decimalsOf(trimmed) > PENCE_DECIMALS) return `Use at most ${PENCE_DECIMALS} decimal places`;
  return null;
}

/** /account/{level}/tariff/standing-charge (spec §4, §5.2, §8): one fixed price per day. */
export function StandingChargePage() {
  const { level } = useParams();
  const userId = isLevel(level) ? levelUserId(level) : null;
  const tariff = useAccountRead('tariffGet', userId);
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  return (
    <AccountLayout title="Standing Charge" back={{ to: `/account/${level}/tariff`, label: 'Tariff' }}>
      <p>The fixed amount you pay each day, whatever you use.</p>
      {tariff.isPending && userId !== null ? <LoadingState title="Loading tariff" /> : null}
      {tariff.isError ? <Alert tone="danger">{errorMessage(tariff.error)}</Alert> : null}
      {tariff.data && userId !== null ? (
        <StandingChargeForm level={level} userId={userId} saved={tariff.data} />
      ) : null}
    </AccountLayout>
  );
}

type FormState = 'editing' | 'submitted' | 'failed';

function StandingChargeForm({ level, userId, saved }: { level: Level; userId: number; saved: Tariff }) {
  const current = saved.standing_charge?.[0]?.prices[0];
  const [value, setValue] = useState(current === undefined ? '' : penceText(current));
  const [from, setFrom] = useState(todayInput);
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<FormState>('editing');
  const save = useSaveTariff(userId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = checkStandingCharge(value);
    setProblem(error);
    if (error) return;
    setState('editing');
    const price = poundsFromPence(value);
    save.mutate(
      {
        user_id: userId,
        tariff: { standing_charge: [{ days: 'all', prices: [price], times: [0], rate_names: ['fix'] }] },
        start_date: from === '' ? undefined : from,
      },
      // §4: failed when the answer has a status field (or the call fails); the form is then hidden.
      {
        onSuccess: (answer) => setState(answer.status === undefined ? 'submitted' : 'failed'),
        onError: () => setState('failed'),
      },
    );
  };

  if (state === 'failed')
    return (
      <div className="alert alert--danger" role="alert">
        <span className="alert__icon" aria-hidden="true">
          !
        </span>
        <div className="alert__body">
          <p>{messages.standingChargeNotSaved}</p>
          {save.error ? <p className="tariff-section__muted">{errorMessage(save.error)}</p> : null}
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      </div>
    );

  return (
    <form className="stack" onSubmit={submit} aria-busy={save.isPending} noValidate>
      <TextField
        label="Standing Charge (pence per day)"
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setState('editing');
        }}
        error={problem}
        required
      />
      <TextField
        label="Applies from"
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        hint="Costs from this day on use the new charge."
        required
      />
      {state === 'submitted' ? (
        <Alert tone="info">
          {messages.standingChargeSaved}. <Link to={`/account/${level}/tariff`}>Back to tariff</Link>
        </Alert>
      ) : null}
      <p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save
        </button>
      </p>
    </form>
  );
}
