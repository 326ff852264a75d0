import { type Tariff, tariffInForce } from './model';
import { type StoredTariff, tariffFromStored, tariffToStored } from './storage';

// When the code's default (price-cap) series changes, money stored with the old series is wrong from the
// first local date on which the two series price anything differently. These helpers find that date
// and give the series a stable text form, so a database can remember which series priced its rows.

/** The date returned when the series differ before either starts: every stored date is affected. */
export const EVERY_DATE = '1970-01-01';

/** The series as text (stored forms, oldest first): equal text means equal prices on every date. */
export function serializeDefaultSeries(series: readonly Tariff[]): string {
  return JSON.stringify(series.map(tariffToStored));
}

/** The series from its text form; throws on anything that is not a valid series. */
export function parseDefaultSeries(text: string): Tariff[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new TypeError('a default series is an array of tariff versions');
  return parsed.map((s) => tariffFromStored(s as StoredTariff));
}

/** A version's rates without its start date, for comparing what two versions charge. */
const ratesOf = (t: Tariff | undefined): string =>
  t === undefined ? '' : JSON.stringify({ ...tariffToStored(t), startDate: '' });

/** The version in force on a date, the earliest one before the series starts (as defaultTariffOn). */
const onDate = (series: readonly Tariff[], date: string): Tariff | undefined =>
  tariffInForce(series, date) ?? series[0];

/**
 * The first local date on which `before` and `after` price differently (EVERY_DATE when they differ
 * before either starts, as each series' first version covers every earlier date), or null when they
 * charge the same everywhere. Only the start dates of the two series can begin a difference.
 */
export function firstChangedDate(before: readonly Tariff[], after: readonly Tariff[]): string | null {
  if (ratesOf(before[0]) !== ratesOf(after[0])) return EVERY_DATE;
  const starts = [...new Set([...before, ...after].map((t) => t.startDate))].sort();
  for (const date of starts) if (ratesOf(onDate(before, date)) !== ratesOf(onDate(after, date))) return date;
  return null;
}
