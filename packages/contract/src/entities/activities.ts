import { z } from 'zod';
import { epochSeconds, formObject, id, optionalEpochSeconds, optionalField } from '../form';
import { Alert } from './alerts';
import { TimelineEvent } from './appliances';
import { Available, epoch, Neighbour } from './common';

// §3 Activity detail and Activity single; §7 daily/weekly activities and /assisted_living/activities/:id/.

/** The two halves of a stacked bar segment on the 0–2400 day axis, in hundredths of an hour (§9). */
export const OnOff = z.object({ on: z.number(), off: z.number() });
export type OnOff = z.infer<typeof OnOff>;

/**
 * One occurrence of an activity. `on`/`off` are its start and end (epoch seconds; off is null while it
 * lasts). `duration.off` is the gap since the previous segment and `duration.on` the occurrence's length,
 * so the segments stack along the day; `inactivity` does the same for an inactivity (off) alert window.
 */
export const ActivityPattern = z.object({
  on: epoch,
  off: epoch.nullable(),
  duration: OnOff,
  inactivity: OnOff,
  level: z.string(),
  /** Additive to §3 (issue 24): every use of this occurrence was estimated from the whole-house meter. */
  estimated: z.literal(true).optional(),
});
export type ActivityPattern = z.infer<typeof ActivityPattern>;

/**
 * Additive to §3: an off alert that no occurrence of the activity followed on its local day (raised after
 * the day's last one, or on a day with none), so no pattern's `inactivity` carries it. `timestamp` is when
 * it was raised; `inactivity` places it on that day's 0–2400 axis: `off` from local midnight to the alert,
 * `on` from the alert to the day's end (or to now, today).
 */
export const UnfollowedOffAlert = z.object({ timestamp: epoch, inactivity: OnOff });
export type UnfollowedOffAlert = z.infer<typeof UnfollowedOffAlert>;

export const Activity = z.object({
  activity_id: z.number().int(),
  activity_type: z.string(),
  icon: z.string(),
  level: z.string(),
  patterns: z.array(ActivityPattern),
  /** Additive to §3: off alerts drawn on their day's row though the activity did not follow them. */
  unfollowed_off_alerts: z.array(UnfollowedOffAlert).optional(),
});
export type Activity = z.infer<typeof Activity>;

/** Inactivity (off) alerts per activity; zero in total hides the off-alert layer by default. */
export const Inactivity = z.object({
  activity_id: z.number().int(),
  activity_type: z.string(),
  num_inac_alerts: z.number().int().nonnegative(),
});
export type Inactivity = z.infer<typeof Inactivity>;

export const ActivityDetail = z.object({
  activities: z.array(Activity),
  inactivities: z.array(Inactivity),
  available: Available,
  previous: Neighbour,
  next: Neighbour,
  /** Total inactivity alerts in the period. */
  num_alerts: z.number().int().nonnegative(),
  events: z.array(TimelineEvent),
  /** Additive to §3: the dependant house's IANA zone, in which screens show the days and times. */
  time_zone: z.string().optional(),
});
export type ActivityDetail = z.infer<typeof ActivityDetail>;

/** Daily and weekly activities: a missing, empty or "null" timestamp means the last 7 days. */
export const ActivitiesRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  timestamp: optionalEpochSeconds('timestamp'),
});
export type ActivitiesRequest = z.infer<typeof ActivitiesRequest>;

export const ActivityAppliance = z.object({
  name: z.string(),
  appliance_type_id: z.number().int(),
  icon: z.string(),
  /** Additive to §3 (issue 24): this home's uses of it are estimated from the whole-house meter. */
  estimated: z.literal(true).optional(),
});
export type ActivityAppliance = z.infer<typeof ActivityAppliance>;

export const ActivitySingle = z.object({
  activity: z.object({ activity_type: z.string(), appliances: z.array(ActivityAppliance) }),
  alerts: z.array(Alert),
  /** Additive to §3: the dependant house's IANA zone, in which screens show the alerts' times. */
  time_zone: z.string().optional(),
});
export type ActivitySingle = z.infer<typeof ActivitySingle>;

/** GET /assisted_living/activities/:id/: the window [start_timestamp, end_timestamp) of one day. */
export const ActivityRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  /** Repeats the path id; when sent it must match it (checked by the route). */
  activity_id: optionalField(id('activity_id')),
  start_timestamp: epochSeconds('start_timestamp'),
  end_timestamp: epochSeconds('end_timestamp'),
}).refine((q) => q.end_timestamp > q.start_timestamp, {
  path: ['end_timestamp'],
  message: 'end_timestamp must be after start_timestamp',
});
export type ActivityRequest = z.infer<typeof ActivityRequest>;
