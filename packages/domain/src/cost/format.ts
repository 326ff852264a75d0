// Display helpers: the only place money and energy become decimals (§9: money shows 2 decimals).

const NANO_PER_PENNY = 10_000_000;

/** Exact floor division for safe integers (a float quotient alone can land on the wrong side). */
function divFloor(a: number, b: number): number {
  let q = Math.floor(a / b);
  const r = a - q * b;
  if (r < 0) q -= 1;
  else if (r >= b) q += 1;
  return q;
}

/** Divides and rounds half away from zero, exactly. */
export function roundDiv(value: number, divisor: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
  const q = divFloor(Math.abs(value) + Math.floor(divisor / 2), divisor);
  return value < 0 ? -q || 0 : q;
}

/** n£ → whole pennies, half away from zero. */
export function nanoToPennies(nano: number): number {
  return roundDiv(nano, NANO_PER_PENNY);
}

function fixed(scaled: number, decimals: number): string {
  const sign = scaled < 0 ? '-' : '';
  const abs = String(Math.abs(scaled)).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -decimals)}.${abs.slice(-decimals)}`;
}

/** n£ → pounds with 2 decimals, e.g. 1_235_000_000 → '1.24'; never '-0.00'. */
export function formatPounds(nano: number): string {
  return fixed(nanoToPennies(nano), 2);
}

/** Wh → kWh with the given decimals (half away from zero): 1234 → '1.23'. */
export function formatKwh(wh: number, decimals = 2): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 3)
    throw new RangeError('decimals must be 0..3');
  return fixed(roundDiv(wh, 10 ** (3 - decimals)), decimals);
}
