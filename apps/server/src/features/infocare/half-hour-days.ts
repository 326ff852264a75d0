import {
  addDays,
  BAND_DAYS,
  type DayBands,
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
// (day-late.ts) raises its Warning from them: one reading, so the screen and the alert agree.

export interface BandedDay {
  date: string;
  /** Null unless every half-hour of the day is stored (46, 48 or 50). */
  day: HalfHourlyDay | null;
  /** The band of the complete days among the 28 before; null with fewer than 14 ordinary ones. */
  bands: DayBands | null;
}

/** The days from `first` to `last` (local dates, both included), oldest first. */
export async function bandedDays(
  db: Queryable,
  house: InfocareHouse,
  first: string,
  last: string,
): Promise<BandedDay[]> {
  const zone = house.time_zone;
  const from = addDays(first, -BAND_DAYS);
  const { rows } = await db.query<{ slot_start: number; import_wh: number }>(
    `select slot_start::float8 as slot_start, import_wh::float8 as import_wh
       from half_hours($1, ${ELECTRICITY_CODE}, $2, $3) where covered_s >= 1800`,
    [house.id, startOfLocalDate(from, zone), startOfLocalDate(addDays(last, 1), zone)],
  );
  const whBySlot = new Map(rows.map((r) => [Number(r.slot_start), Number(r.import_wh)]));
  const complete: HalfHourlyDay[] = [];
  const out: BandedDay[] = [];
  for (let date = from; date <= last; date = addDays(date, 1)) {
    const day = halfHourlyDay(date, zone, whBySlot);
    if (date >= first)
      out.push({
        date,
        day,
        bands: day === null ? null : dayBands(complete.filter((d) => d.date >= addDays(date, -BAND_DAYS))),
      });
    if (day !== null) complete.push(day);
  }
  return out;
}
