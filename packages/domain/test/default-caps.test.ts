import { describe, expect, it } from 'vitest';
import {
  compileTariffs,
  DEFAULT_CAP_PERIODS,
  DEFAULT_EXPORT_PRICE,
  DEFAULT_TARIFFS,
  defaultTariffOn,
  fixedRate,
  makeTariff,
  periodContaining,
  priceSlots,
  rateAt,
  summarizePeriod,
  tariffToJson,
} from '../src/index';

// The default tariff is dated: a slot a house has not priced is priced at the price cap of its own
// local date. Figures in µ£ (1 p = 10 000 µ£), as in caps.ts.
const LONDON = 'Europe/London';
const utc = (iso: string): number => Date.parse(iso) / 1000;
const book = compileTariffs([], LONDON);

describe('the dated default (price cap series)', () => {
  it('is a valid series: increasing start dates on the 1st of a quarter month, integer prices', () => {
    expect(DEFAULT_CAP_PERIODS.length).toBeGreaterThanOrEqual(16);
    expect(DEFAULT_TARIFFS).toHaveLength(DEFAULT_CAP_PERIODS.length);
    for (const [i, c] of DEFAULT_CAP_PERIODS.entries()) {
      expect(c.from).toMatch(/^\d{4}-(01|04|07|10)-01$/);
      if (i > 0) expect(c.from > (DEFAULT_CAP_PERIODS[i - 1]?.from ?? '')).toBe(true);
      expect(Number.isSafeInteger(c.unit) && Number.isSafeInteger(c.standing)).toBe(true);
      // Sanity band for GB electricity incl. VAT since October 2021: 20–40 p/kWh, 20–65 p/day (the
      // standing charge was 24.88p until April 2022, 40p or more since).
      expect(c.unit).toBeGreaterThanOrEqual(200_000);
      expect(c.unit).toBeLessThanOrEqual(400_000);
      expect(c.standing).toBeGreaterThanOrEqual(c.from < '2022-04-01' ? 200_000 : 400_000);
      expect(c.standing).toBeLessThanOrEqual(650_000);
    }
  });

  it('prices a reading in the Energy Price Guarantee period (winter 2022) at 34.00 p/kWh, 46.36 p/day', () => {
    expect(book.rateAt('import', utc('2022-12-15T18:00:00Z'))).toBe(340_000);
    expect(book.standingChargeOn('2022-12-15')).toBe(463_600);
    expect(book.rateAt('import', utc('2023-02-01T12:00:00Z'))).toBe(340_000);
  });

  it('prices 2022, 2023 and 2026 readings at their own periods, not at today’s', () => {
    expect(book.rateAt('import', utc('2022-06-01T12:00:00Z'))).toBe(283_400); // Apr–Sep 2022
    expect(book.rateAt('import', utc('2023-11-01T12:00:00Z'))).toBe(273_500); // Oct–Dec 2023
    expect(book.standingChargeOn('2023-11-01')).toBe(533_700);
    expect(book.rateAt('import', utc('2026-05-10T12:00:00Z'))).toBe(246_700); // Apr–Jun 2026
    expect(book.standingChargeOn('2026-05-10')).toBe(572_100);
    expect(book.rateAt('import', utc('2026-08-10T12:00:00Z'))).toBe(261_100); // Jul–Sep 2026
    // The newest period runs on until a newer one is added (Oct–Dec 2026 is not in the series).
    expect(book.rateAt('import', utc('2026-11-24T12:00:00Z'))).toBe(261_100);
    expect(book.standingChargeOn('2026-11-24')).toBe(571_900);
  });

  it('prices a winter 2021-22 reading at the October 2021 cap (20.80 p/kWh, 24.88 p/day), to its last minute', () => {
    expect(book.rateAt('import', utc('2022-01-15T18:00:00Z'))).toBe(208_000);
    expect(book.standingChargeOn('2022-01-15')).toBe(248_800);
    // 31 March 2022 23:30 BST is still March; 1 April 00:00 BST (23:00 UTC) is the April 2022 cap.
    expect(book.rateAt('import', utc('2022-03-31T22:30:00Z'))).toBe(208_000);
    expect(book.rateAt('import', utc('2022-03-31T23:00:00Z'))).toBe(283_400);
    expect(book.standingChargeOn('2022-03-31')).toBe(248_800);
    expect(book.standingChargeOn('2022-04-01')).toBe(453_400);
  });

  it('before the series starts the earliest period applies (a 2014 or 2020 reading)', () => {
    for (const iso of ['2014-06-01T12:00:00Z', '2020-01-15T12:00:00Z', '2021-09-30T22:30:00Z']) {
      expect(book.rateAt('import', utc(iso))).toBe(208_000);
      expect(book.standingChargeOn(iso.slice(0, 10))).toBe(248_800);
    }
    expect(defaultTariffOn('1999-01-01')).toBe(DEFAULT_TARIFFS[0]);
    // Neither April 2022's rates (the series' first period before) nor 2026's apply to old readings.
    expect(rateAt([], 'import', utc('2020-01-15T12:00:00Z'), LONDON)).not.toBe(283_400);
    expect(rateAt([], 'import', utc('2020-01-15T12:00:00Z'), LONDON)).not.toBe(246_700);
  });

  it('a day spanning a cap change is priced at each side of local midnight', () => {
    // 1 April 2026 starts at 23:00 UTC on 31 March (BST). The UTC day 31 March holds 46 slots of the
    // Jan–Mar cap (27.69 p) and 2 of the Apr–Jun cap (24.67 p).
    const start = utc('2026-03-31T00:00:00Z');
    const slots = Array.from({ length: 48 }, (_, i) => ({
      slot_start: start + i * 1800,
      import_wh: 100,
      export_wh: 0,
      generation_wh: 0,
    }));
    const priced = priceSlots(book, slots);
    expect(priced[45]?.import_cost).toBe(100 * 276_900); // 22:30 UTC = 23:30 BST on the 31st
    expect(priced[46]?.import_cost).toBe(100 * 246_700); // 23:00 UTC = 00:00 BST on the 1st
    const total = priced.reduce((a, r) => a + r.import_cost, 0);
    expect(total).toBe(46 * 100 * 276_900 + 2 * 100 * 246_700);
    expect(book.standingChargeOn('2026-03-31')).toBe(547_500);
    expect(book.standingChargeOn('2026-04-01')).toBe(572_100);

    // The week of the change (Mon 30 March – Sun 5 April): two days at the old charge, five at the new.
    const week = periodContaining('week', utc('2026-04-01T12:00:00Z'), LONDON);
    const s = summarizePeriod(week, { book, rows: priced });
    expect(s.totals.standing_charge).toBe((2 * 547_500 + 5 * 572_100) * 1000);
    expect(s.totals.import_cost).toBe(total);
  });

  it('the change follows the house’s own local midnight', () => {
    const ny = compileTariffs([], 'America/New_York');
    // 1 April 2026 00:00 in New York (EDT) is 04:00 UTC.
    expect(ny.rateAt('import', utc('2026-04-01T03:30:00Z'))).toBe(276_900);
    expect(ny.rateAt('import', utc('2026-04-01T04:00:00Z'))).toBe(246_700);
  });

  it('a house tariff that leaves a rate unset gets the default of each slot’s date', () => {
    const own = [makeTariff({ startDate: '2022-01-01', import: fixedRate(300_000) })];
    const b = compileTariffs(own, LONDON);
    expect(b.rateAt('import', utc('2024-05-01T12:00:00Z'))).toBe(300_000);
    expect(b.standingChargeOn('2024-05-01')).toBe(601_000); // Apr–Jun 2024 cap
    expect(b.standingChargeOn('2025-05-01')).toBe(538_000); // Apr–Jun 2025 cap
    expect(b.rateAt('export', utc('2024-05-01T12:00:00Z'))).toBe(DEFAULT_EXPORT_PRICE);
  });

  it('used_tariff shows the version in force on the given date', () => {
    expect(tariffToJson(defaultTariffOn('2024-08-01')).import).toEqual([
      { days: 'all', prices: [0.2236], times: [0], rate_names: ['fix'] },
    ]);
    expect(tariffToJson(defaultTariffOn('2024-08-01')).standing_charge).toEqual([
      { days: 'all', prices: [0.6012], times: [0], rate_names: ['fix'] },
    ]);
  });
});
