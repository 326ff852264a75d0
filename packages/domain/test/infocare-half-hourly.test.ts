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

/** A band's day: only the figures the band reads matter (100 Wh over the floor per active half-hour). */
const day = (
  active: number,
  began: number | null,
  night = 0,
  ended = began === null ? null : 22 * 60,
  useWh = active * 100,
): HalfHourlyDay => ({
  date: '2026-01-01',
  floor_wh: 100,
  active_half_hours: active,
  use_wh: useWh,
  night_active_half_hours: night,
  began_minute: began,
  ended_minute: ended,
});

describe('a day from its half-hours', () => {
  it('counts the half-hours above the floor, the night ones apart, when the day began and ended, and the Wh its uses took', () => {
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
      // From 05:00, over the floor: 200 + 100 + 39 + 50 (the night's 400 Wh at 02:00 is not the day's).
      use_wh: 389,
      night_active_half_hours: 1,
      began_minute: 7 * 60,
      ended_minute: 13 * 60,
    });
  });

  it('leaves out of the night a run from midnight on: the evening still going, not a waking night', () => {
    // Floor 100, active from 150. 00:00 and 00:30 active (a heater left on from the evening), 01:00 not,
    // then 02:00 and 03:30 active: the night's 2, the day's 4.
    const map = slots('2026-01-14T00:00:00Z', 48, 100, {
      '2026-01-14T00:00:00Z': 1500,
      '2026-01-14T00:30:00Z': 600,
      '2026-01-14T02:00:00Z': 300,
      '2026-01-14T03:30:00Z': 300,
    });
    expect(halfHourlyDay('2026-01-14', ZONE, map)).toMatchObject({
      active_half_hours: 4,
      night_active_half_hours: 2,
    });
    // Active from midnight to 05:00 without a break: the whole night is the evening's (10 of 10 left out).
    const allNight = slots('2026-01-14T00:00:00Z', 48, 100);
    for (let k = 0; k < 10; k++) allNight.set(utc('2026-01-14T00:00:00Z') + k * 1800, 400);
    expect(halfHourlyDay('2026-01-14', ZONE, allNight)).toMatchObject({
      active_half_hours: 10,
      night_active_half_hours: 0,
      began_minute: null,
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
    // Little activity: under min(10th percentile 20, 47 % of the median 20) = 9.4 active half-hours.
    expect(dayFindings(day(9, 7 * 60), bands)).toEqual(['little_activity']);
    expect(dayFindings(day(10, 7 * 60), bands)).toEqual([]);
    // Her usual 21: the line is 9.87, so 10 (under half her usual) is not yet far less.
    const busier = dayBands(Array.from({ length: 20 }, () => day(21, 7 * 60, 0)))!;
    expect(dayFindings(day(9, 7 * 60), busier)).toEqual(['little_activity']);
    expect(dayFindings(day(10, 7 * 60), busier)).toEqual([]);
    // A late start: after max(median 07:00 + 3 h, 90th percentile 07:00 + 1 h) = 10:00, or nothing from
    // 05:00 on.
    expect(dayFindings(day(20, 10 * 60 + 1), bands)).toEqual(['late_start']);
    expect(dayFindings(day(20, 10 * 60), bands)).toEqual([]);
    expect(dayFindings(day(20, null), bands)).toEqual(['late_start']);
    // A busy night: more than 0 + max(4, 2 × 0) active night half-hours.
    expect(dayFindings(day(20, 7 * 60, 5), bands)).toEqual(['busy_night']);
    expect(dayFindings(day(20, 7 * 60, 4), bands)).toEqual([]);
  });

  it('finds a day of small uses: under 35 % of her usual Wh over the floor, with fewer active half-hours', () => {
    // Usual: 20 active half-hours, 2,000 Wh over the floor. Small uses: under min(10th percentile 2,000,
    // 35 % of the median 2,000) = 700 Wh, and under 80 % of 20 = 16 active half-hours.
    const bands = dayBands(usual)!;
    expect(dayFindings(day(15, 7 * 60, 0, 22 * 60, 699), bands)).toEqual(['little_activity']);
    expect(dayFindings(day(15, 7 * 60, 0, 22 * 60, 700), bands)).toEqual([]);
    expect(dayFindings(day(16, 7 * 60, 0, 22 * 60, 699), bands)).toEqual([]);
    expect(dayWords(day(15, 7 * 60, 0, 22 * 60, 650), bands)[0]).toBe(
      "A quiet day: active 7½ h against the usual 10 h, using 0.7 kWh over the house's steady draw against the usual 2.0 kWh.",
    );
    // Few active half-hours say so alone, whatever the Wh.
    expect(dayWords(day(9, 7 * 60, 0, 22 * 60, 100), bands)[0]).toBe(
      'A quiet day: active 4½ h against the usual 10 h.',
    );
    expect(dayWords(day(9, 7 * 60), bands)[0]).toBe('A quiet day: active 4½ h against the usual 10 h.');
  });

  it('finds an early end: nothing from 5 hours before her usual end and 2 before her early days', () => {
    // Usual end 22:00 every day: the line is min(22:00 − 5 h, 22:00 − 2 h) = 17:00.
    const bands = dayBands(usual)!;
    expect(dayFindings(day(20, 7 * 60, 0, 16 * 60 + 30), bands)).toEqual(['early_end']);
    expect(dayFindings(day(20, 7 * 60, 0, 17 * 60), bands)).toEqual([]);
    expect(dayWords(day(20, 7 * 60, 0, 12 * 60), bands)).toEqual([
      'An early end: nothing after 12:00 (usually active until 22:00).',
      'Otherwise active 10 h against the usual 10 h.',
      'The day began at 07:00 (usually 07:00).',
      'In the night before 05:00, no activity (usually none).',
    ]);
    // 6 of 20 days ended at 18:00: median 22:00, 10th percentile (position 1.9) 18:00, so the line is
    // min(22:00 − 5 h, 18:00 − 2 h) = 16:00.
    const early = dayBands([
      ...Array.from({ length: 6 }, () => day(20, 7 * 60, 0, 18 * 60)),
      ...usual.slice(6),
    ])!;
    expect(dayFindings(day(20, 7 * 60, 0, 15 * 60 + 30), early)).toEqual(['early_end']);
    expect(dayFindings(day(20, 7 * 60, 0, 16 * 60), early)).toEqual([]);
    // No activity from 05:00 is a late start, not an early end as well.
    expect(dayFindings(day(20, null), bands)).toEqual(['late_start']);
  });

  it('moves each line with her own spread: her quietest days, her late days', () => {
    // 3 of 20 days at 6 active half-hours: the 10th percentile (position 1.9 of 0–19) is 6, under half
    // the median 20 (10), so the line is 6.
    const quiet = dayBands([...Array.from({ length: 3 }, () => day(6, 7 * 60)), ...usual.slice(3)])!;
    expect(dayFindings(day(5, 7 * 60), quiet)).toEqual(['little_activity']);
    expect(dayFindings(day(6, 7 * 60), quiet)).toEqual([]);
    // 6 of 20 days begun at 09:30: median 07:00, 90th percentile (position 17.1) 09:30, so the line is
    // max(07:00 + 3 h, 09:30 + 1 h) = 10:30.
    const late = dayBands([...Array.from({ length: 6 }, () => day(20, 9 * 60 + 30)), ...usual.slice(6)])!;
    expect(dayFindings(day(20, 10 * 60 + 31), late)).toEqual(['late_start']);
    expect(dayFindings(day(20, 10 * 60 + 30), late)).toEqual([]);
  });

  it('calls no late start the day after a quiet day, nor a quiet day her return after nobody about', () => {
    const bands = dayBands(usual)!;
    const quietBefore = { day: day(9, 7 * 60), bands };
    // Begun at 12:00 after a quiet day (9 < 10): her getting up again; the quiet day had its Warning.
    expect(dayFindings(day(20, 12 * 60), bands)).toEqual(['late_start']);
    expect(dayFindings(day(20, 12 * 60), bands, quietBefore)).toEqual([]);
    // A second quiet day still is one, and a day with nothing from 05:00 is still a late start.
    expect(dayFindings(day(9, 7 * 60), bands, quietBefore)).toEqual(['little_activity']);
    expect(dayFindings(day(20, null), bands, quietBefore)).toEqual(['late_start']);
    // After a day with nobody about (2 active half-hours), back at 18:30 with 8: neither quiet nor late.
    const away = { day: day(2, null), bands };
    expect(dayFindings(day(8, 18 * 60 + 30), bands)).toEqual(['little_activity', 'late_start']);
    expect(dayFindings(day(8, 18 * 60 + 30), bands, away)).toEqual([]);
    expect(dayWords(day(8, 18 * 60 + 30), bands, away)).toEqual([
      'Activity again after the quiet day before: active 4 h against the usual 10 h.',
      'The day began at 18:30 (usually 07:00) and ended at 22:00.',
      'In the night before 05:00, no activity (usually none).',
    ]);
    // After a day that ended at 08:30 (she left, or fell): back at 21:30 is her return, neither quiet nor
    // late; a second early end is told again.
    const gone = { day: day(7, 6 * 60, 0, 8 * 60 + 30), bands };
    expect(dayFindings(gone.day, bands)).toEqual(['little_activity', 'early_end']);
    expect(dayFindings(day(5, 21 * 60 + 30), bands)).toEqual(['little_activity', 'late_start']);
    expect(dayFindings(day(5, 21 * 60 + 30), bands, gone)).toEqual([]);
    expect(dayFindings(day(20, 7 * 60, 0, 12 * 60), bands, gone)).toEqual(['early_end']);
    // A second day with nobody about (3 active half-hours) is told again.
    expect(dayFindings(day(3, null), bands, away)).toEqual(['little_activity', 'late_start']);
    // A day before with no band to judge it by (or not complete) changes nothing.
    expect(dayFindings(day(20, 12 * 60), bands, { day: day(9, 7 * 60), bands: null })).toEqual([
      'late_start',
    ]);
    expect(dayFindings(day(8, 18 * 60 + 30), bands, { day: day(2, null), bands: null })).toEqual([
      'little_activity',
      'late_start',
    ]);
    expect(dayFindings(day(8, 18 * 60 + 30), bands, { day: null, bands: null })).toEqual([
      'little_activity',
      'late_start',
    ]);
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
    // Outside the usual range yet no Warning (under it, but not under half her usual 10 h): never
    // "ordinary" beside a figure outside the range it is shown against.
    expect(dayWords(day(16, 7 * 60), bands)[0]).toBe(
      'Quieter than usual: active 8 h against the usual 10 h.',
    );
    expect(dayWords(day(17, 7 * 60), spread)[0]).toBe(
      'Quieter than usual: active 8½ h against the usual 9½–13½ h.',
    );
    expect(dayWords(day(30, 7 * 60), spread)[0]).toBe(
      'Busier than usual: active 15 h against the usual 9½–13½ h.',
    );
  });

  it('says a day whose last active half-hour ended at 24:00 ended at midnight, not at 23:59', () => {
    const late = dayBands(Array.from({ length: 20 }, () => day(20, 7 * 60, 0, 24 * 60)))!;
    expect(dayWords(day(20, 7 * 60, 0, 24 * 60), late)[1]).toBe(
      'The day began at 07:00 (usually 07:00) and ended at midnight.',
    );
    expect(dayWords(day(20, 7 * 60, 0, 17 * 60), late)[0]).toBe(
      'An early end: nothing after 17:00 (usually active until midnight).',
    );
  });
});
