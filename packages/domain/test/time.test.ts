import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  civilFromDays,
  dayLayout,
  daysFromCivil,
  halfHourSlots,
  instantOfLocal,
  isHalfHourZone,
  isValidTimeZone,
  lastSevenDays,
  localDate,
  localParts,
  localTimeOfDay,
  localWeekday,
  nextPeriod,
  offsetSpans,
  periodContaining,
  previousPeriod,
  slotStartOf,
  startOfLocalDate,
  subPeriods,
  ZoneGridError,
} from '../src/index';
import {
  oracleDayStart,
  oracleLocalDate,
  oracleParts,
  oraclePeriod,
  ukClockChangeDays,
  ZONES,
} from './oracle';

const LONDON = 'Europe/London';
const utc = (iso: string): number => Date.parse(iso) / 1000;
const instant = fc.integer({ min: utc('2000-01-01T00:00:00Z'), max: utc('2040-12-31T00:00:00Z') });
const zone = fc.constantFrom(...ZONES);

describe('civil calendar', () => {
  it('round-trips day numbers and knows known dates', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11017);
    fc.assert(
      fc.property(fc.integer({ min: -800_000, max: 800_000 }), (n) => {
        const c = civilFromDays(n);
        expect(daysFromCivil(c.year, c.month, c.day)).toBe(n);
      }),
    );
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(() => addDays('2023-02-29', 1)).toThrow(RangeError);
  });
});

describe('local wall clock (checked against luxon)', () => {
  it('localParts matches luxon for random instants and zones', () => {
    fc.assert(
      fc.property(instant, zone, (ts, z) => {
        const p = localParts(ts, z);
        const o = oracleParts(ts, z);
        expect({
          date: p.date,
          hour: p.hour,
          minute: p.minute,
          second: p.second,
          weekday: p.weekday,
          offsetSeconds: p.offsetSeconds,
        }).toEqual(o);
      }),
      { numRuns: 2000 },
    );
  });

  it('localDate, time of day and weekday of a known instant', () => {
    const ts = utc('2020-07-04T23:30:00Z'); // Sunday 00:30 BST
    expect(localDate(ts, LONDON)).toBe('2020-07-05');
    expect(localDate(ts, 'UTC')).toBe('2020-07-04');
    expect(localTimeOfDay(ts, LONDON)).toBe('00:30');
    expect(localWeekday(ts, LONDON)).toBe(7);
    expect(localWeekday(ts, 'UTC')).toBe(6);
  });

  it('startOfLocalDate matches luxon, including zones whose midnight was skipped', () => {
    fc.assert(
      fc.property(instant, zone, (ts, z) => {
        const date = oracleLocalDate(ts, z);
        expect(startOfLocalDate(date, z)).toBe(oracleDayStart(date, z));
      }),
      { numRuns: 1000 },
    );
    // São Paulo sprang forward at 00:00 on 2018-11-04: the day starts at 01:00 local (03:00Z).
    expect(startOfLocalDate('2018-11-04', 'America/Sao_Paulo')).toBe(utc('2018-11-04T03:00:00Z'));
    expect(oracleDayStart('2018-11-04', 'America/Sao_Paulo')).toBe(utc('2018-11-04T03:00:00Z'));
  });

  it('instantOfLocal resolves repeated and skipped wall times', () => {
    expect(instantOfLocal('2020-10-25', 3600, LONDON, 'earlier')).toBe(utc('2020-10-25T00:00:00Z'));
    expect(instantOfLocal('2020-10-25', 3600, LONDON, 'later')).toBe(utc('2020-10-25T01:00:00Z'));
    // 01:30 does not exist on 2020-03-29; it maps to 02:30 BST (the same distance after the jump).
    expect(instantOfLocal('2020-03-29', 5400, LONDON)).toBe(utc('2020-03-29T01:30:00Z'));
  });

  it('rejects unknown zones', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(() => localParts(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('offset spans (what screens format times with)', () => {
  it('split a UK clock-change day exactly at the change, 01:00 UTC', () => {
    const day = utc('2026-03-29T00:00:00Z');
    expect(offsetSpans(day - 86400, day + 86400, LONDON)).toEqual([
      { start: day - 86400, end: day + 3600, offsetSeconds: 0 },
      { start: day + 3600, end: day + 86400, offsetSeconds: 3600 },
    ]);
  });

  it('cover [from, to) without gaps, each span at the offset luxon gives at both of its ends', () => {
    const span = fc.integer({ min: 1, max: 45 * 86400 });
    fc.assert(
      fc.property(instant, span, zone, (from, length, z) => {
        const spans = offsetSpans(from, from + length, z);
        expect(spans[0]?.start).toBe(from);
        expect(spans.at(-1)?.end).toBe(from + length);
        spans.forEach((s, i) => {
          if (i > 0) expect(s.start).toBe(spans[i - 1]?.end);
          expect(oracleParts(s.start, z).offsetSeconds).toBe(s.offsetSeconds);
          expect(oracleParts(s.end - 1, z).offsetSeconds).toBe(s.offsetSeconds);
          if (i > 0) expect(s.offsetSeconds).not.toBe(spans[i - 1]?.offsetSeconds);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('periods', () => {
  it('day, week (Monday), month and year periods match luxon', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        fc.constantFrom('day', 'week', 'month', 'year', 'hour' as const),
        (ts, z, unit) => {
          const p = periodContaining(unit, ts, z);
          expect({ start: p.start, end: p.end }).toEqual(oraclePeriod(unit, ts, z));
          expect(p.start <= ts && ts < p.end).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('previous and next periods tile time without gaps or overlaps', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        fc.constantFrom('half-hour', 'hour', 'day', 'week', 'month', 'year' as const),
        (ts, z, unit) => {
          const p = periodContaining(unit, ts, z);
          const prev = previousPeriod(p, z);
          const next = nextPeriod(p, z);
          expect(prev.end).toBe(p.start);
          expect(next.start).toBe(p.end);
          expect(previousPeriod(next, z)).toEqual(p);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('UK days have 23, 24 or 25 hours and weeks start on Monday', () => {
    const short = periodContaining('day', utc('2020-03-29T12:00:00Z'), LONDON);
    const long = periodContaining('day', utc('2020-10-25T12:00:00Z'), LONDON);
    expect(short.end - short.start).toBe(23 * 3600);
    expect(long.end - long.start).toBe(25 * 3600);
    expect(subPeriods(short, 'hour', LONDON)).toHaveLength(23);
    expect(subPeriods(long, 'hour', LONDON)).toHaveLength(25);
    const week = periodContaining('week', utc('2020-10-25T12:00:00Z'), LONDON);
    expect(localDate(week.start, LONDON)).toBe('2020-10-19');
    expect(localWeekday(week.start, LONDON)).toBe(1);
    expect(week.end - week.start).toBe(7 * 86400 + 3600);
    const month = periodContaining('month', utc('2020-03-15T00:00:00Z'), LONDON);
    expect(subPeriods(month, 'day', LONDON)).toHaveLength(31);
    expect(month.end - month.start).toBe(31 * 86400 - 3600);
  });

  it('last 7 days end with today, today included', () => {
    const now = utc('2020-10-27T10:00:00Z');
    const p = lastSevenDays(now, LONDON);
    expect(p.unit).toBe('last-7-days');
    expect(localDate(p.start, LONDON)).toBe('2020-10-21');
    expect(p.end).toBe(startOfLocalDate('2020-10-28', LONDON));
    expect(subPeriods(p, 'day', LONDON)).toHaveLength(7);
    expect(() => previousPeriod(p, LONDON)).toThrow(RangeError);
  });
});

describe('half-hour slots on every UK clock-change day 2024–2030 (TIME-02)', () => {
  const changes = [2024, 2025, 2026, 2027, 2028, 2029, 2030].map(ukClockChangeDays);

  it('finds exactly the statutory days by scanning every day of the years', () => {
    const odd: string[] = [];
    for (let date = '2024-01-01'; date < '2031-01-01'; date = addDays(date, 1)) {
      const n = halfHourSlots(startOfLocalDate(date, LONDON), LONDON).length;
      if (n !== 48) odd.push(`${date}:${n}`);
    }
    expect(odd).toEqual(changes.flatMap((c) => [`${c.spring}:46`, `${c.autumn}:50`]));
  });

  it.each(changes.map((c) => [c.spring, c.autumn]))('%s has 46 slots and %s has 50', (spring, autumn) => {
    const s = halfHourSlots(startOfLocalDate(spring, LONDON), LONDON);
    expect(s).toHaveLength(46);
    expect(s.map((x) => x.label)).not.toContain('01:00');
    expect(s.map((x) => x.label).slice(0, 3)).toEqual(['00:00', '00:30', '02:00']);

    const a = halfHourSlots(startOfLocalDate(autumn, LONDON), LONDON);
    expect(a).toHaveLength(50);
    for (const label of ['01:00', '01:30']) {
      const twice = a.filter((x) => x.label === label);
      expect(twice).toHaveLength(2);
      expect(twice.map((x) => x.offset)).toEqual(['+01:00', '+00:00']);
      expect(twice[1]!.start - twice[0]!.start).toBe(3600);
    }
    // Consecutive, 30 minutes apart, and covering the day exactly.
    const day = periodContaining('day', a[0]!.start, LONDON);
    expect(a[0]!.start).toBe(day.start);
    expect(a.at(-1)!.start + 1800).toBe(day.end);
  });

  it('slot starts agree with slotStartOf and labels agree with luxon', () => {
    const slots = halfHourSlots(utc('2026-10-25T12:00:00Z'), LONDON);
    for (const s of slots) {
      expect(slotStartOf(s.start + 1799, LONDON)).toBe(s.start);
      const o = oracleParts(s.start, LONDON);
      expect(s.label).toBe(`${String(o.hour).padStart(2, '0')}:${String(o.minute).padStart(2, '0')}`);
      expect(s.offsetSeconds).toBe(o.offsetSeconds);
    }
  });

  it('a zone with a half-hour offset gets local half-hours (Kathmandu +05:45)', () => {
    const slots = halfHourSlots(utc('2024-06-01T12:00:00Z'), 'Asia/Kathmandu');
    expect(slots).toHaveLength(48);
    expect(slots[0]!.label).toBe('00:00');
    expect(slots[0]!.offset).toBe('+05:45');
    expect(slots[0]!.start % 1800).toBe(900);
  });
});

describe('local days on the half-hour grid', () => {
  it('lays out normal and clock-change days from local midnight', () => {
    expect(dayLayout('2024-03-31', 'Europe/London')).toEqual({
      date: '2024-03-31',
      start: 1_711_843_200,
      slots: 46,
    });
    expect(dayLayout('2024-10-27', 'Europe/London')).toEqual({
      date: '2024-10-27',
      start: 1_729_983_600,
      slots: 50,
    });
    expect(dayLayout('2024-07-01', 'Asia/Kolkata')).toEqual({
      date: '2024-07-01',
      start: 1_719_772_200,
      slots: 48,
    });
  });

  it('refuses zones whose local midnight is off the half-hour grid', () => {
    expect(() => dayLayout('2024-07-01', 'Asia/Kathmandu')).toThrow(ZoneGridError);
    for (const zone of ['Asia/Kathmandu', 'Australia/Eucla', 'Pacific/Chatham'])
      expect(isHalfHourZone(zone), zone).toBe(false);
    for (const zone of [
      'Europe/London',
      'UTC',
      'Asia/Kolkata',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'America/St_Johns',
    ])
      expect(isHalfHourZone(zone), zone).toBe(true);
  });
});
