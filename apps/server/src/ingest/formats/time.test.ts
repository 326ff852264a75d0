import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilAsUtc, formatUtc, parseCivil, parseInstant, parseTimestamp } from './time';
import { NaiveTimeResolver, ZoneOffsets } from './zone';

const instant = (text: string): number => {
  const r = parseInstant(text);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};
const reason = (text: string): string => {
  const r = parseInstant(text);
  if (r.ok) throw new Error(`expected ${text} to be refused`);
  return r.reason;
};

describe('parseInstant', () => {
  it('reads epoch seconds and ISO 8601 with Z or an offset', () => {
    expect(instant('1727737200')).toBe(1_727_737_200);
    expect(instant('2024-10-01T00:00:00+01:00')).toBe(1_727_737_200);
    expect(instant('2024-09-30T23:00:00Z')).toBe(1_727_737_200);
    expect(instant('2024-09-30 23:00Z')).toBe(1_727_737_200);
    expect(instant('2024-10-01T00:00:00+0100')).toBe(1_727_737_200);
    expect(instant('2024-10-01T00:00:00+01')).toBe(1_727_737_200);
    expect(instant('2024-09-30T18:30:00.000-04:30')).toBe(1_727_737_200);
  });

  it('keeps the two 01:30s of the autumn clock change apart', () => {
    const bst = instant('2025-10-26T01:30:00+01:00');
    const gmt = instant('2025-10-26T01:30:00+00:00');
    expect(gmt - bst).toBe(3600);
    expect(formatUtc(bst)).toBe('2025-10-26T00:30:00Z');
  });

  it('refuses naive times, saying how to fix them', () => {
    expect(reason('2024-10-01T00:00:00')).toBe(
      '"2024-10-01T00:00:00" has no UTC offset; add Z or +01:00 (e.g. 2024-10-01T00:00:00+01:00)',
    );
    expect(reason('2024-10-01 00:00')).toMatch(/has no UTC offset; add Z or \+01:00/);
  });

  it.each([
    ['', /is empty/],
    ['NaN', /is not a time/],
    ['Infinity', /is not a time/],
    ['-1', /is not a time/],
    ['1e9', /is not a time/],
    ['0x10', /is not a time/],
    ['1727737200.5', /is not a time/],
    ['1727737200000', /looks like milliseconds/],
    ['12', /is outside 2000–2099/],
    ['2024-02-30T00:00:00Z', /is not a calendar date/],
    ['2023-02-29T00:00:00Z', /is not a calendar date/],
    ['2024-10-01T24:00:00Z', /is not a time of day/],
    ['2024-10-01T23:59:60Z', /is not a time of day/],
    ['2024-10-01T00:00:00.5Z', /fraction of a second/],
    ['2024-10-01T00:00:00+19:00', /impossible UTC offset/],
    ['01/10/2024 00:00', /is not a time/],
  ])('refuses %j', (text, why) => {
    expect(reason(text)).toMatch(why);
  });

  it('matches Date for any instant written with any offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 946_684_800, max: 4_102_444_799 }),
        fc.integer({ min: -12 * 4, max: 14 * 4 }),
        (t, quarters) => {
          const offset = quarters * 900;
          const local = new Date((t + offset) * 1000).toISOString().slice(0, 19);
          const abs = Math.abs(offset);
          const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
          const mm = String((abs % 3600) / 60).padStart(2, '0');
          expect(instant(`${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`)).toBe(t);
        },
      ),
    );
  });

  it('civilAsUtc agrees with Date.UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_799 }), (t) => {
        const text = new Date(t * 1000).toISOString().slice(0, 19);
        const civil = parseCivil(text);
        expect(civil.ok && civilAsUtc(civil.value)).toBe(t);
      }),
    );
  });
});

describe('naive times in a named zone', () => {
  const civil = (text: string) => {
    const r = parseTimestamp(text);
    if (!r.ok || typeof r.value === 'number') throw new Error(`${text} is not naive`);
    return r.value;
  };

  it('knows London offsets in winter and summer', () => {
    const z = ZoneOffsets.of('Europe/London');
    expect(z.offsetAt(instant('2024-01-15T12:00:00Z'))).toBe(0);
    expect(z.offsetAt(instant('2024-07-15T12:00:00Z'))).toBe(3600);
    expect(z.offsetAt(instant('2024-03-31T00:59:59Z'))).toBe(0);
    expect(z.offsetAt(instant('2024-03-31T01:00:00Z'))).toBe(3600);
  });

  it('resolves the repeated autumn hour by file order: first occurrence, then second', () => {
    const r = new NaiveTimeResolver('Europe/London');
    let previous: number | null = null;
    const at = (text: string): string => {
      const v = r.resolve(civil(text), text, previous);
      if (!v.ok) return v.reason;
      previous = v.value;
      return formatUtc(v.value);
    };
    expect(at('2025-10-26 00:59:00')).toBe('2025-10-25T23:59:00Z');
    expect(at('2025-10-26 01:00:00')).toBe('2025-10-26T00:00:00Z');
    expect(at('2025-10-26 01:59:00')).toBe('2025-10-26T00:59:00Z');
    expect(at('2025-10-26 01:00:00')).toBe('2025-10-26T01:00:00Z');
    expect(at('2025-10-26 01:59:00')).toBe('2025-10-26T01:59:00Z');
    expect(at('2025-10-26 02:00:00')).toBe('2025-10-26T02:00:00Z');
    previous = null;
    expect(at('2025-10-26 01:30:00')).toBe('2025-10-26T00:30:00Z'); // no previous row: the first occurrence
  });

  it('refuses a time the spring-forward skips', () => {
    const r = new NaiveTimeResolver('Europe/London');
    const v = r.resolve(civil('2025-03-30 01:30:00'), '2025-03-30 01:30:00');
    expect(v).toEqual({
      ok: false,
      reason: '"2025-03-30 01:30:00" does not exist in Europe/London (the clocks went forward over it)',
    });
    const after = r.resolve(civil('2025-03-30 02:00:00'), 'x');
    expect(after.ok && formatUtc(after.value)).toBe('2025-03-30T01:00:00Z');
  });

  it('treats UTC as UTC and refuses an unknown zone loudly', () => {
    const v = new NaiveTimeResolver('UTC').resolve(civil('2013-07-01 00:00:00'), 'x');
    expect(v.ok && formatUtc(v.value)).toBe('2013-07-01T00:00:00Z');
    expect(() => new NaiveTimeResolver('Europe/Atlantis')).toThrow(RangeError);
  });
});
