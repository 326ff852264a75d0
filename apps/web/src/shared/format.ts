import { hhmmToClock } from '@homeview/contract/web';

// Display formats of spec §9: dates DD-MM-YY, times HH:mm, money with 2 decimals and the data's symbol.

const pad = (n: number) => String(n).padStart(2, '0');

/** 22-11-25 */
export function formatDate(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${pad(date.getFullYear() % 100)}`;
}

/** 09:05 */
export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function weekdayName(date: Date): string {
  return weekdays[date.getDay()] ?? '';
}

/** £1.50, -£0.25 (the sign before the symbol), £0.00 for a negative zero. */
export function formatMoney(currencyUnit: string, value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  const negative = value < 0 && fixed !== '0.00';
  return `${negative ? '-' : ''}${currencyUnit}${fixed}`;
}

export function greetingFor(date: Date): string {
  const hour = date.getHours();
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
