import type { MeterSample } from './types';

// The whole-house readings as one mean power a minute: what the detector reads. Readings finer than a
// minute are summed into their minute; a minute less than half covered is missing (NaN), like a gap.

export interface MinuteSeries {
  /** Epoch seconds of minute 0 (a whole minute). */
  t0: number;
  /** Mean power of each minute in W; NaN where the readings are missing. */
  watts: Float64Array;
}

const MINUTE = 60;

export function minuteSeries(samples: readonly MeterSample[]): MinuteSeries {
  if (samples.length === 0) return { t0: 0, watts: new Float64Array(0) };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of samples) {
    first = Math.min(first, Math.floor(s.start / MINUTE));
    last = Math.max(last, Math.floor(s.start / MINUTE));
  }
  const n = last - first + 1;
  const wh = new Float64Array(n);
  const seconds = new Float64Array(n);
  for (const s of samples) {
    const m = Math.floor(s.start / MINUTE) - first;
    wh[m] = (wh[m] as number) + s.wh;
    seconds[m] = (seconds[m] as number) + s.seconds;
  }
  const watts = new Float64Array(n);
  for (let m = 0; m < n; m++) {
    const covered = Math.min(seconds[m] as number, MINUTE);
    watts[m] = covered >= MINUTE / 2 ? ((wh[m] as number) * 3600) / (seconds[m] as number) : Number.NaN;
  }
  return { t0: first * MINUTE, watts };
}
