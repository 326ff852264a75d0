import { describe, expect, it } from 'vitest';
import { type RateEntry, rateEntryFromRows, rateRowsFromEntry, TariffWrite, tariffKind } from '../index';

const e = (days: RateEntry['days'], prices: number[]): RateEntry => ({
  days,
  prices,
  times: prices.map((_, i) => i * 100),
  rate_names: prices.map((_, i) => `r${i}`),
});

describe('tariffKind', () => {
  it.each([
    [[e('all', [0.2])], 'Fixed'],
    [[e('all', [0.3, 0.1])], 'TOU'],
    [[e('weekdays', [0.2]), e('weekend', [0.1])], 'Day'],
    [[e('weekdays', [0.3, 0.1]), e('weekend', [0.1])], 'Day-TOU'],
  ])('%j is %s', (list, kind) => {
    expect(tariffKind(list)).toBe(kind);
  });
});

describe('rate editor rows', () => {
  it('become an entry sorted by start time, prices parsed, colons removed', () => {
    const entry = rateEntryFromRows('weekend', [
      { unit_name: 'Night ', start_time: '23:30', unit_price: '0.075' },
      { unit_name: 'Day', start_time: '00:00', unit_price: '0.28' },
    ]);
    expect(entry).toEqual({
      days: 'weekend',
      prices: [0.28, 0.075],
      times: [0, 2330],
      rate_names: ['Day', 'Night'],
    });
    expect(TariffWrite.safeParse({ import: [entry] }).success).toBe(true);
  });

  it('carry unparsable input through as NaN so the write refuses it', () => {
    const entry = rateEntryFromRows('all', [{ unit_name: 'Day', start_time: '00:00', unit_price: '' }]);
    expect(entry.prices[0]).toBeNaN();
    expect(TariffWrite.safeParse({ import: [entry] }).success).toBe(false);
  });

  it('come back from an entry', () => {
    expect(
      rateRowsFromEntry({
        days: 'all',
        prices: [0.28, 0.075],
        times: [0, 730],
        rate_names: ['Day', 'Night'],
      }),
    ).toEqual([
      { unit_name: 'Day', start_time: '00:00', unit_price: '0.28' },
      { unit_name: 'Night', start_time: '07:30', unit_price: '0.075' },
    ]);
  });
});
