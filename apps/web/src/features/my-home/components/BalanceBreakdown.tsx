import type { EnergyDetail } from '@homeview/contract/web';
import { Link } from 'react-router';
import {
  bothStandingNote,
  carbonText,
  defaultPricing,
  energy,
  hasNoReadings,
  money,
  OUTCOME_LABELS,
  outcomeOf,
  standingChargeNote,
} from '../display';
import { bothBalance, bothOutcome } from '../fuels';

/**
 * Income, cost and balance of the period (spec §2.2), with the energy behind them. The balance is signed
 * as the chooser's "Today's balance is -£2.75" (issue 33: one wording), with profit, loss or break even
 * said under it. A home with gas (`gas` given, issue 35) sees both fuels' cost and their total, which the
 * balance is of, and each fuel's standing charge said once.
 */
export function BalanceBreakdown({
  view,
  gas = null,
  label,
  today,
}: {
  view: EnergyDetail;
  gas?: EnergyDetail | null;
  label: string;
  today: boolean;
}) {
  const currency = view.currency_unit;
  const both = gas === null ? null : bothBalance(view, gas);
  const balance = both ?? view.balance;
  const outcome = both ? bothOutcome(both) : outcomeOf(view.balance);
  const standing = gas === null ? standingChargeNote(view, today) : bothStandingNote(view, gas, today);
  const noReadings = hasNoReadings(view) && (gas === null || hasNoReadings(gas));
  const atDefault =
    gas === null ? [defaultPricing(view)] : [defaultPricing(view, 'electricity'), defaultPricing(gas, 'gas')];
  const unit = view.energy_unit;
  return (
    <section className="card balance" aria-label={`${label} balance`}>
      <h2 className="card__title">{label} BALANCE</h2>
      <dl className="balance__figures">
        <div>
          <dt>Income</dt>
          <dd data-testid="balance-income">{money(currency, balance.income)}</dd>
        </div>
        <div>
          <dt>{both ? 'Total cost' : 'Cost'}</dt>
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
      {both ? (
        <p className="balance__fuels" data-testid="balance-cost-fuels">
          Electricity {money(currency, both.electricityCost)} + gas {money(currency, both.gasCost)} = total
          cost {money(currency, both.cost)}
        </p>
      ) : null}
      {standing ? (
        <p className="muted balance__note" data-testid="balance-standing-charge">
          {both ? 'Total cost' : 'Cost'} {standing}.
        </p>
      ) : null}
      {atDefault.map((text) =>
        text ? (
          <p key={text} className="muted balance__note" data-testid="balance-default-tariff">
            {text} <Link to="/account/homeview/tariff">Set your tariff</Link>
          </p>
        ) : null,
      )}
      {noReadings ? (
        <p className="muted balance__energy" data-testid="balance-no-readings">
          {balance.cost > 0
            ? 'No readings for this period: the cost is the standing charge alone, with no income to set against it.'
            : 'No readings for this period.'}
        </p>
      ) : (
        <p className="muted balance__energy" data-testid="balance-energy">
          Used {energy(unit, view.energy_balance.consumed)}
          {both ? ` of electricity and ${energy(unit, both.gasUsed)} of gas` : ''}
          {view.energy_balance.generated > 0
            ? `, generated ${energy(unit, view.energy_balance.generated)}`
            : ''}
        </p>
      )}
      {noReadings ? null : <Carbon view={view} withGas={gas !== null} />}
    </section>
  );
}

/**
 * The period's electricity in grams of CO₂ beside its kWh and pounds (issue 37), from the grid's recorded
 * intensity (the answer's `carbon_source`, in small print); said missing when a half-hour with data has
 * no recorded figure. A gas answer carries none (`carbon_source` null): nothing is shown.
 */
function Carbon({ view, withGas }: { view: EnergyDetail; withGas: boolean }) {
  if (view.carbon_source === undefined || view.carbon_source === null) return null;
  const what = withGas ? 'Electricity from the grid' : 'From the grid';
  return view.carbon_g === null || view.carbon_g === undefined ? (
    <p className="muted balance__carbon" data-testid="balance-carbon">
      No carbon figures for these dates.
    </p>
  ) : (
    <p className="balance__carbon" data-testid="balance-carbon">
      {what}: <strong>{carbonText(view.carbon_g)}</strong>
      <small className="muted balance__carbon-source" data-testid="balance-carbon-source">
        {view.carbon_source}
      </small>
    </p>
  );
}
