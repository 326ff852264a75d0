import { z } from 'zod';
import { RateDays } from './codes';
import { formObject, id } from '../form';
import { fuelField } from './energy';

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
/** `fuel` (additive, issue 35): the gas tariff, or electricity's (the default). */
export const TariffRequest = formObject({ user_id: id('user_id'), fuel: fuelField });
export type TariffRequest = z.infer<typeof TariffRequest>;
