import { SETUP_COUNT_FIELDS } from '@homeview/contract';
import { LOCK_CLASSES } from '../db/lock-keys';
import { prepared, type Queryable } from '../db/types';
import { notFound } from '../http/errors';

// The houses table as every feature shares it: the one lookup of a user's house (a user owns at most
// one: houses.owner_user_id is unique), so every feature that starts from a user id sees the same row with
// the same fields; a new house; and the house's write lock.

export interface House {
  id: number;
  owner_user_id: number;
  name: string;
  /** IANA zone: the house's days, weeks and months are local to it. */
  time_zone: string;
  demo: boolean;
}

const HOUSE_OF = prepared(
  'select id, owner_user_id, name, time_zone, demo from houses where owner_user_id = $1',
);

/** The house `userId` owns, or null when they have none (a carer). */
export async function houseOf(db: Queryable, userId: number): Promise<House | null> {
  const { rows } = await db.query<House>(HOUSE_OF, [userId]);
  return rows[0] ?? null;
}

/** What an energy view needs of a house. */
export type EnergyHouse = Pick<House, 'id' | 'name' | 'time_zone'>;

/** The house of a user the caller may act on, or a 404 when that user has no home. */
export async function requireHouseOf(db: Queryable, userId: number): Promise<House> {
  const house = await houseOf(db, userId);
  if (house === null) throw notFound('This user has no home.');
  return house;
}

/** The household counts of the setup questionnaire, stored as the house's columns of the same names. */
export type Occupants = Partial<Record<(typeof SETUP_COUNT_FIELDS)[number], number>>;

export interface NewHouse {
  ownerUserId: number;
  name: string;
  timeZone: string;
  propertyType?: string | null;
  occupants?: Occupants;
  demo?: boolean;
  /** The postcode's outward code (SW1A), for the carbon forecast's region (migration 0034). */
  postcode?: string | null;
}

// In the column order of the insert below.
const OCCUPANT_COLUMNS = SETUP_COUNT_FIELDS;

export async function insertHouse(db: Queryable, house: NewHouse): Promise<number> {
  const occupants = OCCUPANT_COLUMNS.map((c) => house.occupants?.[c] ?? null);
  const { rows } = await db.query<{ id: number }>(
    `insert into houses (owner_user_id, name, time_zone, property_type, demo, under10, range10_17, range18_64,
                         range65_74, over74, full_time, part_time, unemployed, pensioner, commuting, stay_at_home,
                         postcode)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     returning id`,
    [
      house.ownerUserId,
      house.name,
      house.timeZone,
      house.propertyType ?? null,
      house.demo ?? false,
      ...occupants,
      house.postcode ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Sets (or clears, null) the house's outward code; false when the user has no house. */
export async function setPostcode(
  db: Queryable,
  ownerUserId: number,
  outward: string | null,
): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    'update houses set postcode = $2 where owner_user_id = $1 returning id',
    [ownerUserId, outward],
  );
  return rows.length > 0;
}

/**
 * Gives the house an outward code only when it has none (a supplier's word never replaces the person's,
 * nor one set before); true when it was set.
 */
export async function setPostcodeIfNone(db: Queryable, houseId: number, outward: string): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    'update houses set postcode = $2 where id = $1 and postcode is null returning id',
    [houseId, outward],
  );
  return rows.length > 0;
}

/** The house write lock's first key, with the house id: pg_advisory_xact_lock(int, int) (db/lock-keys.ts). */
export const WRITE_LOCK = LOCK_CLASSES.houseWrite;

/**
 * Serialises writers of one house until the transaction ends. Every writer of readings, rollups, events
 * and tariffs takes it, so a slot is never recomputed from a snapshot that misses another writer's rows.
 */
export async function lockHouse(db: Queryable, houseId: number): Promise<void> {
  await db.query('select pg_advisory_xact_lock($1, $2)', [WRITE_LOCK, houseId]);
}

/**
 * The write locks of several houses in one statement, taken in ascending house id (a writer of several
 * houses, the device consumer's flush, and another such writer never wait on each other in a circle;
 * every other writer holds one house's lock at a time).
 */
export async function lockHouses(db: Queryable, houseIds: readonly number[]): Promise<void> {
  const ids = [...new Set(houseIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db.query(
    `select count(pg_advisory_xact_lock($1, h.id)) from
       (select id from unnest(string_to_array($2, ',')::int[]) u(id) order by id) h`,
    [WRITE_LOCK, ids.join(',')],
  );
}
