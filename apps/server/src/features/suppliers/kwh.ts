// Energy from a supplier's kWh figure to integer Wh, exactly: the number is read as the decimal the API
// wrote (JavaScript's shortest round-trip text of the parsed number), shifted three places, and rounded
// half away from zero on that decimal, never on the binary double (1.0005 kWh is 1001 Wh, where
// Math.round(1.0005 * 1000) gives 1000). Suppliers send at most 3–4 decimals, so the rounding moves a
// half-hour by less than 1 Wh.

export function kwhToWh(kwh: number): number {
  if (!Number.isFinite(kwh)) throw new RangeError(`${kwh} is not a number of kWh`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(kwh));
  if (m === null) throw new RangeError(`${kwh} is not a number of kWh`);
  const [, sign, intPart = '', frac = '', exp = '0'] = m;
  const digits = intPart + frac;
  // Where the decimal point falls in `digits` once multiplied by 1000.
  const point = intPart.length + Number(exp) + 3;
  const whole = point <= 0 ? 0 : Number(digits.padEnd(point, '0').slice(0, point));
  const next = point < 0 ? 0 : Number(digits[point] ?? '0');
  const magnitude = whole + (next >= 5 ? 1 : 0);
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}
