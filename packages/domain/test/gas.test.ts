import { describe, expect, it } from 'vitest';
import {
  compileTariffs,
  DEFAULT_GAS_TARIFFS,
  GAS_CAP_PERIODS,
  GAS_DEFAULT_CALORIFIC_VALUE,
  gasCubicMetresToWh,
} from '../src/index';

// Gas (issue 35): the dated price cap for gas, and the one conversion of a gas meter's m³ to energy.
const LONDON = 'Europe/London';
const utc = (iso: string): number => Date.parse(iso) / 1000;
const gas = compileTariffs([], LONDON, DEFAULT_GAS_TARIFFS);

describe('the dated default for gas (price cap series)', () => {
  it('is a valid series: increasing quarter starts, integer prices in a GB gas band', () => {
    expect(GAS_CAP_PERIODS.length).toBeGreaterThanOrEqual(14);
    expect(DEFAULT_GAS_TARIFFS).toHaveLength(GAS_CAP_PERIODS.length);
    for (const [i, c] of GAS_CAP_PERIODS.entries()) {
      expect(c.from).toMatch(/^\d{4}-(01|04|07|10)-01$/);
      if (i > 0) expect(c.from > (GAS_CAP_PERIODS[i - 1]?.from ?? '')).toBe(true);
      expect(Number.isSafeInteger(c.unit) && Number.isSafeInteger(c.standing)).toBe(true);
      // GB gas incl. VAT since October 2022: 5–11 p/kWh, 25–40 p/day.
      expect(c.unit).toBeGreaterThanOrEqual(50_000);
      expect(c.unit).toBeLessThanOrEqual(110_000);
      expect(c.standing).toBeGreaterThanOrEqual(250_000);
      expect(c.standing).toBeLessThanOrEqual(400_000);
    }
  });

  it("prices a gas half-hour at its own date's cap, and charges that date's gas standing charge", () => {
    expect(gas.rateAt('import', utc('2025-01-15T18:00:00Z'))).toBe(63_400); // 6.34 p/kWh
    expect(gas.standingChargeOn('2025-01-15')).toBe(316_500); // 31.65 p/day
    expect(gas.rateAt('import', utc('2026-03-29T12:00:00Z'))).toBe(59_300); // Jan–Mar 2026: 5.93p
    expect(gas.standingChargeOn('2026-03-29')).toBe(350_900);
    expect(gas.rateAt('import', utc('2026-10-25T12:00:00Z'))).toBe(73_300); // Jul–Sep 2026 runs on
    expect(gas.standingChargeOn('2026-10-25')).toBe(290_400);
    // Before the series starts its first period applies, as for electricity.
    expect(gas.rateAt('import', utc('2020-06-01T12:00:00Z'))).toBe(103_000);
    // A gas reading has no export or generation: the default pays nothing for either.
    expect(gas.rateAt('export', utc('2025-01-15T18:00:00Z'))).toBe(0);
  });
});

describe('gasCubicMetresToWh: kWh = m³ × 1.02264 × CV (MJ/m³) ÷ 3.6, exact to the Wh', () => {
  it('gives hand-worked values at the default calorific value (39.5 MJ/m³)', () => {
    expect(GAS_DEFAULT_CALORIFIC_VALUE).toBe(39.5);
    // 1 m³: 1.02264 × 39.5 / 3.6 = 40.39428 / 3.6 = 11.2206333… kWh → 11,221 Wh (nearest Wh).
    expect(gasCubicMetresToWh(1)).toBe(11_221);
    // 2.345 m³: 2.345 × 40.39428 = 94.7245866 MJ; ÷ 3.6 = 26.3123851… kWh → 26,312 Wh.
    expect(gasCubicMetresToWh(2.345)).toBe(26_312);
    // 0.001 m³ (a meter's smallest step): 0.04039428 MJ ÷ 3.6 = 0.011220633 kWh → 11 Wh.
    expect(gasCubicMetresToWh(0.001)).toBe(11);
    expect(gasCubicMetresToWh(0)).toBe(0);
  });

  it('takes the calorific value from the bill', () => {
    // 10 m³ at 38.9: 10 × 1.02264 × 38.9 = 397.80696 MJ; ÷ 3.6 = 110.5019333… kWh → 110,502 Wh.
    expect(gasCubicMetresToWh(10, 38.9)).toBe(110_502);
    // 100 m³ at 40.1: 100 × 1.02264 × 40.1 = 4100.7864 MJ; ÷ 3.6 = 1139.107333… kWh → 1,139,107 Wh.
    expect(gasCubicMetresToWh(100, 40.1)).toBe(1_139_107);
  });

  it('is exact where a float would drift: whole thousandths of m³ and tenths of a MJ in integers', () => {
    // 0.5 m³ at 36 MJ/m³: 0.5 × 1.02264 × 36 / 3.6 = 5.1132 kWh → 5,113 Wh (5113.2 → 5113).
    expect(gasCubicMetresToWh(0.5, 36)).toBe(5_113);
    // A half exactly: 125 m³ at 36: 125 × 1.02264 × 10 = 1278.3 kWh → 1,278,300 Wh.
    expect(gasCubicMetresToWh(125, 36)).toBe(1_278_300);
  });

  it('refuses what a meter cannot read: negative, NaN, more than 3 decimals, a CV out of range', () => {
    expect(() => gasCubicMetresToWh(-1)).toThrow(RangeError);
    expect(() => gasCubicMetresToWh(Number.NaN)).toThrow(RangeError);
    expect(() => gasCubicMetresToWh(1.0001)).toThrow(/3 decimals/);
    expect(() => gasCubicMetresToWh(1, 10)).toThrow(/calorific/);
    expect(() => gasCubicMetresToWh(1, 39.55)).toThrow(/calorific/);
  });
});
