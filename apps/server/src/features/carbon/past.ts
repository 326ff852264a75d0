import type { Queryable } from '../../db/types';
import { carbonBuckets } from './repository';

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

/** Carbon of the entries starting at `starts` (ascending; the last ends at `end`). */
export async function pastCarbon(
  db: Queryable,
  houseId: number,
  starts: readonly number[],
  end: number,
): Promise<PastCarbon> {
  const buckets = await carbonBuckets(db, houseId, starts, end);
  let sum = 0n;
  let whole = true;
  const entries = buckets.map((b) => {
    if (b.covered < b.dataSlots) {
      whole = false;
      return null;
    }
    sum += b.mg;
    return grams(b.mg);
  });
  return { entries, total: whole ? grams(sum) : null };
}
