import {
  addDays,
  dayLayout,
  type EnergyTotals,
  localDate,
  standingChargeNano,
  type TariffBook,
} from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import { ELECTRICITY_CODE, fuelOfCode } from '../../shared/fuel';
import { houseTariffs } from '../../shared/tariff-book';
import { blockParams, blocksUpsertSql, blockTexts, type ReadingColumns } from './blocks';
import { carbonJoin, carbonMg, carbonOfDays } from './carbon-days';
import { INSERT_CHUNK, joined, ROLLUP_COLUMNS, type RollupRow, rollupParams, SLOT_S } from './repository';

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
 * totals, whose standing charge comes from the tariffs as `d.standing_charge`, plus coverage and carbon:
 * `r` joined with its intensities by carbonJoin, the fuel the placeholder FUEL_AT).
 */
const FUEL_AT = '$fuel';
const FROM_HALF_HOURS: Readonly<
  Record<keyof EnergyTotals | 'covered_s' | 'first_ts' | 'latest_end' | 'carbon_mg', string>
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
  carbon_mg: carbonMg('r', 'count(*)', FUEL_AT),
};
const SUMMED = Object.keys(FROM_HALF_HOURS) as (keyof typeof FROM_HALF_HOURS)[];
/** The day sums' select list, the fuel as the SQL expression `fuel`. */
const daySums = (fuel: string, as: boolean) =>
  SUMMED.map((c) => `${FROM_HALF_HOURS[c].replaceAll(FUEL_AT, fuel)}${as ? ` as ${c}` : ''}`).join(', ');
/** A month row's columns from its days `d`. */
const fromDays = (c: (typeof SUMMED)[number]) =>
  c === 'first_ts'
    ? 'min(d.first_ts)'
    : c === 'latest_end'
      ? 'max(d.latest_end)'
      : c === 'carbon_mg'
        ? carbonOfDays('d')
        : `sum(d.${c})`;

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
  fuel = ELECTRICITY_CODE,
): Promise<void> {
  for (let at = 0; at < dates.length; at += DATES_PER_STATEMENT) {
    const part = dates.slice(at, at + DATES_PER_STATEMENT);
    const layouts = part.map((date) => dayLayout(date, book.zone));
    await db.query(
      `insert into daily_rollups (house_id, fuel, day, day_start, slots, ${SUMMED.join(', ')})
       select $1, $8::smallint, d.day, d.day_start, d.slots, ${daySums('$8::int', false)}
         from unnest(string_to_array($2, ',')::date[], string_to_array($3, ',')::bigint[],
                     string_to_array($4, ',')::int[], string_to_array($5, ',')::bigint[])
              d(day, day_start, slots, standing_charge)
        cross join lateral half_hours($1, $8::int, d.day_start, d.day_start + d.slots * 1800) r
        ${carbonJoin('r')}
        where r.slot_start >= $6 and r.slot_start < $7
        group by d.day, d.day_start, d.slots, d.standing_charge
       on conflict (house_id, fuel, day) do update set ${updateAll(['day_start', 'slots', ...SUMMED])}`,
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
        fuel,
      ],
    );
    await refreshMonths(db, houseId, [...new Set(part.map((date) => `${date.slice(0, 7)}-01`))], fuel);
  }
}

/** Recomputes the monthly rollups of these months (their first days) from their daily rollups. */
export async function refreshMonths(
  db: Queryable,
  houseId: number,
  months: readonly string[],
  fuel = ELECTRICITY_CODE,
): Promise<void> {
  await db.query(
    `insert into monthly_rollups (house_id, fuel, month, days, ${SUMMED.join(', ')})
     select $1, $3::smallint, m.month, count(*), ${SUMMED.map(fromDays).join(', ')}
       from unnest(string_to_array($2, ',')::date[]) m(month)
       join daily_rollups d on d.house_id = $1 and d.fuel = $3 and d.day >= m.month
                           and d.day < (m.month + interval '1 month')::date
      group by m.month
     on conflict (house_id, fuel, month) do update set ${updateAll(['days', ...SUMMED])}`,
    [houseId, months.join(','), fuel],
  );
}

/** The first day of the month after the one starting on `month` (YYYY-MM-01). */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Local dates of the house's daily rollups of a fuel from `fromDate` on (for repricing). */
export async function datesFrom(
  db: Queryable,
  houseId: number,
  fromDate: string,
  beforeDate = '9999-12-31',
  fuel = ELECTRICITY_CODE,
): Promise<string[]> {
  const { rows } = await db.query<{ days: string | null }>(
    `select string_agg(day::text, ',' order by day) as days from daily_rollups
      where house_id = $1 and fuel = $4 and day >= $2::date and day < $3::date`,
    [houseId, fromDate, beforeDate, fuel],
  );
  return rows[0]?.days?.split(',') ?? [];
}

/**
 * Data step of migration gas (0027), the last to change the days' key: the days of every house and fuel
 * with half-hours and no days (a database from before daily rollups, 0004), from its half-hour rollups.
 * It runs after 0027 rather than 0004 because it is today's code, which writes today's columns.
 */
export async function rebuildAllDays(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ house_id: number; fuel: number; first: number; last: number }>(
    `select r.house_id, r.fuel, min(r.slot_start) as first, max(r.slot_start) as last from rollups r
      where not exists (select 1 from daily_rollups d where d.house_id = r.house_id and d.fuel = r.fuel)
      group by r.house_id, r.fuel`,
  );
  for (const row of rows) {
    const house = await houseTariffs(db, row.house_id, fuelOfCode(row.fuel));
    if (house !== null)
      await refreshDays(
        db,
        row.house_id,
        house.book,
        datesBetween(row.first, row.last, house.zone),
        row.fuel,
      );
  }
}

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
