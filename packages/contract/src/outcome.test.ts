import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from './outcome';

// Spec §9 on the amounts as shown (2 decimals): profit from 1p, break-even when equal, else loss.
describe('outcomeOf', () => {
  it('income 5.64p against cost 4.65p: shown £0.06 and £0.05, a profit', () => {
    expect(outcomeOf({ income: 0.0564, cost: 0.0465 })).toBe('profit');
  });

  it('5.49p against 4.51p: both shown £0.05, break even', () => {
    expect(outcomeOf({ income: 0.0549, cost: 0.0451 })).toBe('break-even');
  });

  it('at the penny', () => {
    expect(outcomeOf({ income: 1.01, cost: 1 })).toBe('profit');
    expect(outcomeOf({ income: 1, cost: 1.01 })).toBe('loss');
    expect(outcomeOf({ income: 2.5, cost: 2.5 })).toBe('break-even');
    expect(outcomeOf({ income: 0.1 + 0.2, cost: 0.3 })).toBe('break-even');
    expect(outcomeOf({ income: 0, cost: 0.01 })).toBe('loss');
  });

  it('any two penny amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 ** 9 }), (i, c) => {
        const expected = i - c >= 1 ? 'profit' : i === c ? 'break-even' : 'loss';
        expect(outcomeOf({ income: i / 100, cost: c / 100 })).toBe(expected);
      }),
    );
  });
});
