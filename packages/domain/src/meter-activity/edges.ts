// Steps in the minute power and the loads they bound: an up step matched with the first later down step
// of the same size (a kettle on top of an oven is two loads: its 2.8 kW step pairs with its own 2.8 kW
// fall, the oven's 2 kW rise with the oven's fall). Everything here looks at most PAIR_MAX_MIN ahead.

/** A step: consecutive minutes whose power moves the same way (a load switched on mid-minute spreads
 * its step over two minutes), summed. `first` is the first minute of it, `last` the first minute at the
 * new level. */
export interface Step {
  first: number;
  last: number;
  delta: number;
}

/** A load that came on and went off: from the minute it came on to the first minute it was fully off
 * (for an excursion, the first minute back below half its rise). */
export interface Pair {
  on: number;
  off: number;
  /** Its power (the mean of the rise and the fall), W. */
  watts: number;
  /** Its energy above the level before it, Wh (not rounded). */
  wh: number;
  /** Minutes of full power its energy amounts to (partial first and last minutes count in part). */
  onMinutes: number;
  /** Its rise and fall matched; false for an excursion that ended without a fall of its size. */
  matched: boolean;
}

/** A minute-to-minute move under 2 Wh is noise (the meter's 1 Wh is 60 W over a minute). */
const NOISE_W = 120;
/** At most this many minutes make one step. */
const STEP_MAX_MIN = 3;
/** The smallest step worth pairing. */
export const STEP_MIN_W = 600;
/** A load on for longer than this is not looked for (its context is beyond the detector's horizon). */
export const PAIR_MAX_MIN = 4 * 60;

export function findSteps(watts: Float64Array): Step[] {
  const steps: Step[] = [];
  let i = 1;
  while (i < watts.length) {
    const d = (watts[i] as number) - (watts[i - 1] as number);
    if (!(Math.abs(d) >= NOISE_W)) {
      i++;
      continue;
    }
    const sign = Math.sign(d);
    let delta = d;
    let j = i + 1;
    while (j < watts.length && j - i < STEP_MAX_MIN) {
      const e = (watts[j] as number) - (watts[j - 1] as number);
      if (!(Math.abs(e) >= NOISE_W) || Math.sign(e) !== sign) break;
      delta += e;
      j++;
    }
    if (Math.abs(delta) >= STEP_MIN_W) steps.push({ first: i, last: j - 1, delta });
    i = j;
  }
  return steps;
}

/** How far a fall may differ from its rise and still be the same load. */
function tolerance(watts: number): number {
  return Math.max(350, 0.22 * watts);
}

export function pairSteps(watts: Float64Array, steps: readonly Step[]): Pair[] {
  const pairs: Pair[] = [];
  for (let k = 0; k < steps.length; k++) {
    const up = steps[k] as Step;
    if (up.delta <= 0) continue;
    const before = levelBefore(watts, up.first);
    if (before === null) continue;
    // The load is on while the power stays at least half its step above the level before it.
    const floor = before + up.delta / 2;
    let m = up.last;
    for (let q = k + 1; q < steps.length; q++) {
      const down = steps[q] as Step;
      if (down.first - up.first > PAIR_MAX_MIN) break;
      let ended = false;
      let missing = false;
      for (; m < down.first; m++) {
        const w = watts[m] as number;
        missing = Number.isNaN(w);
        if (missing || w < floor) {
          ended = true;
          break;
        }
      }
      if (missing) break; // readings missing before it ended: how long it stayed on is unknown
      if (ended) {
        // No fall of its own, but the power came back below its floor: loads switched on and off
        // together (a kettle with a toaster), one excursion. A rise that never got half its size above
        // the level before it (the power coming back after a dip of a minute or two) is no load: it
        // would be a use of no length (whose cost, spread over no time, is not a number).
        if (m > up.last) pairs.push(pair(watts, up, { first: m, last: m, delta: 0 }, before, false));
        break;
      }
      // Its own fall, or a larger one that takes the power below the floor (another load switched
      // off in the same minute, like an oven's thermostat under a kettle).
      const own = Math.abs(up.delta + down.delta) <= tolerance(up.delta);
      const larger = -down.delta > up.delta && (watts[down.last] as number) < floor;
      if (down.delta < 0 && (own || larger)) {
        pairs.push(pair(watts, up, down, before, true));
        break;
      }
    }
  }
  return pairs;
}

/** The level before a step: the median of the 3 minutes before it, all present (one minute of
 * rounding or of another load's last moments does not set it). */
function levelBefore(watts: Float64Array, first: number): number | null {
  if (first < 3) return null;
  const [a, b, c] = [watts[first - 3], watts[first - 2], watts[first - 1]] as [number, number, number];
  if (Number.isNaN(a + b + c)) return null;
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/** Its power: the median of its full minutes above the level before it (the mean of its rise and fall
 * when it has none), so that one minute's rounding does not set it. */
function pair(watts: Float64Array, up: Step, down: Step, before: number, matched: boolean): Pair {
  const full: number[] = [];
  for (let m = up.last; m < down.first; m++) full.push((watts[m] as number) - before);
  full.sort((a, b) => a - b);
  const power =
    full.length > 0
      ? (full[Math.floor(full.length / 2)] as number)
      : matched
        ? (up.delta - down.delta) / 2
        : up.delta;
  let wh = 0;
  for (let m = up.first; m < down.last; m++) {
    wh += Math.min(Math.max((watts[m] as number) - before, 0), power) / 60;
  }
  return { on: up.first, off: down.last, watts: power, wh, onMinutes: (wh * 60) / power, matched };
}
