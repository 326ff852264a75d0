// Local calendar days in an IANA zone (offsets from the domain's time module, never the process TZ). A local day is
// 1380, 1440 or 1500 minutes; schedules are written in local clock minutes and mapped onto the
// day's real minutes here, so 07:00 stays 07:00 across a clock change.
import {
  civilFromDays,
  daysFromCivil,
  daysToLocalDate,
  isoWeekdayOfDays,
  localDateToDays,
  offsetAt,
} from '@homeview/domain';

const SECONDS_PER_DAY = 86_400;

/** Seconds to add to UTC to get the zone's wall clock at that instant (London: 0 or 3600). */
export function zoneOffsetSeconds(zone: string, epoch: number): number {
  return offsetAt(epoch, zone);
}

/** Days since 1970-01-01 of the local calendar date containing the instant. */
export function localDayNumberOf(zone: string, epoch: number): number {
  return Math.floor((epoch + zoneOffsetSeconds(zone, epoch)) / SECONDS_PER_DAY);
}

/** Calendar facts of a day number; independent of any zone. */
export interface CalendarDate {
  dayNumber: number;
  /** 'YYYY-MM-DD' */
  date: string;
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: number;
  /** 1–366 */
  dayOfYear: number;
}

export function calendarDate(dayNumber: number): CalendarDate {
  const { year, month, day } = civilFromDays(dayNumber);
  return {
    dayNumber,
    date: daysToLocalDate(dayNumber),
    year,
    month,
    day,
    dayOfWeek: isoWeekdayOfDays(dayNumber) % 7,
    dayOfYear: dayNumber - daysFromCivil(year, 1, 1) + 1,
  };
}

/** 'YYYY-MM-DD' → day number; a RangeError when it names no calendar day. */
export const dayNumberOfDate = localDateToDays;

export interface LocalDay extends CalendarDate {
  zone: string;
  /** Epoch seconds of local midnight. */
  start: number;
  /** Epoch seconds of the next local midnight. */
  end: number;
  /** Real minutes in the day: 1440, or 1380/1500 on clock-change days. */
  minutes: number;
  /** Index of the first minute after the clock change (= minutes when there is none). */
  changeIndex: number;
  /** Clock jump in minutes at changeIndex: +60 in spring, −60 in autumn, 0 otherwise. */
  shift: number;
}

function startOfDay(zone: string, dayNumber: number): number {
  const utcMidnight = dayNumber * SECONDS_PER_DAY;
  const guess = utcMidnight - zoneOffsetSeconds(zone, utcMidnight);
  return utcMidnight - zoneOffsetSeconds(zone, guess);
}

// Many homes share the same days: computing one costs several Intl calls, so keep recent ones.
const dayCache = new Map<string, LocalDay>();
const DAY_CACHE_LIMIT = 20_000;

export function localDay(zone: string, dayNumber: number): LocalDay {
  const key = `${zone}|${dayNumber}`;
  const hit = dayCache.get(key);
  if (hit) return hit;
  const day = computeLocalDay(zone, dayNumber);
  if (dayCache.size >= DAY_CACHE_LIMIT) dayCache.clear();
  dayCache.set(key, day);
  return day;
}

function computeLocalDay(zone: string, dayNumber: number): LocalDay {
  const start = startOfDay(zone, dayNumber);
  const end = startOfDay(zone, dayNumber + 1);
  const minutes = Math.round((end - start) / 60);
  const offStart = zoneOffsetSeconds(zone, start);
  const offEnd = zoneOffsetSeconds(zone, end - 60);
  let changeIndex = minutes;
  if (offStart !== offEnd) {
    // Binary search for the first minute already on the new offset (one change per day assumed).
    let lo = 0;
    let hi = minutes - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (zoneOffsetSeconds(zone, start + mid * 60) === offEnd) hi = mid;
      else lo = mid + 1;
    }
    changeIndex = lo;
  }
  return {
    ...calendarDate(dayNumber),
    zone,
    start,
    end,
    minutes,
    changeIndex,
    shift: (offEnd - offStart) / 60,
  };
}

/** Real minute index of a local clock minute (0–1439). Skipped times map to the change; repeated
 * times to their first occurrence. */
export function indexOfLocalMinute(day: LocalDay, localMinute: number): number {
  const lm = Math.max(0, Math.min(1439, Math.round(localMinute)));
  const idx = lm < day.changeIndex ? lm : Math.max(day.changeIndex, lm - day.shift);
  return Math.min(day.minutes - 1, idx);
}

/** Local clock minute (0–1439) shown at a real minute index of the day. */
export function localMinuteOfIndex(day: LocalDay, index: number): number {
  return index < day.changeIndex ? index : index + day.shift;
}
