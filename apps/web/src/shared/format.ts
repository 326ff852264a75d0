import { localParts } from './time';

// Display formats of spec §9 besides times (those are shared/time.ts): money with 2 decimals and the
// data's symbol, and the greeting.

/** £1.50, -£0.25 (the sign before the symbol), £0.00 for a negative zero. */
export function formatMoney(currencyUnit: string, value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  const negative = value < 0 && fixed !== '0.00';
  return `${negative ? '-' : ''}${currencyUnit}${fixed}`;
}

/** By the hour of `ts` (epoch s) on the browser's clock: the person greeted is the one looking. */
export function greetingFor(ts: number): string {
  const hour = localParts(ts).hour;
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
