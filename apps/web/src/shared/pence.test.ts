import { describe, expect, it } from 'vitest';
import { formatPence, isDecimal, penceFromPounds, penceText, poundsFromPence } from './pence';

describe('tariff prices in pence, the API in pounds (issue 33 item 13)', () => {
  it('moves the decimal point without float drift, where × 100 and ÷ 100 would drift', () => {
    // The float way is wrong for these: the test would fail with it.
    expect(0.29 * 100).not.toBe(29);
    expect(0.07 * 100).not.toBe(7);
    expect(24.67 / 100).not.toBe(0.2467);
    expect(penceFromPounds(0.29)).toBe('29');
    expect(penceFromPounds(0.245)).toBe('24.5');
    expect(penceFromPounds(0.07)).toBe('7');
    expect(penceFromPounds(0.5721)).toBe('57.21');
    expect(penceFromPounds(-0.05)).toBe('-5');
    expect(penceFromPounds(0.000001)).toBe('0.0001');
    expect(penceFromPounds(0)).toBe('0');
    expect(penceFromPounds(9.999999)).toBe('999.9999');

    expect(poundsFromPence('24.67')).toBe(0.2467);
    expect(poundsFromPence('24.50')).toBe(0.245);
    expect(poundsFromPence('7')).toBe(0.07);
    expect(poundsFromPence('57.21')).toBe(0.5721);
    expect(poundsFromPence('-5')).toBe(-0.05);
    expect(poundsFromPence('0.0001')).toBe(0.000001);
    expect(poundsFromPence(' 8.5 ')).toBe(0.085);
    expect(poundsFromPence('.5')).toBe(0.005);
    expect(poundsFromPence('-0')).toBe(0);
    expect(poundsFromPence('abc')).toBeNaN();
    expect(poundsFromPence('1e2')).toBeNaN();
    expect(poundsFromPence('')).toBeNaN();
  });

  it('round-trips every price the API can hold (whole µ£ from -£1 to £10) exactly', () => {
    for (let micro = -1_000_000; micro <= 10_000_000; micro += 7_919) {
      const pounds = micro / 1_000_000;
      expect(poundsFromPence(penceFromPounds(pounds))).toBe(pounds);
      expect(poundsFromPence(penceText(pounds))).toBe(pounds);
    }
  });

  it('shows pence with at least 2 decimals, as a bill does', () => {
    expect([0.245, 0.2467, 0.12345, -0.05, 1, 0.55].map(formatPence)).toEqual([
      '24.50p',
      '24.67p',
      '12.345p',
      '-5.00p',
      '100.00p',
      '55.00p',
    ]);
    expect(penceText(0.0825)).toBe('8.25');
  });

  it('knows a decimal number when it sees one', () => {
    expect(['24', '24.5', '.5', '-5', '24.'].every(isDecimal)).toBe(true);
    expect(['', '.', '-', '1e2', '2,50', '24p', 'abc'].some(isDecimal)).toBe(false);
  });
});
