// A balance's outcome (spec §9), one rule for the web and the server: judged on the amounts as they are
// shown, pounds to 2 decimals (the answers carry them so, each rounded half away from zero from exact n£;
// shared/units.ts). Profit when income − cost is at least £0.01, break-even when income and cost are equal
// at 2 decimals, otherwise loss. Rounded, not exact: income 5.64p and cost 4.65p show as £0.06 and £0.05
// with a profit_loss of £0.01, so they are a profit; exact n£ (0.99p apart) would label it a loss beside
// figures that say otherwise, and the web only has the rounded figures to judge.

export type Outcome = 'profit' | 'loss' | 'break-even';

/** Pounds → whole pennies, half away from zero (0.1 + 0.2 is 30p, not 30.000000000000004). */
export const penniesOf = (pounds: number): number => Math.sign(pounds) * Math.round(Math.abs(pounds) * 100);

export function outcomeOf(balance: { readonly income: number; readonly cost: number }): Outcome {
  const diff = penniesOf(balance.income) - penniesOf(balance.cost);
  if (diff === 0) return 'break-even';
  return diff >= 1 ? 'profit' : 'loss';
}
