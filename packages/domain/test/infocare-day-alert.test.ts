import { describe, expect, it } from 'vitest';
import { dayAlert, dayBands, type HalfHourlyDay } from '../src/index';

// A day-late home's Warning (issue 36): a day outside her band in a way that matters, named by what
// matters most, dated in its text, and never Urgent (it is a day late); none for an ordinary day or
// without a band to judge by.

const day = (date: string, active: number, began: number | null, night = 0): HalfHourlyDay => ({
  date,
  floor_wh: 100,
  active_half_hours: active,
  use_wh: active * 100,
  night_active_half_hours: night,
  began_minute: began,
  ended_minute: began === null ? null : 21 * 60,
});
// 20 ordinary days: 13 to 16 active half-hours, begun 07:00 to 08:00, no night.
const prior = Array.from({ length: 20 }, (_, k) =>
  day(`2026-01-${String(k + 1).padStart(2, '0')}`, 13 + (k % 4), 420 + (k % 3) * 30),
);
const bands = dayBands(prior);
const ZONE = 'Europe/London';
/** 08:00 on Thursday 22 January 2026 (GMT): the 21st is yesterday. */
const JUDGED = Date.parse('2026-01-22T08:00:00Z') / 1000;

describe('the Warning of a day outside her band', () => {
  it('is a Warning named for a quiet day, its cause the day, its text the day in words', () => {
    const alert = dayAlert(day('2026-01-21', 4, 420), bands, JUDGED, ZONE);
    expect(alert).toMatchObject({
      cause: 'unusual_day:2026-01-21',
      kind: 'unusual_day',
      level: 'Warning',
      type: 'Off',
      name: 'A quiet day yesterday',
      raisedAt: JUDGED,
      instant: false,
    });
    expect(alert?.text).toMatch(
      /^21-01-26, from the meter's half-hours: A quiet day: active 2 h against the usual /,
    );
  });

  it('names a late start, an early end and a busy night, never Urgent', () => {
    expect(dayAlert(day('2026-01-21', 14, 13 * 60), bands, JUDGED, ZONE)).toMatchObject({
      name: 'A late start yesterday',
      level: 'Warning',
    });
    // Nothing after 13:00 against her usual end 21:00 (the line: 16:00).
    const early = { ...day('2026-01-21', 14, 420), ended_minute: 13 * 60 };
    expect(dayAlert(early, bands, JUDGED, ZONE)).toMatchObject({
      name: 'An early end yesterday',
      level: 'Warning',
      icon: 'hourglass',
    });
    expect(dayAlert(early, bands, JUDGED, ZONE)?.text).toContain(
      'An early end: nothing after 13:00 (usually active until 21:00).',
    );
    expect(dayAlert(day('2026-01-21', 14, 420, 8), bands, JUDGED, ZONE)).toMatchObject({
      name: 'A busy night, early yesterday',
      level: 'Warning',
    });
  });

  it('names a day judged later by its date', () => {
    expect(dayAlert(day('2026-01-20', 4, 420), bands, JUDGED, ZONE)?.name).toBe('A quiet day on 20-01-26');
  });

  it('raises none for her return after a day with nobody about, and again for a second such day', () => {
    // 21 January: back at 18:30 with 4 active half-hours (under half the median 14.5) after a day with 1.
    const back = day('2026-01-21', 4, 18 * 60 + 30);
    expect(dayAlert(back, bands, JUDGED, ZONE)?.name).toBe('A quiet day yesterday');
    const away = { day: day('2026-01-20', 1, null), bands };
    expect(dayAlert(back, bands, JUDGED, ZONE, away)).toBeUndefined();
    expect(dayAlert(day('2026-01-21', 0, null), bands, JUDGED, ZONE, away)?.name).toBe(
      'A quiet day yesterday',
    );
  });

  it('raises none for an ordinary day, nor without a band', () => {
    expect(dayAlert(day('2026-01-21', 14, 450), bands, JUDGED, ZONE)).toBeUndefined();
    expect(dayAlert(day('2026-01-21', 1, null), null, JUDGED, ZONE)).toBeUndefined();
  });
});
