import {
  addDays,
  BAND_DAYS,
  type DayBands,
  type DayBefore,
  dayBands,
  type HalfHourlyDay,
  halfHourlyDay,
  startOfLocalDate,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';
import type { InfocareHouse } from './repository';

// A dependant's local days as the meter's half-hours show them (domain half-hourly.ts), each with the band
// of the 28 days before it, from the half-hour rollups every way in writes (a half-hour counts once wholly
// covered). GET /assisted_living/days/ (days.ts) shows them; the morning's judgement of a day-late home
// (day-late.ts) raises its Warning from them, and a half-hourly home's Trends (trends.ts) are made of
// them: one reading, so the screens and the alert agree.

export interface BandedDay {
  date: string;
  /** Null unless every half-hour of the day is stored (46, 48 or 50). */
  day: HalfHourlyDay | null;
  /** The band of the complete days among the 28 before; null with fewer than 14 ordinary ones. */
  bands: DayBands | null;
  /** The day before with its own band (domain dayFindings: a return after a day with nobody about). */
  before: DayBefore;
}

/** The days from `first` to `last` (local dates, both included), oldest first. */
export async function bandedDays(
  db: Queryable,
  house: InfocareHouse,
  first: string,
  last: string,
): Promise<BandedDay[]> {
  // From a day earlier than the first's band, so the first's day before has its own band too.
  const from = addDays(first, -BAND_DAYS - 1);
  const complete: HalfHourlyDay[] = [];
  const out: BandedDay[] = [];
  let before: DayBefore = { day: null, bands: null };
  for (const { date, day } of await halfHourlyDays(db, house, from, last)) {
    const bands = day === null ? null : dayBands(complete.filter((d) => d.date >= addDays(date, -BAND_DAYS)));
    if (date >= first) out.push({ date, day, bands, before });
    before = { day, bands };
    if (day !== null) complete.push(day);
  }
  return out;
}

/** Each local day from `first` to `last` (both included) as its half-hours show it: null unless complete. */
export async function halfHourlyDays(
  db: Queryable,
  house: InfocareHouse,
  first: string,
  last: string,
): Promise<{ date: string; day: HalfHourlyDay | null }[]> {
  const zone = house.time_zone;
  const { rows } = await db.query<{ slot_start: number; import_wh: number }>(
    `select slot_start::float8 as slot_start, import_wh::float8 as import_wh
       from half_hours($1, ${ELECTRICITY_CODE}, $2, $3) where covered_s >= 1800`,
    [house.id, startOfLocalDate(first, zone), startOfLocalDate(addDays(last, 1), zone)],
  );
  const whBySlot = new Map(rows.map((r) => [Number(r.slot_start), Number(r.import_wh)]));
  const out: { date: string; day: HalfHourlyDay | null }[] = [];
  for (let date = first; date <= last; date = addDays(date, 1))
    out.push({ date, day: halfHourlyDay(date, zone, whBySlot) });
  return out;
}
