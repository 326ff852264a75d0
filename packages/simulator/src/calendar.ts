// Which local dates a home is away (holidays) and which are school days. Both depend only on the
// seed and the date, so any day can be evaluated on its own.

import { daysFromCivil } from '@homeview/domain';
import { Rng, Stream } from './rng';
import type { HomeSpec } from './spec';
import { type CalendarDate, calendarDate, dayNumberOfDate } from './zone';

const yearCache = new WeakMap<HomeSpec, Map<number, readonly (readonly [number, number])[]>>();

/** Holiday weeks of one calendar year as [firstDay, lastDay] day numbers, drawn from the seed. */
function holidayWeeks(spec: HomeSpec, year: number): readonly (readonly [number, number])[] {
  let perHome = yearCache.get(spec);
  if (!perHome) {
    perHome = new Map();
    yearCache.set(spec, perHome);
  }
  const cached = perHome.get(year);
  if (cached) return cached;
  const rng = Rng.of(spec.seed, Stream.holiday, year);
  const jan1 = daysFromCivil(year, 1, 1);
  const weeks: [number, number][] = [];
  const n = Math.max(0, Math.floor(spec.holidays.weeksPerYear));
  for (let i = 0; i < n; i++) {
    // The first week goes in the summer holidays (late July – August), the rest anywhere but
    // the first and last fortnight of the year, starting on a Saturday like most UK breaks.
    const guess = i === 0 ? jan1 + rng.int(201, 235) : jan1 + rng.int(14, 340);
    const saturday = guess + ((6 - calendarDate(guess).dayOfWeek + 7) % 7);
    if (weeks.some(([a, b]) => saturday <= b + 7 && saturday + 7 >= a - 7)) continue;
    weeks.push([saturday, saturday + 7]);
  }
  perHome.set(year, weeks);
  return weeks;
}

export function isHoliday(spec: HomeSpec, date: CalendarDate): boolean {
  for (const span of spec.holidays.spans) {
    if (date.dayNumber >= dayNumberOfDate(span.from) && date.dayNumber <= dayNumberOfDate(span.to))
      return true;
  }
  return holidayWeeks(spec, date.year).some(([a, b]) => date.dayNumber >= a && date.dayNumber <= b);
}

/** Approximate English school terms: weekdays except summer, Christmas, Easter and half-terms. */
export function isSchoolDay(date: CalendarDate): boolean {
  if (date.dayOfWeek === 0 || date.dayOfWeek === 6) return false;
  const { month, day } = date;
  if (month === 8) return false;
  if (month === 7 && day >= 22) return false;
  if (month === 9 && day < 4) return false;
  if (month === 12 && day >= 20) return false;
  if (month === 1 && day < 5) return false;
  if (month === 4 && day < 15) return false; // Easter, roughly
  if (month === 2 && day >= 14 && day <= 20) return false;
  if (month === 10 && day >= 24) return false;
  if (month === 5 && day >= 27) return false;
  return true;
}
