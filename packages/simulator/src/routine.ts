// Schedules a routine home's fixed-time habits (InfoCare's dependant): each habit at its local
// clock time with a little jitter, bent by the day's deviations.

import { type DayContext, idx } from './load';
import { useProfile } from './power';
import { routineDeviations } from './routine-plan';
import { clockMinutes } from './spec';

/** Habits before this local time move on a late morning and count as "early" for the kettle. */
const MORNING_END = 600;
/** Habits from this local time are skipped on a missing evening. */
const EVENING_START = 1080;

export function scheduleRoutine(ctx: DayContext): void {
  const routine = ctx.home.routine;
  if (!routine) return;
  const dev = routineDeviations(ctx.home, ctx.day.dayNumber);
  for (const item of routine.items) {
    // Draw every number even for skipped habits, so one habit's outcome never moves another's time.
    const happens = ctx.rng.chance(item.probability ?? 1);
    const jitter = ctx.rng.normal(0, item.jitterMinutes / 2, item.jitterMinutes);
    const profile = useProfile(item.appliance, ctx.home.ratings, ctx.rng, item.minutes);
    if (!happens) continue;
    if (item.weekdays && !item.weekdays.includes(ctx.day.dayOfWeek)) continue;
    if (ctx.home.owned[item.appliance] === 0) continue;
    const base = clockMinutes(item.at);
    if (dev.noEarlyKettle && item.appliance === 'kettle' && base < MORNING_END) continue;
    if (dev.missingEvening && base >= EVENING_START) continue;
    const at = base + (base < MORNING_END ? dev.morningShift : 0) + jitter;
    ctx.load.add(item.appliance, idx(ctx, at), profile);
  }
}
