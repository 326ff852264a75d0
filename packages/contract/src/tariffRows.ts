import { clockToHhmm, hhmmToClock } from './clock';
import type { RateDays } from './codes';
import type { RateEntry, RateList } from './entities/tariff';

// The tariff screens' helpers over the §3 Tariff entity: the kind of a rate list and the rates editor's
// rows. Free of zod (the entity is imported as a type only), so the web imports them through web.ts.

/** The standing charge's bound, in pounds per day (the write schema's; the web says it in pence). */
export const MAX_STANDING_CHARGE = 10;

/** §9 tariff kinds, as the overview names a rate list. */
export type TariffKind = 'Fixed' | 'Day' | 'TOU' | 'Day-TOU';
export const tariffKind = (list: RateList): TariffKind => {
  const split = list.some((entry) => entry.days !== 'all');
  const timeOfUse = list.some((entry) => entry.prices.length > 1);
  return split ? (timeOfUse ? 'Day-TOU' : 'Day') : timeOfUse ? 'TOU' : 'Fixed';
};

/** A row of the rates editor (§3 "Rate form rows"): start_time HH:MM, unit_price in pounds as typed. */
export interface RateRow {
  readonly unit_name: string;
  readonly start_time: string;
  readonly unit_price: string;
}

/**
 * Editor rows → a rate entry, sorted by start time. Prices are parsed as decimals and times lose their
 * colon (§5.2); anything unparsable becomes NaN, which the write schema then refuses with a message.
 */
export const rateEntryFromRows = (days: RateDays, rows: readonly RateRow[]): RateEntry => {
  const parsed = rows
    .map((row) => ({
      time: clockToHhmm(row.start_time) ?? Number.NaN,
      price: row.unit_price.trim() === '' ? Number.NaN : Number(row.unit_price),
      name: row.unit_name.trim(),
    }))
    .sort((a, b) => a.time - b.time);
  return {
    days,
    prices: parsed.map((r) => r.price),
    times: parsed.map((r) => r.time),
    rate_names: parsed.map((r) => r.name),
  };
};

/** A rate entry → editor rows. */
export const rateRowsFromEntry = (entry: RateEntry): RateRow[] =>
  entry.times.map((time, i) => ({
    unit_name: entry.rate_names[i] ?? '',
    start_time: hhmmToClock(time),
    unit_price: String(entry.prices[i] ?? ''),
  }));
