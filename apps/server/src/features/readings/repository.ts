import type { SlotRollup } from '@homeview/domain';
import type { Db, Queryable } from '../../db/types';
import { TARIFF_KEY_SQL } from '../tariffs/repository';

// SQL of the write path: raw readings, half-hour rollups, and the per-house write lock. Integer arrays
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

/**
 * Which of these starts (ascending) the house already has. A dense batch is looked up as one index range,
 * a sparse one (late data scattered over months) start by start; the answer travels as one text value,
 * which PGlite returns far faster than one row per start.
 */
export async function storedStarts(
  db: Queryable,
  houseId: number,
  starts: readonly number[],
): Promise<Set<number>> {
  const first = starts[0];
  const last = starts.at(-1);
  if (first === undefined || last === undefined) return new Set();
  const dense = (last - first) / SLOT_S <= starts.length;
  const { rows } = await db.query<{ starts: string | null }>(
    dense
      ? `select string_agg(start_ts::text, ',') as starts from readings
         where house_id = $1 and start_ts >= $2 and start_ts <= $3`
      : `select string_agg(r.start_ts::text, ',') as starts
         from unnest(string_to_array($2, ',')::bigint[]) s(t) join readings r on r.house_id = $1 and r.start_ts = s.t`,
    dense ? [houseId, first, last] : [houseId, joined(starts)],
  );
  const text = rows[0]?.starts ?? null;
  return new Set(text === null ? [] : text.split(',').map(Number));
}

export interface IngestContext {
  time_zone: string;
  /** The house's tariff cache key (tariffs/repository.ts). */
  ids: string;
  /** Whether any reading of the house starts in [from, to). */
  occupied: boolean;
}

/**
 * What a batch needs after taking the lock, in one round trip (PGlite answers ~1 ms a statement): the
 * house's zone and tariff key, whether the batch's slots already hold readings, and a KEY SHARE lock on
 * the house, as a foreign key would take. Null for an unknown house.
 */
export async function ingestContext(
  db: Queryable,
  houseId: number,
  from: number,
  to: number,
): Promise<IngestContext | null> {
  const { rows } = await db.query<IngestContext>(
    `select h.time_zone, ${TARIFF_KEY_SQL} as ids,
            exists (select 1 from readings r where r.house_id = h.id and r.start_ts >= $2 and r.start_ts < $3) as occupied
     from houses h where h.id = $1 for key share of h`,
    [houseId, from, to],
  );
  return rows[0] ?? null;
}

export interface ReadingColumns {
  start: readonly number[];
  interval_s: readonly number[];
  import_wh: readonly number[];
  export_wh: readonly number[];
  generation_wh: readonly number[];
}

const READINGS_SELECT = `select $1, * from unnest(string_to_array($2, ',')::bigint[], string_to_array($3, ',')::int[],
  string_to_array($4, ',')::int[], string_to_array($5, ',')::int[], string_to_array($6, ',')::int[])`;

const readingParams = (houseId: number, cols: ReadingColumns) => [
  houseId,
  joined(cols.start),
  joined(cols.interval_s),
  joined(cols.import_wh),
  joined(cols.export_wh),
  joined(cols.generation_wh),
];

/**
 * Inserts new readings in chunks. The caller holds the house's lock and has left out stored starts, so a
 * plain insert suffices (ON CONFLICT costs ~1.8× on PGlite); a conflict would still fail the batch whole.
 */
export async function insertReadings(db: Queryable, houseId: number, cols: ReadingColumns): Promise<number> {
  const sql = `insert into readings (house_id, start_ts, interval_s, import_wh, export_wh, generation_wh) ${READINGS_SELECT}`;
  let inserted = 0;
  for (let at = 0; at < cols.start.length; at += INSERT_CHUNK) {
    const part = (a: readonly number[]) => a.slice(at, at + INSERT_CHUNK);
    const chunk = {
      start: part(cols.start),
      interval_s: part(cols.interval_s),
      import_wh: part(cols.import_wh),
      export_wh: part(cols.export_wh),
      generation_wh: part(cols.generation_wh),
    };
    const result = await db.query(sql, readingParams(houseId, chunk));
    inserted += result.rowCount;
  }
  return inserted;
}

export interface SlotTotals {
  slot: number;
  covered_s: number;
  import_wh: number;
  export_wh: number;
  generation_wh: number;
  /** Two readings of the slot overlap (only computed when asked for). */
  overlap: boolean;
}

/**
 * Σ of the raw readings of the given slots (sorted, distinct). A dense list is read as one index range
 * (filtered here); a sparse one (late data scattered over a year) slot by slot. With `exact`, each slot's
 * readings are also checked for overlaps, in start order (readings never cross a slot boundary).
 */
export async function slotTotals(
  db: Queryable,
  houseId: number,
  slots: readonly number[],
  exact: boolean,
): Promise<SlotTotals[]> {
  const first = slots[0];
  const last = slots.at(-1);
  if (first === undefined || last === undefined) return [];
  const lag = exact
    ? 'coalesce(lag(r.start_ts + r.interval_s) over (partition by r.start_ts - r.start_ts % 1800 order by r.start_ts) > r.start_ts, false)'
    : 'false';
  const dense = (last - first) / SLOT_S + 1 <= 2 * slots.length;
  const source = dense
    ? 'from readings r where r.house_id = $1 and r.start_ts >= $2 and r.start_ts < $3'
    : `from unnest(string_to_array($2, ',')::bigint[]) s(slot)
       join readings r on r.house_id = $1 and r.start_ts >= s.slot and r.start_ts < s.slot + 1800`;
  const { rows } = await db.query<SlotTotals>(
    `select slot, sum(interval_s)::int as covered_s, sum(import_wh)::bigint as import_wh,
            sum(export_wh)::bigint as export_wh, sum(generation_wh)::bigint as generation_wh,
            bool_or(overlap) as overlap
     from (select r.start_ts - r.start_ts % 1800 as slot, r.interval_s, r.import_wh, r.export_wh,
                  r.generation_wh, ${lag} as overlap
           ${source}) x
     group by slot order by slot`,
    dense ? [houseId, first, last + SLOT_S] : [houseId, joined(slots)],
  );
  if (!dense) return rows;
  const wanted = new Set(slots);
  return rows.filter((r) => wanted.has(r.slot));
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

/**
 * New readings and their slots' rollups in one statement (a data-modifying WITH) when the batch fits in
 * one chunk: a day of minutes then costs one round trip instead of two. Returns the readings inserted.
 */
export async function insertWithRollups(
  db: Queryable,
  houseId: number,
  cols: ReadingColumns,
  rollups: readonly RollupRow[],
): Promise<number> {
  if (cols.start.length > INSERT_CHUNK || rollups.length > INSERT_CHUNK) {
    const inserted = await insertReadings(db, houseId, cols);
    await upsertRollups(db, houseId, rollups);
    return inserted;
  }
  await db.query(
    `with new_readings as (insert into readings (house_id, start_ts, interval_s, import_wh, export_wh, generation_wh)
       ${READINGS_SELECT}) ${rollupUpsert(7)}`,
    [...readingParams(houseId, cols), ...rollupParams(rollups)],
  );
  return cols.start.length; // a plain insert stores every row or fails the statement
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
