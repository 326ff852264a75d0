import type { TrendsResponse } from '@homeview/contract';
import {
  activityOccurrences,
  addDays,
  halfHourlyTrends,
  localDate,
  occurrencesByLocalDay,
  startOfLocalDate,
  TREND_BASELINE_WEEKS,
  type TrendDay,
  weekdayOfDate,
  weeklyTrends,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { halfHourlyDays } from './half-hour-days';
import { isDayLateHome } from './newest-data';
import { applianceUses, type InfocareHouse } from './repository';
import { ELECTRICITY_CODE } from '../../shared/fuel';

// GET /assisted_living/trends/ (issue 25): the dependant's complete local weeks (Monday start, in their
// zone) up to the last one before today, from the same facts the routine learns from: each day's coverage
// (daily rollups) and its activity occurrences (appliance uses). The domain (weeklyTrends) does the rest.

/** The Monday of the last complete local week before `now`. */
export function lastCompleteWeek(now: number, zone: string): string {
  const today = localDate(now, zone);
  return addDays(today, 1 - weekdayOfDate(today) - 7);
}

export async function trendsOf(
  db: Queryable,
  house: InfocareHouse,
  weeks: number,
  now: number,
): Promise<TrendsResponse> {
  const zone = house.time_zone;
  const lastWeek = lastCompleteWeek(now, zone);
  const first = addDays(lastWeek, -7 * (weeks - 1 + TREND_BASELINE_WEEKS));
  const end = addDays(lastWeek, 7);
  const [{ rows: coverage }, { rows: since }, uses] = await Promise.all([
    db.query<{ day: string; coverage: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, covered_s::float8 / (slots * 1800) as coverage
         from daily_rollups where house_id = $1 and fuel = ${ELECTRICITY_CODE} and day >= $2::date and day < $3::date`,
      [house.id, first, end],
    ),
    // The home's first day with readings: days before it are unknown, not days without data.
    db.query<{ day: string | null }>(
      `select to_char(min(day), 'YYYY-MM-DD') as day from daily_rollups where house_id = $1 and fuel = ${ELECTRICITY_CODE}`,
      [house.id],
    ),
    applianceUses(db, house.id, startOfLocalDate(first, zone), startOfLocalDate(end, zone)),
  ]);
  const byDay = occurrencesByLocalDay(activityOccurrences(uses), zone);
  const covered = new Map(coverage.map((r) => [r.day, Number(r.coverage)]));
  const days: TrendDay[] = [...new Set([...covered.keys(), ...byDay.keys()])].map((date) => ({
    date,
    coverage: covered.get(date) ?? 0,
    occurrences: byDay.get(date) ?? [],
  }));
  const firstUse = [...byDay.keys()].sort()[0];
  const firstData = [since[0]?.day, firstUse].filter((d): d is string => !!d).sort()[0] ?? end;
  // A home known only from its meter's half-hours, a day late (issue 36): no uses to go by, so its weeks
  // come from the day-late judgement's own daily figures.
  if (byDay.size === 0 && (await isDayLateHome(db, house, now))) {
    const halfHourly = await halfHourlyDays(db, house, first, addDays(end, -1));
    const complete = halfHourly.flatMap((d) => (d.day ? [d.day] : []));
    const trends = halfHourlyTrends(covered, complete, lastWeek, weeks, firstData);
    return {
      weeks: trends.weeks,
      changes: trends.callouts.map((c) => c.sentence),
      time_zone: zone,
      half_hourly: true,
    };
  }
  const trends = weeklyTrends(days, lastWeek, weeks, zone, firstData);
  // A home known from its whole-house meter alone (issue 24): its weeks are made of estimated uses.
  const occurrences = [...byDay.values()].flat();
  const estimated = occurrences.length > 0 && occurrences.every((o) => o.estimated === true);
  return {
    weeks: trends.weeks,
    changes: trends.callouts.map((c) => c.sentence),
    time_zone: zone,
    ...(estimated ? { estimated: true as const } : {}),
  };
}
