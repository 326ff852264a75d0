// Exact conversions between decimal text and scaled integers. Prices arrive as pound decimals
// ('0.1534') or pence ('-8.6415'); multiplying the float by 1e6 would give 153399.99999999997, so the
// digits are shifted as text instead.

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parses a decimal number (string or JS number) into an integer scaled by 10^scale. Throws RangeError
 * when the value has more significant decimals than the scale allows or is not a finite decimal.
 */
export function parseScaledDecimal(value: string | number, scale: number): number {
  const text = typeof value === 'number' ? numberToText(value) : value.trim();
  const m = DECIMAL_RE.exec(text);
  const intPart = m?.[2] ?? '';
  const fracPart = m?.[3] ?? '';
  if (!m || (intPart === '' && fracPart === ''))
    throw new RangeError(`not a decimal number: ${JSON.stringify(value)}`);
  const exponent = m[4] === undefined ? 0 : Number(m[4]);
  // Move the decimal point `scale + exponent` places to the right.
  const pointAt = intPart.length + scale + exponent; // index in `intPart + fracPart` where the point lands
  const all = intPart + fracPart;
  let whole: string;
  if (pointAt <= 0) {
    if (/[1-9]/.test(all)) throw new RangeError(`more than ${scale} decimals: ${JSON.stringify(value)}`);
    whole = '0';
  } else if (pointAt >= all.length) {
    whole = all + '0'.repeat(pointAt - all.length);
  } else {
    if (/[1-9]/.test(all.slice(pointAt)))
      throw new RangeError(`more than ${scale} decimals: ${JSON.stringify(value)}`);
    whole = all.slice(0, pointAt);
  }
  const magnitude = Number(whole === '' ? '0' : whole);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`out of range: ${JSON.stringify(value)}`);
  return m[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

function numberToText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  // String() gives the shortest text that round-trips, i.e. what the sender most likely typed.
  return String(n);
}

/** Formats a scaled integer as a plain decimal with trailing zeros trimmed: (153400, 6) → '0.1534'. */
export function formatScaledDecimal(scaled: number, scale: number, minDecimals = 0): string {
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`not a safe integer: ${scaled}`);
  const neg = scaled < 0;
  const abs = String(Math.abs(scaled)).padStart(scale + 1, '0');
  const intPart = abs.slice(0, abs.length - scale);
  let frac = abs.slice(abs.length - scale).replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${neg ? '-' : ''}${intPart}${frac.length > 0 ? `.${frac}` : ''}`;
}

/** '0.1534' (£) → 153400 (µ£). Up to 6 decimals. */
export function poundsToMicro(value: string | number): number {
  return parseScaledDecimal(value, 6);
}

/** 153400 (µ£) → '0.1534' (£), up to 6 decimals. */
export function microToPounds(micro: number): string {
  return formatScaledDecimal(micro, 6);
}

/** '-8.6415' (p) → -86415 (µ£). Up to 4 decimals. */
export function penceToMicro(value: string | number): number {
  return parseScaledDecimal(value, 4);
}
