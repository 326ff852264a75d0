import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkReading, Coverage, maxWhIn, type Reading, ReadingCoverage } from './reading';

const base: Reading = {
  start: 1_727_737_200,
  interval_s: 1800,
  import_wh: 412,
  export_wh: 0,
  generation_wh: 0,
};

describe('checkReading', () => {
  it('accepts a half-hour reading and finer ones inside a half-hour', () => {
    expect(checkReading(base)).toBeNull();
    expect(checkReading({ ...base, start: base.start + 1740, interval_s: 60 })).toBeNull();
    expect(checkReading({ ...base, interval_s: 1, import_wh: 28 })).toBeNull();
  });

  it('refuses a reading that crosses a half-hour boundary, naming where', () => {
    expect(checkReading({ ...base, start: base.start + 1200, interval_s: 900 })).toEqual({
      field: 'interval_s',
      detail:
        'a reading from 2024-09-30T23:20:00Z lasting 900 s crosses the half-hour boundary at 2024-09-30T23:30:00Z; ' +
        'split it there',
    });
  });

  it.each([
    [{ interval_s: 0 }, 'interval_s'],
    [{ interval_s: 1801 }, 'interval_s'],
    [{ interval_s: 1.5 }, 'interval_s'],
    [{ start: 1_727_737_200_000 }, 'start'],
    [{ start: Number.NaN }, 'start'],
    [{ import_wh: -1 }, 'import_wh'],
    [{ export_wh: 0.5 }, 'export_wh'],
    [{ generation_wh: Number.POSITIVE_INFINITY }, 'generation_wh'],
    [{ import_wh: 50_001 }, 'import_wh'],
  ] as const)('refuses %j in field %s', (patch, field) => {
    expect(checkReading({ ...base, ...patch })?.field).toBe(field);
  });

  it('bounds energy by 100 kW over the interval', () => {
    expect(maxWhIn(1800)).toBe(50_000);
    expect(maxWhIn(60)).toBe(1667);
    expect(checkReading({ ...base, import_wh: 50_000 })).toBeNull();
    expect(checkReading({ ...base, import_wh: 50_001 })?.detail).toBe(
      '50001 Wh in 1800 s is more than 100 kW could deliver (max 50000 Wh)',
    );
  });
});

describe('Coverage', () => {
  it('merges touching ranges and refuses any overlap', () => {
    const c = new Coverage();
    expect(c.add(0, 10)).toBe(true);
    expect(c.add(20, 30)).toBe(true);
    expect(c.ranges).toBe(2);
    expect(c.add(10, 20)).toBe(true);
    expect(c.ranges).toBe(1);
    expect(c.add(5, 6)).toBe(false);
    expect(c.add(29, 31)).toBe(false);
    expect(c.add(30, 31)).toBe(true);
    expect(c.add(-5, 0)).toBe(true);
    expect(c.ranges).toBe(1);
  });

  it('agrees with a set of covered seconds for any order of intervals', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 60 }), fc.integer({ min: 1, max: 8 }))), (items) => {
        const c = new Coverage();
        const seconds = new Set<number>();
        for (const [from, len] of items) {
          const free = Array.from({ length: len }, (_, i) => from + i).every((s) => !seconds.has(s));
          expect(c.add(from, from + len)).toBe(free);
          if (free) for (let s = from; s < from + len; s++) seconds.add(s);
        }
      }),
    );
  });

  it('stays one range for a long sorted series (memory by gaps, not rows)', () => {
    const c = new Coverage();
    for (let i = 0; i < 100_000; i++) c.add(i * 60, i * 60 + 60);
    expect(c.ranges).toBe(1);
  });
});

describe('ReadingCoverage', () => {
  const r = (start: number, interval_s: number): Reading => ({
    start,
    interval_s,
    import_wh: 0,
    export_wh: 0,
    generation_wh: 0,
  });
  it('tells an exact repeat of a start (any interval) from an overlap with another start', () => {
    const c = new ReadingCoverage();
    expect(c.add(r(1800, 60))).toBe('new');
    expect(c.add(r(1800, 60))).toBe('repeat');
    expect(c.add(r(1800, 1800))).toBe('repeat');
    expect(c.add(r(1830, 60))).toBe('overlap');
    expect(c.add(r(1860, 60))).toBe('new');
    expect(c.add(r(1800 - 60, 61))).toBe('overlap');
  });
});
