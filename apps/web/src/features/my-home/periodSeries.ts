import type { EnergyDetail } from '@homeview/contract/web';
import type { ChartSeries } from '../../shared/charts';
import type { ChartUnit } from './chartUnit';
import { bothBalance, bothCost, bothRows, type FuelChoice, sumKwh } from './fuels';

// What the period chart draws and its table lists, per unit (£ or kWh) and, for a gas home, per fuel:
// one fuel's figures as the answer gives them, or both fuels and their total (fuels.ts adds them).

type Detail = EnergyDetail['details'][number];

export interface ChartContent {
  title: string;
  series: ChartSeries[];
  footer: { label: string; values: (number | null)[] }[];
}

/** An entry with no data is a gap, not zero use. */
const shown = (d: Detail, v: number) => (d.data_slots === 0 ? null : v);

/** Whether the answer splits its cost into the entries' energy and the standing charge (issue 33). */
const splitsCost = (view: EnergyDetail): boolean =>
  view.standing_charge !== undefined && view.details.every((d) => d.energy_cost !== undefined);

/** The standing charge row's label: an hour's share, today's in full, or the period's days. */
function standingLabel(view: EnergyDetail, today: boolean, plural = false): string {
  const name = plural ? 'Standing charges' : 'Standing charge';
  if (view.period.time_unit === 'hour') return `${name} (this hour's share)`;
  return today ? `${name} (today's, in full)` : name;
}

/**
 * One fuel: cost and income (gas has no income), or energy used and generated (generated only when the
 * period has any). Bars show the energy's cost; the standing charge is a row of the table, so the table
 * adds up to the balance.
 */
function oneFuel(
  view: EnergyDetail,
  unit: ChartUnit,
  today: boolean,
  fuel: 'electricity' | 'gas' | null,
): ChartContent {
  const split = splitsCost(view);
  const gas = fuel === 'gas';
  const named = (what: string) =>
    fuel === null ? what : `${gas ? 'Gas' : 'Electricity'} ${what.toLowerCase()}`;
  if (unit === 'money') {
    const cost: ChartSeries = {
      label: split ? 'Energy cost' : 'Cost',
      tone: gas ? 'gas' : 'cost', // gas in its colour, as beside electricity
      values: view.details.map((d) => shown(d, split ? (d.energy_cost as number) : d.balance.cost)),
    };
    const income: ChartSeries = {
      label: 'Income',
      tone: 'income',
      values: view.details.map((d) => shown(d, d.balance.income)),
    };
    const series = gas ? [cost] : [cost, income];
    const total = gas ? [view.balance.cost] : [view.balance.cost, view.balance.income];
    return {
      title: `${named(gas ? 'Cost' : 'Cost and income')}, ${view.subtitle}`,
      series,
      footer: split
        ? [
            {
              label: standingLabel(view, today),
              values: [view.standing_charge as number, ...(gas ? [] : [null])],
            },
            { label: 'Total', values: total },
          ]
        : [],
    };
  }
  const generates = view.energy_balance.generated > 0;
  const used: ChartSeries = {
    label: 'Used',
    tone: gas ? 'gas' : 'consumed',
    values: view.details.map((d) => shown(d, d.energy_balance.consumed)),
  };
  const { consumed, generated } = view.energy_balance;
  return {
    title: `${named(`Energy used${generates ? ' and generated' : ''}`)}, ${view.subtitle}`,
    series: generates
      ? [
          used,
          {
            label: 'Generated',
            tone: 'generated',
            values: view.details.map((d) => shown(d, d.energy_balance.generated)),
          },
        ]
      : [used],
    footer: split ? [{ label: 'Total', values: generates ? [consumed, generated] : [consumed] }] : [],
  };
}

/** Both fuels side by side and their total, per entry; the footer adds each column up to the balance. */
function bothFuels(
  electricity: EnergyDetail,
  gas: EnergyDetail,
  unit: ChartUnit,
  today: boolean,
): ChartContent {
  const rows = bothRows(electricity, gas, unit);
  const money = unit === 'money';
  const series: ChartSeries[] = [
    { label: 'Electricity', tone: 'consumed', values: rows.map((r) => r.electricity) },
    { label: 'Gas', tone: 'gas', values: rows.map((r) => r.gas) },
    { label: 'Total', tone: 'muted', kind: 'line', values: rows.map((r) => r.total) },
  ];
  const b = bothBalance(electricity, gas);
  const footer = money
    ? [
        {
          label: standingLabel(electricity, today, true),
          values: [b.electricityStanding, b.gasStanding, bothCost(b.electricityStanding, b.gasStanding)],
        },
        { label: 'Total', values: [b.electricityCost, b.gasCost, b.cost] },
      ]
    : [{ label: 'Total', values: [b.electricityUsed, b.gasUsed, sumKwh(b.electricityUsed, b.gasUsed)] }];
  return {
    title: `${money ? 'Cost of electricity and gas' : 'Electricity and gas used'}, ${electricity.subtitle}`,
    series,
    footer: splitsCost(electricity) && splitsCost(gas) ? footer : [],
  };
}

/** The chart's content: one answer as it is (a home without gas), or the chosen fuel of a gas home. */
export function chartContent(
  view: EnergyDetail,
  gas: EnergyDetail | null,
  fuel: FuelChoice,
  unit: ChartUnit,
  today: boolean,
): ChartContent {
  if (gas === null) return oneFuel(view, unit, today, null);
  if (fuel === 'both') return bothFuels(view, gas, unit, today);
  return oneFuel(fuel === 'gas' ? gas : view, unit, today, fuel);
}
