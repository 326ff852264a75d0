import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayState,
  type DayArrival,
  instantOfLocal,
  learnPublication,
  minutesAfterDay,
  overdueFrom,
  usualArrival,
} from '../src/index';

// When a home's half-hours usually arrive (issue 36), learned from when each of its days became complete,
// and the three states of a day. Europe/London: the clocks went back at 02:00 on Sunday 27 October 2024
// (a 25-hour day) and forward on Sunday 31 March 2024 (23 hours).

const ZONE = 'Europe/London';
const at = (date: string, minute: number) => instantOfLocal(date, minute * 60, ZONE);
/** Days before `today`, each complete at `minute` on the wall clock the morning after. */
const arrivals = (today: string, count: number, minute: (i: number) => number): DayArrival[] =>
  Array.from({ length: count }, (_, i) => {
    const day = addDays(today, -count + i);
    return { day, completeAt: at(addDays(day, 1), minute(i)) };
  });

describe('publication time (issue 36)', () => {
  it('counts wall-clock minutes after the day ended, across the clocks going back and forward', () => {
    // Saturday 26 October ended at midnight BST; 09:10 GMT the next morning is 9 h 10 min on the wall
    // clock though 10 h 10 min passed. Saturday 30 March likewise, the other way.
    expect(minutesAfterDay('2024-10-26', at('2024-10-27', 550), ZONE)).toBe(550);
    expect(minutesAfterDay('2024-03-30', at('2024-03-31', 550), ZONE)).toBe(550);
    expect(minutesAfterDay('2024-10-26', at('2024-10-28', 60), ZONE)).toBe(1440 + 60);
  });

  it('learns the 85th percentile of the last 28 days, rounded up to a quarter-hour, over a clock change', () => {
    // 28 days around 27 October: 20 in by 07:00, 8 by 09:05 (sorted, the 85th percentile is 09:05).
    const today = '2024-11-10';
    const learned = learnPublication(
      arrivals(today, 28, (i) => (i % 7 < 2 ? 545 : 420)),
      ZONE,
      today,
    );
    // The margin is the spread: the 97th percentile (09:05) minus the median (07:00), 2 h 05 min,
    // rounded up to 2 h 15 min.
    expect(learned).toEqual({ usualMinute: 555, marginS: 8100, learnedDays: 28 });
    // The usual time of Saturday 26 October is 09:15 GMT on the 27th; overdue from 11:30 GMT.
    expect(usualArrival('2024-10-26', learned, ZONE)).toBe(at('2024-10-27', 555));
    expect(usualArrival('2024-10-26', learned, ZONE)).toBe(Date.UTC(2024, 9, 27, 9, 15) / 1000);
    expect(overdueFrom('2024-10-26', learned, ZONE)).toBe(Date.UTC(2024, 9, 27, 11, 30) / 1000);
  });

  it('keeps the default (10:00 the next day) with under 7 days, and learns nothing from a history imported late', () => {
    const today = '2024-11-20';
    expect(
      learnPublication(
        arrivals(today, 6, () => 420),
        ZONE,
        today,
      ),
    ).toEqual({
      usualMinute: 600,
      marginS: 3 * 3600,
      learnedDays: 0,
    });
    // 28 days imported at once today: each completed days after it ended but the last two.
    const imported = arrivals(today, 28, () => 0).map((a) => ({ ...a, completeAt: at(today, 8 * 60) }));
    expect(learnPublication(imported, ZONE, today).learnedDays).toBe(0);
    // Days older than 28 are not looked at.
    const old = arrivals(addDays(today, -28), 28, () => 420);
    expect(learnPublication(old, ZONE, today).usualMinute).toBe(600);
  });

  it('gives a punctual supplier an hour past its usual time, and the clock changes move no wall-clock time', () => {
    // 28 days each in at 07:00 exactly, across both 2024 clock changes: no spread, so the floor of 1 h.
    const punctual = learnPublication(
      arrivals('2024-04-10', 28, () => 420),
      ZONE,
      '2024-04-10',
    );
    expect(punctual).toEqual({ usualMinute: 420, marginS: 3600, learnedDays: 28 });
    // Saturday 30 March ended at midnight GMT; 07:00 BST on the 31st is 06:00 UTC, overdue from 07:00 UTC.
    expect(overdueFrom('2024-03-30', punctual, ZONE)).toBe(Date.UTC(2024, 2, 31, 7, 0) / 1000);
    expect(dayState('2024-03-30', false, Date.UTC(2024, 2, 31, 7, 0) / 1000 - 1, punctual, ZONE)).toBe(
      'not_yet',
    );
    expect(dayState('2024-03-30', false, Date.UTC(2024, 2, 31, 7, 0) / 1000, punctual, ZONE)).toBe('overdue');
    const autumn = learnPublication(
      arrivals('2024-11-05', 28, () => 420),
      ZONE,
      '2024-11-05',
    );
    expect(autumn.marginS).toBe(3600);
    // Saturday 26 October: 07:00 GMT on the 27th, overdue from 08:00 GMT (an hour later than in March).
    expect(overdueFrom('2024-10-26', autumn, ZONE)).toBe(Date.UTC(2024, 9, 27, 8, 0) / 1000);
  });

  it('gives an erratic supplier the spread of its arrivals as slack, up to 6 h', () => {
    // In between 06:00 and 12:45, a quarter-hour later each day: median 09:22.5, 85th percentile 11:44.25
    // (usual 11:45), 97th 12:32.85. The spread, 3 h 10.35 min, is rounded up to 3 h 15 min: overdue
    // from 15:00 the next day.
    const today = '2024-11-20';
    const erratic = learnPublication(
      arrivals(today, 28, (i) => 360 + i * 15),
      ZONE,
      today,
    );
    expect(erratic).toEqual({ usualMinute: 705, marginS: 11_700, learnedDays: 28 });
    expect(overdueFrom('2024-11-19', erratic, ZONE)).toBe(at('2024-11-20', 15 * 60));
    // Half the days in at 06:00, half at 18:00 a day later: a spread of 18 h, held to 6 h. Usual 18:00
    // the day after next, overdue from midnight after it.
    const wild = learnPublication(
      arrivals(today, 28, (i) => (i % 2 === 0 ? 360 : 1440 + 1080)),
      ZONE,
      today,
    );
    expect(wild).toEqual({ usualMinute: 2520, marginS: 6 * 3600, learnedDays: 28 });
    expect(overdueFrom('2024-11-19', wild, ZONE)).toBe(at('2024-11-22', 0));
  });

  it('tells a day complete, not in yet (normal until usual + its margin) and overdue apart', () => {
    const usual = { usualMinute: 570, marginS: 3 * 3600, learnedDays: 28 };
    const day = '2024-11-19';
    expect(dayState(day, true, at('2024-11-25', 0), usual, ZONE)).toBe('complete');
    expect(dayState(day, false, at('2024-11-20', 9 * 60 + 30), usual, ZONE)).toBe('not_yet');
    expect(dayState(day, false, at('2024-11-20', 12 * 60 + 30) - 1, usual, ZONE)).toBe('not_yet');
    expect(dayState(day, false, at('2024-11-20', 12 * 60 + 30), usual, ZONE)).toBe('overdue');
  });
});
