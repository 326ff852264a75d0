// Local dates as they cross the wire ('YYYY-MM-DD', a day of the home's calendar) and the proleptic
// Gregorian arithmetic on them, on plain numbers: the one calendar of the server, the domain, the simulator
// and the web. No Date object is used, so nothing here can be influenced by the process time zone.

export interface CivilDate {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number; // 1..31
}

/** Days since 1970-01-01 for a civil date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day count; 1970-01-01 was a Thursday. */
export function isoWeekdayOfDays(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function daysInMonth(year: number, month: number): number {
  return (
    daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) -
    daysFromCivil(year, month, 1)
  );
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(m[1]), month);
}

/** Parses a strict 'YYYY-MM-DD' that names a real calendar day. */
export function parseLocalDate(text: string): CivilDate {
  const m = DATE_RE.exec(text);
  if (!m || !isLocalDate(text))
    throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(text)}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

export function formatLocalDate(date: CivilDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}

export function localDateToDays(text: string): number {
  const d = parseLocalDate(text);
  return daysFromCivil(d.year, d.month, d.day);
}

export function daysToLocalDate(days: number): string {
  return formatLocalDate(civilFromDays(days));
}

export function addDays(date: string, n: number): string {
  return daysToLocalDate(localDateToDays(date) + n);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a 'YYYY-MM-DD'. */
export function weekdayOfDate(date: string): number {
  return isoWeekdayOfDays(localDateToDays(date));
}

/** 'dd-mm-yy' of a local date, as the screens write dates (spec: "data up to 29-11-26"). */
export const shortDate = (date: string): string =>
  `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(2, 4)}`;
