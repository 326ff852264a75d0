import type { EnergyDetail } from '@homeview/contract/web';
import type { ChartSeries } from '../../shared/charts';
import type { ChartUnit } from './chartUnit';
import { bothBalance, bothCost, bothRows, type FuelChoice, sumKwh } from './fuels';

// What the period chart draws and its table lists, per unit (£ or kWh) and, for a gas home, per fuel:
// one fuel's figures as the answer gives them, or both fuels and their total (fuels.ts adds them). A year
// (issue 38) has the previous year's months beside its own, and their totals under them.

type Detail = EnergyDetail['details'][number];

/** The previous year's answers, electricity's and (for a gas home) gas's, drawn beside a year's months. */
export interface PreviousYear {
  view: EnergyDetail;
  gas: EnergyDetail | null;
}

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
  before: EnergyDetail | null,
): ChartContent {
  const split = splitsCost(view) && (before === null || splitsCost(before));
  const gas = fuel === 'gas';
  const named = (what: string) =>
    fuel === null ? what : `${gas ? 'Gas' : 'Electricity'} ${what.toLowerCase()}`;
  // Beside a year's own series, the previous year's: each labelled with its year.
  const of = (label: string, answer: EnergyDetail) =>
    before === null ? label : `${label}, ${answer.subtitle}`;
  if (unit === 'money') {
    const costOf = (answer: EnergyDetail, tone: ChartSeries['tone']): ChartSeries => ({
      label: of(split ? 'Energy cost' : 'Cost', answer),
      tone,
      values: answer.details.map((d) => shown(d, split ? (d.energy_cost as number) : d.balance.cost)),
    });
    const cost = costOf(view, gas ? 'gas' : 'cost'); // gas in its colour, as beside electricity
    const income: ChartSeries = {
      label: of('Income', view),
      tone: 'income',
      values: view.details.map((d) => shown(d, d.balance.income)),
    };
    const last = before === null ? [] : [costOf(before, 'muted')];
    const series = gas ? [cost, ...last] : [cost, ...last, income];
    const column = (own: number | null, previous: number | null, inc: number | null) => [
      own,
      ...(before === null ? [] : [previous]),
      ...(gas ? [] : [inc]),
    ];
    return {
      title: `${named(gas ? 'Cost' : 'Cost and income')}, ${view.subtitle}`,
      series,
      footer: split
        ? [
            {
              label: standingLabel(view, today),
              values: column(view.standing_charge as number, before?.standing_charge ?? null, null),
            },
            {
              label: 'Total',
              values: column(view.balance.cost, before?.balance.cost ?? null, view.balance.income),
            },
          ]
        : [],
    };
  }
  const generates = view.energy_balance.generated > 0;
  const usedOf = (answer: EnergyDetail, tone: ChartSeries['tone']): ChartSeries => ({
    label: of('Used', answer),
    tone,
    values: answer.details.map((d) => shown(d, d.energy_balance.consumed)),
  });
  const last = before === null ? [] : [usedOf(before, 'muted')];
  const { consumed, generated } = view.energy_balance;
  const previousUsed = before === null ? [] : [before.energy_balance.consumed];
  return {
    title: `${named(`Energy used${generates ? ' and generated' : ''}`)}, ${view.subtitle}`,
    series: [
      usedOf(view, gas ? 'gas' : 'consumed'),
      ...last,
      ...(generates
        ? [
            {
              label: of('Generated', view),
              tone: 'generated' as const,
              values: view.details.map((d) => shown(d, d.energy_balance.generated)),
            },
          ]
        : []),
    ],
    footer: split
      ? [{ label: 'Total', values: [consumed, ...previousUsed, ...(generates ? [generated] : [])] }]
      : [],
  };
}

/** Both fuels side by side and their total, per entry; the footer adds each column up to the balance. */
function bothFuels(
  electricity: EnergyDetail,
  gas: EnergyDetail,
  unit: ChartUnit,
  today: boolean,
  before: PreviousYear | null,
): ChartContent {
  const rows = bothRows(electricity, gas, unit);
  const money = unit === 'money';
  // The previous year's total of both fuels, per month, beside this year's.
  const last = before === null ? null : bothOrOne(before, unit);
  const series: ChartSeries[] = [
    { label: 'Electricity', tone: 'consumed', values: rows.map((r) => r.electricity) },
    { label: 'Gas', tone: 'gas', values: rows.map((r) => r.gas) },
    {
      label: last === null ? 'Total' : `Total, ${electricity.subtitle}`,
      tone: 'muted',
      kind: 'line',
      values: rows.map((r) => r.total),
    },
    ...(last === null || before === null
      ? []
      : [
          {
            label: `Total, ${before.view.subtitle}`,
            tone: 'comparable' as const,
            kind: 'line' as const,
            values: last.values,
          },
        ]),
  ];
  const b = bothBalance(electricity, gas);
  const lastCol = (v: number) => (last === null ? [] : [v]);
  const footer = money
    ? [
        {
          label: standingLabel(electricity, today, true),
          values: [
            b.electricityStanding,
            b.gasStanding,
            bothCost(b.electricityStanding, b.gasStanding),
            ...lastCol(last?.standing ?? 0),
          ],
        },
        { label: 'Total', values: [b.electricityCost, b.gasCost, b.cost, ...lastCol(last?.total ?? 0)] },
      ]
    : [
        {
          label: 'Total',
          values: [
            b.electricityUsed,
            b.gasUsed,
            sumKwh(b.electricityUsed, b.gasUsed),
            ...lastCol(last?.total ?? 0),
          ],
        },
      ];
  return {
    title: `${money ? 'Cost of electricity and gas' : 'Electricity and gas used'}, ${electricity.subtitle}`,
    series,
    footer: splitsCost(electricity) && splitsCost(gas) ? footer : [],
  };
}

/** The previous year's both-fuel totals per month, and for the year (electricity alone if it had no gas). */
function bothOrOne(
  before: PreviousYear,
  unit: ChartUnit,
): { values: (number | null)[]; standing: number; total: number } {
  const { view, gas } = before;
  const money = unit === 'money';
  if (gas === null) {
    return {
      values: view.details.map((d) =>
        shown(d, money ? (d.energy_cost ?? d.balance.cost) : d.energy_balance.consumed),
      ),
      standing: view.standing_charge ?? 0,
      total: money ? view.balance.cost : view.energy_balance.consumed,
    };
  }
  const b = bothBalance(view, gas);
  return {
    values: bothRows(view, gas, unit).map((r) => r.total),
    standing: bothCost(b.electricityStanding, b.gasStanding),
    total: money ? b.cost : sumKwh(b.electricityUsed, b.gasUsed),
  };
}

/** The chart's content: one answer as it is (a home without gas), or the chosen fuel of a gas home. */
export function chartContent(
  view: EnergyDetail,
  gas: EnergyDetail | null,
  fuel: FuelChoice,
  unit: ChartUnit,
  today: boolean,
  previous: PreviousYear | null = null,
): ChartContent {
  if (gas === null) return oneFuel(view, unit, today, null, previous?.view ?? null);
  if (fuel === 'both') return bothFuels(view, gas, unit, today, previous);
  // A gas home's previous year comes with its gas answer (usePreviousYear); without it, nothing beside.
  const before = previous === null ? null : fuel === 'gas' ? previous.gas : previous.view;
  return oneFuel(fuel === 'gas' ? gas : view, unit, today, fuel, before);
}
