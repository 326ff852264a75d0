import {
  addDays,
  dayLayout,
  type EnergyTotals,
  localDate,
  standingChargeNano,
  type TariffBook,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { ELECTRICITY_CODE, fuelOfCode } from '../../shared/fuel';
import { houseTariffs } from '../../shared/tariff-book';
import { carbonJoin, carbonMg, carbonOfDays } from './carbon-days';
import { joined, SLOT_S } from './repository';

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
export const SUMMED = Object.keys(FROM_HALF_HOURS) as (keyof typeof FROM_HALF_HOURS)[];
/** The day sums' select list, the fuel as the SQL expression `fuel`. */
export const daySums = (fuel: string, as: boolean) =>
  SUMMED.map((c) => `${FROM_HALF_HOURS[c].replaceAll(FUEL_AT, fuel)}${as ? ` as ${c}` : ''}`).join(', ');
/** A month row's columns from its days `d`. */
export const fromDays = (c: (typeof SUMMED)[number]) =>
  c === 'first_ts'
    ? 'min(d.first_ts)'
    : c === 'latest_end'
      ? 'max(d.latest_end)'
      : c === 'carbon_mg'
        ? carbonOfDays('d')
        : `sum(d.${c})`;

export const updateAll = (columns: readonly string[]) =>
  columns.map((c) => `${c} = excluded.${c}`).join(', ');

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
export function nextMonth(month: string): string {
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
