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
export const DAY_FINDINGS = ['little_activity', 'late_start', 'early_end', 'busy_night'] as const;

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

/**
 * Yesterday's state (issue 36), kept apart: `complete` (all its half-hours are in), `not_yet` (not in, and
 * normal: before the time the home's half-hours usually arrive plus a margin), `overdue` (past that: the
 * feed may have stopped; no data, never a quiet day).
 */
export const YESTERDAY_STATES = ['complete', 'not_yet', 'overdue'] as const;

export const YesterdayView = z.object({
  /** Local date YYYY-MM-DD of yesterday in the dependant's zone. */
  date: z.string(),
  state: z.enum(YESTERDAY_STATES),
  /** Epoch seconds: by when yesterday's half-hours usually arrive, learned from the home's last 28 days
   *  (10:00 the next day with under 7 of them). */
  usual_by: z.number().int(),
  /** Epoch seconds: from when yesterday, still not in, is overdue: `usual_by` plus the home's margin,
   *  the spread of its arrivals (1 to 6 h; 3 h with under 7 days learned). */
  overdue_from: z.number().int(),
  /** Days the usual time was learned from (0: the default). */
  learned_days: z.number().int(),
});
export type YesterdayView = z.infer<typeof YesterdayView>;

export const DaysResponse = z.object({
  days: z.array(HalfHourlyDayView),
  time_zone: z.string(),
  /** Additive (issue 36): yesterday's state and its usual time. */
  yesterday: YesterdayView,
  /** Additive (issue 36): the home is known from its meter's half-hours alone, a day late (its newest
   *  readings are half-hours): its screens say so, and claim nothing of appliances or of today. */
  day_late: z.boolean(),
});
export type DaysResponse = z.infer<typeof DaysResponse>;
