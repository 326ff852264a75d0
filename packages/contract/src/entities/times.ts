import { z } from 'zod';
import { formObject, id } from '../form';

// Additive to §7 (issue 37, "Cheapest and greenest times"): GET /energy_info/times/, the home's coming
// half-hours (from the current one to the end of tomorrow, local: 46/48/50 a day) with each one's import
// price and the grid's carbon intensity forecast, the cheapest 3 hours, the greenest 2 hours and, for an
// appliance the home has used, when to run it. Prices are integers (µ£/kWh, as stored); money in pence.

export const CHEAPEST_HOURS = 3;
export const GREENEST_HOURS = 2;

export const EnergyTimesRequest = formObject({ user_id: id('user_id') });
export type EnergyTimesRequest = z.infer<typeof EnergyTimesRequest>;

const epoch = z.number().int();

export const TimesSlot = z.object({
  /** Epoch s of the half-hour's start (its end is start + 1800). */
  start: epoch,
  /** Import µ£/kWh; null where a dynamic tariff has not published it yet. */
  price: z.number().int().nullable(),
  /** gCO₂/kWh forecast for the home's region; null with no forecast. */
  carbon: z.number().int().nullable(),
  /** The API's band: 'very low', 'low', 'moderate', 'high', 'very high'; null with no forecast. */
  carbon_index: z.string().nullable(),
});
export type TimesSlot = z.infer<typeof TimesSlot>;

export const TimesWindow = z.object({
  start: epoch,
  end: epoch,
  hours: z.number().int(),
  /** Cheapest: the window's mean price (µ£/kWh, rounded); greenest: its mean gCO₂/kWh (rounded). */
  average: z.number().int(),
});
export type TimesWindow = z.infer<typeof TimesWindow>;

export const TimesAppliance = z.object({
  appliance_type_id: z.number().int(),
  name: z.string(),
  /** Its uses in the last 28 days that the typical run is the middle of. */
  uses: z.number().int(),
  duration_minutes: z.number().int(),
  energy_wh: z.number().int(),
  /** Pence, the run started now (at `now`); null where a slot it needs has no price. */
  now_pence: z.number().int().nullable(),
  /** The cheapest half-hour to start it at, and its pence; null when none is cheaper than now. */
  best_start: epoch.nullable(),
  best_pence: z.number().int().nullable(),
});
export type TimesAppliance = z.infer<typeof TimesAppliance>;

export const TimesCarbon = z.object({
  /** 'forecast': the slots carry it; 'unavailable': the service could not be reached or answered badly. */
  status: z.enum(['forecast', 'unavailable']),
  /** The forecast's region as the API names it ('London'), or 'Great Britain' without a postcode. */
  region: z.string().nullable(),
  /** The outward code the region was found from; null when the home has none (national forecast). */
  postcode: z.string().nullable(),
  source: z.string(),
});

export const EnergyTimes = z.object({
  now: epoch,
  /** 'dynamic' (published per half-hour), 'time_of_use' (windows) or 'single' (one price all day). */
  tariff: z.enum(['dynamic', 'time_of_use', 'single']),
  price_unit: z.literal('µ£/kWh'),
  carbon_unit: z.literal('gCO2/kWh'),
  slots: z.array(TimesSlot),
  cheapest: TimesWindow.nullable(),
  greenest: TimesWindow.nullable(),
  appliance: TimesAppliance.nullable(),
  carbon: TimesCarbon,
  time_zone: z.string(),
});
export type EnergyTimes = z.infer<typeof EnergyTimes>;
