import type { EnergyDetail } from '@homeview/contract/web';
import type { PreviousYear } from '../periodSeries';
import { ApplianceRows } from './ApplianceRows';
import { BalanceBreakdown } from './BalanceBreakdown';
import { PeriodChart } from './PeriodChart';

/**
 * One period's breakdown, chart and appliance lists: /my-home and the Usage tabs show the same parts.
 * `gas`: the same period's gas answer, for a home with gas (appliances are electricity's alone).
 */
export function EnergyPeriod({
  view,
  gas = null,
  label,
  showOnNow,
  previous = null,
}: {
  view: EnergyDetail;
  gas?: EnergyDetail | null;
  label: string;
  showOnNow: boolean;
  previous?: PreviousYear | null;
}) {
  const lists = { currency: view.currency_unit, energyUnit: view.energy_unit };
  // Appliances that run all day (a fridge-freezer) have no uses to count: they are costly, not "used".
  const used = new Set(view.most_used_appliances.map((a) => a.appliance_type_id));
  const allDay = view.most_costly_appliances.filter((a) => !used.has(a.appliance_type_id)).map((a) => a.name);
  return (
    <div className="energy-period">
      <BalanceBreakdown view={view} gas={gas} label={label} today={showOnNow} />
      <PeriodChart view={view} gas={gas} label={label} today={showOnNow} previous={previous} />
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
        note={allDaysNote(allDay)}
        {...lists}
      />
      <ApplianceRows
        title="Most costly appliances"
        appliances={view.most_costly_appliances}
        periodCost={view.balance.cost}
        {...(gas === null ? {} : { costName: 'the electricity cost' })}
        empty="No appliances used during this period"
        {...lists}
      />
    </div>
  );
}

/** 'Fridge-freezer runs all day, so it is listed under Most costly appliances only.' (or null). */
function allDaysNote(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return names.length === 1
    ? `${list} runs all day, so it is listed under Most costly appliances only.`
    : `${list} run all day, so they are listed under Most costly appliances only.`;
}
