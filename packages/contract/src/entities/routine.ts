import { z } from 'zod';

// Beyond the spec (issue 8): the top of the carer's Alerts screen says in one sentence how the day is
// going against the learned routine. The engine (issue 7) fills it; the screen shows `sentence` and may
// show the items. Optional in the alerts answer so a client of the spec's server still validates.

/** One activity of the usual day: done (at local time `at`), not yet due, or late against `usual_by`. */
export const RoutineItem = z.object({
  activity: z.string(),
  status: z.enum(['done', 'pending', 'late']),
  /** Local time "HH:MM" of today's first occurrence; null until it happens. */
  at: z.string().nullable(),
  /** Local time "HH:MM" by which it usually happens on this day type; null while nothing is learned. */
  usual_by: z.string().nullable(),
});
export type RoutineItem = z.infer<typeof RoutineItem>;

export const RoutineToday = z.object({
  /** e.g. "Kettle at 07:12 as usual; lunch not yet, usually by 13:00." */
  sentence: z.string(),
  items: z.array(RoutineItem),
  /** Additive to §3 (issue 24): the usual day and today's activities are estimated from the whole-house meter. */
  estimated: z.literal(true).optional(),
});
export type RoutineToday = z.infer<typeof RoutineToday>;
