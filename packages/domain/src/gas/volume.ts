// A gas meter's volume as energy (issue 35): SMETS2 gas meters count m³, bills and the product count kWh.
// kWh = m³ × 1.02264 (the volume correction for standard temperature and pressure) × calorific value
// (MJ/m³, on the bill, typically 37.5–43) ÷ 3.6 (MJ per kWh). Done in integers, so a reading is exact to
// the Wh (kWh to 3 decimals): m³ in thousandths (the meter's register resolution), CV in tenths (as bills
// print it), rounded once to the nearest Wh, half up.

/** The volume correction factor of the Gas (Calculation of Thermal Energy) Regulations, as 102264 / 100000. */
export const GAS_VOLUME_CORRECTION = 1.02264;
/** The calorific value used until the home gives its own ("from your bill"), MJ/m³. */
export const GAS_DEFAULT_CALORIFIC_VALUE = 39.5;

/** `value × scale` as an integer when `value` has at most log10(scale) decimals, else null. */
function scaled(value: number, scale: number): number | null {
  const n = Math.round(value * scale);
  return Number.isFinite(value) && Math.abs(value * scale - n) < 1e-6 ? n : null;
}

/** Wh of `cubicMetres` of gas (at most 3 decimals, ≥ 0) at `calorificValue` MJ/m³ (1 decimal, 30–50). */
export function gasCubicMetresToWh(
  cubicMetres: number,
  calorificValue = GAS_DEFAULT_CALORIFIC_VALUE,
): number {
  if (!Number.isFinite(cubicMetres) || cubicMetres < 0)
    throw new RangeError(`${cubicMetres} m³ is not a volume of gas`);
  const litres = scaled(cubicMetres, 1000);
  if (litres === null) throw new RangeError(`${cubicMetres} m³ has more than 3 decimals`);
  const tenths = scaled(calorificValue, 10);
  if (tenths === null || tenths < 300 || tenths > 500)
    throw new RangeError(`${calorificValue} MJ/m³ is not a calorific value from 30.0 to 50.0 (one decimal)`);
  return gasVolumeToWh(BigInt(litres), 3, tenths);
}

/**
 * Wh of a volume given exactly as `units` × 10^-`scale` m³ (any number of decimals, as a supplier's API
 * wrote it) at `calorificTenths` tenths of a MJ/m³: Wh = m³ × 1.02264 × CV ÷ 3.6 × 1000
 * = units × 102,264 × tenths ÷ (10^scale × 3,600), in integers (BigInt), rounded once to the nearest Wh,
 * half up. No binary float is ever multiplied, so 1.0 m³ at 39.5 is 11,221 Wh on every machine.
 */
export function gasVolumeToWh(units: bigint, scale: number, calorificTenths: number): number {
  if (units < 0n) throw new RangeError('a volume of gas is never negative');
  if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`${scale} is not a number of decimals`);
  if (!Number.isInteger(calorificTenths) || calorificTenths < 300 || calorificTenths > 500)
    throw new RangeError(`${calorificTenths / 10} MJ/m³ is not a calorific value from 30.0 to 50.0`);
  const numerator = units * 102_264n * BigInt(calorificTenths);
  const denominator = 10n ** BigInt(scale) * 3_600n;
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}
