import type { EnergyDetail } from '@homeview/contract/web';
import { energy, money, OUTCOME_LABELS, outcomeOf } from '../display';

/** Income, cost and profit or loss of the period (spec §2.2), with the energy behind them. */
export function BalanceBreakdown({ view, label }: { view: EnergyDetail; label: string }) {
  const { balance, currency_unit: currency } = view;
  const outcome = outcomeOf(balance);
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
          <dt>{OUTCOME_LABELS[outcome]}</dt>
          <dd data-testid="balance-profit-loss">{money(currency, Math.abs(balance.profit_loss))}</dd>
        </div>
      </dl>
      <p className="muted balance__energy">
        Used {energy(view.energy_unit, view.energy_balance.consumed)}
        {view.energy_balance.generated > 0
          ? `, generated ${energy(view.energy_unit, view.energy_balance.generated)}`
          : ''}
      </p>
    </section>
  );
}
