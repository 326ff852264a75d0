import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kwhToWh, penceToMicroPounds, scaledDecimal, watts, wholeValue, wholeWh } from './numbers';

const value = <T>(r: { ok: true; value: T } | { ok: false; reason: string }): T => {
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};
const reason = (r: { ok: boolean; reason?: string }): string => r.reason ?? 'accepted';

describe('decimal strings to integers', () => {
  it('turns kWh into exact Wh where a float multiply would not', () => {
    expect(Math.round(0.5005 * 1000)).toBe(500); // why this module exists: 0.5005 * 1000 = 500.49999…
    expect(value(kwhToWh('0.5005'))).toBe(501);
    expect(value(kwhToWh('0.028000'))).toBe(28);
    expect(value(kwhToWh('1.005'))).toBe(1005);
    expect(value(kwhToWh('12'))).toBe(12_000);
    expect(value(kwhToWh('0'))).toBe(0);
  });

  it('rounds kWh beyond 3 decimals half-up', () => {
    expect(value(kwhToWh('0.0284999'))).toBe(28);
    expect(value(kwhToWh('0.0285'))).toBe(29);
    expect(value(kwhToWh('0.9995'))).toBe(1000);
  });

  it('is exact for every Wh written as kWh with 3 or more decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.nat({ max: 4 }), (wh, pad) => {
        const text = `${Math.floor(wh / 1000)}.${String(wh % 1000).padStart(3, '0')}${'0'.repeat(pad)}`;
        expect(value(kwhToWh(text))).toBe(wh);
      }),
    );
  });

  it('turns p/kWh into µ£/kWh exactly, negatives included', () => {
    expect(value(penceToMicroPounds('-8.6415'))).toBe(-86_415);
    expect(value(penceToMicroPounds('34.9965'))).toBe(349_965);
    expect(value(penceToMicroPounds('9.702'))).toBe(97_020);
    expect(value(penceToMicroPounds('15.34'))).toBe(153_400);
    expect(value(penceToMicroPounds('-0.00005'))).toBe(-1); // half away from zero
    expect(value(penceToMicroPounds('-0.00004'))).toBe(0);
  });

  it.each([['NaN'], ['Infinity'], ['1e309'], ['0x10'], [''], ['1,5'], ['+1'], [' 1'], ['.5']])(
    'refuses %j as kWh and as pence',
    (text) => {
      expect(reason(kwhToWh(text))).toMatch(/is not a number of kilowatt-hours/);
      expect(reason(penceToMicroPounds(text))).toMatch(/is not a price in pence per kWh/);
    },
  );

  it('refuses negative kWh and absurd magnitudes', () => {
    expect(reason(kwhToWh('-1'))).toBe('"-1" is negative; consumption cannot be below zero');
    expect(reason(kwhToWh('123456789012.5'))).toMatch(/far too large/);
    expect(scaledDecimal('99999999999.9999', 4)).toEqual({ ok: true, value: 999_999_999_999_999 });
  });
});

describe('whole numbers and watts', () => {
  it.each([
    ['1,5', '"1,5" is not a whole number of watt-hours'],
    ['-1', '"-1" is not a whole number of watt-hours; energy cannot be negative'],
    ['1.0', '"1.0" is not a whole number of watt-hours'],
    ['NaN', '"NaN" is not a whole number of watt-hours'],
    ['1e309', '"1e309" is not a whole number of watt-hours'],
    ['0x10', '"0x10" is not a whole number of watt-hours'],
    ['', 'is empty; expected a whole number of watt-hours'],
    ['99999999999999999999', '"99999999999999999999" is far too large'],
  ])('refuses %j as Wh', (text, message) => {
    expect(reason(wholeWh(text))).toBe(message);
  });

  it('checks JSON numbers by type, not by coercion', () => {
    expect(value(wholeValue(412, 'watt-hours'))).toBe(412);
    expect(reason(wholeValue('412', 'watt-hours'))).toBe('expected a number, got the string "412"');
    expect(reason(wholeValue(Number.NaN, 'watt-hours'))).toBe('NaN is not a finite number of watt-hours');
    expect(reason(wholeValue(Number.POSITIVE_INFINITY, 'seconds'))).toBe(
      'Infinity is not a finite number of seconds',
    );
    expect(reason(wholeValue(1.5, 'watt-hours'))).toBe('1.5 is not a whole number of watt-hours');
    expect(reason(wholeValue(-1, 'watt-hours'))).toBe('-1 is negative');
    expect(reason(wholeValue(null, 'watt-hours'))).toBe('expected a whole number of watt-hours, got null');
    expect(reason(wholeValue(2 ** 60, 'watt-hours'))).toMatch(/far too large/);
  });

  it('reads sensor watts as pandas writes them; empty is missing', () => {
    expect(value(watts('119.69999999999999', 1e5))).toBeCloseTo(119.7, 10);
    expect(value(watts('1.5e-05', 1e5))).toBe(0.000015);
    expect(value(watts('-0.0', 1e5))).toBe(0);
    expect(value(watts('', 1e5))).toBeNull();
    expect(reason(watts('NaN', 1e5))).toBe('"NaN" is not a number of watts');
    expect(reason(watts('0x10', 1e5))).toBe('"0x10" is not a number of watts');
    expect(reason(watts('1e309', 1e5))).toBe('"1e309" W is above the 100000 W a home can draw');
    expect(reason(watts('-1', 1e5))).toBe('"-1" is negative; power drawn cannot be below zero');
  });
});
