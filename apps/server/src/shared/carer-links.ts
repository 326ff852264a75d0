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

/** A user's display name: their settings name, else their username ('' when there is no such user). */
export async function displayName(db: Queryable, userId: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    `select coalesce(nullif(s.name, ''), u.username) as name from users u
       left join user_settings s on s.user_id = u.id where u.id = $1`,
    [userId],
  );
  return rows[0]?.name ?? '';
}

/** The dependant's accepted carers, first linked first, by display name. */
export async function carersOf(
  db: Queryable,
  dependantUserId: number,
): Promise<{ user_id: number; name: string; since: number }[]> {
  const { rows } = await db.query<{ user_id: number; name: string; since: number }>(
    `select l.carer_user_id as user_id, coalesce(nullif(s.name, ''), u.username) as name,
            extract(epoch from l.accepted_at)::bigint as since
       from carer_links l join users u on u.id = l.carer_user_id
       left join user_settings s on s.user_id = u.id
      where l.dependant_user_id = $1 and l.accepted_at is not null and not u.disabled
      order by l.id`,
    [dependantUserId],
  );
  return rows.map((r) => ({ ...r, since: Number(r.since) }));
}

/** Whether the account is an accepted carer of the dependant. */
export async function isCarerOf(
  db: Queryable,
  carerUserId: number,
  dependantUserId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from carer_links where carer_user_id = $1 and dependant_user_id = $2 and accepted_at is not null',
    [carerUserId, dependantUserId],
  );
  return rows.length > 0;
}

/** Links the carer (accepted now), or accepts a pending link; an accepted link stays as it was. */
export async function acceptLink(db: Queryable, carerUserId: number, dependantUserId: number, at: Date) {
  await db.query(
    `insert into carer_links (carer_user_id, dependant_user_id, accepted_at) values ($1, $2, $3)
     on conflict (carer_user_id, dependant_user_id)
       do update set accepted_at = coalesce(carer_links.accepted_at, excluded.accepted_at)`,
    [carerUserId, dependantUserId, at],
  );
}
