import type { HalfHourlyDay } from './half-hourly';
import { type KnownDay, type Trends, trendsOfKnownDays } from './trends';

// Trends for a home known only from its meter's half-hours, a day late (issue 36): the weeks from the
// same daily figures as the day-late judgement (half-hourly.ts), so the Trends tab and "Mum's day
// yesterday" agree. What half-hours cannot show stays unknown: meals are null. A day is ordinary when all
// its half-hours are in and more than 3 were active (the band's own rule); its day starts at its first
// active half-hour from 05:00 and ends with its last; its active hours are its active half-hours' and its
// night-time activity the active half-hours before 05:00.

/** An ordinary day has more active half-hours than this (as for the judgement's band). */
const AWAY_MAX = 3;
const LAST_MINUTE = 1439;

/** The known days' figures by date, from the complete half-hourly days and each day's coverage. */
export function halfHourlyKnownDays(
  coverage: ReadonlyMap<string, number>,
  days: readonly HalfHourlyDay[],
): Map<string, KnownDay> {
  const out = new Map<string, KnownDay>(
    [...coverage].map(([date, c]) => [date, { coverage: c, figures: null }]),
  );
  for (const d of days) {
    const ordinary = d.active_half_hours > AWAY_MAX && d.began_minute !== null && d.ended_minute !== null;
    out.set(d.date, {
      coverage: coverage.get(d.date) ?? 1,
      figures: ordinary
        ? {
            start: d.began_minute as number,
            end: Math.min(LAST_MINUTE, d.ended_minute as number),
            activeHours: d.active_half_hours / 2,
            meals: null,
            intervals: [],
            nightMinutes: d.night_active_half_hours * 30,
          }
        : null,
    });
  }
  return out;
}

/** The weeks of a half-hourly home (weeklyTrends' rules and words). */
export function halfHourlyTrends(
  coverage: ReadonlyMap<string, number>,
  days: readonly HalfHourlyDay[],
  lastWeekStart: string,
  weeks: number,
  since?: string,
): Trends {
  return trendsOfKnownDays(halfHourlyKnownDays(coverage, days), lastWeekStart, weeks, since);
}
