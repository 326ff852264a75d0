import { SETUP_COUNT_FIELDS, type SetupWriteRequest } from '@homeview/contract';
import type { Queryable, SqlParam } from '../../db/types';

// The setup questionnaire's answers: the house's own columns (occupants, employment, travel, property
// type; what "similar homes" are chosen by), the postcode's outward code (the grid region of My Home's
// carbon forecast; never the full postcode) and each appliance's count from house_appliances.

export type SetupCounts = Record<(typeof SETUP_COUNT_FIELDS)[number], number>;

export interface SetupRow extends SetupCounts {
  property_type: string | null;
  postcode: string | null;
}

export async function findSetup(db: Queryable, houseId: number): Promise<SetupRow | null> {
  const columns = SETUP_COUNT_FIELDS.map((c) => `coalesce(${c}, 0)::int as ${c}`).join(', ');
  const { rows } = await db.query<SetupRow>(
    `select ${columns}, property_type, postcode from houses where id = $1`,
    [houseId],
  );
  return rows[0] ?? null;
}

export async function saveSetup(
  db: Queryable,
  houseId: number,
  answers: Omit<SetupWriteRequest, 'user_id'>,
): Promise<void> {
  const sets = SETUP_COUNT_FIELDS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  const values: SqlParam[] = [houseId, ...SETUP_COUNT_FIELDS.map((c) => answers[c]), answers.property_type];
  // An absent postcode (a client that does not send it) leaves the stored one; null clears it.
  const postcode = answers.postcode === undefined ? '' : `, postcode = $${values.push(answers.postcode)}`;
  await db.query(
    `update houses set ${sets}, property_type = $${SETUP_COUNT_FIELDS.length + 2}${postcode} where id = $1`,
    values,
  );
}

export async function markSetUp(db: Queryable, userId: number): Promise<void> {
  await db.query('update users set setup_done = true where id = $1', [userId]);
}
