import { hhmmToClock } from '@homeview/contract/web';
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

/**
 * A duration a person reads at a glance (issue 21): '45 min', '5 h 12 min', '26 days 12 h'. Past a day the
 * minutes are noise: it rounds to the nearest hour. The API sends minutes ({value, unit: 'mins'}).
 */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  if (total < 24 * 60) {
    const m = total % 60;
    return `${Math.floor(total / 60)} h${m === 0 ? '' : ` ${m} min`}`;
  }
  const hours = Math.round(total / 60);
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return `${days} ${days === 1 ? 'day' : 'days'}${h === 0 ? '' : ` ${h} h`}`;
}

/** An API duration ({value, unit}): minutes read as formatDuration, any other unit as it came. */
export function formatApiDuration(duration: { value: number; unit: string }): string {
  return duration.unit === 'mins' ? formatDuration(duration.value) : `${duration.value} ${duration.unit}`;
}

/** A tariff time, sent as an integer HHMM (spec-decisions "Tariff write"), as a clock reads: 0 → '00:00'. */
export const formatHhmm = (hhmm: number): string => hhmmToClock(hhmm);
