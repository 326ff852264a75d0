// A test's shortcut: the house a person owns, by the product's own lookup (shared/house.ts houseOf).
import type { Queryable } from '../../src/db/types';
import { houseOf } from '../../src/shared/house';

/** The id of the house `ownerUserId` owns (shared/house.ts `houseOf`), or null. */
export async function findHouseIdOf(db: Queryable, ownerUserId: number): Promise<number | null> {
  return (await houseOf(db, ownerUserId))?.id ?? null;
}
