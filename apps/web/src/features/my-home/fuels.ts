import { type EnergyDetail, outcomeOf, penniesOf } from '@homeview/contract/web';

// Electricity and gas of one period, and their total (issue 35): the API answers each fuel on its own
// (`?fuel=gas`); the screen adds them in whole pennies, so every total it shows is the sum of the two
// figures beside it, per hour or day and for the period, and each fuel's standing charge is said once.

export type FuelChoice = 'electricity' | 'gas' | 'both';

/** Whether the home has gas readings: the answer's `fuels` (absent from an older server: no). */
export const hasGas = (view: EnergyDetail | undefined): boolean => view?.fuels?.includes('gas') ?? false;

const pounds = (pennies: number): number => pennies / 100;
const sumPounds = (...values: number[]): number => pounds(values.reduce((n, v) => n + penniesOf(v), 0));

/** The period's balance with both fuels: income is electricity's (gas is never exported). */
export interface BothBalance {
  income: number;
  electricityCost: number;
  gasCost: number;
  cost: number;
  /** income − cost of the figures shown, so the three add up on the screen. */
  profit_loss: number;
  electricityStanding: number;
  gasStanding: number;
  electricityUsed: number;
  gasUsed: number;
  generated: number;
}

export function bothBalance(electricity: EnergyDetail, gas: EnergyDetail): BothBalance {
  const income = electricity.balance.income + gas.balance.income;
  const cost = sumPounds(electricity.balance.cost, gas.balance.cost);
  return {
    income,
    electricityCost: electricity.balance.cost,
    gasCost: gas.balance.cost,
    cost,
    profit_loss: pounds(penniesOf(income) - penniesOf(cost)),
    electricityStanding: electricity.standing_charge ?? 0,
    gasStanding: gas.standing_charge ?? 0,
    electricityUsed: electricity.energy_balance.consumed,
    gasUsed: gas.energy_balance.consumed,
    generated: electricity.energy_balance.generated,
  };
}

export const bothOutcome = (b: BothBalance) => outcomeOf({ income: b.income, cost: b.cost });

/**
 * Two kWh figures added as the screen shows them (2 decimals, §9), so a total is the sum of the two
 * figures beside it: 0.114 + 0.184 shows as 0.11 + 0.18 = 0.29, never 0.30.
 */
export const sumKwh = (a: number, b: number): number => (Math.round(a * 100) + Math.round(b * 100)) / 100;

type Detail = EnergyDetail['details'][number];

/** An entry's cost without standing charge (energy_cost), else its whole cost (an older answer). */
const energyCostOf = (d: Detail): number => d.energy_cost ?? d.balance.cost;

export interface BothRow {
  start: number;
  /** null: that fuel has no reading in the entry (a gap, not zero). */
  electricity: number | null;
  gas: number | null;
  /** The two added; null only when neither has a reading. */
  total: number | null;
}

/**
 * Per entry of the period, electricity's and gas's energy cost (money) or use (energy), and their total.
 * The two answers are of the same period, so their entries match by start.
 */
export function bothRows(electricity: EnergyDetail, gas: EnergyDetail, unit: 'money' | 'energy'): BothRow[] {
  const gasByStart = new Map(gas.details.map((d) => [d.period.start_timestamp, d]));
  const value = (d: Detail | undefined): number | null => {
    if (d === undefined || d.data_slots === 0) return null;
    return unit === 'money' ? energyCostOf(d) : d.energy_balance.consumed;
  };
  return electricity.details.map((e) => {
    const start = e.period.start_timestamp;
    const el = value(e);
    const g = value(gasByStart.get(start));
    const total =
      el === null && g === null
        ? null
        : unit === 'money'
          ? sumPounds(el ?? 0, g ?? 0)
          : sumKwh(el ?? 0, g ?? 0);
    return { start, electricity: el, gas: g, total };
  });
}

/** The previous period's cost to compare with, both fuels added (a fuel without one counts nothing). */
export const bothCost = (a: number | null | undefined, b: number | null | undefined): number =>
  sumPounds(a ?? 0, b ?? 0);
