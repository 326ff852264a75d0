import { describe, expect, it } from 'vitest';
import { fittingTickIndices } from './types';

// Issue 33 item 16: today's chart labelled 00:00, 08:00, 15:00 and 23:00 (four spread evenly over 24
// hours); a day's hours are labelled at round hours instead.

const widths = Array(24).fill(30); // '00:00' is about 30 px wide

describe('axis ticks at round hours', () => {
  it('labels a day of hours every 6 hours where they fit, every 12 where they do not', () => {
    expect(fittingTickIndices(24, 4, widths, 1000, 6)).toEqual([0, 6, 12, 18]);
    expect(fittingTickIndices(24, 4, widths, 120, 6)).toEqual([0, 12]);
  });

  it('without a step, spreads them evenly as before (first and last)', () => {
    expect(fittingTickIndices(24, 4, widths, 1000)).toEqual([0, 8, 15, 23]);
  });
});
