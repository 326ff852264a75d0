// Local calendar days for the activity screens, by the browser's calendar (the carer's day), with
// Date's own arithmetic so a clock-change day is 23 or 25 hours long, never a fixed 86 400 s.

/** Epoch seconds of the local midnight that starts the day containing `epochSeconds`. */
export function dayStart(epochSeconds: number): number {
  const d = new Date(epochSeconds * 1000);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** The local midnight `days` days after (or before) the day containing `epochSeconds`. */
export function addDays(epochSeconds: number, days: number): number {
  const d = new Date(dayStart(epochSeconds) * 1000);
  d.setDate(d.getDate() + days);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** `count` consecutive local day starts from the day containing `from`. */
export function daysFrom(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** 'YYYY-MM-DD' of the local day (the value of an <input type="date">). */
export function isoDay(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local midnight of a 'YYYY-MM-DD', or null when it is not a date. */
export function fromIsoDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const d = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(d.getTime()) ? null : Math.floor(d.getTime() / 1000);
}
