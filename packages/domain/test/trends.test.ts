import { describe, expect, it } from 'vitest';
import { addDays, comparedWith, durationWords, type TrendDay, weeklyTrends } from '../src/index';
import { dayRecord, type Plan, ZONE } from './infocare-support';

// Trends over weeks on hand-worked days. The usual day below: kettle 07:00 (3 min), microwave 12:30
// (4 min), hob 17:30 (25 min), television 18:30–21:00. By hand: it starts at 420 and ends at 1260
// (minutes past midnight); the clock hours with activity are 7, 12, 17, 18, 19, 20 (6 hours); 2 meals
// (microwave and hob are 5 hours apart, two occurrences); nothing outside 07:00–21:00.

const usual = (kettle = 7 * 60, microwave = true): Plan => [
  ['fridge_freezer', 0, 24 * 60 - 1],
  ['kettle', kettle, 3],
  ...(microwave ? [['microwave', 12 * 60 + 30, 4] as Plan[number]] : []),
  ['hob', 17 * 60 + 30, 25],
  ['television', 18 * 60 + 30, 150],
];

function days(from: string, n: number, planOf: (date: string, i: number) => Plan | null): TrendDay[] {
  const out: TrendDay[] = [];
  for (let i = 0; i < n; i++) {
    const date = addDays(from, i);
    const plan = planOf(date, i);
    if (plan) out.push(dayRecord(date, plan));
  }
  return out;
}

describe('weekly trends', () => {
  // Weeks of Monday 12 October to Sunday 15 November 2026 as usual (the clocks go back on Sunday
  // 25 October: that day has 25 hours), except Wednesday 11 November, with no data at all. Then the week
  // of Monday 16 November: kettle at 07:45, no microwave, and on Monday to Wednesday the television at
  // 02:00 for 40 minutes.
  const before = days('2026-10-12', 35, (date) => (date === '2026-11-11' ? null : usual()));
  const last = days('2026-11-16', 7, (_date, i) => {
    const plan = usual(7 * 60 + 45, false);
    return i < 3 ? [...plan, ['television', 2 * 60, 40]] : plan;
  });
  const trends = weeklyTrends([...before, ...last], '2026-11-16', 2, ZONE);

  it('answers the weeks oldest first, Monday to Monday', () => {
    expect(trends.weeks.map((w) => w.week_start)).toEqual(['2026-11-09', '2026-11-16']);
  });

  it('a usual week: its figures, a day with no data counted, and no change against the weeks before', () => {
    expect(trends.weeks[0]).toEqual({
      week_start: '2026-11-09',
      ordinary_days: 6,
      day_start_minute: 420,
      day_end_minute: 1260,
      active_hours: 6,
      meals_per_day: 2,
      night_activity_minutes: 0,
      no_data_days: 1,
      change: {
        day_start_minute: 0,
        day_end_minute: 0,
        active_hours: 0,
        meals_per_day: 0,
        night_activity_minutes: 0,
        no_data_days: 1,
      },
    });
  });

  it('the changed week: later start, one meal, night-time television', () => {
    // Start: Mon–Wed 02:00 (120), Thu–Sun 07:45 (465); median of [120,120,120,465,465,465,465] = 465.
    // Hours: Thu–Sun {7,17,18,19,20} = 5, Mon–Wed also 2 = 6; mean (4×5 + 3×6)/7 = 38/7 = 5.43 → 5.4.
    // Night (before 07:00 or after 21:00, the 4 weeks before): 40 min on 3 days, 120/7 = 17.1 → 17.
    // The 4 weeks before had 1 day without data in 28: 0.25 a week → 0.3.
    expect(trends.weeks[1]).toEqual({
      week_start: '2026-11-16',
      ordinary_days: 7,
      day_start_minute: 465,
      day_end_minute: 1260,
      active_hours: 5.4,
      meals_per_day: 1,
      night_activity_minutes: 17,
      no_data_days: 0,
      change: {
        day_start_minute: 45,
        day_end_minute: 0,
        active_hours: -0.6,
        meals_per_day: -1,
        night_activity_minutes: 17,
        no_data_days: -0.3,
      },
    });
  });

  it('calls out, in plain words, only the changes beyond their spread', () => {
    // The weeks before never varied, so each floor decides: 45 > 20 min, 1 > 0.5 meals, 17 > 15 min; the
    // active hours' 0.6 is under its floor of 1 hour. Their middle day is 2 November: "early November".
    expect(trends.callouts.map((c) => c.sentence)).toEqual([
      'Getting up 45 minutes later than in early November.',
      'Fewer meals: 1 a day, against 2 in early November.',
      'More activity at night: 17 minutes a night, against 0 in early November.',
    ]);
  });

  it('calls out an earlier week as well, naming it, after the newest week (issue 33)', () => {
    // Four usual weeks, then the week of 16 November without the microwave (1 meal a day against 2),
    // then a usual week again: the fall is called out under its own week, not only the newest week's.
    const base = days('2026-10-19', 28, () => usual());
    const fell = days('2026-11-16', 7, () => usual(7 * 60, false));
    const again = days('2026-11-23', 7, () => usual());
    const t = weeklyTrends([...base, ...fell, ...again], '2026-11-23', 2, ZONE);
    const meals = t.callouts.filter((c) => c.measure === 'meals_per_day');
    expect(meals.map((c) => c.week_start)).toEqual(['2026-11-16']);
    expect(meals[0]?.sentence).toMatch(/^Week of 16-11-26: Fewer meals: 1 a day, against 2 in /);
  });

  it('a change within the usual spread is not called out', () => {
    // Mornings spread over the 4 weeks: kettle at 06:30, 07:00, 07:30, 08:00 in turn (IQR 45 minutes by
    // the interpolated quartiles of 7 of each: 06:52.5 to 07:37.5); then every day at 08:00: median 07:15
    // → 08:00 is 45 minutes later, not beyond 45.
    const spread = days('2026-10-19', 28, (_d, i) => usual(6 * 60 + 30 + 30 * (i % 4)));
    const then = days('2026-11-16', 7, () => usual(8 * 60));
    const t = weeklyTrends([...spread, ...then], '2026-11-16', 1, ZONE);
    expect(t.weeks[0]?.change.day_start_minute).toBe(45);
    expect(t.callouts).toEqual([]);
  });

  it('weeks across both clock changes keep the local clock', () => {
    // Europe/London: the week of 23 March 2026 has a 23-hour Sunday, the week of 19 October a 25-hour one.
    for (const monday of ['2026-03-23', '2026-10-19']) {
      const t = weeklyTrends(
        days(addDays(monday, -28), 35, () => usual()),
        monday,
        1,
        ZONE,
      );
      expect(t.weeks[0]).toMatchObject({
        week_start: monday,
        ordinary_days: 7,
        day_start_minute: 420,
        day_end_minute: 1260,
        active_hours: 6,
        no_data_days: 0,
      });
    }
  });

  it('a week with nothing known: no figures, 7 days with no data, no change', () => {
    const t = weeklyTrends([], '2026-11-16', 1, ZONE);
    expect(t.weeks[0]).toMatchObject({
      day_start_minute: null,
      meals_per_day: null,
      no_data_days: 7,
      change: { day_start_minute: null, no_data_days: null },
    });
    expect(t.callouts).toEqual([]);
  });

  it("days before the home's first data are unknown, not days without data", () => {
    // First data on Thursday 19 November: Monday to Wednesday are unknown, Thursday to Sunday had none.
    const t = weeklyTrends([], '2026-11-16', 2, ZONE, '2026-11-19');
    expect(t.weeks.map((w) => w.no_data_days)).toEqual([null, 4]);
  });

  it('refuses a week start that is not a Monday', () => {
    expect(() => weeklyTrends([], '2026-11-17', 1, ZONE)).toThrow(/Monday/);
  });
});

describe('trend words', () => {
  it('durations to the nearest 5 minutes', () => {
    expect(durationWords(42)).toBe('about 40 minutes');
    expect(durationWords(-43)).toBe('about 45 minutes');
    expect(durationWords(45)).toBe('45 minutes');
    expect(durationWords(60)).toBe('1 hour');
    expect(durationWords(86)).toBe('about 1 hour 25 minutes');
    expect(durationWords(120)).toBe('2 hours');
  });

  it('the 4 weeks before, by their middle day', () => {
    expect(comparedWith('2026-11-09')).toBe('in late October');
    expect(comparedWith('2026-11-23')).toBe('in early November');
    expect(comparedWith('2026-11-30')).toBe('in mid November');
  });
});
