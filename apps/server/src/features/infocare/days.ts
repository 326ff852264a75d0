import type { DaysResponse, HalfHourlyDayView } from '@homeview/contract';
import {
  addDays,
  dayFindings,
  dayState,
  dayWords,
  learnPublication,
  localDate,
  overdueFrom,
  PUBLICATION_DAYS,
  usualArrival,
} from '@homeview/domain';
import { completeDaysOf } from '../readings/arrivals';
import type { Queryable } from '../../db/types';
import { bandedDays } from './half-hour-days';
import { isDayLateHome } from './newest-data';
import type { InfocareHouse } from './repository';

// GET /assisted_living/days/ (issue 36): the dependant's last complete local days before today as the
// meter's half-hours show them, each judged against the 28 days before it (half-hour-days.ts). For a home
// whose data comes a day late this is what can be known: yesterday, once its half-hours are in.

export async function daysOf(
  db: Queryable,
  house: InfocareHouse,
  count: number,
  now: number,
): Promise<DaysResponse> {
  const zone = house.time_zone;
  const newest = addDays(localDate(now, zone), -1);
  const days = await bandedDays(db, house, addDays(newest, -(count - 1)), newest);
  const views = days.map(({ date, day, bands, before }): HalfHourlyDayView => {
    if (day === null) return incomplete(date);
    return {
      date,
      complete: true,
      active_half_hours: day.active_half_hours,
      night_active_half_hours: day.night_active_half_hours,
      began_minute: day.began_minute,
      ended_minute: day.ended_minute,
      findings: bands === null ? [] : dayFindings(day, bands, before),
      words: bands === null ? [] : dayWords(day, bands, before),
    };
  });
  // Yesterday's state against the home's usual publication time (issue 36), learned before now.
  const today = localDate(now, zone);
  const arrivals = await completeDaysOf(db, [house.id], addDays(today, -PUBLICATION_DAYS), now);
  const publication = learnPublication(arrivals.get(house.id) ?? [], zone, today);
  const complete = views.at(-1)?.date === newest && views.at(-1)?.complete === true;
  const dayLate = await isDayLateHome(db, house, now);
  return {
    days: views.reverse(),
    time_zone: zone,
    yesterday: {
      date: newest,
      state: dayState(newest, complete, now, publication, zone),
      usual_by: usualArrival(newest, publication, zone),
      overdue_from: overdueFrom(newest, publication, zone),
      learned_days: publication.learnedDays,
    },
    day_late: dayLate,
  };
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
