import type { Queryable } from '../../db/types';
import { INSERT_CHUNK, joined } from './repository';

// SQL of the compact raw readings (migration 0009): one row per house per UTC day, the day's readings as
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

/** The stored blocks starting at these instants (multiples of BLOCK_S), by block start. */
export async function loadBlocks(
  db: Queryable,
  houseId: number,
  blockStarts: readonly number[],
): Promise<Map<number, ReadingColumns>> {
  const blocks = new Map<number, ReadingColumns>();
  if (blockStarts.length === 0) return blocks;
  const { rows } = await db.query<Record<'block_start' | 'gaps' | (typeof VALUES)[number], string>>(
    `select block_start, array_to_string(gaps, ',') as gaps,
            ${VALUES.map((c) => `array_to_string(${c}, ',') as ${c}`).join(', ')}
       from reading_blocks
      where house_id = $1 and block_start = any(string_to_array($2, ',')::bigint[])`,
    [houseId, joined(blockStarts)],
  );
  for (const row of rows) {
    const blockStart = Number(row.block_start);
    let at = blockStart;
    const block: ReadingColumns = {
      start: ints(row.gaps).map((gap) => (at += gap)),
      interval_s: ints(row.interval_s),
      import_wh: ints(row.import_wh),
      export_wh: ints(row.export_wh),
      generation_wh: ints(row.generation_wh),
    };
    blocks.set(blockStart, block);
  }
  return blocks;
}

/**
 * Writes these blocks whole (insert, or replace the stored arrays), a few statements of up to
 * INSERT_CHUNK readings, never splitting a block. The caller holds the house's write lock.
 */
export async function writeBlocks(
  db: Queryable,
  houseId: number,
  blocks: ReadonlyMap<number, ReadingColumns>,
): Promise<void> {
  let flat = { block: [] as number[], gap: [] as number[], ...emptyColumns() };
  const flush = async () => {
    if (flat.block.length === 0) return;
    await db.query(
      `insert into reading_blocks (house_id, block_start, gaps, ${VALUES.join(', ')})
       select $1, t.b, array_agg(t.g order by t.n), ${VALUES.map((c) => `array_agg(t.${c} order by t.n)`).join(', ')}
         from unnest(string_to_array($2, ',')::bigint[], string_to_array($3, ',')::int[],
                     ${VALUES.map((_, i) => `string_to_array($${i + 4}, ',')::int[]`).join(', ')})
              with ordinality t(b, g, ${VALUES.join(', ')}, n)
        group by t.b
       on conflict (house_id, block_start) do update
         set gaps = excluded.gaps, ${VALUES.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      [houseId, joined(flat.block), joined(flat.gap), ...VALUES.map((c) => joined(flat[c]))],
    );
    flat = { block: [], gap: [], ...emptyColumns() };
  };
  for (const [blockStart, cols] of blocks) {
    let previous = blockStart;
    cols.start.forEach((start, k) => {
      flat.block.push(blockStart);
      flat.gap.push(start - previous);
      previous = start;
      for (const c of VALUES) flat[c].push(cols[c][k] as number);
    });
    if (flat.block.length >= INSERT_CHUNK) await flush();
  }
  await flush();
}
