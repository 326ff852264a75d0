import { z } from 'zod';
import { clockToHhmm, hhmmToClock } from '../clock';
import { RateDays } from '../codes';
import { formObject, id } from '../form';

// §3 Tariff as read back (GET /tariff_setting/, and the answer to a write). Prices are pounds per kWh
// (standing charge: pounds per day) as decimals; times are integers HHMM, each the start of a rate.

export const RateEntry = z.object({
  days: RateDays,
  prices: z.array(z.number()),
  times: z.array(z.number().int()),
  rate_names: z.array(z.string()),
});
export type RateEntry = z.infer<typeof RateEntry>;

/** Entries of one rate kind: one with days 'all', or one per 'weekdays' / 'weekend'. */
export const RateList = z.array(RateEntry);
export type RateList = z.infer<typeof RateList>;

/** The standing charge is always fixed: days all, one price, times [0], rate_names ['fix']. */
export const StandingChargeEntry = z.object({
  days: z.literal('all'),
  prices: z.tuple([z.number()]),
  times: z.tuple([z.literal(0)]),
  rate_names: z.tuple([z.literal('fix')]),
});
export type StandingChargeEntry = z.infer<typeof StandingChargeEntry>;

/** Each rate is null when not set. */
export const TariffRates = z.object({
  import: RateList.nullable(),
  export: RateList.nullable(),
  generation: RateList.nullable(),
  standing_charge: z.array(StandingChargeEntry).nullable(),
});
export type TariffRates = z.infer<typeof TariffRates>;

export const Tariff = TariffRates.extend({
  /** The default tariff that applies where the house has not set a rate. */
  used_tariff: TariffRates,
  /** A note for the overview; empty when there is nothing to say. */
  tariffs_msg: z.string(),
  /** Present only on a failed write: the standing-charge form treats its presence as failure (§4). */
  status: z.string().optional(),
});
export type Tariff = z.infer<typeof Tariff>;

/** GET /tariff_setting/. */
export const TariffRequest = formObject({ user_id: id('user_id') });
export type TariffRequest = z.infer<typeof TariffRequest>;

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
