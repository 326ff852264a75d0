import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatKwh,
  formatPounds,
  microToPounds,
  nanoToPennies,
  penceToMicro,
  poundsToMicro,
} from '../src/index';

describe('exact decimals', () => {
  it('parses pound decimals without float error', () => {
    expect(0.57 * 1e4).not.toBe(5700); // the trap this module exists for (pence → µ£)
    expect(0.000249 * 1e6).not.toBe(249);
    expect(penceToMicro('0.57')).toBe(5700);
    expect(poundsToMicro('0.000249')).toBe(249);
    expect(poundsToMicro('0.1534')).toBe(153400);
    expect(poundsToMicro(0.1534)).toBe(153400);
    expect(poundsToMicro(0.29)).toBe(290000);
    expect(poundsToMicro('-0.086415')).toBe(-86415);
    expect(poundsToMicro('1e-6')).toBe(1);
    expect(poundsToMicro(1.5e-5)).toBe(15);
    expect(poundsToMicro('.5')).toBe(500000);
    expect(poundsToMicro('0.250000')).toBe(250000);
    expect(poundsToMicro('-0')).toBe(0);
    expect(Object.is(poundsToMicro('-0'), -0)).toBe(false);
    expect(penceToMicro('-8.6415')).toBe(-86415);
    expect(penceToMicro('34.9965')).toBe(349965);
  });

  it('rejects more decimals than µ£ can hold and non-numbers', () => {
    expect(() => poundsToMicro('0.1234567')).toThrow(/more than 6 decimals/);
    expect(() => poundsToMicro(0.1 + 0.2)).toThrow(/more than 6 decimals/);
    for (const bad of ['', '.', 'abc', '1,5', '0x10', '1.2.3'])
      expect(() => poundsToMicro(bad)).toThrow(RangeError);
    expect(() => poundsToMicro(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every µ£ value through text and through a JSON number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (micro) => {
        const text = microToPounds(micro);
        expect(poundsToMicro(text)).toBe(micro);
        expect(poundsToMicro(JSON.parse(JSON.stringify(Number(text))) as number)).toBe(micro);
        expect(text).toMatch(/^-?\d+(\.\d{1,6})?$/);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('display helpers (§9)', () => {
  it('shows pounds with 2 decimals, half away from zero', () => {
    expect(formatPounds(0)).toBe('0.00');
    expect(formatPounds(1_235_000_000)).toBe('1.24');
    expect(formatPounds(1_234_999_999)).toBe('1.23');
    expect(formatPounds(-1_235_000_000)).toBe('-1.24');
    expect(formatPounds(-4_999_999)).toBe('0.00');
    expect(formatPounds(-5_000_000)).toBe('-0.01');
    expect(formatPounds(123_456_789_000_000)).toBe('123456.79');
    expect(nanoToPennies(15_000_000)).toBe(2);
  });

  it('agrees with an independent BigInt rounding for any safe amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), (nano) => {
        const b = BigInt(nano);
        const abs = b < 0n ? -b : b;
        const pennies = (abs + 5_000_000n) / 10_000_000n;
        expect(BigInt(nanoToPennies(nano))).toBe(b < 0n ? -pennies : pennies);
      }),
      { numRuns: 5000 },
    );
  });

  it('shows kWh from Wh', () => {
    expect(formatKwh(1234)).toBe('1.23');
    expect(formatKwh(1235)).toBe('1.24');
    expect(formatKwh(5, 3)).toBe('0.005');
    expect(formatKwh(999_500, 0)).toBe('1000');
  });

  it('shows each figure rounded on its own (the profit rule judges these: contract outcome.ts)', () => {
    expect(formatPounds(56_400_000)).toBe('0.06'); // 5.64p
    expect(formatPounds(46_500_000)).toBe('0.05'); // 4.65p
    expect(formatPounds(54_900_000)).toBe('0.05');
    expect(formatPounds(45_100_000)).toBe('0.05');
  });
});
