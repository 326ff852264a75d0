import type { EnergyDetail } from '@homeview/contract';
import { nanoToPennies, type PeriodSummary } from '@homeview/domain';

// A year's figures as its months show them (issue 38): each month rounded on its own, exactly as its
// Monthly view rounds it, and the year's totals the sums of those pennies, so the twelve bars, the
// standing charge and the totals on one screen add up (a year rounded from its exact n£ could differ
// from its months' sum by a few pence).

export interface YearParts {
  balance: EnergyDetail['balance'];
  /** The year's standing charge: each month's (its rounded cost less its rounded energy cost), added. */
  standing: number;
  /** Each month's cost without the standing charge: its Monthly view's energy total. */
  energy: number[];
}

export function yearParts(summary: PeriodSummary): YearParts {
  let cost = 0;
  let income = 0;
  let energyTotal = 0;
  const energy = summary.details.map((d) => {
    const pennies = nanoToPennies(d.totals.import_cost);
    cost += nanoToPennies(d.balance.cost);
    income += nanoToPennies(d.balance.income);
    energyTotal += pennies;
    return pennies / 100;
  });
  // Profit or loss as shown: income less cost, both as the screen adds them.
  return {
    balance: { income: income / 100, cost: cost / 100, profit_loss: (income - cost) / 100 },
    standing: (cost - energyTotal) / 100,
    energy,
  };
}
