import { describe, expect, it } from 'vitest';
import {
  compileTariffs,
  fixedRate,
  makeTariff,
  periodContaining,
  periodCost,
  summarizePeriod,
} from '../src/index';

// One cost of a period, with figures worked out by hand: import at 20p/kWh (200,000 µ£/kWh), a standing
// charge of 50p a day (500,000 µ£/day = 500,000,000 n£) until 2024-11-15, 60p from then on; export
// earns 15p/kWh, which is income and never lowers the cost.

const ZONE = 'Europe/London';
const book = compileTariffs(
  [
    makeTariff({
      startDate: '2024-01-01',
      standingCharge: 500_000,
      import: fixedRate(200_000),
      export: fixedRate(150_000),
    }),
    makeTariff({
      startDate: '2024-11-15',
      standingCharge: 600_000,
      import: fixedRate(200_000),
      export: fixedRate(150_000),
    }),
  ],
  ZONE,
);
const november = periodContaining('month', Date.UTC(2024, 10, 20) / 1000, ZONE);
/** The first reading: 10 November 2024, 12:00 in London (GMT). */
const firstReading = Date.UTC(2024, 10, 10, 12) / 1000;
/** 10 kWh imported on the 10th: 10,000 Wh × 200,000 µ£/kWh = 2,000,000,000 n£ (£2.00). */
const IMPORT_COST = 2_000_000_000;

describe('periodCost', () => {
  it('charges every day from the first reading to the end of a past month, with data or not', () => {
    // 10–14 Nov: 5 days at 50p; 15–30 Nov: 16 days at 60p; £2.50 + £9.60 + £2.00 import = £14.10.
    const now = Date.UTC(2024, 11, 1, 7) / 1000;
    expect(periodCost(IMPORT_COST, november, book, { chargeFrom: firstReading, now })).toBe(14_100_000_000);
  });

  it('charges today in full and no day after it', () => {
    // 10–14 Nov at 50p and 15–20 Nov (today, the 20th) at 60p: £2.50 + £3.60 + £2.00 = £8.10.
    const now = Date.UTC(2024, 10, 20, 9) / 1000;
    expect(periodCost(IMPORT_COST, november, book, { chargeFrom: firstReading, now })).toBe(8_100_000_000);
  });

  it("is the screens' cost: summarizePeriod's balance over the same rows", () => {
    const slot = Date.UTC(2024, 10, 10, 12) / 1000;
    const rows = [
      {
        slot_start: slot,
        import_wh: 10_000,
        export_wh: 2_000,
        generation_wh: 0,
        import_cost: IMPORT_COST,
        export_income: 300_000_000,
        generation_income: 0,
      },
    ];
    const now = Date.UTC(2024, 11, 1, 7) / 1000;
    const summary = summarizePeriod(november, { book, rows, chargeFrom: firstReading, now });
    expect(summary.balance.cost).toBe(14_100_000_000);
    expect(summary.balance.cost).toBe(
      periodCost(IMPORT_COST, november, book, { chargeFrom: firstReading, now }),
    );
  });
});
