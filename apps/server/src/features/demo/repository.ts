import { SETUP_COUNT_FIELDS } from '@homeview/contract';
import { type Tariff, tariffToStored } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { unusablePassword } from '../accounts/password';
import type { Occupants } from '../../shared/house';
import type { DeclaredAppliance } from './homes';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// The demo's and the simulate CLI's writes beyond the accounts feature: many homes at once, tariffs
// before any reading (so nothing needs repricing). The appliance catalogue is upserted by `migrate`.

export async function insertTariff(db: Queryable, houseId: number, tariff: Tariff): Promise<void> {
  await db.query(
    `insert into tariffs (house_id, fuel, start_date, tariff) values ($1, ${ELECTRICITY_CODE}, $2, $3::jsonb)
     on conflict (house_id, fuel, start_date) do nothing`,
    [houseId, tariff.startDate, JSON.stringify(tariffToStored(tariff))],
  );
}

/** A home's declared appliance counts; a count already there (a person's own answer) is kept. */
export async function insertDeclaredAppliances(
  db: Queryable,
  houseId: number,
  appliances: readonly DeclaredAppliance[],
  at: Date,
): Promise<void> {
  await db.query(
    `insert into house_appliances (house_id, appliance_type_id, number_of_appliances, show_appliance, updated_at)
     select $1, t.type_id, t.n, true, $4 from unnest($2::int[], $3::int[]) as t (type_id, n)
     on conflict (house_id, appliance_type_id) do nothing`,
    [houseId, appliances.map((a) => a.typeId), appliances.map((a) => a.count), at],
  );
}

export interface BulkHome {
  username: string;
  name: string;
  propertyType: string;
  occupants: Occupants;
  demo: boolean;
}

/**
 * Accounts nobody can log in to (unusable password, no email), each with its home (one home per
 * account), in two statements. Usernames that already exist keep their home. Returns house ids by username.
 */
export async function insertHomes(db: Queryable, homes: readonly BulkHome[]): Promise<Map<string, number>> {
  if (homes.length > 0) {
    await db.query(
      `insert into users (username, email, password_hash, setup_done)
       select u, null, p, true from unnest($1::text[], $2::text[]) as t (u, p)
       on conflict (username) do nothing`,
      [homes.map((h) => h.username), homes.map(() => unusablePassword())],
    );
    const columns = SETUP_COUNT_FIELDS.map((c) => homes.map((h) => h.occupants[c] ?? 0));
    await db.query(
      `insert into houses (owner_user_id, name, property_type, demo, ${SETUP_COUNT_FIELDS.join(', ')})
       select u.id, t.name, t.property_type, t.demo, ${SETUP_COUNT_FIELDS.map((c) => `t.${c}`).join(', ')}
         from unnest($1::text[], $2::text[], $3::text[], $4::boolean[],
                     ${SETUP_COUNT_FIELDS.map((_, i) => `$${i + 5}::smallint[]`).join(', ')})
              as t (username, name, property_type, demo, ${SETUP_COUNT_FIELDS.join(', ')})
         join users u on u.username = t.username
       on conflict (owner_user_id) do nothing`,
      [
        homes.map((h) => h.username),
        homes.map((h) => h.name),
        homes.map((h) => h.propertyType),
        homes.map((h) => h.demo),
        ...columns,
      ],
    );
  }
  return houseIdsOf(
    db,
    homes.map((h) => h.username),
  );
}

/** House ids of the given usernames (those that have a home). */
export async function houseIdsOf(db: Queryable, usernames: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ username: string; house_id: number }>(
    `select u.username, h.id as house_id from users u join houses h on h.owner_user_id = u.id
      where u.username = any($1::text[])`,
    [usernames],
  );
  return new Map(rows.map((r) => [r.username, r.house_id]));
}

export interface DemoHouseRow {
  username: string;
  house_id: number;
  time_zone: string;
  /** Start of the oldest and end of the newest data, from the daily rollups (index probes). */
  first: number | null;
  latest_end: number | null;
  /** When the home was created (epoch s): the demo was seeded then. */
  created_at: number;
}

/** The demo-flagged homes with their data span: the seeder's progress marker is the data itself. */
export async function listDemoHouses(db: Queryable): Promise<DemoHouseRow[]> {
  const { rows } = await db.query<DemoHouseRow>(
    `select u.username, h.id as house_id, h.time_zone,
            (select d.first_ts from daily_rollups d where d.house_id = h.id and d.fuel = ${ELECTRICITY_CODE}
              order by d.day limit 1) as first,
            (select d.latest_end from daily_rollups d where d.house_id = h.id and d.fuel = ${ELECTRICITY_CODE}
              order by d.day desc limit 1)
              as latest_end,
            extract(epoch from h.created_at)::bigint as created_at
       from houses h join users u on u.id = h.owner_user_id
      where h.demo
      order by h.id`,
  );
  return rows;
}

/** Dates a home's creation (the demo's: the seeding instant its simulated story is placed from). */
export async function setCreatedAt(db: Queryable, houseId: number, at: Date): Promise<void> {
  await db.query('update houses set created_at = $2 where id = $1', [houseId, at]);
}
