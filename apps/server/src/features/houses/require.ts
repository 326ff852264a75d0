import type { Queryable } from '../../db/types';
import { notFound } from '../../http/errors';
import { findHouseIdOf } from './repository';

/** The house of a user the caller may act on, or a 404 when that user has no home. */
export async function requireHouseOf(db: Queryable, userId: number): Promise<number> {
  const houseId = await findHouseIdOf(db, userId);
  if (houseId === null) throw notFound('This user has no home.');
  return houseId;
}
