import { describe, expect, test } from 'vitest';
import { localClock, utc } from './test-support';
import { dayNumberOfDate, indexOfLocalMinute, localDay, localDayNumberOf, localMinuteOfIndex } from './zone';

const LONDON = 'Europe/London';

describe('local days', () => {
  test('clock-change days in London have 1380 and 1500 minutes, others 1440', () => {
    expect(localDay(LONDON, dayNumberOfDate('2024-03-31')).minutes).toBe(1380);
    expect(localDay(LONDON, dayNumberOfDate('2024-10-27')).minutes).toBe(1500);
    expect(localDay(LONDON, dayNumberOfDate('2024-03-30')).minutes).toBe(1440);
    expect(localDay(LONDON, dayNumberOfDate('2024-07-01')).minutes).toBe(1440);
  });

  test('a day starts at local midnight, summer and winter', () => {
    expect(localDay(LONDON, dayNumberOfDate('2024-07-01')).start).toBe(utc(2024, 6, 30, 23));
    expect(localDay(LONDON, dayNumberOfDate('2024-01-15')).start).toBe(utc(2024, 1, 15));
    expect(localDay('America/New_York', dayNumberOfDate('2024-01-15')).start).toBe(utc(2024, 1, 15, 5));
    expect(localDayNumberOf(LONDON, utc(2024, 6, 30, 23, 30))).toBe(dayNumberOfDate('2024-07-01'));
  });

  test('local clock minutes map to the right instants across both clock changes', () => {
    for (const date of ['2024-03-31', '2024-10-27', '2024-06-01']) {
      const day = localDay(LONDON, dayNumberOfDate(date));
      for (const lm of [0, 59, 150, 420, 1439]) {
        const at = day.start + indexOfLocalMinute(day, lm) * 60;
        const hh = String(Math.floor(lm / 60)).padStart(2, '0');
        const mm = String(lm % 60).padStart(2, '0');
        expect(localClock(at)).toBe(`${hh}:${mm}`);
      }
      for (let i = 0; i < day.minutes; i += 7) {
        const lm = localMinuteOfIndex(day, i);
        expect(localClock(day.start + i * 60)).toBe(
          `${String(Math.floor(lm / 60)).padStart(2, '0')}:${String(lm % 60).padStart(2, '0')}`,
        );
      }
    }
  });

  test('a skipped local time maps to the clock change; a repeated one to its first occurrence', () => {
    const spring = localDay(LONDON, dayNumberOfDate('2024-03-31'));
    expect(localClock(spring.start + indexOfLocalMinute(spring, 90) * 60)).toBe('02:00');
    const autumn = localDay(LONDON, dayNumberOfDate('2024-10-27'));
    expect(spring.start + indexOfLocalMinute(spring, 90) * 60).toBe(utc(2024, 3, 31, 1));
    expect(autumn.start + indexOfLocalMinute(autumn, 90) * 60).toBe(utc(2024, 10, 27, 0, 30));
  });
});
