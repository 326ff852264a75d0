// Tariff prices as a UK bill writes them (issue 33 item 13): unit rates in pence per kWh, the standing
// charge in pence per day, typed and shown. The API keeps the spec's unit, pounds (§3, §5.2 'the unit is
// pounds', spec-decisions "Tariff write"), and the web converts here and nowhere else: at its edge, when a
// tariff is read into a screen or a form and when a form is sent. The conversion moves the decimal point
// in the decimal text, so no float arithmetic touches a price: 0.29 * 100 is 28.999999999999996 and
// 24.67 / 100 is 0.24670000000000003, while here 0.29 is '29' and '24.67' is sent as 0.2467.

/** The API takes at most 6 decimals of a pound (it stores µ£), so pence take at most 4. */
export const PENCE_DECIMALS = 4;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** True when `text` is a plain decimal number: 24, 24.5, .5, -5 (no exponent, no thousands separator). */
export const isDecimal = (text: string): boolean => {
  const m = DECIMAL.exec(text.trim());
  return m !== null && `${m[2]}${m[3] ?? ''}` !== '';
};

/** The decimals a decimal text has ('24.50' → 2). */
export const decimalsOf = (text: string): number => (text.trim().split('.')[1] ?? '').length;

/** Decimal text × 10^places, as canonical decimal text (no leading or trailing zeros, no '-0'). */
function shiftPoint(text: string, places: number): string {
  const m = DECIMAL.exec(text.trim());
  if (m === null || `${m[2]}${m[3] ?? ''}` === '') throw new Error(`not a decimal: ${text}`);
  const whole = m[2] ?? '';
  let digits = whole + (m[3] ?? '');
  let point = whole.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point, '0');
  const int = digits.slice(0, point).replace(/^0+/, '') || '0';
  const frac = digits.slice(point).replace(/0+$/, '');
  const body = frac === '' ? int : `${int}.${frac}`;
  return body === '0' || m[1] !== '-' ? body : `-${body}`;
}

/** A number as the decimal text JSON carried (0.245 → '0.245'), without an exponent for tiny values. */
const decimalText = (n: number): string => (/e/i.test(String(n)) ? n.toFixed(12) : String(n));

/** The API's £ value → pence as decimal text: 0.245 → '24.5', -0.05 → '-5', 0.000001 → '0.0001'. */
export const penceFromPounds = (pounds: number): string => shiftPoint(decimalText(pounds), 2);

/** Pence as typed ('24.50') → the API's £ value (0.245); NaN when the text is not a decimal number. */
export const poundsFromPence = (text: string): number =>
  isDecimal(text) ? Number(shiftPoint(text, -2)) : Number.NaN;

/** The API's £ value as pence with at least 2 decimals, as a bill and the form show it: 0.245 → '24.50'. */
export function penceText(pounds: number): string {
  const text = penceFromPounds(pounds);
  const decimals = decimalsOf(text);
  if (decimals >= 2) return text;
  return `${text}${decimals === 0 ? '.' : ''}${'0'.repeat(2 - decimals)}`;
}

/** A price shown with its unit letter: 0.245 → '24.50p', 0.12345 → '12.345p', -0.05 → '-5.00p'. */
export const formatPence = (pounds: number): string => `${penceText(pounds)}p`;
