import { RATE_DAYS, type RateDays } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AccountLayout } from '../../account/components/AccountLayout';
import { isLevel } from '../../account/ids';
import { DAYS_LABEL, isRateDays, isRateKind, RATE_LABEL } from '../rates';

const HINT: Record<RateDays, string> = {
  all: 'The same rates every day of the week.',
  weekdays: 'Monday to Friday. The weekend keeps its own rates.',
  weekend: 'Saturday and Sunday. Weekdays keep their own rates.',
};

/** /account/{level}/tariff/edit-time/{days}/{rate} (spec §2.4): which days the rates apply to. */
export function EditTimePage() {
  const { level, days, rate } = useParams();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<RateDays>(isRateDays(days) ? days : 'all');
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  if (!isRateKind(rate)) return <Navigate to={`/account/${level}/tariff`} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`/account/${level}/tariff/edit-rates/${choice}/${rate}`);
  };

  return (
    <AccountLayout
      title={`Edit ${RATE_LABEL[rate]}`}
      back={{ to: `/account/${level}/tariff`, label: 'Tariff' }}
    >
      <form className="stack" onSubmit={submit}>
        <fieldset className="choice-group">
          <legend className="field__label">Which days do these rates apply to?</legend>
          {RATE_DAYS.map((value) => (
            <label key={value} className="choice choice--tall">
              <input
                type="radio"
                name="days"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              <span className="choice__text">
                <span className="choice__title">{DAYS_LABEL[value]}</span>
                <span className="choice__hint">{HINT[value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p>
          <button type="submit" className="button button--primary">
            Next
          </button>
        </p>
      </form>
    </AccountLayout>
  );
}
