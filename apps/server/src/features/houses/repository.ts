import type { Queryable } from '../../db/types';
import { houseOf } from '../../shared/house';

/** The id of the house `ownerUserId` owns (shared/house.ts `houseOf`), or null. */
export async function findHouseIdOf(db: Queryable, ownerUserId: number): Promise<number | null> {
  return (await houseOf(db, ownerUserId))?.id ?? null;
}
