import {
  addDays,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  type Ranking,
  weekdayOfDate,
} from '@homeview/contract/web';
import { localDateOf, MONTHS, WEEKDAY_NAMES, type Zone } from '../../shared/time';

// Which days a ranking compares, as a person reads them: 'Monday 4 to Sunday 10 November 2024', or for
// the period still running 'Monday 23 to Friday 27 November 2026 (the week so far)'.

interface Day {
  year: number;
  month: number;
  day: number;
  weekday: string;
}

function dayOf(date: string): Day {
  const { year, month, day } = parseLocalDate(date);
  return { year, month, day, weekday: WEEKDAY_NAMES[weekdayOfDate(date) % 7] ?? '' };
}

/** The last local date of the period that starts on `start`. */
function lastDate(unit: Ranking['period']['time_unit'], start: string): string {
  if (unit === 'week') return addDays(start, 6);
  if (unit === 'month') {
    const { year, month } = dayOf(start);
    return formatLocalDate({ year, month, day: daysInMonth(year, month) });
  }
  return start;
}

/** 'Monday 4 to Sunday 10 November 2024', naming month and year only where they change. */
function span(from: Day, to: Day, weekdays: boolean): string {
  const name = (d: Day) => (weekdays ? `${d.weekday} ${d.day}` : String(d.day));
  const month = (d: Day) => MONTHS[d.month - 1] ?? '';
  if (from.year === to.year && from.month === to.month && from.day === to.day)
    return `${name(to)} ${month(to)} ${to.year}`;
  const head =
    from.year !== to.year
      ? `${name(from)} ${month(from)} ${from.year}`
      : from.month !== to.month
        ? `${name(from)} ${month(from)}`
        : name(from);
  return `${head} to ${name(to)} ${month(to)} ${to.year}`;
}

/** The days a ranking's period covers up to `now` (epoch s), in the house's zone. */
export function comparedPeriod(period: Ranking['period'], zone: Zone, now: number): string {
  const unit = period.time_unit;
  const start = localDateOf(period.start_timestamp, zone);
  const last = lastDate(unit, start);
  const today = localDateOf(now, zone);
  const running = today < last;
  const end = running && today >= start ? today : last;
  const text = span(dayOf(start), dayOf(end), unit === 'week');
  return running ? `${text} (the ${unit === 'month' ? 'month' : 'week'} so far)` : text;
}
