import { bad, type Checked, good, shown } from './errors';

/**
 * Number parsing for every unit the files carry. Energy and prices become integers by scaling the
 * *decimal string* (0.028 kWh → 28 Wh, -8.6415 p → -86415 µ£): multiplying a float and rounding is how
 * off-by-one watt-hours creep in (0.5005 * 1000 = 500.49999999999994, which rounds to 500, not 501). Only plain decimals are accepted:
 * no exponent, hex, "NaN", "Infinity", thousands separators or decimal commas.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Integer part digits allowed before scaling, so int × 10^4 stays a safe integer. */
const MAX_INT_DIGITS = 11;

/**
 * `text` × 10^`places` as an integer. Digits beyond `places` round half away from zero (for the
 * non-negative energies that is plain half-up: 0.0285 kWh → 29 Wh; for prices -0.00005 p → -1 µ£).
 */
export function scaledDecimal(text: string, places: number): Checked<number> {
  const m = DECIMAL.exec(text);
  if (m === null) return bad('syntax');
  const [, sign = '', intPart = '', frac = ''] = m;
  if (intPart.replace(/^0+/, '').length > MAX_INT_DIGITS) return bad('range');
  const kept = frac.slice(0, places).padEnd(places, '0');
  let magnitude = Number(intPart) * 10 ** places + Number(kept || '0');
  if ((frac[places] ?? '0') >= '5') magnitude += 1;
  return good(sign === '-' && magnitude !== 0 ? -magnitude : magnitude);
}

/** kWh with any number of decimals → integer Wh (more than 3 decimals: rounded half-up, see above). */
export function kwhToWh(text: string): Checked<number> {
  const v = scaledDecimal(text, 3);
  if (!v.ok) {
    return v.reason === 'range'
      ? bad(`${shown(text)} kWh is far too large for one reading`)
      : bad(
          `${shown(text)} is not a number of kilowatt-hours; write digits with a decimal point, e.g. 0.125`,
        );
  }
  if (v.value < 0) return bad(`${shown(text)} is negative; consumption cannot be below zero`);
  return v;
}

/** p/kWh → integer µ£/kWh (× 10,000). Negative prices are real (Agile pays you to use power). */
export function penceToMicroPounds(text: string): Checked<number> {
  const v = scaledDecimal(text, 4);
  if (!v.ok) {
    return v.reason === 'range'
      ? bad(`${shown(text)} p/kWh is far too large for a unit price`)
      : bad(
          `${shown(text)} is not a price in pence per kWh; write digits with a decimal point, e.g. -8.6415`,
        );
  }
  return v;
}

const DIGITS = /^\d+$/;

/** A whole, non-negative number of watt-hours written as digits (a CSV cell). */
export function wholeWh(text: string): Checked<number> {
  return wholeNumber(text, 'watt-hours', 'energy');
}

/** A whole, non-negative number of seconds written as digits. */
export function wholeSeconds(text: string): Checked<number> {
  return wholeNumber(text, 'seconds', 'a duration');
}

function wholeNumber(text: string, unit: string, what: string): Checked<number> {
  if (text === '') return bad(`is empty; expected a whole number of ${unit}`);
  if (!DIGITS.test(text)) {
    const hint = /^-\d/.test(text) ? `; ${what} cannot be negative` : '';
    return bad(`${shown(text)} is not a whole number of ${unit}${hint}`);
  }
  const n = Number(text);
  return Number.isSafeInteger(n) ? good(n) : bad(`${shown(text)} is far too large`);
}

/** A JSON number that must be a whole, non-negative count of `unit` (watt-hours, seconds). */
export function wholeValue(value: unknown, unit: string): Checked<number> {
  if (typeof value === 'string') return bad(`expected a number, got the string ${shown(value)}`);
  if (typeof value !== 'number') return bad(`expected a whole number of ${unit}, got ${typeName(value)}`);
  if (!Number.isFinite(value)) return bad(`${value} is not a finite number of ${unit}`);
  if (!Number.isInteger(value)) return bad(`${value} is not a whole number of ${unit}`);
  if (value < 0) return bad(`${value} is negative`);
  if (!Number.isSafeInteger(value)) return bad(`${value} is far too large`);
  return good(value);
}

// Pandas writes floats like 119.69999999999999 and, for tiny values, 1.5e-05: both are real watts.
const FLOAT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Watts from a sensor file: a finite, non-negative decimal; `null` for an empty cell (missing). */
export function watts(text: string, maxW: number): Checked<number | null> {
  if (text === '') return good(null);
  if (!FLOAT.test(text)) return bad(`${shown(text)} is not a number of watts`);
  const w = Number(text);
  if (!Number.isFinite(w) || w > maxW) return bad(`${shown(text)} W is above the ${maxW} W a home can draw`);
  if (w < 0) return bad(`${shown(text)} is negative; power drawn cannot be below zero`);
  return good(w === 0 ? 0 : w); // normalises -0
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
