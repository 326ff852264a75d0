import { dayLayout, localDate, priceSlot, standingChargeNano, type TariffBook } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { refreshMonths } from './daily';
import { joined, SLOT_S } from './repository';
import { ELECTRICITY_CODE } from '../../shared/fuel';

/** Dates per statement, as in daily.ts. */
const DATES_PER_STATEMENT = 400;

// Homes kept as daily totals only (the demo's neighbours, which only rankings read): their half-hours are
// priced in memory, exactly as ingest prices them (priceSlot at the house's tariffs), and summed into
// daily_rollups rows (electricity); no raw readings and no half-hour rows are stored. Each call writes whole local days
// (from their midnight), so writing a day again replaces it: idempotent, and a restart loses nothing.

export interface SlotEnergyInput {
  /** A half-hour's start (epoch s, a multiple of 1800), ascending across the call. */
  slot: number;
  covered_s: number;
  import_wh: number;
  export_wh: number;
  generation_wh: number;
}

interface DayRow {
  day: string;
  day_start: number;
  slots: number;
  data_slots: number;
  covered_s: number;
  first_ts: number;
  latest_end: number;
  import_wh: number;
  export_wh: number;
  generation_wh: number;
  consumed_wh: number;
  import_cost: number;
  export_income: number;
  generation_income: number;
  standing_charge: number;
}

const SUMS = [
  'data_slots',
  'covered_s',
  'first_ts',
  'latest_end',
  'import_wh',
  'export_wh',
  'generation_wh',
  'consumed_wh',
  'import_cost',
  'export_income',
  'generation_income',
  'standing_charge',
] as const;
const COLUMNS = ['day_start', 'slots', ...SUMS] as const;

/** The day rows of these half-hours (each day holding exactly the half-hours given for it). */
export function dayRowsOf(book: TariffBook, slots: readonly SlotEnergyInput[]): DayRow[] {
  const rows: DayRow[] = [];
  let row: DayRow | undefined;
  for (const s of slots) {
    if (s.slot % SLOT_S !== 0) throw new RangeError(`${s.slot} is not a half-hour start`);
    const date = localDate(s.slot, book.zone);
    if (row?.day !== date) {
      const layout = dayLayout(date, book.zone);
      row = {
        day: date,
        day_start: layout.start,
        slots: layout.slots,
        data_slots: 0,
        covered_s: 0,
        first_ts: s.slot,
        latest_end: 0,
        import_wh: 0,
        export_wh: 0,
        generation_wh: 0,
        consumed_wh: 0,
        import_cost: 0,
        export_income: 0,
        generation_income: 0,
        standing_charge: standingChargeNano(book.standingChargeOn(date)),
      };
      rows.push(row);
    }
    const priced = priceSlot(book, { ...s, slot_start: s.slot });
    row.data_slots += 1;
    row.covered_s += s.covered_s;
    row.latest_end = s.slot + s.covered_s;
    row.import_wh += s.import_wh;
    row.export_wh += s.export_wh;
    row.generation_wh += s.generation_wh;
    row.consumed_wh += s.import_wh + Math.max(s.generation_wh - s.export_wh, 0);
    row.import_cost += priced.import_cost;
    row.export_income += priced.export_income;
    row.generation_income += priced.generation_income;
  }
  return rows;
}

/**
 * Replaces the daily rollups of the days these half-hours fall on (whole days from their local midnight)
 * and refreshes their months; returns the days written. Run holding the house's write lock.
 */
export async function storeDailyTotals(
  db: Queryable,
  houseId: number,
  book: TariffBook,
  slots: readonly SlotEnergyInput[],
): Promise<number> {
  const rows = dayRowsOf(book, slots);
  if (rows.length === 0) return 0;
  const arrays = COLUMNS.map((_, i) => `string_to_array($${i + 3}, ',')::bigint[]`).join(', ');
  await db.query(
    `insert into daily_rollups (house_id, fuel, day, ${COLUMNS.join(', ')})
     select $1, ${ELECTRICITY_CODE}, t.* from unnest(string_to_array($2, ',')::date[], ${arrays}) t
     on conflict (house_id, fuel, day) do update set ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    [houseId, rows.map((r) => r.day).join(','), ...COLUMNS.map((c) => joined(rows.map((r) => r[c])))],
  );
  await refreshMonths(db, houseId, [...new Set(rows.map((r) => `${r.day.slice(0, 7)}-01`))]);
  return rows.length;
}

/**
 * Prices again the daily-only days among `dates` (days with no half-hour rows: the demo's neighbours) of a
 * house with no tariff of its own. Every rate is then the default, flat over a local day (cap periods
 * change at local midnight), so a day's money is its energy times that day's rates: exactly what
 * dayRowsOf summed. Only changed days are written, and their months refreshed; returns how many. Run
 * holding the house's write lock. (A house with tariffs of its own has no flat day to rely on; no such
 * house is kept as daily totals.)
 */
export async function repriceDailyTotals(
  db: Queryable,
  houseId: number,
  book: TariffBook,
  dates: readonly string[],
): Promise<number> {
  if (book.versions.length > 0) throw new RangeError('only a house priced by the default alone');
  let changed = 0;
  for (let at = 0; at < dates.length; at += DATES_PER_STATEMENT) {
    const part = dates.slice(at, at + DATES_PER_STATEMENT);
    const starts = part.map((date) => dayLayout(date, book.zone).start);
    const { rows } = await db.query<{ day: string }>(
      `update daily_rollups d
          set import_cost = d.import_wh * p.imp, export_income = d.export_wh * p.exp,
              generation_income = d.generation_wh * p.gen, standing_charge = p.standing
         from unnest(string_to_array($2, ',')::date[], string_to_array($3, ',')::bigint[],
                     string_to_array($4, ',')::bigint[], string_to_array($5, ',')::bigint[],
                     string_to_array($6, ',')::bigint[]) p(day, imp, exp, gen, standing)
        where d.house_id = $1 and d.fuel = ${ELECTRICITY_CODE} and d.day = p.day
          and not exists (select 1 from half_hours($1, ${ELECTRICITY_CODE}, d.day_start,
                                                   d.day_start + d.slots * 1800))
          and (d.import_cost, d.export_income, d.generation_income, d.standing_charge) is distinct from
              (d.import_wh * p.imp, d.export_wh * p.exp, d.generation_wh * p.gen, p.standing)
        returning d.day::text as day`,
      [
        houseId,
        part.join(','),
        joined(starts.map((s) => book.rateAt('import', s))),
        joined(starts.map((s) => book.rateAt('export', s))),
        joined(starts.map((s) => book.rateAt('generation', s))),
        joined(part.map((date) => standingChargeNano(book.standingChargeOn(date)))),
      ],
    );
    changed += rows.length;
    if (rows.length > 0)
      await refreshMonths(db, houseId, [...new Set(rows.map((r) => `${r.day.slice(0, 7)}-01`))]);
  }
  return changed;
}
