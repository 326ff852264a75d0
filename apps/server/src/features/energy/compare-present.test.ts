import type { CompareRates } from '@homeview/contract';
import { describe, expect, it } from 'vitest';
import { mergeSame } from './compare-present';

const range = (from: string, to: string, over: Partial<CompareRates> = {}): CompareRates => ({
  fuel: 'electricity',
  from,
  to,
  source: 'Octopus Agile, published half-hourly prices of your region',
  clock: null,
  unit_rates: [],
  standing_charge: 0.22,
  export_unit_rates: [{ name: 'Fixed', start: '00:00', price: 0.15 }],
  ...over,
});

describe('the rates each figure used, as listed', () => {
  it('lists adjacent ranges that read the same once (a book split by the cap’s quarters beneath it)', () => {
    expect(
      mergeSame([
        range('2025-12-01', '2026-01-01'),
        range('2026-01-01', '2026-04-01'),
        range('2026-04-01', '2026-07-01'),
        range('2026-07-01', '2026-12-01', { standing_charge: 0.25 }),
        range('2025-12-01', '2026-12-01', { fuel: 'gas', source: 'your tariff' }),
      ]),
    ).toEqual([
      range('2025-12-01', '2026-07-01'),
      range('2026-07-01', '2026-12-01', { standing_charge: 0.25 }),
      range('2025-12-01', '2026-12-01', { fuel: 'gas', source: 'your tariff' }),
    ]);
  });

  it('keeps apart ranges with a gap between them, or a different fuel', () => {
    const apart = [range('2026-01-01', '2026-02-01'), range('2026-03-01', '2026-04-01')];
    expect(mergeSame(apart)).toEqual(apart);
    const fuels = [range('2026-01-01', '2026-02-01'), range('2026-02-01', '2026-03-01', { fuel: 'gas' })];
    expect(mergeSame(fuels)).toEqual(fuels);
  });
});
