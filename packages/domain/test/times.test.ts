import { describe, expect, it } from 'vitest';
import { adviseRun, lowestWindow, pricesVary, spreadRun, type TimeSlot, typicalOf } from '../src/index';

// Cheapest and greenest windows and an appliance run's cost, worked out by hand.

const T0 = 1_800_000_000 - (1_800_000_000 % 1800); // a half-hour boundary
const slots = (prices: (number | null)[], carbon: (number | null)[] = []): TimeSlot[] =>
  prices.map((price, i) => ({ start: T0 + i * 1800, price, carbon: carbon[i] ?? null }));

describe('lowestWindow', () => {
  it('finds the contiguous run with the lowest sum, the earliest on a tie', () => {
    const s = slots([30, 10, 20, 10, 20, 5, 50]);
    // pairs: 40, 30, 30, 30, 25, 55 → index 4 (20 + 5)
    expect(lowestWindow(s, 2, (x) => x.price)).toEqual({
      start: T0 + 4 * 1800,
      end: T0 + 6 * 1800,
      sum: 25,
      slots: 2,
    });
    // triples: 60, 40, 50, 35, 75 → index 3
    expect(lowestWindow(s, 3, (x) => x.price)?.start).toBe(T0 + 3 * 1800);
    // all singles tie at 10 twice: the earlier
    expect(lowestWindow(slots([10, 10]), 1, (x) => x.price)?.start).toBe(T0);
  });

  it('never takes a slot without a value, nor a gap in time', () => {
    const s = slots([1, 1, null, 9, 9, 9], [null, 200, 100, 100, 300, 50]);
    expect(lowestWindow(s, 2, (x) => x.price)?.start).toBe(T0); // 1+1
    expect(lowestWindow(s, 3, (x) => x.price)?.start).toBe(T0 + 3 * 1800); // the only whole triple
    expect(lowestWindow(s, 2, (x) => x.carbon)?.sum).toBe(200); // 100+100
    const gap = [...slots([5]), { start: T0 + 2 * 1800, price: 5, carbon: null }];
    expect(lowestWindow(gap, 2, (x) => x.price)).toBeNull();
  });
});

it('pricesVary: a single rate has no cheapest time', () => {
  expect(pricesVary(slots([245_000, 245_000, null]))).toBe(false);
  expect(pricesVary(slots([245_000, 85_000]))).toBe(true);
});

describe('a run over the half-hours', () => {
  it('spreads its Wh by seconds in whole Wh that add up', () => {
    // 75 minutes from 10 minutes into a slot: 20 + 30 + 25 minutes of 1000 Wh → 266.67, 400, 333.33
    expect(spreadRun(T0 + 600, 4500, 1000)).toEqual([
      { slot: T0, wh: 267 },
      { slot: T0 + 1800, wh: 400 },
      { slot: T0 + 3600, wh: 333 },
    ]);
  });

  it('costs each part at its slot’s price, and finds the cheapest start after now', () => {
    // 1 h, 1200 Wh: 600 Wh a slot. Prices (µ£/kWh): 300k, 200k, 100k, 50k, 400k.
    const s = slots([300_000, 200_000, 100_000, 50_000, 400_000]);
    const advice = adviseRun(T0, 3600, 1200, s);
    // now: 600×300k + 600×200k = 300,000,000 n£ = 30p; at T0+2 slots: 600×100k + 600×50k = 9p
    expect(advice.now).toBe(300_000_000);
    expect(advice.best).toEqual({ start: T0 + 2 * 1800, cost: 90_000_000 });
  });

  it('is not priced where a slot it needs has no price', () => {
    const advice = adviseRun(T0, 3600, 1000, slots([100_000, null, 100_000, 100_000]));
    expect(advice.now).toBeNull();
    expect(advice.best?.start).toBe(T0 + 2 * 1800);
  });
});

it('typicalOf takes the middle value', () => {
  expect(typicalOf([90, 120, 100])).toBe(100);
  expect(typicalOf([4, 1, 3, 2])).toBe(2);
});
