import { prepared, type Queryable } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';
import { TARIFF_KEY_SQL } from '../../shared/tariff-book';
import { type IngestContext, joined, literalInt } from './repository';

// SQL of the compact raw readings (migration compact_readings, 0009): one row per house per UTC day, the day's readings as
// integer arrays in start order, starts stored as gaps (see the migration). Blocks travel as comma-joined
// text (array_to_string / string_to_array), which PGlite turns into JS values far faster than arrays.

export const BLOCK_S = 86_400;

/** Readings as columns, ascending by start, starts in epoch seconds. */
export interface ReadingColumns {
  start: number[];
  interval_s: number[];
  import_wh: number[];
  export_wh: number[];
  generation_wh: number[];
}

export const emptyColumns = (): ReadingColumns => ({
  start: [],
  interval_s: [],
  import_wh: [],
  export_wh: [],
  generation_wh: [],
});

const VALUES = ['interval_s', 'import_wh', 'export_wh', 'generation_wh'] as const;
const ints = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

type BlockRow = Record<'block_start' | 'gaps' | (typeof VALUES)[number], string>;

function blockOf(row: BlockRow): ReadingColumns {
  let at = Number(row.block_start);
  return {
    start: ints(row.gaps).map((gap) => (at += gap)),
    interval_s: ints(row.interval_s),
    import_wh: ints(row.import_wh),
    export_wh: ints(row.export_wh),
    generation_wh: ints(row.generation_wh),
  };
}

const BLOCK_TEXT = `array_to_string(b.gaps, ',') as gaps,
  ${VALUES.map((c) => `array_to_string(b.${c}, ',') as ${c}`).join(', ')}`;

const housesContextSql = (houses: string, blockHouses: string, starts: string, fuel: string) =>
  `select h.id as house_id, h.time_zone, h.ids, b.block_start, ${BLOCK_TEXT}
     from (select h.id, h.time_zone, ${TARIFF_KEY_SQL} as ids from houses h
            where h.id = any(string_to_array(${houses}, ',')::int[]) for key share of h) h
     left join (select r.* from unnest(string_to_array(${blockHouses}, ',')::int[],
                                       string_to_array(${starts}, ',')::bigint[]) w(house_id, block_start)
                  join reading_blocks r on r.house_id = w.house_id and r.fuel = ${fuel}
                                       and r.block_start = w.block_start) b
       on b.house_id = h.id`;
const HOUSES_CONTEXT_SQL = prepared(housesContextSql('$1', '$2', '$3', '$4::smallint'));

/** A batch's context: the house's zone, tariff key and the stored blocks of the batch's fuel it touches. */
export type BatchContext = IngestContext & { blocks: Map<number, ReadingColumns> };

/**
 * What a write of several houses (one or many) reads after taking their locks, in one round trip (PGlite
 * answers ~1 ms a statement): each house's zone and tariff key, with a KEY SHARE lock on it as a foreign
 * key would take, and its stored blocks at its own block starts. As a prepared statement and as literals
 * (sent with BEGIN and the locks, see inLockedTransaction).
 */
export function housesContextRead(wanted: ReadonlyMap<number, readonly number[]>, fuel: number) {
  const houses: number[] = [];
  const starts: number[] = [];
  for (const [house, blockStarts] of wanted)
    for (const start of blockStarts) {
      houses.push(house);
      starts.push(start);
    }
  const params = [joined([...wanted.keys()]), joined(houses), joined(starts), fuel];
  // Integers only: they go into a literal.
  for (const n of [...wanted.keys(), ...starts]) literalInt(n);
  const [h, bh, s] = params.slice(0, 3).map((p) => `'${p}'`) as [string, string, string];
  return { literal: housesContextSql(h, bh, s, literalInt(fuel)), sql: HOUSES_CONTEXT_SQL, params };
}

/** The rows of housesContextRead as each house's context; houses that do not exist are absent. */
export function housesContextOf(rows: readonly Record<string, unknown>[]): Map<number, BatchContext> {
  const typed = rows as unknown as readonly (IngestContext & {
    house_id: number;
    block_start: string | null;
  } & BlockRow)[];
  const contexts = new Map<number, BatchContext>();
  for (const row of typed) {
    let context = contexts.get(row.house_id);
    if (context === undefined) {
      context = { time_zone: row.time_zone, ids: row.ids, blocks: new Map() };
      contexts.set(row.house_id, context);
    }
    if (row.block_start !== null) context.blocks.set(Number(row.block_start), blockOf(row));
  }
  return contexts;
}

/** housesContextRead run in `db` (the houses' locks already held). */
export async function readHousesContext(
  db: Queryable,
  wanted: ReadonlyMap<number, readonly number[]>,
  fuel: number,
): Promise<Map<number, BatchContext>> {
  const read = housesContextRead(wanted, fuel);
  return housesContextOf((await db.query(read.sql, read.params)).rows);
}

/** One block of one house as text: its readings' starts as gaps, then VALUES, each comma-joined. */
export interface BlockText {
  house: number;
  start: number;
  columns: string[]; // gaps, then VALUES
  readings: number;
}

/** The house's non-empty blocks as text, in the map's order. */
export function blockTexts(house: number, blocks: ReadonlyMap<number, ReadingColumns>): BlockText[] {
  const texts: BlockText[] = [];
  for (const [blockStart, cols] of blocks) {
    if (cols.start.length === 0) continue;
    const gaps = new Array<number>(cols.start.length);
    let previous = blockStart;
    for (let k = 0; k < cols.start.length; k++) {
      const start = cols.start[k] as number;
      gaps[k] = start - previous;
      previous = start;
    }
    texts.push({
      house,
      start: blockStart,
      columns: [joined(gaps), ...VALUES.map((c) => joined(cols[c]))],
      readings: cols.start.length,
    });
  }
  return texts;
}

/** Blocks as the seven parameters of blocksUpsertSql: houses and starts comma-joined, each column ';'-joined. */
export function blockParams(blocks: readonly BlockText[]): string[] {
  return [
    joined(blocks.map((b) => b.house)),
    joined(blocks.map((b) => b.start)),
    ...[0, 1, 2, 3, 4].map((i) => blocks.map((b) => b.columns[i]).join(';')),
  ];
}

/**
 * The one write of raw readings: an upsert of whole blocks of any houses (insert, or replace the stored
 * arrays) from parameters $first (houses), $first + 1 (starts) and the next five (the columns of
 * BlockText), all of the fuel `fuel` (a parameter reference). Each block's arrays arrive as array
 * literals' insides ("60,60,…"), so the database parses each array once instead of unnesting and
 * re-aggregating readings.
 */
export const blocksUpsertSql = (first: number, fuel: string): string =>
  `insert into reading_blocks (house_id, fuel, block_start, gaps, ${VALUES.join(', ')})
   select t.h, ${fuel}, t.b, ('{' || t.g || '}')::int[], ${VALUES.map((c) => `('{' || t.${c} || '}')::int[]`).join(', ')}
     from unnest(string_to_array($${first}, ',')::int[], string_to_array($${first + 1}, ',')::bigint[],
                 string_to_array($${first + 2}, ';'),
                 ${VALUES.map((_, i) => `string_to_array($${first + i + 3}, ';')`).join(', ')})
          t(h, b, g, ${VALUES.join(', ')})
   on conflict (house_id, fuel, block_start) do update
     set gaps = excluded.gaps, ${VALUES.map((c) => `${c} = excluded.${c}`).join(', ')}`;

/**
 * SQL of a lateral subquery giving the end (`reading`) and `interval_s` of the house's newest electricity
 * reading ending by `now`: only the newest two blocks up to `now` are unnested (a reading may end at most
 * 5 minutes ahead, so the block holding `now` may hold none). `house` and `now` are parameter references.
 */
export function newestReadingSql(house: string, now: string): string {
  return `select b.block_start + x.offset_s + x.interval_s as reading, x.interval_s
    from (select * from reading_blocks where house_id = ${house} and fuel = ${ELECTRICITY_CODE}
             and block_start <= ${now}
           order by block_start desc limit 2) b
   cross join lateral (select sum(u.gap) over (order by u.n)::bigint as offset_s, u.interval_s
                         from unnest(b.gaps, b.interval_s) with ordinality u(gap, interval_s, n)) x
   where b.block_start + x.offset_s + x.interval_s <= ${now}
   order by 1 desc limit 1`;
}
