import type { MeterSample, MeterUse, MeterUseKind } from './types';

// A minimal detector of appliance uses in the whole-house signal (issue 24), enough for the write path
// and its tests: a step up of more than STEP_W over the background that comes back down is one use,
// named by its height and length (a kettle is 2–3 kW for 1–5 minutes, an electric shower 7–10 kW,
// anything else an "activity"). The tuned detector of the meter-activity benchmark replaces it.

/** Smallest rise over the background that counts as a use (a kettle, a hob ring, a shower). */
export const STEP_W = 1300;
/** A use still on after this long is not a use that starts and stops (a heater, a charge): dropped. */
const LONGEST_USE_S = 4 * 3600;

interface Run {
  start: number;
  end: number;
  background: number;
  watts: number[];
  seconds: number[];
}

function kindOf(watts: number, seconds: number): { kind: MeterUseKind; confidence: number } {
  if (watts >= 7000 && watts <= 10500 && seconds >= 120 && seconds <= 30 * 60)
    return { kind: 'electric_shower', confidence: 0.8 };
  if (watts >= 1800 && watts <= 3300 && seconds >= 60 && seconds <= 5 * 60)
    return { kind: 'kettle', confidence: 0.7 };
  return { kind: 'activity', confidence: 0.5 };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function useOf(run: Run): MeterUse | null {
  const seconds = run.end - run.start;
  if (seconds > LONGEST_USE_S) return null;
  const above = run.watts.map((w) => Math.max(0, w - run.background));
  const watts = Math.round(median(above));
  if (watts < STEP_W) return null;
  const wh = Math.round(above.reduce((sum, w, i) => sum + (w * (run.seconds[i] as number)) / 3600, 0));
  return { ...kindOf(watts, seconds), start: run.start, end: run.end, watts, wh };
}

/** The uses that start and stop inside these samples (start order); one still on at the end is left out. */
export function detectMeterUses(samples: readonly MeterSample[]): MeterUse[] {
  const uses: MeterUse[] = [];
  let run: Run | null = null;
  let previous: { end: number; watts: number } | null = null;
  for (const s of samples) {
    if (s.seconds <= 0) continue;
    const watts = (s.wh * 3600) / s.seconds;
    if (previous === null || s.start !== previous.end) {
      // A gap: a use open across it has no known end, and the level before it is unknown.
      run = null;
      previous = { end: s.start + s.seconds, watts };
      continue;
    }
    if (run === null) {
      if (watts - previous.watts > STEP_W)
        run = {
          start: s.start,
          end: s.start + s.seconds,
          background: previous.watts,
          watts: [],
          seconds: [],
        };
    } else if (watts - run.background < STEP_W / 2) {
      const use = useOf(run);
      if (use !== null) uses.push(use);
      run = null;
    }
    if (run !== null) {
      run.watts.push(watts);
      run.seconds.push(s.seconds);
      run.end = s.start + s.seconds;
    }
    previous = { end: s.start + s.seconds, watts };
  }
  return uses;
}
