import type { PowerSample } from './appliance-power';
import type { Reading } from './reading';

/**
 * The whole-house series of an appliance-power file as readings: one reading per sample that has an
 * aggregate, import_wh = watts × interval_s / 3600, carried so the readings add up to the rounded total of
 * the file (within ½ Wh of Σ W × interval / 3600) rather than drifting by up to ½ Wh per sample. A missing
 * aggregate (empty or 0) yields no reading: a gap, never a zero. Export and generation are 0 (these files
 * measure consumption only).
 */
export class WholeHouseMeter {
  /** W·s so far, and the Wh already handed out. */
  #total = 0;
  #given = 0;

  constructor(readonly interval_s: number) {}

  push(sample: PowerSample): Reading | null {
    if (sample.aggregate_w === null) return null;
    this.#total += sample.aggregate_w * this.interval_s;
    const due = Math.round(this.#total / 3600);
    const import_wh = due - this.#given;
    this.#given = due;
    return { start: sample.t, interval_s: this.interval_s, import_wh, export_wh: 0, generation_wh: 0 };
  }
}

export function wholeHouseReadings(samples: Iterable<PowerSample>, interval_s: number): Reading[] {
  const meter = new WholeHouseMeter(interval_s);
  const readings: Reading[] = [];
  for (const sample of samples) {
    const reading = meter.push(sample);
    if (reading !== null) readings.push(reading);
  }
  return readings;
}
