import { z } from 'zod';
import { formObject, id, integer, optionalField } from '../form';

// Issue 36, additive to §7: GET /assisted_living/days/ — the dependant's recent days as the meter's
// half-hours show them (a day-late InfoCare for homes whose data is half-hourly): each complete local day
// before today, newest first, its figures against the 28 days before and what they say in words.

export const DAYS_DEFAULT = 7;
export const DAYS_MAX = 28;

export const DaysRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  days: optionalField(integer('days', 1, DAYS_MAX)),
});
export type DaysRequest = z.infer<typeof DaysRequest>;

/** What the day's figures say against the band (none: an ordinary day); each a Warning, never Urgent. */
export const DAY_FINDINGS = ['little_activity', 'late_start', 'busy_night'] as const;

export const HalfHourlyDayView = z.object({
  /** Local date YYYY-MM-DD in the dependant's zone. */
  date: z.string(),
  /** Every half-hour of the date is in (46, 48 or 50): only then are the figures given. */
  complete: z.boolean(),
  active_half_hours: z.number().int().nullable(),
  night_active_half_hours: z.number().int().nullable(),
  /** Local minute the first active half-hour from 05:00 starts. */
  began_minute: z.number().int().nullable(),
  /** Local minute the last active half-hour from 05:00 ends (1440: midnight). */
  ended_minute: z.number().int().nullable(),
  /** Empty without a band (fewer than 14 ordinary days before it) or on an ordinary day. */
  findings: z.array(z.enum(DAY_FINDINGS)),
  /** The day in words, what matters first; empty while the band is learned. */
  words: z.array(z.string()),
});
export type HalfHourlyDayView = z.infer<typeof HalfHourlyDayView>;

export const DaysResponse = z.object({
  days: z.array(HalfHourlyDayView),
  time_zone: z.string(),
});
export type DaysResponse = z.infer<typeof DaysResponse>;
