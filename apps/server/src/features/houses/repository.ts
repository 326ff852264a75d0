import { SETUP_COUNT_FIELDS } from '@homeview/contract';
import type { Queryable } from '../../db/types';

/** The household counts of the setup questionnaire, stored as the house's columns of the same names. */
export type Occupants = Partial<Record<(typeof SETUP_COUNT_FIELDS)[number], number>>;

export interface NewHouse {
  ownerUserId: number;
  name: string;
  timeZone: string;
  propertyType?: string | null;
  occupants?: Occupants;
  demo?: boolean;
}

// In the column order of the insert below.
const OCCUPANT_COLUMNS = SETUP_COUNT_FIELDS;

export async function insertHouse(db: Queryable, house: NewHouse): Promise<number> {
  const occupants = OCCUPANT_COLUMNS.map((c) => house.occupants?.[c] ?? null);
  const { rows } = await db.query<{ id: number }>(
    `insert into houses (owner_user_id, name, time_zone, property_type, demo, under10, range10_17, range18_64,
                         range65_74, over74, full_time, part_time, unemployed, pensioner, commuting, stay_at_home)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     returning id`,
    [
      house.ownerUserId,
      house.name,
      house.timeZone,
      house.propertyType ?? null,
      house.demo ?? false,
      ...occupants,
    ],
  );
  return rows[0]!.id;
}

export async function findHouseIdOf(db: Queryable, ownerUserId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('select id from houses where owner_user_id = $1', [
    ownerUserId,
  ]);
  return rows[0]?.id ?? null;
}
