import { dayLayout, standingChargeNano, type TariffBook } from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';
import { blockParams, blocksUpsertSql, blockTexts, type ReadingColumns } from './blocks';
import { carbonJoin } from './carbon-days';
import { daySums, fromDays, nextMonth, SUMMED, updateAll } from './daily';
import { INSERT_CHUNK, joined, ROLLUP_COLUMNS, type RollupRow, rollupParams, SLOT_S } from './repository';

// The one write of readings and their rollups (ingest.ts calls it for a batch of one house or many):
// blocks, half-hours, the touched days and months, and the days it made complete, in one statement.
// The day and month sums are daily.ts's, so a write and a rebuild sum alike.

/** One house's share of writeBatches. */
export interface HouseWrite {
  houseId: number;
  /** The house's zone: its estimated uses are judged by local day. */
  zone: string;
  book: TariffBook;
  blocks: ReadonlyMap<number, ReadingColumns>;
  rollups: readonly RollupRow[];
  dates: readonly string[];
}

const ROLLUP_AS_BIGINT = ROLLUP_COLUMNS.map((c) => `${c}::bigint`).join(', ');
/** A UTC day's arrays (migration 0035) from its merged half-hours `ms` over the day's 48 positions `g`. */
const DAY_ARRAYS = ROLLUP_COLUMNS.slice(1)
  .map(
    (c) =>
      `array_agg(ms.${c} order by g.i)::${c.endsWith('_wh') || c === 'covered_s' ? 'integer' : 'bigint'}[]`,
  )
  .join(', ');
const n = ROLLUP_COLUMNS.length;
const rollupParam = (i: number) => `string_to_array($${9 + i}, ',')::bigint[]`;
const p = 9 + n; // the days' parameters, then the months', then the bounds of both, then the fuel

/**
 * The write of a batch of one house or many (an ingest batch is a group of one; the device consumer's
 * flush ~100 small ones) in one statement: the changed blocks whole, the changed half-hours' rollups, the
 * touched local days summed from their half-hours and those days' months from their days, every row keyed
 * by its house. Statements of one statement see the same snapshot, so a day is summed from the stored
 * half-hours it keeps plus the new ones (`nr`), and a month from its stored days it keeps plus the new ones
 * (`nd`): the same sums refreshDays makes, in one round trip instead of four. Each new half-hour comes
 * with its local date, so a day finds its half-hours by equality (a hash join): joined by time range
 * instead, a 13-month fill compared every half-hour with every day (7.5 million rows, 2.6 s on PGlite).
 */
const FUEL = `$${p + 13}::smallint`;
const WRITE_TEXT = `with blk as (${blocksUpsertSql(1, FUEL)} returning 1),
     nr as (select * from unnest(string_to_array($8, ',')::int[], ${ROLLUP_COLUMNS.map((_, i) => rollupParam(i)).join(', ')},
                                 string_to_array($${p + 14}, ',', '')::date[])
              u(house_id, ${ROLLUP_COLUMNS.join(', ')}, day)),
     nk as (select distinct nr.house_id, nr.slot_start - nr.slot_start % 86400 as day_start from nr),
     ms as (select nk.house_id, ${ROLLUP_COLUMNS.map((c) => `o.${c}`).join(', ')}
              from nk cross join lateral half_hours(nk.house_id, ${FUEL}, nk.day_start, nk.day_start + 86400) o
             where not exists (select 1 from nr where nr.house_id = nk.house_id and nr.slot_start = o.slot_start)
            union all select house_id, ${ROLLUP_AS_BIGINT} from nr),
     ru as (insert into rollup_days (house_id, fuel, day_start, ${ROLLUP_COLUMNS.slice(1).join(', ')})
              select nk.house_id, ${FUEL}, nk.day_start, ${DAY_ARRAYS}
                from nk cross join generate_series(0, 47) g(i)
                left join ms on ms.house_id = nk.house_id and ms.slot_start = nk.day_start + g.i * 1800
               group by nk.house_id, nk.day_start
              on conflict (house_id, fuel, day_start) do update set ${updateAll(ROLLUP_COLUMNS.slice(1))} returning 1),
     d as (select * from unnest(string_to_array($${p}, ',')::int[], string_to_array($${p + 1}, ',')::date[],
                                string_to_array($${p + 2}, ',')::bigint[], string_to_array($${p + 3}, ',')::int[],
                                string_to_array($${p + 4}, ',')::bigint[])
             d(house_id, day, day_start, slots, standing_charge)),
     r as (select d.house_id, d.day, ${ROLLUP_COLUMNS.map((c) => `o.${c}::bigint`).join(', ')}
             from d cross join lateral half_hours(d.house_id, ${FUEL}, d.day_start, d.day_start + d.slots * 1800) o
            where d.house_id between $${p + 11} and $${p + 12}
              and o.slot_start >= $${p + 7} and o.slot_start < $${p + 8}
              and not exists (select 1 from nr where nr.house_id = d.house_id and nr.slot_start = o.slot_start)
           union all select house_id, day, ${ROLLUP_AS_BIGINT} from nr),
     nd as (select d.house_id, d.day, d.day_start, d.slots, ${daySums(FUEL, true)}
              from d join r on r.house_id = d.house_id and r.day = d.day ${carbonJoin('r')}
             group by d.house_id, d.day, d.day_start, d.slots, d.standing_charge),
     du as (insert into daily_rollups (house_id, fuel, day, day_start, slots, ${SUMMED.join(', ')})
              select nd.house_id, ${FUEL}, nd.day, nd.day_start, nd.slots, ${SUMMED.map((c) => `nd.${c}`).join(', ')} from nd
              on conflict (house_id, fuel, day) do update set ${updateAll(['day_start', 'slots', ...SUMMED])}
              returning house_id, day, covered_s >= slots * 1800 as complete),
     da as (insert into day_arrivals (house_id, day, complete_at)
              select house_id, day, $${p + 15}::bigint from du where complete and $${p + 15}::bigint is not null
              on conflict (house_id, day) do nothing),
     m as (select * from unnest(string_to_array($${p + 5}, ',')::int[], string_to_array($${p + 6}, ',')::date[])
             m(house_id, month)),
     ad as (select o.house_id, o.day, ${SUMMED.map((c) => `o.${c}::numeric as ${c}`).join(', ')}
              from m join daily_rollups o on o.house_id = m.house_id and o.fuel = ${FUEL} and o.day >= m.month
                                         and o.day < (m.month + interval '1 month')::date
             where o.house_id between $${p + 11} and $${p + 12}
               and o.day >= $${p + 9}::date and o.day < $${p + 10}::date
               and not exists (select 1 from d where d.house_id = o.house_id and d.day = o.day)
            union all select nd.house_id, nd.day, ${SUMMED.map((c) => `nd.${c}::numeric`).join(', ')} from nd),
     mu as (insert into monthly_rollups (house_id, fuel, month, days, ${SUMMED.join(', ')})
              select m.house_id, ${FUEL}, m.month, count(*), ${SUMMED.map(fromDays).join(', ')}
                from m join ad d on d.house_id = m.house_id and d.day >= m.month
                                and d.day < (m.month + interval '1 month')::date
               group by m.house_id, m.month
              on conflict (house_id, fuel, month) do update set ${updateAll(['days', ...SUMMED])} returning 1)
     select (select count(*) from blk) + (select count(*) from ru) + (select count(*) from du)
          + (select count(*) from mu) as written`;
/**
 * A device flush's small batches share one prepared plan; a larger batch (an import, a supplier's
 * 13 months) is planned for its own size: the shared plan, made without the arrays' lengths, joins every
 * new half-hour with every stored one (a 13-month fill beside a stored meter: 63 s on PGlite, 7 s planned).
 */
const WRITE_SQL = prepared(WRITE_TEXT);
const WRITE_SQL_PLANNED = `${WRITE_TEXT}\n-- planned for its batch`;
const SHARED_PLAN_ROWS = 2_000;

/**
 * The date among `dates` (ascending local dates) whose day holds a slot, or '' (SQL null: no day of the
 * write holds it).
 */
function localDayFinder(dates: readonly string[], zone: string): (slot: number) => string {
  const days = dates.map((date) => dayLayout(date, zone));
  return (slot) => {
    let lo = 0;
    let hi = days.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = days[mid] as (typeof days)[number];
      if (slot < d.start) hi = mid - 1;
      else if (slot >= d.start + d.slots * SLOT_S) lo = mid + 1;
      else return d.date;
    }
    return '';
  };
}

/** Splits rows into runs of at least `size` (by `weight`) but the last; never splits a row. */
function runsOf<T>(rows: readonly T[], size: number, weight: (row: T) => number): T[][] {
  const runs: T[][] = [[]];
  let sum = 0;
  for (const row of rows) {
    if (sum >= size) {
      runs.push([]);
      sum = 0;
    }
    (runs.at(-1) as T[]).push(row);
    sum += weight(row);
  }
  return runs;
}

/**
 * The one write of readings and their rollups, for one house or many, run holding every house's lock.
 * One statement (WRITE_SQL) when the batch holds at most INSERT_CHUNK readings and half-hours; a larger
 * one first writes its earlier blocks and half-hours in chunks of about INSERT_CHUNK (the same statement
 * with no days), and the last statement, with the rest, sums the days from the stored half-hours. With
 * `completedAt`, a day this write made complete (every half-hour covered) is recorded in day_arrivals at
 * that time, once (a later write keeps the first): InfoCare learns when a home's half-hours arrive
 * (arrivals.ts). In the same statement: a statement of its own was 7 % of a device flush's database time.
 */
export async function writeBatches(
  db: Queryable,
  writes: readonly HouseWrite[],
  fuel = ELECTRICITY_CODE,
  completedAt: number | null = null,
): Promise<void> {
  const used = writes.filter((w) => w.rollups.length > 0 || w.blocks.size > 0);
  if (used.length === 0) return;
  const blockRuns = runsOf(
    used.flatMap((w) => blockTexts(w.houseId, w.blocks)),
    INSERT_CHUNK,
    (b) => b.readings,
  );
  const rollupRuns = runsOf(
    used.flatMap((w) => {
      const dayOf = localDayFinder(w.dates, w.book.zone);
      return w.rollups.map((row) => ({ house: w.houseId, row, day: dayOf(row.slot_start) }));
    }),
    INSERT_CHUNK,
    () => 1,
  );
  const day = { house: [] as number[], day: [] as string[], start: [] as number[], slots: [] as number[] };
  const charge: number[] = [];
  const month = { house: [] as number[], month: [] as string[] };
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const w of used) {
    for (const date of w.dates) {
      const layout = dayLayout(date, w.book.zone);
      day.house.push(w.houseId);
      day.day.push(date);
      day.start.push(layout.start);
      day.slots.push(layout.slots);
      charge.push(standingChargeNano(w.book.standingChargeOn(date)));
      lo = Math.min(lo, layout.start);
      hi = Math.max(hi, layout.start + layout.slots * SLOT_S);
    }
    for (const m of new Set(w.dates.map((date) => `${date.slice(0, 7)}-01`))) {
      month.house.push(w.houseId);
      month.month.push(m);
    }
  }
  const sorted = [...month.month].sort();
  const noDays = ['', '', '', '', '', '', '', 0, 0, '2000-01-01', '2000-01-01', 0, 0];
  const statements = Math.max(blockRuns.length, rollupRuns.length);
  for (let k = 0; k < statements; k++) {
    const lastOne = k === statements - 1;
    const blocks = blockRuns[k] ?? [];
    const rollups = rollupRuns[k] ?? [];
    const large = rollups.length + blocks.length + (lastOne ? day.house.length : 0) > SHARED_PLAN_ROWS;
    await db.query(large ? WRITE_SQL_PLANNED : WRITE_SQL, [
      ...blockParams(blocks),
      joined(rollups.map((r) => r.house)),
      ...rollupParams(rollups.map((r) => r.row)),
      ...(lastOne
        ? [
            joined(day.house),
            day.day.join(','),
            joined(day.start),
            joined(day.slots),
            joined(charge),
            joined(month.house),
            month.month.join(','),
            // Bounds of all the days and months as constants, so the planner reads the stored rows
            // through the index (PGlite never analyses: without them it joined every half-hour).
            Number.isFinite(lo) ? lo : 0,
            Number.isFinite(hi) ? hi : 0,
            sorted[0] ?? '2000-01-01',
            nextMonth(sorted.at(-1) ?? '2000-01-01'),
            // And of the houses: one house's stored rows are then one range of the (house, …) index.
            day.house.reduce((a, b) => Math.min(a, b), day.house[0] ?? 0),
            day.house.reduce((a, b) => Math.max(a, b), 0),
          ]
        : noDays),
      fuel,
      rollups.map((r) => r.day).join(','),
      completedAt,
    ]);
  }
}
