// The day's departures from a routine home's habits, drawn from their own stream so occupancy and
// scheduling agree and the previous day's can be recomputed cheaply.

import type { HomeParams } from './home';
import { Rng, Stream } from './rng';
import { dayNumberOfDate } from './zone';

export interface Deviations {
  /** Minutes that morning habits (before 10:00) run late; 0 on an ordinary day. */
  morningShift: number;
  /** No kettle before 10:00 today. */
  noEarlyKettle: boolean;
  /** Nothing happens from 18:00: the evening habits are missing. */
  missingEvening: boolean;
}

const ORDINARY: Deviations = { morningShift: 0, noEarlyKettle: false, missingEvening: false };

export function routineDeviations(home: HomeParams, dayNumber: number): Deviations {
  const r = home.routine;
  if (!r) return ORDINARY;
  const rng = Rng.of(home.seed, Stream.deviation, dayNumber);
  // Always draw the same numbers in the same order, so changing one rate never reshuffles others.
  const late = rng.next();
  const shift = rng.uniform(100, 150);
  const noKettle = rng.next();
  const missing = rng.next();
  const happens = (u: number, everyDays: number) => everyDays > 0 && u < 1 / everyDays;
  // A set drift (the demo's Mum getting up later over weeks) adds to the drawn late morning.
  const drift = r.departures?.find((d) => dayNumberOfDate(d.date) === dayNumber)?.morningLater ?? 0;
  return {
    morningShift: (happens(late, r.lateMorningEveryDays) ? shift : 0) + drift,
    noEarlyKettle: happens(noKettle, r.noEarlyKettleEveryDays),
    missingEvening: happens(missing, r.missingEveningEveryDays),
  };
}
