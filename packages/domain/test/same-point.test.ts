import { describe, expect, it } from 'vitest';
import { periodContaining, samePointBefore } from '../src';

// The same part of the previous period, by hand: every expectation below is an instant written out.

const LONDON = 'Europe/London';
const at = (iso: string) => Date.parse(iso) / 1000;

function point(unit: 'hour' | 'day' | 'week' | 'month' | 'year', now: string) {
  const t = at(now);
  const { previous, at: same } = samePointBefore(periodContaining(unit, t, LONDON), t, LONDON);
  return {
    previousStart: new Date(previous.start * 1000).toISOString(),
    at: new Date(same * 1000).toISOString(),
  };
}

describe('samePointBefore: the same part of the previous period, on the local clock', () => {
  it('a day: yesterday up to the same time of day', () => {
    expect(point('day', '2024-11-05T12:20:00Z')).toEqual({
      previousStart: '2024-11-04T00:00:00.000Z',
      at: '2024-11-04T12:20:00.000Z',
    });
  });

  it('the day after the 25-hour day: 13 h 20 min of it by 12:20', () => {
    // Monday 28 October 2024, 12:20 GMT; Sunday 27th began at 00:00 BST (23:00Z) and had 01:00 twice.
    expect(point('day', '2024-10-28T12:20:00Z')).toEqual({
      previousStart: '2024-10-26T23:00:00.000Z',
      at: '2024-10-27T12:20:00.000Z',
    });
  });

  it('the day after the 23-hour day: 11 h 20 min of it by 12:20, and a skipped time maps past the jump', () => {
    // Monday 1 April 2024, 12:20 BST (11:20Z); Sunday 31 March began at 00:00 GMT and skipped 01:00–02:00.
    expect(point('day', '2024-04-01T11:20:00Z')).toEqual({
      previousStart: '2024-03-31T00:00:00.000Z',
      at: '2024-03-31T11:20:00.000Z',
    });
    // 01:30 BST on the 1st: 01:30 never happened on the 31st; the clock read 02:30 BST (01:30Z) then.
    expect(point('day', '2024-04-01T00:30:00Z').at).toBe('2024-03-31T01:30:00.000Z');
  });

  it('a week: last week up to the same weekday and time', () => {
    // Friday 29 November 2024, 12:20 → Friday 22nd, 12:20.
    expect(point('week', '2024-11-29T12:20:00Z')).toEqual({
      previousStart: '2024-11-18T00:00:00.000Z',
      at: '2024-11-22T12:20:00.000Z',
    });
  });

  it('a month: last month up to the same day and time; past its last day, all of it', () => {
    // 5 November 12:20 GMT → 5 October 12:20 BST (11:20Z).
    expect(point('month', '2024-11-05T12:20:00Z')).toEqual({
      previousStart: '2024-09-30T23:00:00.000Z',
      at: '2024-10-05T11:20:00.000Z',
    });
    expect(point('month', '2024-03-29T12:00:00Z').at).toBe('2024-02-29T12:00:00.000Z');
    // 30 March: February 2024 has 29 days, so all of it (its end, 1 March 00:00).
    expect(point('month', '2024-03-30T12:00:00Z').at).toBe('2024-03-01T00:00:00.000Z');
  });

  it('an hour: the hour before, the same minutes into it', () => {
    expect(point('hour', '2024-11-05T12:20:30Z')).toEqual({
      previousStart: '2024-11-05T11:00:00.000Z',
      at: '2024-11-05T11:20:30.000Z',
    });
  });

  it("a year: last year up to the same date and time, on each year's own clock", () => {
    // 2 December 2026, 15:30 GMT → 2 December 2025, 15:30 GMT; 1 July 12:00 BST (11:00Z) → 1 July 2025 BST.
    expect(point('year', '2026-12-02T15:30:00Z')).toEqual({
      previousStart: '2025-01-01T00:00:00.000Z',
      at: '2025-12-02T15:30:00.000Z',
    });
    expect(point('year', '2026-07-01T11:00:00Z').at).toBe('2025-07-01T11:00:00.000Z');
    // 29 February 2028 has no day in 2027: all of 2027's February, up to 1 March 00:00 GMT.
    expect(point('year', '2028-02-29T09:00:00Z')).toEqual({
      previousStart: '2027-01-01T00:00:00.000Z',
      at: '2027-03-01T00:00:00.000Z',
    });
  });
});
