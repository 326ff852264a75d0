import { describe, expect, it } from 'vitest';
import { dayBands, dayFindings, dayWords, type HalfHourlyDay, halfHourlyDay } from '../src/index';

// A day-late InfoCare from the meter's half-hours (issue 36): a day's figures against the person's own
// 28-day band. Slot instants are written out in UTC by hand (London is UTC+0 in winter, +1 in summer).

const ZONE = 'Europe/London';
const utc = (iso: string) => Date.parse(iso) / 1000;

/** Every half-hour from `from` (UTC) for `n` slots at `wh`, with the exceptions given by UTC time. */
function slots(from: string, n: number, wh: number, except: Record<string, number> = {}) {
  const map = new Map<number, number>();
  for (let k = 0; k < n; k++) map.set(utc(from) + k * 1800, wh);
  for (const [iso, value] of Object.entries(except)) map.set(utc(iso), value);
  return map;
}

/** A band's day: only the figures the band reads matter. */
const day = (active: number, began: number | null, night = 0): HalfHourlyDay => ({
  date: '2026-01-01',
  floor_wh: 100,
  active_half_hours: active,
  night_active_half_hours: night,
  began_minute: began,
  ended_minute: began === null ? null : 22 * 60,
});

describe('a day from its half-hours', () => {
  it('counts the half-hours above the floor, the night ones apart, and when the day began and ended', () => {
    // Floor 100 Wh: active from 150 Wh (100 + max(40, 50)); 139 Wh is not, 150 Wh is.
    const map = slots('2026-01-14T00:00:00Z', 48, 100, {
      '2026-01-14T02:00:00Z': 400,
      '2026-01-14T07:00:00Z': 300,
      '2026-01-14T07:30:00Z': 200,
      '2026-01-14T12:00:00Z': 139,
      '2026-01-14T12:30:00Z': 150,
    });
    expect(halfHourlyDay('2026-01-14', ZONE, map)).toEqual({
      date: '2026-01-14',
      floor_wh: 100,
      active_half_hours: 4,
      night_active_half_hours: 1,
      began_minute: 7 * 60,
      ended_minute: 13 * 60,
    });
  });

  it('is not judged until every half-hour of its own local date is there', () => {
    const map = slots('2026-01-14T00:00:00Z', 48, 100);
    map.delete(utc('2026-01-14T23:30:00Z'));
    expect(halfHourlyDay('2026-01-14', ZONE, map)).toBeNull();
  });

  it('is complete with 46 half-hours on the spring day and needs all 50 on the autumn day', () => {
    // 29 March 2026: 00:00 GMT to 00:00 BST is 23 hours (46 half-hours from 00:00Z).
    const spring = slots('2026-03-29T00:00:00Z', 46, 100, { '2026-03-29T06:00:00Z': 500 });
    expect(halfHourlyDay('2026-03-29', ZONE, spring)?.began_minute).toBe(7 * 60); // 06:00Z is 07:00 BST
    // 25 October 2026: 00:00 BST (24 Oct 23:00Z) to 00:00 GMT is 25 hours; 01:00–01:59 happens twice.
    const autumn = slots('2026-10-24T23:00:00Z', 50, 100, {
      '2026-10-25T00:00:00Z': 400, // 01:00 BST
      '2026-10-25T01:00:00Z': 400, // 01:00 GMT
    });
    expect(halfHourlyDay('2026-10-25', ZONE, autumn)?.night_active_half_hours).toBe(2);
    autumn.delete(utc('2026-10-25T01:30:00Z'));
    expect(halfHourlyDay('2026-10-25', ZONE, autumn)).toBeNull();
  });
});

describe('the day against her band', () => {
  const usual = Array.from({ length: 20 }, () => day(20, 7 * 60, 0));

  it('needs 14 ordinary days of the 28 before, and leaves days with nobody about out of the band', () => {
    expect(dayBands(usual.slice(0, 13))).toBeNull();
    const withAway = [...usual.slice(0, 13), day(3, 9 * 60), day(0, null)];
    expect(dayBands(withAway)).toBeNull();
    expect(dayBands([...withAway, day(20, 7 * 60)])?.days).toBe(14);
    // Only the 28 days before count: 20 old days of 40 active, then 20 of 20.
    const bands = dayBands([...Array.from({ length: 20 }, () => day(40, 6 * 60)), ...usual]);
    expect(bands?.days).toBe(28);
    expect(bands?.active_half_hours.median).toBe(20);
  });

  it('finds far less activity, a late start and a busy night, each just past its line', () => {
    const bands = dayBands(usual)!;
    // Little activity: under min(20 - 2, 40 % of 20) = 8 active half-hours.
    expect(dayFindings(day(7, 7 * 60), bands)).toEqual(['little_activity']);
    expect(dayFindings(day(8, 7 * 60), bands)).toEqual([]);
    // A late start: more than 4 hours after 07:00, or nothing from 05:00 on.
    expect(dayFindings(day(20, 11 * 60 + 1), bands)).toEqual(['late_start']);
    expect(dayFindings(day(20, 11 * 60), bands)).toEqual([]);
    expect(dayFindings(day(20, null), bands)).toEqual(['late_start']);
    // A busy night: more than 0 + max(4, 2 × 0) active night half-hours.
    expect(dayFindings(day(20, 7 * 60, 5), bands)).toEqual(['busy_night']);
    expect(dayFindings(day(20, 7 * 60, 4), bands)).toEqual([]);
  });

  it('says the day in words, what matters first', () => {
    const bands = dayBands(usual)!;
    expect(dayWords(day(7, 7 * 60 + 30), bands)).toEqual([
      'A quiet day: active 3½ h against the usual 10 h.',
      'The day began at 07:30 (usually 07:00) and ended at 22:00.',
      'In the night before 05:00, no activity (usually none).',
    ]);
    expect(dayWords(day(20, 7 * 60), bands)[0]).toBe('An ordinary day: active 10 h against the usual 10 h.');
    expect(dayWords(day(20, null), bands).slice(0, 2)).toEqual([
      'A late start: no activity from 05:00 on.',
      'Otherwise active 10 h against the usual 10 h.',
    ]);
    // A spread band says its unit once; a night band from none says "up to".
    const spread = dayBands([
      ...Array.from({ length: 10 }, () => day(19, 7 * 60, 0)),
      ...Array.from({ length: 10 }, () => day(27, 7 * 60 + 30, 2)),
    ])!;
    expect(dayWords(day(20, 7 * 60), spread)).toEqual([
      'An ordinary day: active 10 h against the usual 9½–13½ h.',
      'The day began at 07:00 (usually 07:00–07:30) and ended at 22:00.',
      'In the night before 05:00, no activity (usually up to 1 h).',
    ]);
    expect(dayWords(day(20, 7 * 60, 5), bands)[0]).toBe(
      'A busy night: in the night before 05:00, active 2½ h (usually none).',
    );
  });
});
