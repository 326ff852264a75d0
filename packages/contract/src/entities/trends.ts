import { z } from 'zod';
import { formObject, id, integer, optionalField } from '../form';

// Issue 25, additive to §7: GET /assisted_living/trends/ — the dependant's usual day week by week (local
// weeks, Monday start, in the dependant's zone), oldest first, each with its change against the 4 weeks
// before, and the newest week's changes beyond their normal spread said in plain words.

export const TRENDS_WEEKS_DEFAULT = 12;
export const TRENDS_WEEKS_MAX = 26;

export const TrendsRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  weeks: optionalField(integer('weeks', 1, TRENDS_WEEKS_MAX)),
});
export type TrendsRequest = z.infer<typeof TrendsRequest>;

const TrendFigures = {
  /** Local minute of the day (0–1439) the day usually starts (first activity); null without a day to go by. */
  day_start_minute: z.number().int().nullable(),
  /** Local minute of the day the last activity usually ends. */
  day_end_minute: z.number().int().nullable(),
  /** Clock hours a day with some activity (mean, one decimal). */
  active_hours: z.number().nullable(),
  /** Meal activities a day (mean, one decimal). */
  meals_per_day: z.number().nullable(),
  /** Minutes a day of activity before the usual start or after the usual end of the day. */
  night_activity_minutes: z.number().int().nullable(),
  /** Days of the week less than half covered by readings; null for a week before the home's first data. */
  no_data_days: z.number().nullable(),
};

/** Changes: no_data_days against the 4 weeks' mean (one decimal). */
export const TrendChange = z.object(TrendFigures);
export type TrendChange = z.infer<typeof TrendChange>;

export const TrendWeek = z.object({
  /** The week's Monday, local date YYYY-MM-DD. */
  week_start: z.string(),
  /** Days ≥ 90 % covered with some activity: the figures come from them. */
  ordinary_days: z.number().int(),
  ...TrendFigures,
  /** This week minus the 4 weeks before, per figure; null when either has too little to go by. */
  change: TrendChange,
});
export type TrendWeek = z.infer<typeof TrendWeek>;

export const TrendsResponse = z.object({
  weeks: z.array(TrendWeek),
  /** e.g. "Getting up 40 minutes later than in late October." */
  changes: z.array(z.string()),
  time_zone: z.string(),
  /** Additive (issue 24): every activity behind these weeks was estimated from the whole-house meter. */
  estimated: z.literal(true).optional(),
  /** Additive (issue 36): the weeks come from the meter's half-hours, a day late (the home has no
   *  appliance uses): the same daily figures as "yesterday, from the meter"; meals are not known (null),
   *  and night-time is activity before 05:00. */
  half_hourly: z.literal(true).optional(),
});
export type TrendsResponse = z.infer<typeof TrendsResponse>;
