import type { Queryable } from '../db/types';

/** Creates a link; `acceptedAt` null leaves it pending (no access until the dependant accepts). */
export async function insertLink(
  db: Queryable,
  carerUserId: number,
  dependantUserId: number,
  acceptedAt: Date | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'insert into carer_links (carer_user_id, dependant_user_id, accepted_at) values ($1, $2, $3) returning id',
    [carerUserId, dependantUserId, acceptedAt],
  );
  return rows[0]!.id;
}

export async function linkExists(
  db: Queryable,
  carerUserId: number,
  dependantUserId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from carer_links where carer_user_id = $1 and dependant_user_id = $2',
    [carerUserId, dependantUserId],
  );
  return rows.length > 0;
}

export async function deleteLink(db: Queryable, carerUserId: number, dependantUserId: number): Promise<void> {
  await db.query('delete from carer_links where carer_user_id = $1 and dependant_user_id = $2', [
    carerUserId,
    dependantUserId,
  ]);
}
