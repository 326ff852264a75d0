import type { EnergyDetail } from '@homeview/contract/web';
import { Link } from 'react-router';
import {
  defaultPricing,
  energy,
  hasNoReadings,
  money,
  OUTCOME_LABELS,
  outcomeOf,
  standingChargeNote,
} from '../display';

/**
 * Income, cost and balance of the period (spec §2.2), with the energy behind them. The balance is signed
 * as the chooser's "Today's balance is -£2.75" (issue 33: one wording), with profit, loss or break even
 * said under it.
 */
export function BalanceBreakdown({
  view,
  label,
  today,
}: {
  view: EnergyDetail;
  label: string;
  today: boolean;
}) {
  const { balance, currency_unit: currency } = view;
  const outcome = outcomeOf(balance);
  const standing = standingChargeNote(view, today);
  const noReadings = hasNoReadings(view);
  const atDefault = defaultPricing(view);
  return (
    <section className="card balance" aria-label={`${label} balance`}>
      <h2 className="card__title">{label} BALANCE</h2>
      <dl className="balance__figures">
        <div>
          <dt>Income</dt>
          <dd data-testid="balance-income">{money(currency, balance.income)}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd data-testid="balance-cost">{money(currency, balance.cost)}</dd>
        </div>
        <div className={`balance__outcome balance__outcome--${outcome}`}>
          <dt>Balance</dt>
          <dd data-testid="balance-profit-loss">{money(currency, balance.profit_loss)}</dd>
          <dd className="balance__outcome-word" data-testid="balance-outcome">
            {OUTCOME_LABELS[outcome]}
          </dd>
        </div>
      </dl>
      {standing ? (
        <p className="muted balance__note" data-testid="balance-standing-charge">
          Cost {standing}.
        </p>
      ) : null}
      {atDefault ? (
        <p className="muted balance__note" data-testid="balance-default-tariff">
          {atDefault} <Link to="/account/homeview/tariff">Set your tariff</Link>
        </p>
      ) : null}
      {noReadings ? (
        <p className="muted balance__energy" data-testid="balance-no-readings">
          {balance.cost > 0
            ? 'No readings for this period: the cost is the standing charge alone, with no income to set against it.'
            : 'No readings for this period.'}
        </p>
      ) : (
        <p className="muted balance__energy">
          Used {energy(view.energy_unit, view.energy_balance.consumed)}
          {view.energy_balance.generated > 0
            ? `, generated ${energy(view.energy_unit, view.energy_balance.generated)}`
            : ''}
        </p>
      )}
    </section>
  );
}
