import {
  clockToHhmm,
  isHalfHourHhmm,
  type RateDays,
  type RateEntry,
  type RateKind,
  type RateList,
  type RateRow,
  rateEntryFromRows,
  rateRowsFromEntry,
  type TariffKind,
  tariffKind,
} from '@homeview/contract/web';
import { decimalsOf, isDecimal, PENCE_DECIMALS, penceText, poundsFromPence } from '../../shared/pence';

// The tariff editor's pure rules (spec §5.2, §9): the rows of one rate on some days, checked before they
// are sent, and the rate list a save writes. The server checks the same things again (the contract).
// The editor's rows carry unit_price in pence per kWh as typed (issue 33 item 13); the API's pounds cross
// only in startingRows (read) and nextRateList (sent), through shared/pence.ts.

export const MAX_RATE_ROWS = 48;
export const RATE_LABEL: Record<RateKind, string> = {
  import: 'import rates',
  export: 'export rates',
  generation: 'generation rates',
};
export const DAYS_LABEL: Record<RateDays, string> = {
  all: 'Every day',
  weekdays: 'Weekdays',
  weekend: 'Weekend',
};

/**
 * A rate list's kind as a person names it (issue 33 item 13). The API keeps the §9 kinds (Fixed, Day,
 * TOU, Day-TOU); the screens show these words instead.
 */
export const KIND_NAME: Record<TariffKind, string> = {
  Fixed: 'Fixed',
  Day: 'Weekday and weekend',
  TOU: 'Time of day',
  'Day-TOU': 'Time of day and week',
};
export const kindName = (list: RateList): string => KIND_NAME[tariffKind(list)];

export const isRateKind = (value: string | undefined): value is RateKind =>
  value === 'import' || value === 'export' || value === 'generation';
export const isRateDays = (value: string | undefined): value is RateDays =>
  value === 'all' || value === 'weekdays' || value === 'weekend';

export interface RowErrors {
  unit_name?: string;
  start_time?: string;
  unit_price?: string;
}

export interface RowsCheck {
  ok: boolean;
  rows: RowErrors[];
  /** A problem of the whole list, shown above the Save button. */
  form: string | null;
}

/**
 * A unit price as typed, in pence per kWh. The bounds are the API's (§5.2: under £1, more than -£1, at most
 * 6 decimals of a pound), said in pence: the spec's 'Price must be under 1' would read as under 1p here.
 */
export function checkPrice(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter a price in pence per kWh';
  if (!isDecimal(trimmed)) return 'Enter a price in pence, like 24.50';
  const pounds = poundsFromPence(trimmed);
  if (pounds >= 1) return 'Price must be under 100p (£1)';
  if (pounds <= -1) return 'Price must be more than -100p';
  if (decimalsOf(trimmed) > PENCE_DECIMALS) return `Use at most ${PENCE_DECIMALS} decimal places`;
  return undefined;
}

/** Checks the editor's rows: names, half-hour start times (one at 00:00, none twice), prices under 1. */
export function checkRows(rows: readonly RateRow[]): RowsCheck {
  const seen = new Map<number, number>();
  const errors = rows.map((row, i): RowErrors => {
    const e: RowErrors = {};
    const name = row.unit_name.trim();
    if (name === '') e.unit_name = 'Give this rate a name';
    else if (name.length > 50) e.unit_name = 'Use at most 50 characters';
    const time = clockToHhmm(row.start_time);
    if (time === undefined || !isHalfHourHhmm(time)) e.start_time = 'Choose a start time';
    else if (seen.has(time)) e.start_time = 'Another rate already starts at this time';
    else seen.set(time, i);
    const price = checkPrice(row.unit_price);
    if (price) e.unit_price = price;
    return e;
  });
  let form: string | null = null;
  if (rows.length > MAX_RATE_ROWS) form = `A day has at most ${MAX_RATE_ROWS} rates`;
  else if (rows.length > 0 && !seen.has(0)) form = 'One rate must start at 00:00';
  const ok = form === null && errors.every((e) => Object.keys(e).length === 0);
  return { ok, rows: errors, form };
}

/**
 * The rows the editor starts with for `days`: that entry's, else the every-day entry's, else one fixed
 * rate. Prices in pence (the API's 0.245 is '24.50').
 */
export function startingRows(list: RateList | null, days: RateDays): RateRow[] {
  const entry = list?.find((e) => e.days === days) ?? list?.find((e) => e.days === 'all');
  if (entry) {
    return rateRowsFromEntry(entry).map((row, i) => ({
      ...row,
      unit_price: penceText(entry.prices[i] ?? 0),
    }));
  }
  return [{ unit_name: 'Standard', start_time: '00:00', unit_price: '' }];
}

/** Editor rows (pence as typed) → the contract's rows in pounds ('24.50' → '0.245'), exactly. */
const inPounds = (rows: readonly RateRow[]): RateRow[] =>
  rows.map((row) => {
    const pounds = poundsFromPence(row.unit_price);
    return { ...row, unit_price: Number.isNaN(pounds) ? row.unit_price : String(pounds) };
  });

const ORDER: Record<RateDays, number> = { all: 0, weekdays: 1, weekend: 2 };
const OTHER: Record<'weekdays' | 'weekend', 'weekdays' | 'weekend'> = {
  weekdays: 'weekend',
  weekend: 'weekdays',
};

/**
 * The rate list a save writes when `days` get `rows` (prices in pence as typed; the list in pounds). Every day replaces the whole list. Weekdays or
 * weekend replace only their own entry; the other days keep what they had (an every-day entry becomes
 * theirs). No rows removes the days' entry; a list left empty is null, which clears the rate so the
 * default tariff applies (§5.2).
 */
export function nextRateList(
  current: RateList | null,
  days: RateDays,
  rows: readonly RateRow[],
): RateList | null {
  const kept: RateEntry[] = [];
  if (days !== 'all') {
    const other = OTHER[days];
    const own = current?.find((e) => e.days === other) ?? current?.find((e) => e.days === 'all');
    if (own) kept.push({ ...own, days: other });
  }
  if (rows.length > 0) kept.push(rateEntryFromRows(days, inPounds(rows)));
  kept.sort((a, b) => ORDER[a.days] - ORDER[b.days]);
  return kept.length === 0 ? null : kept;
}

/** Today's local date YYYY-MM-DD (the default start of a saved tariff). */
export function todayInput(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
