import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { carryRound, meterMinutes, roundMeter } from './rounding';

describe('carryRound', () => {
  test('each prefix sum is the exact prefix sum rounded (so within 0.5 Wh)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 200, noNaN: true }), { maxLength: 300 }), (values) => {
        const out = carryRound(values);
        let exact = 0;
        let sum = 0;
        for (let i = 0; i < values.length; i++) {
          exact += values[i] ?? 0;
          sum += out[i] ?? 0;
          expect(out[i]).toBeGreaterThanOrEqual(0);
          expect(Math.abs(sum - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
        }
      }),
    );
  });

  test('a zero minute stays zero', () => {
    expect([...carryRound([0.4, 0, 0.4, 0, 0.4])]).toEqual([0, 0, 1, 0, 0]);
  });
});

describe('meterMinutes', () => {
  test('day totals come out whole, export never exceeds generation', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 1.2, max: 150, noNaN: true }),
            fc.double({ min: 0, max: 100, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 200,
          },
        ),
        (pairs) => {
          const demand = Float64Array.from(pairs.map((p) => p[0]));
          const gen = Float64Array.from(pairs.map((p) => p[1]));
          const m = meterMinutes(demand, gen);
          const ints = roundMeter(m);
          const total = (a: ArrayLike<number>) => Array.from(a).reduce((s, v) => s + v, 0);
          for (const [exact, rounded] of [
            [m.importWh, ints.importWh],
            [m.exportWh, ints.exportWh],
            [m.generationWh, ints.generationWh],
          ] as const) {
            expect(Math.abs(total(exact) - total(rounded))).toBeLessThan(1e-6);
          }
          for (let i = 0; i < pairs.length; i++) {
            expect(ints.exportWh[i]).toBeLessThanOrEqual(ints.generationWh[i] ?? 0);
            expect((ints.importWh[i] ?? 0) > 0 && (ints.exportWh[i] ?? 0) > 0).toBe(false);
          }
        },
      ),
    );
  });
});
