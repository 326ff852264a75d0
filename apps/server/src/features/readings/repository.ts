import type { SlotRollup } from '@homeview/domain';
import type { Db, Queryable, SqlParam } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';
import { lockHouse, lockHouses, WRITE_LOCK } from '../../shared/house';

// SQL of the write path: half-hour rollups (raw readings: blocks.ts; the per-house write lock: shared/house.ts). Integer arrays
// travel as one comma-joined text parameter each, expanded with string_to_array: on PGlite that is ~3×
// faster than a typed array parameter (measured on a year of 1-minute readings), and it is the same
// parameterised SQL on both engines.

export const SLOT_S = 1800;
/** Rows per INSERT statement: bounds the size of one parameter and of one statement's memory. */
export const INSERT_CHUNK = 50_000;

export const joined = (values: readonly number[]): string => values.join(',');

/**
 * The write locks of these houses (lockHouses: ascending house id, each once) as SQL of literals, sent
 * with BEGIN (see inLockedTransaction and receive).
 */
export function lockHousesLiteral(houseIds: readonly number[]): string {
  const ids = [...new Set(houseIds)].sort((a, b) => a - b).map(literalInt);
  return `select count(pg_advisory_xact_lock(${WRITE_LOCK}, h.id)) from
    (select id from unnest(array[${ids.join(', ')}]::int[]) u(id) order by id) h`;
}

/**
 * Runs `fn` holding the houses' write locks (lockHouses), given the rows of a read made after taking them:
 * in a new transaction on PostgreSQL, the locks and the read travel with BEGIN in one round trip
 * (`literal`, the read with literals only); on PGlite or inside the caller's open transaction, as two
 * statements (`sql`, `params`), or the read alone when the caller says it holds the locks (`held`).
 */
export async function inLockedTransaction<R>(
  db: Db | Queryable,
  houseIds: readonly number[],
  read: { literal: string; sql: string; params: readonly SqlParam[] },
  options: {
    /** Statements of literals a transaction of its own runs before the locks (with BEGIN on PostgreSQL). */
    first?: string | undefined;
    /** The caller's open transaction (`db`) already holds the houses' locks. */
    held?: boolean | undefined;
  },
  fn: (tx: Queryable, rows: readonly Record<string, unknown>[]) => Promise<R>,
): Promise<R> {
  const { first } = options;
  const locked = async (tx: Queryable) => {
    // One house (every ingest but the devices' flush): the plain lock, planned once.
    if (!options.held)
      await (houseIds.length === 1 ? lockHouse(tx, houseIds[0] as number) : lockHouses(tx, houseIds));
    return fn(tx, (await tx.query(read.sql, read.params)).rows);
  };
  if (!('transaction' in db)) return locked(db);
  // PGlite has no round trip to save: there the read stays prepared (planned once).
  if (db.kind === 'pglite') return db.transaction(locked, first === undefined ? {} : { first });
  return db.transaction(fn, {
    first: `${first === undefined ? '' : `${first}; `}${lockHousesLiteral(houseIds)}; ${read.literal}`,
  });
}

/** An integer as SQL text; refuses anything else, so a literal can never carry input into SQL. */
export function literalInt(n: number): string {
  if (!Number.isSafeInteger(n)) throw new TypeError(`${n} is not an integer`);
  return `(${n})`;
}

export interface IngestContext {
  time_zone: string;
  /** The house's tariff cache key (shared/tariff-book.ts). */
  ids: string;
}

export interface RollupRow extends SlotRollup {
  covered_s: number;
}

export const ROLLUP_COLUMNS = [
  'slot_start',
  'covered_s',
  'import_wh',
  'export_wh',
  'generation_wh',
  'import_cost',
  'export_income',
  'generation_income',
] as const;

export const rollupParams = (rows: readonly RollupRow[]) =>
  ROLLUP_COLUMNS.map((c) => joined(rows.map((r) => r[c])));

/** A fuel's rollups from a slot on, for repricing. */
export async function rollupsFrom(
  db: Queryable,
  houseId: number,
  fromSlot: number,
  beforeSlot = Number.MAX_SAFE_INTEGER,
  fuel = ELECTRICITY_CODE,
): Promise<RollupRow[]> {
  const { rows } = await db.query<RollupRow>(
    `select ${ROLLUP_COLUMNS.join(', ')} from half_hours($1, $4::int, $2, $3) order by slot_start`,
    [houseId, fromSlot, beforeSlot, fuel],
  );
  return rows;
}

const DAY_S = 86_400;
const MONEY = ['import_cost', 'export_income', 'generation_income'] as const;
/** A bigint[] as PostgreSQL prints it ('{1,NULL,3}') and back. */
const parseArray = (text: string): (string | null)[] =>
  text
    .slice(1, -1)
    .split(',')
    .map((v) => (v === 'NULL' ? null : v));
const printArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => v ?? 'NULL').join(',')}}`;

/**
 * Writes new money into the given half-hours (energy untouched): each UTC day's money arrays (migration
 * 0035) read once, the changed positions set, and the arrays written back whole, one statement each way
 * per INSERT_CHUNK half-hours.
 */
export async function updateRollupMoney(
  db: Queryable,
  houseId: number,
  rows: readonly SlotRollup[],
  fuel = ELECTRICITY_CODE,
): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const part = rows.slice(at, at + INSERT_CHUNK);
    const days = [...new Set(part.map((r) => r.slot_start - (r.slot_start % DAY_S)))];
    const { rows: stored } = await db.query<{ day_start: string; m0: string; m1: string; m2: string }>(
      `select day_start::text as day_start, import_cost::text as m0, export_income::text as m1,
              generation_income::text as m2
         from rollup_days where house_id = $1 and fuel = $2 and day_start = any(string_to_array($3, ',')::bigint[])`,
      [houseId, fuel, joined(days)],
    );
    const money = new Map(stored.map((d) => [Number(d.day_start), [d.m0, d.m1, d.m2].map(parseArray)]));
    for (const r of part) {
      const day = money.get(r.slot_start - (r.slot_start % DAY_S));
      const i = (r.slot_start % DAY_S) / SLOT_S;
      MONEY.forEach((c, k) => {
        const column = day?.[k];
        if (column !== undefined) column[i] = String(r[c]);
      });
    }
    const changed = [...money];
    await db.query(
      `update rollup_days b set import_cost = u.m0::bigint[], export_income = u.m1::bigint[],
              generation_income = u.m2::bigint[]
         from unnest(string_to_array($3, ',')::bigint[], string_to_array($4, '|'), string_to_array($5, '|'),
                     string_to_array($6, '|')) u(day_start, m0, m1, m2)
        where b.house_id = $1 and b.fuel = $2 and b.day_start = u.day_start`,
      [
        houseId,
        fuel,
        joined(changed.map(([day]) => day)),
        ...[0, 1, 2].map((k) => changed.map(([, columns]) => printArray(columns[k] ?? [])).join('|')),
      ],
    );
  }
}
