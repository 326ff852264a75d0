import type { DaysResponse, HalfHourlyDayView } from '@homeview/contract';
import {
  addDays,
  BAND_DAYS,
  dayBands,
  dayFindings,
  dayWords,
  type HalfHourlyDay,
  halfHourlyDay,
  localDate,
  startOfLocalDate,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { ELECTRICITY_CODE } from '../../shared/fuel';
import type { InfocareHouse } from './repository';

// GET /assisted_living/days/ (issue 36): the dependant's last complete local days before today as the
// meter's half-hours show them, each judged against the 28 days before it (domain half-hourly.ts), from
// the half-hour rollups every way in writes (a half-hour counts once wholly covered). For a home whose data comes a day late this is what can be
// known: yesterday, once its half-hours are in.

export async function daysOf(
  db: Queryable,
  house: InfocareHouse,
  count: number,
  now: number,
): Promise<DaysResponse> {
  const zone = house.time_zone;
  const today = localDate(now, zone);
  const newest = addDays(today, -1);
  const first = addDays(newest, -(count - 1) - BAND_DAYS);
  const { rows } = await db.query<{ slot_start: number; import_wh: number }>(
    `select slot_start::float8 as slot_start, import_wh::float8 as import_wh from rollups
      where house_id = $1 and fuel = ${ELECTRICITY_CODE} and slot_start >= $2 and slot_start < $3
        and covered_s >= 1800`,
    [house.id, startOfLocalDate(first, zone), startOfLocalDate(today, zone)],
  );
  const whBySlot = new Map(rows.map((r) => [Number(r.slot_start), Number(r.import_wh)]));
  const judged: HalfHourlyDay[] = [];
  const views: HalfHourlyDayView[] = [];
  for (let date = first; date <= newest; date = addDays(date, 1)) {
    const day = halfHourlyDay(date, zone, whBySlot);
    const shown = date > addDays(newest, -count);
    if (day === null) {
      if (shown) views.push(incomplete(date));
      continue;
    }
    const bands = dayBands(judged.filter((d) => d.date >= addDays(date, -BAND_DAYS)));
    judged.push(day);
    if (!shown) continue;
    views.push({
      date,
      complete: true,
      active_half_hours: day.active_half_hours,
      night_active_half_hours: day.night_active_half_hours,
      began_minute: day.began_minute,
      ended_minute: day.ended_minute,
      findings: bands === null ? [] : dayFindings(day, bands),
      words: bands === null ? [] : dayWords(day, bands),
    });
  }
  return { days: views.reverse(), time_zone: zone };
}

const incomplete = (date: string): HalfHourlyDayView => ({
  date,
  complete: false,
  active_half_hours: null,
  night_active_half_hours: null,
  began_minute: null,
  ended_minute: null,
  findings: [],
  words: [],
});
