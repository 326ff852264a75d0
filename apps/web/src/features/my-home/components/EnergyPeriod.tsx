import type { EnergyDetail } from '@homeview/contract/web';
import { ApplianceRows } from './ApplianceRows';
import { BalanceBreakdown } from './BalanceBreakdown';
import { PeriodChart } from './PeriodChart';

/** One period's breakdown, chart and appliance lists: /my-home and the Usage tabs show the same parts. */
export function EnergyPeriod({
  view,
  label,
  showOnNow,
}: {
  view: EnergyDetail;
  label: string;
  showOnNow: boolean;
}) {
  const lists = { currency: view.currency_unit, energyUnit: view.energy_unit };
  return (
    <div className="energy-period">
      <BalanceBreakdown view={view} label={label} />
      <PeriodChart view={view} label={label} />
      {showOnNow ? (
        <ApplianceRows
          title="On in the past hour"
          appliances={view.used_appliances}
          empty="No appliances on in the past hour"
          {...lists}
        />
      ) : null}
      <ApplianceRows
        title="Most used appliances"
        appliances={view.most_used_appliances}
        empty="No appliances used during this period"
        {...lists}
      />
      <ApplianceRows
        title="Most costly appliances"
        appliances={view.most_costly_appliances}
        periodCost={view.balance.cost}
        empty="No appliances used during this period"
        {...lists}
      />
    </div>
  );
}
