// The home's past electricity in grams of CO₂ (issue 37), for the usage reads (features/energy): each
// half-hour's import (Wh) times Great Britain's recorded intensity of that half-hour (g/kWh, stored by
// recorded.ts), summed exactly in mg and rounded once to whole grams (half up). An entry any of whose
// half-hours with data lacks a stored intensity is null, never a share of it; half-hours without data
// add nothing. Import only: exported and self-used generation is not the grid's. Gas has no grid
// intensity, so a gas view carries none.

export const PAST_CARBON_SOURCE =
  'Carbon Intensity API (National Grid ESO, CC BY 4.0): Great Britain, recorded half-hourly';

export interface PastCarbon {
  /** Grams per entry, null where a half-hour with data has no stored intensity. */
  entries: (number | null)[];
  /** The period's grams, from its exact sum; null when any entry is. */
  total: number | null;
}

const grams = (mg: bigint): number => Number((mg + 500n) / 1000n);

/**
 * The entries' carbon from their exact sums in mg (null where a half-hour with data lacks a stored
 * intensity), read with the entries' energy: a day's hours from its half-hours, longer periods from the
 * days' and months' carbon_mg (features/readings/carbon-days.ts, migration 0039).
 */
export function pastCarbon(mgs: readonly (bigint | null)[]): PastCarbon {
  let sum = 0n;
  let whole = true;
  const entries = mgs.map((mg) => {
    if (mg === null) {
      whole = false;
      return null;
    }
    sum += mg;
    return grams(mg);
  });
  return { entries, total: whole ? grams(sum) : null };
}
