import { describe, expect, it } from 'vitest';
import { comparedPeriod } from './comparedPeriod';

// The dates a ranking compares, in the house's zone whatever the browser's (the zone is passed), with
// "now" passed in: a past week or month in full, the running one up to today.

const at = (iso: string) => Date.parse(iso) / 1000;
const LONDON = 'Europe/London';
const week = (iso: string) => ({ time_unit: 'week' as const, start_timestamp: at(iso) });
const month = (iso: string) => ({ time_unit: 'month' as const, start_timestamp: at(iso) });

describe('the dates a ranking compares', () => {
  it('names a past week and month in full', () => {
    const later = at('2025-02-01T12:00:00Z');
    expect(comparedPeriod(week('2024-11-04T00:00:00Z'), LONDON, later)).toBe(
      'Monday 4 to Sunday 10 November 2024',
    );
    expect(comparedPeriod(month('2024-11-01T00:00:00Z'), LONDON, later)).toBe('1 to 30 November 2024');
    expect(comparedPeriod(week('2024-10-28T00:00:00Z'), LONDON, later)).toBe(
      'Monday 28 October to Sunday 3 November 2024',
    );
    expect(comparedPeriod(week('2024-12-30T00:00:00Z'), LONDON, later)).toBe(
      'Monday 30 December 2024 to Sunday 5 January 2025',
    );
  });

  it('names the running week and month up to today, and says so', () => {
    const friday = at('2026-11-27T15:00:00Z');
    expect(comparedPeriod(week('2026-11-23T00:00:00Z'), LONDON, friday)).toBe(
      'Monday 23 to Friday 27 November 2026 (the week so far)',
    );
    expect(comparedPeriod(month('2026-11-01T00:00:00Z'), LONDON, friday)).toBe(
      '1 to 27 November 2026 (the month so far)',
    );
    expect(comparedPeriod(week('2026-11-23T00:00:00Z'), LONDON, at('2026-11-23T08:00:00Z'))).toBe(
      'Monday 23 November 2026 (the week so far)',
    );
  });

  it("reads the days in the house's zone: a BST week starts at 23:00 UTC on Sunday", () => {
    // Monday 21 October 2024 00:00 BST.
    expect(comparedPeriod(week('2024-10-20T23:00:00Z'), LONDON, at('2025-01-01T00:00:00Z'))).toBe(
      'Monday 21 to Sunday 27 October 2024',
    );
    // The same instant in Tokyo is Monday 08:00 there, so still Monday 21 October.
    expect(comparedPeriod(week('2024-10-20T23:00:00Z'), 'Asia/Tokyo', at('2025-01-01T00:00:00Z'))).toBe(
      'Monday 21 to Sunday 27 October 2024',
    );
  });
});
