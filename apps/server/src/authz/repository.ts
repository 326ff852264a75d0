import type { Queryable } from '../db/types';

export interface TargetRow {
  disabled: boolean;
  /** An accepted carer link from the actor to this user exists. */
  linked: boolean;
}

/** The target user as seen by `actorId`, read fresh on every request so a revoked link stops at once. */
export async function findTarget(
  db: Queryable,
  actorId: number,
  targetId: number,
): Promise<TargetRow | null> {
  const { rows } = await db.query<TargetRow>(
    `select u.disabled,
            exists (select 1 from carer_links l
                     where l.carer_user_id = $1 and l.dependant_user_id = u.id and l.accepted_at is not null) as linked
       from users u
      where u.id = $2`,
    [actorId, targetId],
  );
  return rows[0] ?? null;
}
