import { prepared, type Queryable } from '../../db/types';
import { TARIFF_KEY_SQL } from '../../shared/tariff-book';
import { INSERT_CHUNK, type IngestContext, joined, literalInt } from './repository';

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

const contextSql = (house: string, starts: string) =>
  `select h.time_zone, h.ids, b.block_start, ${BLOCK_TEXT}
     from (select h.id, h.time_zone, ${TARIFF_KEY_SQL} as ids from houses h where h.id = ${house}
             for key share of h) h
     left join reading_blocks b on b.house_id = h.id
                               and b.block_start = any(string_to_array(${starts}, ',')::bigint[])`;
const CONTEXT_SQL = prepared(contextSql('$1', '$2'));

/**
 * What a batch reads after taking the house's lock, in one round trip (PGlite answers ~1 ms a
 * statement): the house's zone and tariff key, with a KEY SHARE lock on the house as a foreign key would
 * take, and the stored blocks starting at these instants. As a prepared statement and as literals (sent
 * with BEGIN and the lock, see inLockedTransaction).
 */
export function batchContextRead(houseId: number, blockStarts: readonly number[]) {
  for (const start of blockStarts) literalInt(start); // integers only: they go into a literal
  const starts = `'${joined(blockStarts)}'`;
  return {
    literal: contextSql(literalInt(houseId), starts),
    sql: CONTEXT_SQL,
    params: [houseId, joined(blockStarts)],
  };
}

/** The rows of batchContextRead as the batch's context; null for an unknown house. */
export function batchContextOf(
  rows: readonly Record<string, unknown>[],
): (IngestContext & { blocks: Map<number, ReadingColumns> }) | null {
  const typed = rows as unknown as readonly (IngestContext & { block_start: string | null } & BlockRow)[];
  const first = typed[0];
  if (first === undefined) return null;
  const blocks = new Map<number, ReadingColumns>();
  for (const row of typed) if (row.block_start !== null) blocks.set(Number(row.block_start), blockOf(row));
  return { time_zone: first.time_zone, ids: first.ids, blocks };
}

const HOUSES_CONTEXT_SQL = prepared(
  `select h.id as house_id, h.time_zone, h.ids, b.block_start, ${BLOCK_TEXT}
     from (select h.id, h.time_zone, ${TARIFF_KEY_SQL} as ids from houses h
            where h.id = any(string_to_array($1, ',')::int[]) for key share of h) h
     left join (select r.* from unnest(string_to_array($2, ',')::int[], string_to_array($3, ',')::bigint[])
                                  w(house_id, block_start)
                  join reading_blocks r on r.house_id = w.house_id and r.block_start = w.block_start) b
       on b.house_id = h.id`,
);

/**
 * batchContextRead for several houses in one statement (their locks already held): each house's zone,
 * tariff key and stored blocks at its own block starts. Houses that do not exist are absent.
 */
export async function readHousesContext(
  db: Queryable,
  wanted: ReadonlyMap<number, readonly number[]>,
): Promise<Map<number, IngestContext & { blocks: Map<number, ReadingColumns> }>> {
  const houses: number[] = [];
  const starts: number[] = [];
  for (const [house, blockStarts] of wanted)
    for (const start of blockStarts) {
      houses.push(house);
      starts.push(start);
    }
  const { rows } = await db.query<Record<string, unknown> & { house_id: number }>(HOUSES_CONTEXT_SQL, [
    joined([...wanted.keys()]),
    joined(houses),
    joined(starts),
  ]);
  const byHouse = new Map<number, Record<string, unknown>[]>();
  for (const row of rows) {
    const list = byHouse.get(row.house_id);
    if (list === undefined) byHouse.set(row.house_id, [row]);
    else list.push(row);
  }
  const contexts = new Map<number, IngestContext & { blocks: Map<number, ReadingColumns> }>();
  for (const [house, list] of byHouse) {
    const context = batchContextOf(list);
    if (context !== null) contexts.set(house, context);
  }
  return contexts;
}

/** Blocks as statement parameters: starts comma-joined, each array column's blocks joined by ';'. */
export interface BlockParams {
  starts: string;
  columns: string[]; // gaps, then VALUES
  readings: number;
}

/** The blocks as parameters of blockUpsertSql, in chunks of about INSERT_CHUNK readings (never splitting a block). */
export function blockParams(blocks: ReadonlyMap<number, ReadingColumns>): BlockParams[] {
  const chunks: BlockParams[] = [];
  let starts: number[] = [];
  let texts: string[][] = [[], [], [], [], []];
  let readings = 0;
  const flush = () => {
    if (starts.length > 0)
      chunks.push({ starts: joined(starts), columns: texts.map((t) => t.join(';')), readings });
    starts = [];
    texts = [[], [], [], [], []];
    readings = 0;
  };
  for (const [blockStart, cols] of blocks) {
    if (cols.start.length === 0) continue;
    const gaps = new Array<number>(cols.start.length);
    let previous = blockStart;
    for (let k = 0; k < cols.start.length; k++) {
      const start = cols.start[k] as number;
      gaps[k] = start - previous;
      previous = start;
    }
    starts.push(blockStart);
    (texts[0] as string[]).push(joined(gaps));
    VALUES.forEach((c, i) => {
      (texts[i + 1] as string[]).push(joined(cols[c]));
    });
    readings += cols.start.length;
    if (readings >= INSERT_CHUNK) flush();
  }
  flush();
  return chunks;
}

/**
 * An upsert of whole blocks (insert, or replace the stored arrays) from parameters $first (starts) and
 * the next five (the columns of BlockParams). Each block's arrays arrive as array literals' insides
 * ("60,60,…"), so the database parses each array once instead of unnesting and re-aggregating readings.
 */
export const blockUpsertSql = (house: string, first: number): string =>
  `insert into reading_blocks (house_id, block_start, gaps, ${VALUES.join(', ')})
   select ${house}, t.b, ('{' || t.g || '}')::int[], ${VALUES.map((c) => `('{' || t.${c} || '}')::int[]`).join(', ')}
     from unnest(string_to_array($${first}, ',')::bigint[], string_to_array($${first + 1}, ';'),
                 ${VALUES.map((_, i) => `string_to_array($${first + i + 2}, ';')`).join(', ')})
          t(b, g, ${VALUES.join(', ')})
   on conflict (house_id, block_start) do update
     set gaps = excluded.gaps, ${VALUES.map((c) => `${c} = excluded.${c}`).join(', ')}`;

/**
 * SQL of a lateral subquery giving the end (`reading`) and `interval_s` of the house's newest reading
 * ending by `now`: only the newest two blocks up to `now` are unnested (a reading may end at most 5
 * minutes ahead, so the block holding `now` may hold none). `house` and `now` are parameter references.
 */
export function newestReadingSql(house: string, now: string): string {
  return `select b.block_start + x.offset_s + x.interval_s as reading, x.interval_s
    from (select * from reading_blocks where house_id = ${house} and block_start <= ${now}
           order by block_start desc limit 2) b
   cross join lateral (select sum(u.gap) over (order by u.n)::bigint as offset_s, u.interval_s
                         from unnest(b.gaps, b.interval_s) with ordinality u(gap, interval_s, n)) x
   where b.block_start + x.offset_s + x.interval_s <= ${now}
   order by 1 desc limit 1`;
}
