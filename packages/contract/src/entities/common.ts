import { z } from 'zod';
import { TimeUnit } from './codes';
import { formObject, id } from '../form';

// Shapes shared by several responses. On the wire, as in the original API, money is a number of
// currency units (pounds, `currency_unit` '£') and energy a number of `energy_unit` (kWh): the server
// converts from its integer n£ and Wh only when presenting (ARCHITECTURE "Units").

export const epoch = z.number().int().nonnegative();

/** A request with no fields (logout, dashboard, popups). */
export const EmptyRequest = formObject({});
export type EmptyRequest = z.infer<typeof EmptyRequest>;

/** The body of a successful write whose answer the spec does not show (§7). */
export const OkResponse = z.object({ detail: z.string() });
export type OkResponse = z.infer<typeof OkResponse>;

export const Period = z.object({ time_unit: TimeUnit, start_timestamp: epoch });
export type Period = z.infer<typeof Period>;

/** income − cost = profit_loss, all in currency units. */
export const Balance = z.object({ income: z.number(), cost: z.number(), profit_loss: z.number() });
export type Balance = z.infer<typeof Balance>;

export const EnergyBalance = z.object({ generated: z.number(), consumed: z.number() });
export type EnergyBalance = z.infer<typeof EnergyBalance>;

/** e.g. {value: 45, unit: 'mins'}. */
export const Duration = z.object({ value: z.number(), unit: z.string() });
export type Duration = z.infer<typeof Duration>;

/** {unit: '£', value: 1.23}. */
export const Money = z.object({ unit: z.string(), value: z.number() });
export type Money = z.infer<typeof Money>;

/** state 'on' marks an appliance on in the past hour; anything else is off. */
export const ApplianceStatus = z.object({ state: z.string() });
export type ApplianceStatus = z.infer<typeof ApplianceStatus>;

/** Periods a selector offers: start timestamps, where null stands for "Last 7 days". */
export const Available = z.array(epoch.nullable());

/** previous/next period start, null when there is none (the button is disabled). */
export const Neighbour = epoch.nullable();

/** The `:id` path parameter of /common/appliances/:id/ and /assisted_living/activities/:id/. */
export const IdParams = formObject({ id: id('id') });
export type IdParams = z.infer<typeof IdParams>;

/** How far the similar group was widened (spec-decisions "Similar homes"). */
export const COMPARED_GROUPS = ['same_size', 'near_size', 'property_type', 'all'] as const;

/** Which homes `similar` averages, for the 'Comparing against...' banner. */
export const ComparedGroup = z.object({
  group: z.enum(COMPARED_GROUPS),
  /** e.g. 'Semi Detached homes with 3 occupants', 'Flat homes with 1 to 3 occupants', 'all homes'. */
  description: z.string(),
  /** Homes averaged (this one not included; only homes with ≥ 90% data in the period). */
  homes: z.number().int().nonnegative(),
});
export type ComparedGroup = z.infer<typeof ComparedGroup>;
