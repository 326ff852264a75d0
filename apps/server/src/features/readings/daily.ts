import {
  addDays,
  dayLayout,
  type EnergyTotals,
  localDate,
  standingChargeNano,
  type TariffBook,
} from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import { houseTariffs } from '../../shared/tariff-book';
import { blockParams, blockUpsertSql, type ReadingColumns } from './blocks';
import {
  INSERT_CHUNK,
  joined,
  ROLLUP_COLUMNS,
  type RollupRow,
  rollupParams,
  rollupUpsert,
  SLOT_S,
} from './repository';

// Daily and monthly rollups (tables daily_rollups and monthly_rollups: one row per house per local day or
// month with data): a day's half-hour rollups summed in SQL, plus its standing charge from the tariffs;
// a month's days summed. Every writer of half-hour rollups (ingest, reprice) refreshes the days it
// touched, and their months, in the same transaction, so the rows stay exact.

/** The local dates (ascending, each once) of the given ascending slot starts. */
export function datesOfSlots(slots: readonly number[], zone: string): string[] {
  const dates: string[] = [];
  for (const slot of slots) {
    const date = localDate(slot, zone);
    if (dates.at(-1) !== date) dates.push(date);
  }
  return dates;
}

/** Every local date from the one holding `first` to the one holding `last`. */
export function datesBetween(first: number, last: number, zone: string): string[] {
  const end = localDate(last, zone);
  const dates: string[] = [];
  for (let d = localDate(first, zone); d <= end; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/**
 * The columns of a day row and how each is summed from the day's half-hour rollups `r` (the domain's
 * totals, whose standing charge comes from the tariffs as `d.standing_charge`, plus coverage).
 */
const FROM_HALF_HOURS: Readonly<
  Record<keyof EnergyTotals | 'covered_s' | 'first_ts' | 'latest_end', string>
> = {
  data_slots: 'count(*)',
  covered_s: 'sum(r.covered_s)',
  first_ts: 'min(r.slot_start)',
  latest_end: '(max(array[r.slot_start, r.slot_start + r.covered_s]))[2]',
  import_wh: 'sum(r.import_wh)',
  export_wh: 'sum(r.export_wh)',
  generation_wh: 'sum(r.generation_wh)',
  consumed_wh: 'sum(r.import_wh + greatest(r.generation_wh - r.export_wh, 0))',
  import_cost: 'sum(r.import_cost)',
  export_income: 'sum(r.export_income)',
  generation_income: 'sum(r.generation_income)',
  standing_charge: 'd.standing_charge',
};
const SUMMED = Object.keys(FROM_HALF_HOURS) as (keyof typeof FROM_HALF_HOURS)[];
/** A month row's columns from its days `d`. */
const fromDays = (c: (typeof SUMMED)[number]) =>
  c === 'first_ts' ? 'min(d.first_ts)' : c === 'latest_end' ? 'max(d.latest_end)' : `sum(d.${c})`;

const updateAll = (columns: readonly string[]) => columns.map((c) => `${c} = excluded.${c}`).join(', ');

/** Dates per statement: bounds the parameter size of a year-long rebuild. */
const DATES_PER_STATEMENT = 400;

/**
 * Recomputes the daily rollups of these local dates (ascending) from the house's half-hour rollups, and
 * the monthly rollups of their months, in two statements per 400 days. Run by writers holding the
 * house's lock, after their half-hour writes.
 */
export async function refreshDays(
  db: Queryable,
  houseId: number,
  book: TariffBook,
  dates: readonly string[],
): Promise<void> {
  for (let at = 0; at < dates.length; at += DATES_PER_STATEMENT) {
    const part = dates.slice(at, at + DATES_PER_STATEMENT);
    const layouts = part.map((date) => dayLayout(date, book.zone));
    await db.query(
      `insert into daily_rollups (house_id, day, day_start, slots, ${SUMMED.join(', ')})
       select $1, d.day, d.day_start, d.slots, ${SUMMED.map((c) => FROM_HALF_HOURS[c]).join(', ')}
         from unnest(string_to_array($2, ',')::date[], string_to_array($3, ',')::bigint[],
                     string_to_array($4, ',')::int[], string_to_array($5, ',')::bigint[])
              d(day, day_start, slots, standing_charge)
         join rollups r on r.house_id = $1 and r.slot_start >= d.day_start
                       and r.slot_start < d.day_start + d.slots * 1800
        where r.slot_start >= $6 and r.slot_start < $7
        group by d.day, d.day_start, d.slots, d.standing_charge
       on conflict (house_id, day) do update set ${updateAll(['day_start', 'slots', ...SUMMED])}`,
      [
        houseId,
        part.join(','),
        joined(layouts.map((l) => l.start)),
        joined(layouts.map((l) => l.slots)),
        joined(part.map((date) => standingChargeNano(book.standingChargeOn(date)))),
        // The dates' span as constants: without them PGlite (no statistics: it never analyses) joined
        // every one of the house's half-hours to every date, 871 ms for a month of a 400-day house.
        Math.min(...layouts.map((l) => l.start)),
        Math.max(...layouts.map((l) => l.start + l.slots * SLOT_S)),
      ],
    );
    await refreshMonths(db, houseId, [...new Set(part.map((date) => `${date.slice(0, 7)}-01`))]);
  }
}

/** Recomputes the monthly rollups of these months (their first days) from their daily rollups. */
export async function refreshMonths(
  db: Queryable,
  houseId: number,
  months: readonly string[],
): Promise<void> {
  await db.query(
    `insert into monthly_rollups (house_id, month, days, ${SUMMED.join(', ')})
     select $1, m.month, count(*), ${SUMMED.map(fromDays).join(', ')}
       from unnest(string_to_array($2, ',')::date[]) m(month)
       join daily_rollups d on d.house_id = $1 and d.day >= m.month
                           and d.day < (m.month + interval '1 month')::date
      group by m.month
     on conflict (house_id, month) do update set ${updateAll(['days', ...SUMMED])}`,
    [houseId, months.join(',')],
  );
}

/** The first day of the month after the one starting on `month` (YYYY-MM-01). */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

const ROLLUP_AS_BIGINT = ROLLUP_COLUMNS.map((c) => `${c}::bigint`).join(', ');

/**
 * The write of an ingest batch in one statement (besides chunks of a very large batch, written first):
 * the changed blocks whole, the changed half-hours' rollups, the touched local days summed from their
 * half-hours and those days' months from their days. Statements of one statement see the same snapshot,
 * so a day is summed from the stored half-hours it keeps plus the new ones (`nr`), and a month from its
 * stored days it keeps plus the new ones (`nd`): the same sums refreshDays makes afterwards, in one
 * round trip instead of four. Run by the ingest holding the house's lock.
 */
export async function writeBatch(
  db: Queryable,
  houseId: number,
  book: TariffBook,
  blocks: ReadonlyMap<number, ReadingColumns>,
  rollups: readonly RollupRow[],
  dates: readonly string[],
): Promise<void> {
  const blockChunks = blockParams(blocks);
  const lastBlocks = blockChunks.pop();
  for (const chunk of blockChunks)
    await db.query(blockUpsertSql('$1', 2), [houseId, chunk.starts, ...chunk.columns]);
  const rollupStart = Math.max(0, rollups.length - INSERT_CHUNK);
  for (let at = 0; at < rollupStart; at += INSERT_CHUNK) {
    const part = rollups.slice(at, Math.min(at + INSERT_CHUNK, rollupStart));
    await db.query(rollupUpsert(2), [houseId, ...rollupParams(part)]);
  }
  const layouts = dates.map((date) => dayLayout(date, book.zone));
  const last = layouts.at(-1);
  const months = [...new Set(dates.map((date) => `${date.slice(0, 7)}-01`))];
  const n = ROLLUP_COLUMNS.length;
  const blockSql =
    lastBlocks === undefined
      ? 'select 1 from (select $2::text, $3::text, $4::text, $5::text, $6::text, $7::text) x where false'
      : `${blockUpsertSql('$1', 2)} returning 1`;
  const rollupParam = (i: number) => `string_to_array($${8 + i}, ',')::bigint[]`;
  const dayParam = 8 + n;
  const inDay = (r: string) =>
    `${r}.slot_start >= d.day_start and ${r}.slot_start < d.day_start + d.slots * 1800`;
  await db.query(
    prepared(`with blk as (${blockSql}),
     nr as (select * from unnest(${ROLLUP_COLUMNS.map((_, i) => rollupParam(i)).join(', ')})
              u(${ROLLUP_COLUMNS.join(', ')})),
     ru as (insert into rollups (house_id, ${ROLLUP_COLUMNS.join(', ')}) select $1, * from nr
              on conflict (house_id, slot_start) do update set ${updateAll(ROLLUP_COLUMNS.slice(1))} returning 1),
     d as (select * from unnest(string_to_array($${dayParam}, ',')::date[], string_to_array($${dayParam + 1}, ',')::bigint[],
                                string_to_array($${dayParam + 2}, ',')::int[], string_to_array($${dayParam + 3}, ',')::bigint[])
             d(day, day_start, slots, standing_charge)),
     r as (select ${ROLLUP_COLUMNS.map((c) => `o.${c}::bigint`).join(', ')}
             from d join rollups o on o.house_id = $1 and ${inDay('o')}
            where o.slot_start >= $${dayParam + 5} and o.slot_start < $${dayParam + 6}
              and not exists (select 1 from nr where nr.slot_start = o.slot_start)
           union all select ${ROLLUP_AS_BIGINT} from nr),
     nd as (select d.day, d.day_start, d.slots, ${SUMMED.map((c) => `${FROM_HALF_HOURS[c]} as ${c}`).join(', ')}
              from d join r on ${inDay('r')}
             group by d.day, d.day_start, d.slots, d.standing_charge),
     du as (insert into daily_rollups (house_id, day, day_start, slots, ${SUMMED.join(', ')})
              select $1, * from nd
              on conflict (house_id, day) do update set ${updateAll(['day_start', 'slots', ...SUMMED])} returning 1),
     m as (select * from unnest(string_to_array($${dayParam + 4}, ',')::date[]) m(month)),
     ad as (select o.day, ${SUMMED.map((c) => `o.${c}::numeric as ${c}`).join(', ')}
              from m join daily_rollups o on o.house_id = $1 and o.day >= m.month
                                         and o.day < (m.month + interval '1 month')::date
             where o.day >= $${dayParam + 7}::date and o.day < $${dayParam + 8}::date
               and not exists (select 1 from d where d.day = o.day)
            union all select nd.day, ${SUMMED.map((c) => `nd.${c}::numeric`).join(', ')} from nd),
     mu as (insert into monthly_rollups (house_id, month, days, ${SUMMED.join(', ')})
              select $1, m.month, count(*), ${SUMMED.map(fromDays).join(', ')}
                from m join ad d on d.day >= m.month and d.day < (m.month + interval '1 month')::date
               group by m.month
              on conflict (house_id, month) do update set ${updateAll(['days', ...SUMMED])} returning 1)
     select (select count(*) from blk) + (select count(*) from ru) + (select count(*) from du)
          + (select count(*) from mu) as written`),
    [
      houseId,
      lastBlocks?.starts ?? '',
      ...(lastBlocks?.columns ?? ['', '', '', '', '']),
      ...rollupParams(rollups.slice(rollupStart)),
      dates.join(','),
      joined(layouts.map((l) => l.start)),
      joined(layouts.map((l) => l.slots)),
      joined(dates.map((date) => standingChargeNano(book.standingChargeOn(date)))),
      months.join(','),
      // Bounds of all the days and months, so the planner reads the stored rows through the index.
      layouts[0]?.start ?? 0,
      last === undefined ? 0 : last.start + last.slots * 1800,
      months[0] ?? '2000-01-01',
      nextMonth(months.at(-1) ?? '2000-01-01'),
    ],
  );
}

/** Local dates of the house's daily rollups from `fromDate` on (for repricing). */
export async function datesFrom(
  db: Queryable,
  houseId: number,
  fromDate: string,
  beforeDate = '9999-12-31',
): Promise<string[]> {
  const { rows } = await db.query<{ days: string | null }>(
    `select string_agg(day::text, ',' order by day) as days from daily_rollups
      where house_id = $1 and day >= $2::date and day < $3::date`,
    [houseId, fromDate, beforeDate],
  );
  return rows[0]?.days?.split(',') ?? [];
}

/** Data step of migration daily_rollups: every house's days, from its half-hour rollups. */
export async function rebuildAllDays(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ house_id: number; first: number; last: number }>(
    'select house_id, min(slot_start) as first, max(slot_start) as last from rollups group by house_id',
  );
  for (const row of rows) {
    const house = await houseTariffs(db, row.house_id);
    if (house !== null)
      await refreshDays(db, row.house_id, house.book, datesBetween(row.first, row.last, house.zone));
  }
}

/** One house's share of writeBatches: what writeBatch takes. */
export interface HouseWrite {
  houseId: number;
  /** The house's zone: its estimated uses are judged by local day. */
  zone: string;
  book: TariffBook;
  blocks: ReadonlyMap<number, ReadingColumns>;
  rollups: readonly RollupRow[];
  dates: readonly string[];
}

const BLOCK_VALUES = ['interval_s', 'import_wh', 'export_wh', 'generation_wh'] as const;
const inDayOf = (r: string) =>
  `${r}.house_id = d.house_id and ${r}.slot_start >= d.day_start and ${r}.slot_start < d.day_start + d.slots * 1800`;

/**
 * writeBatch for several houses in one statement (the device consumer's flush: ~100 small batches), every
 * row keyed by its house as well: the changed blocks, the changed half-hours, each touched local day
 * summed from its stored half-hours it keeps plus the new ones, each touched month from its stored days
 * plus the new ones. The same sums writeBatch makes per house; run holding every house's lock. Houses
 * whose batch is too large for one statement (over INSERT_CHUNK rows) go through writeBatch alone.
 */
export async function writeBatches(db: Queryable, writes: readonly HouseWrite[]): Promise<void> {
  const small: HouseWrite[] = [];
  for (const w of writes) {
    const readings = [...w.blocks.values()].reduce((n, b) => n + b.start.length, 0);
    if (readings > INSERT_CHUNK || w.rollups.length > INSERT_CHUNK)
      await writeBatch(db, w.houseId, w.book, w.blocks, w.rollups, w.dates);
    else if (w.rollups.length > 0 || w.blocks.size > 0) small.push(w);
  }
  if (small.length === 0) return;
  const block = { house: [] as number[], start: [] as number[], gaps: [] as string[] };
  const blockValues: string[][] = BLOCK_VALUES.map(() => []);
  for (const w of small)
    for (const chunk of blockParams(w.blocks)) {
      const starts = chunk.starts.split(',').map(Number);
      const [gaps, ...values] = chunk.columns.map((c) => c.split(';'));
      starts.forEach((start, i) => {
        block.house.push(w.houseId);
        block.start.push(start);
        block.gaps.push((gaps as string[])[i] as string);
        BLOCK_VALUES.forEach((_, k) => {
          (blockValues[k] as string[]).push((values[k] as string[])[i] as string);
        });
      });
    }
  const rollupHouse: number[] = [];
  const rollupRows: RollupRow[] = [];
  const day = {
    house: [] as number[],
    day: [] as string[],
    start: [] as number[],
    slots: [] as number[],
    charge: [] as number[],
  };
  const month = { house: [] as number[], month: [] as string[] };
  for (const w of small) {
    for (const r of w.rollups) {
      rollupHouse.push(w.houseId);
      rollupRows.push(r);
    }
    for (const date of w.dates) {
      const layout = dayLayout(date, w.book.zone);
      day.house.push(w.houseId);
      day.day.push(date);
      day.start.push(layout.start);
      day.slots.push(layout.slots);
      day.charge.push(standingChargeNano(w.book.standingChargeOn(date)));
    }
    for (const m of new Set(w.dates.map((date) => `${date.slice(0, 7)}-01`))) {
      month.house.push(w.houseId);
      month.month.push(m);
    }
  }
  const n = ROLLUP_COLUMNS.length;
  const rollupParam = (i: number) => `string_to_array($${9 + i}, ',')::bigint[]`;
  const p = 9 + n; // the days' parameters, then the months'
  await db.query(
    prepared(`with blk as (
       insert into reading_blocks (house_id, block_start, gaps, ${BLOCK_VALUES.join(', ')})
       select t.h, t.b, ('{' || t.g || '}')::int[], ${BLOCK_VALUES.map((c) => `('{' || t.${c} || '}')::int[]`).join(', ')}
         from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[], string_to_array($3, ';'),
                     ${BLOCK_VALUES.map((_, i) => `string_to_array($${4 + i}, ';')`).join(', ')})
              t(h, b, g, ${BLOCK_VALUES.join(', ')})
       on conflict (house_id, block_start) do update
         set gaps = excluded.gaps, ${BLOCK_VALUES.map((c) => `${c} = excluded.${c}`).join(', ')}
       returning 1),
     nr as (select * from unnest(string_to_array($8, ',')::int[], ${ROLLUP_COLUMNS.map((_, i) => rollupParam(i)).join(', ')})
              u(house_id, ${ROLLUP_COLUMNS.join(', ')})),
     ru as (insert into rollups (house_id, ${ROLLUP_COLUMNS.join(', ')}) select * from nr
              on conflict (house_id, slot_start) do update set ${updateAll(ROLLUP_COLUMNS.slice(1))} returning 1),
     d as (select * from unnest(string_to_array($${p}, ',')::int[], string_to_array($${p + 1}, ',')::date[],
                                string_to_array($${p + 2}, ',')::bigint[], string_to_array($${p + 3}, ',')::int[],
                                string_to_array($${p + 4}, ',')::bigint[])
             d(house_id, day, day_start, slots, standing_charge)),
     r as (select o.house_id, ${ROLLUP_COLUMNS.map((c) => `o.${c}::bigint`).join(', ')}
             from d join rollups o on ${inDayOf('o')}
            where not exists (select 1 from nr where nr.house_id = o.house_id and nr.slot_start = o.slot_start)
           union all select house_id, ${ROLLUP_AS_BIGINT} from nr),
     nd as (select d.house_id, d.day, d.day_start, d.slots, ${SUMMED.map((c) => `${FROM_HALF_HOURS[c]} as ${c}`).join(', ')}
              from d join r on ${inDayOf('r')}
             group by d.house_id, d.day, d.day_start, d.slots, d.standing_charge),
     du as (insert into daily_rollups (house_id, day, day_start, slots, ${SUMMED.join(', ')})
              select * from nd
              on conflict (house_id, day) do update set ${updateAll(['day_start', 'slots', ...SUMMED])} returning 1),
     m as (select * from unnest(string_to_array($${p + 5}, ',')::int[], string_to_array($${p + 6}, ',')::date[])
             m(house_id, month)),
     ad as (select o.house_id, o.day, ${SUMMED.map((c) => `o.${c}::numeric as ${c}`).join(', ')}
              from m join daily_rollups o on o.house_id = m.house_id and o.day >= m.month
                                         and o.day < (m.month + interval '1 month')::date
             where not exists (select 1 from d where d.house_id = o.house_id and d.day = o.day)
            union all select nd.house_id, nd.day, ${SUMMED.map((c) => `nd.${c}::numeric`).join(', ')} from nd),
     mu as (insert into monthly_rollups (house_id, month, days, ${SUMMED.join(', ')})
              select m.house_id, m.month, count(*), ${SUMMED.map(fromDays).join(', ')}
                from m join ad d on d.house_id = m.house_id and d.day >= m.month
                                and d.day < (m.month + interval '1 month')::date
               group by m.house_id, m.month
              on conflict (house_id, month) do update set ${updateAll(['days', ...SUMMED])} returning 1)
     select (select count(*) from blk) + (select count(*) from ru) + (select count(*) from du)
          + (select count(*) from mu) as written`),
    [
      joined(block.house),
      joined(block.start),
      block.gaps.join(';'),
      ...blockValues.map((v) => v.join(';')),
      joined(rollupHouse),
      ...rollupParams(rollupRows),
      joined(day.house),
      day.day.join(','),
      joined(day.start),
      joined(day.slots),
      joined(day.charge),
      joined(month.house),
      month.month.join(','),
    ],
  );
}
