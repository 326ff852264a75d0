import type { SlotRollup } from '@homeview/domain';
import type { Db, Queryable } from '../../db/types';
import { TARIFF_KEY_SQL } from '../tariffs/repository';

// SQL of the write path: half-hour rollups and the per-house write lock (raw readings: blocks.ts). Integer arrays
// travel as one comma-joined text parameter each, expanded with string_to_array: on PGlite that is ~3×
// faster than a typed array parameter (measured on a year of 1-minute readings), and it is the same
// parameterised SQL on both engines.

export const SLOT_S = 1800;
/** Rows per INSERT statement: bounds the size of one parameter and of one statement's memory. */
export const INSERT_CHUNK = 50_000;

const WRITE_LOCK = 7_346_120; // with the house id: pg_advisory_xact_lock(int, int)

export const joined = (values: readonly number[]): string => values.join(',');

/** Runs `fn` in a new transaction when given the database, or inside the caller's open transaction. */
export function inTransaction<R>(db: Db | Queryable, fn: (tx: Queryable) => Promise<R>): Promise<R> {
  return 'transaction' in db ? db.transaction(fn) : fn(db);
}

/**
 * Serialises writers of one house until the transaction ends. Every writer of readings, rollups, events
 * and tariffs takes it, so a slot is never recomputed from a snapshot that misses another writer's rows.
 */
export async function lockHouse(db: Queryable, houseId: number): Promise<void> {
  await db.query('select pg_advisory_xact_lock($1, $2)', [WRITE_LOCK, houseId]);
}

export interface IngestContext {
  time_zone: string;
  /** The house's tariff cache key (tariffs/repository.ts). */
  ids: string;
}

/**
 * What a batch needs after taking the lock, in one round trip (PGlite answers ~1 ms a statement): the
 * house's zone and tariff key, and a KEY SHARE lock on the house, as a foreign key would take. Null for an
 * unknown house.
 */
export async function ingestContext(db: Queryable, houseId: number): Promise<IngestContext | null> {
  const { rows } = await db.query<IngestContext>(
    `select h.time_zone, ${TARIFF_KEY_SQL} as ids from houses h where h.id = $1 for key share of h`,
    [houseId],
  );
  return rows[0] ?? null;
}

export interface RollupRow extends SlotRollup {
  covered_s: number;
}

const ROLLUP_COLUMNS = [
  'slot_start',
  'covered_s',
  'import_wh',
  'export_wh',
  'generation_wh',
  'import_cost',
  'export_income',
  'generation_income',
] as const;

const rollupUpsert = (first: number) => `insert into rollups (house_id, ${ROLLUP_COLUMNS.join(', ')})
  select $1, * from unnest(${ROLLUP_COLUMNS.map((_, i) => `string_to_array($${i + first}, ',')::bigint[]`).join(', ')})
  on conflict (house_id, slot_start) do update set
    ${ROLLUP_COLUMNS.slice(1)
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`;

const rollupParams = (rows: readonly RollupRow[]) => ROLLUP_COLUMNS.map((c) => joined(rows.map((r) => r[c])));

export async function upsertRollups(
  db: Queryable,
  houseId: number,
  rows: readonly RollupRow[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    await db.query(rollupUpsert(2), [houseId, ...rollupParams(rows.slice(at, at + INSERT_CHUNK))]);
  }
}

/** Rollups from a slot on, for repricing. */
export async function rollupsFrom(db: Queryable, houseId: number, fromSlot: number): Promise<RollupRow[]> {
  const { rows } = await db.query<RollupRow>(
    `select ${ROLLUP_COLUMNS.join(', ')} from rollups where house_id = $1 and slot_start >= $2 order by slot_start`,
    [houseId, fromSlot],
  );
  return rows;
}

export async function updateRollupMoney(
  db: Queryable,
  houseId: number,
  rows: readonly SlotRollup[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const part = rows.slice(at, at + INSERT_CHUNK);
    await db.query(
      `update rollups r set import_cost = u.ic, export_income = u.ei, generation_income = u.gi
       from unnest(string_to_array($2, ',')::bigint[], string_to_array($3, ',')::bigint[],
                   string_to_array($4, ',')::bigint[], string_to_array($5, ',')::bigint[]) u(slot, ic, ei, gi)
       where r.house_id = $1 and r.slot_start = u.slot`,
      [
        houseId,
        joined(part.map((r) => r.slot_start)),
        joined(part.map((r) => r.import_cost)),
        joined(part.map((r) => r.export_income)),
        joined(part.map((r) => r.generation_income)),
      ],
    );
  }
}
