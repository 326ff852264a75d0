import { describe, expect, it } from 'vitest';
import { addDays, type HalfHourlyDay, halfHourlyTrends } from '../src/index';

// Trends of a half-hourly home (issue 36) from the day-late judgement's own daily figures, by hand. Four
// weeks, Monday 28 October to Sunday 24 November 2024, each day begun 07:00, ended 21:00, 13 active
// half-hours (6½ h), none before 05:00. The week of Monday 25 November: begun 09:00, ended 18:00, 8 active
// half-hours (4 h), 2 of them at night (60 min); Wednesday the 27th only 40 % covered (not complete: no
// data), Thursday the 28th complete but 3 active half-hours (nobody about: not ordinary).

const day = (date: string, began: number, ended: number, active: number, night: number): HalfHourlyDay => ({
  date,
  floor_wh: 100,
  active_half_hours: active,
  use_wh: active * 100,
  night_active_half_hours: night,
  began_minute: began,
  ended_minute: ended,
});

describe('trends from half-hours', () => {
  const coverage = new Map<string, number>();
  const days: HalfHourlyDay[] = [];
  for (let d = '2024-10-28'; d <= '2024-12-01'; d = addDays(d, 1)) {
    coverage.set(d, d === '2024-11-27' ? 0.4 : 1);
    if (d === '2024-11-27') continue;
    if (d === '2024-11-28') days.push(day(d, 600, 660, 3, 0));
    else days.push(d < '2024-11-25' ? day(d, 420, 1260, 13, 0) : day(d, 540, 1080, 8, 2));
  }

  it("gives the week's figures and changes, meals unknown, and says what moved", () => {
    const trends = halfHourlyTrends(coverage, days, '2024-11-25', 1, '2024-10-28');
    expect(trends.weeks).toEqual([
      {
        week_start: '2024-11-25',
        ordinary_days: 5,
        day_start_minute: 540,
        day_end_minute: 1080,
        active_hours: 4,
        meals_per_day: null,
        night_activity_minutes: 60,
        no_data_days: 1,
        change: {
          day_start_minute: 120,
          day_end_minute: -180,
          active_hours: -2.5,
          meals_per_day: null,
          night_activity_minutes: 60,
          no_data_days: 1,
        },
      },
    ]);
    // Every baseline day the same: the floors decide. One day without data is within its floor of 2.
    expect(trends.callouts.map((c) => c.sentence)).toEqual([
      'Getting up 2 hours later than in mid November.',
      'The day ending 3 hours earlier than in mid November.',
      'Active 4 hours a day, against 6.5 in mid November.',
      'More activity at night: 60 minutes a night, against 0 in mid November.',
    ]);
  });

  it('ends a day at 23:59 when its last active half-hour ends at midnight, and knows nothing before the first data', () => {
    const late = [day('2024-11-25', 420, 1440, 13, 0)];
    const trends = halfHourlyTrends(new Map([['2024-11-25', 1]]), late, '2024-11-25', 1, '2024-11-25');
    expect(trends.weeks[0]).toMatchObject({ ordinary_days: 1, day_end_minute: 1439, no_data_days: 6 });
    expect(trends.weeks[0]?.change.day_start_minute).toBeNull();
    expect(trends.callouts).toEqual([]);
  });
});
