import { GAS_DEFAULT_CALORIFIC_VALUE, gasVolumeToWh } from '@homeview/domain';

// A supplier's figure to integer Wh, exactly, in one place for every client and fuel (issue 35). The
// number is read as the decimal the API wrote (JavaScript's shortest round-trip text of the parsed
// number), never multiplied as a binary double:
// - kWh (electricity; SMETS1 gas; the Bright cloud's gas): the decimal shifted three places and rounded
//   half away from zero on that decimal (1.0005 kWh is 1001 Wh, where Math.round(1.0005 * 1000) gives
//   1000). Suppliers send at most 3–4 decimals, so the rounding moves a half-hour by less than 1 Wh.
// - m³ (SMETS2 gas): kWh = m³ × 1.02264 (volume correction) × calorific value (MJ/m³) ÷ 3.6, the
//   calorific value the home's own of the half-hour's local date (calorific.ts; default 39.5, "from your
//   bill"), computed in integers by domain `gasVolumeToWh` and rounded once to the nearest Wh, half up:
//   0.5 m³ at 39.5 is 0.5 × 1.02264 × 39.5 ÷ 3.6 = 5.610 kWh = 5,610 Wh.

/** The calorific value used until the home gives its own, in tenths of a MJ/m³ (395). */
export const DEFAULT_CALORIFIC_TENTHS = Math.round(GAS_DEFAULT_CALORIFIC_VALUE * 10);

/** What a meter reports in. */
export type MeterUnit = 'kWh' | 'm3';

/** A finite number as the exact decimal its text writes: `units` × 10^-`scale`. */
function decimalOf(value: number): { negative: boolean; units: bigint; scale: number } {
  if (!Number.isFinite(value)) throw new RangeError(`${value} is not a number`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (m === null) throw new RangeError(`${value} is not a number`);
  const [, sign, intPart = '', frac = '', exp = '0'] = m;
  const shift = frac.length - Number(exp);
  const digits = BigInt(intPart + frac);
  return shift >= 0
    ? { negative: sign === '-', units: digits, scale: shift }
    : { negative: sign === '-', units: digits * 10n ** BigInt(-shift), scale: 0 };
}

/** `n / d` rounded to the nearest integer, halves away from zero (n ≥ 0). */
const roundDiv = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);

export function kwhToWh(kwh: number): number {
  const { negative, units, scale } = decimalOf(kwh);
  // Wh = units × 1000 / 10^scale.
  const wh = Number(
    scale <= 3 ? units * 10n ** BigInt(3 - scale) : roundDiv(units, 10n ** BigInt(scale - 3)),
  );
  return negative && wh !== 0 ? -wh : wh;
}

/** Wh of `m3` cubic metres of gas at `calorificTenths` (tenths of a MJ/m³, 300–500). */
export function cubicMetresToWh(m3: number, calorificTenths: number): number {
  const { negative, units, scale } = decimalOf(m3);
  if (negative && units !== 0n) throw new RangeError(`${m3} m³ is not a volume of gas`);
  return gasVolumeToWh(units, scale, calorificTenths);
}

/**
 * A meter's figure in its unit as Wh, or null when it cannot be energy (negative, not a number, beyond
 * a safe integer): the fill counts and logs it as a rejection and stores nothing for its half-hour.
 */
export function meterFigureToWh(value: number, unit: MeterUnit, calorificTenths: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const wh = unit === 'm3' ? cubicMetresToWh(value, calorificTenths) : kwhToWh(value);
  return Number.isSafeInteger(wh) ? wh : null;
}
