import { z } from 'zod';
import { USED_TIMESCALES, VIEW_TYPES } from '../codes';
import { formObject, id, oneOf, optionalEpochSeconds, optionalField } from '../form';
import { ApplianceStatus, ComparedGroup, Duration, epoch, Money } from './common';

// §3 Appliance entry, Appliance list (InfoCare), Timeline event, Appliance detail; §7 /common/*appliances*.

/** An appliance in the energy views: cost in currency units, consumed in energy units. */
export const ApplianceEntry = z.object({
  name: z.string(),
  appliance_type_id: z.number().int(),
  icon: z.string(),
  status: ApplianceStatus,
  duration: Duration,
  cost: z.number(),
  consumed: z.number(),
  /** Additive to §3 (issue 24): its uses were estimated from the whole-house meter, not measured. */
  estimated: z.literal(true).optional(),
});
export type ApplianceEntry = z.infer<typeof ApplianceEntry>;

/** GET /common/used_appliances/: the session's house unless user_id names another allowed one. */
export const UsedAppliancesRequest = formObject({
  user_id: optionalField(id('user_id')),
  timescale: oneOf('timescale', USED_TIMESCALES),
});
export type UsedAppliancesRequest = z.infer<typeof UsedAppliancesRequest>;
export const UsedAppliancesResponse = z.object({ used_appliances: z.array(ApplianceEntry) });
export type UsedAppliancesResponse = z.infer<typeof UsedAppliancesResponse>;

export const InfoCareAppliance = z.object({
  name: z.string(),
  appliance_type_id: z.number().int(),
  icon: z.string(),
  status: ApplianceStatus,
  cost: Money,
  duration: Duration,
  /** Additive to §3 (issue 24): its uses were estimated from the whole-house meter, not measured. */
  estimated: z.literal(true).optional(),
});
export type InfoCareAppliance = z.infer<typeof InfoCareAppliance>;

export const ApplianceList = z.object({ subtitle: z.string(), appliances: z.array(InfoCareAppliance) });
export type ApplianceList = z.infer<typeof ApplianceList>;

/** GET /common/appliances/: view_type defaults to most_used. */
export const AppliancesRequest = formObject({
  user_id: id('user_id'),
  view_type: optionalField(oneOf('view_type', VIEW_TYPES)),
});
export type AppliancesRequest = z.infer<typeof AppliancesRequest>;

export const TimelineEvent = z.object({
  appliance_type_id: z.number().int(),
  icon: z.string(),
  name: z.string(),
  start_timestamp: epoch,
  /** Additive to §3 (issue 33): when the use ended (so far, for one still running), to match alert times. */
  end_timestamp: epoch.optional(),
  /** Additive to §3 (issue 24): this use was estimated from the whole-house meter, not measured. */
  estimated: z.literal(true).optional(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

/** Events of one local day, oldest first; empty shows 'No appliances used during this period'. */
export const Timeline = z.object({
  events: z.array(TimelineEvent),
  /** Additive to §3: the house's IANA zone, in which screens show the start times and the day. */
  time_zone: z.string().optional(),
});
export type Timeline = z.infer<typeof Timeline>;

/** GET /common/appliances/timeline/: the day containing timestamp (default today). */
export const ApplianceTimelineRequest = formObject({
  user_id: id('user_id'),
  timestamp: optionalEpochSeconds('timestamp'),
});
export type ApplianceTimelineRequest = z.infer<typeof ApplianceTimelineRequest>;

/** Position of this home's appliance among comparable homes (1 = lowest). */
export const ApplianceRankings = z.object({
  cost: z.number(),
  duration: z.number(),
  consumption: z.number(),
  out_of: z.number().int(),
});
export const ComparableRankings = z.object({
  cost: z.number(),
  duration: z.number(),
  consumption: z.number(),
});

/** cost in currency units, duration in minutes, consumed in energy units. */
export const ApplianceUsage = z.object({ cost: z.number(), duration: z.number(), consumed: z.number() });
export type ApplianceUsage = z.infer<typeof ApplianceUsage>;

export const ApplianceTimePoint = z.object({
  timestamp: epoch,
  appliance: ApplianceUsage,
  comparable: ApplianceUsage,
});

export const ApplianceDetail = z.object({
  name: z.string(),
  currency_unit: z.string(),
  time_unit: z.string(),
  energy_unit: z.string(),
  appliance_rankings: ApplianceRankings,
  comparable_rankings: ComparableRankings,
  time_series: z.array(ApplianceTimePoint),
  /** Additive to §3: the comparable homes (the similar-homes group among homes with this appliance). */
  compared: ComparedGroup.optional(),
  /** Additive to §3: the house's IANA zone, in which screens show the series' days. */
  time_zone: z.string().optional(),
  /** Additive to §3 (issue 24): its uses were estimated from the whole-house meter, not measured. */
  estimated: z.literal(true).optional(),
});
export type ApplianceDetail = z.infer<typeof ApplianceDetail>;

/** GET /common/appliances/:id/ (id = appliance_type_id, see IdParams). */
export const ApplianceRequest = formObject({ user_id: id('user_id') });
export type ApplianceRequest = z.infer<typeof ApplianceRequest>;
