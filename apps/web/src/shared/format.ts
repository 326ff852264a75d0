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
