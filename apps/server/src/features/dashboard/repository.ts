import type { Queryable } from '../../db/types';

export interface OwnHouseRow {
  house_id: number;
  name: string;
  time_zone: string;
  demo: boolean;
}

export async function findOwnHouse(db: Queryable, userId: number): Promise<OwnHouseRow | null> {
  const { rows } = await db.query<OwnHouseRow>(
    'select id as house_id, name, time_zone, demo from houses where owner_user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

export interface DependantRow {
  dependant_user_id: number;
  username: string;
  house_id: number | null;
  house_name: string | null;
  time_zone: string | null;
}

/** The dependants this carer may see: accepted links to enabled accounts, with their homes if any. */
export async function listDependants(db: Queryable, carerUserId: number): Promise<DependantRow[]> {
  const { rows } = await db.query<DependantRow>(
    `select l.dependant_user_id, u.username, h.id as house_id, h.name as house_name, h.time_zone
       from carer_links l
       join users u on u.id = l.dependant_user_id
       left join houses h on h.owner_user_id = l.dependant_user_id
      where l.carer_user_id = $1 and l.accepted_at is not null and not u.disabled
      order by l.dependant_user_id`,
    [carerUserId],
  );
  return rows;
}
