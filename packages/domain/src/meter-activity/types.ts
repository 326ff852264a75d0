import type { ApplianceKey } from '../appliances/catalogue';

// Appliance uses estimated from the whole-house meter alone (issue 24): the contract between the
// detector (detect.ts, pure) and the server's write path, which stores what it finds as appliance
// uses marked estimated.

/** One whole-house reading at 1 minute or finer, in start order: imported energy over its interval. */
export interface MeterSample {
  /** Epoch seconds (UTC). */
  start: number;
  /** Length in seconds (≤ 60). */
  seconds: number;
  /** Energy drawn from the grid plus own generation used, in Wh (integer). */
  wh: number;
}

/**
 * What a use looks like from the meter. Catalogue keys where the appliance is recognised; `activity`
 * for a load over about 1.3 kW that starts and stops and is not recognised (someone is up and about).
 */
export const METER_USE_KINDS = [
  'kettle',
  'electric_shower',
  'oven',
  'hob',
  'washing_machine',
  'dishwasher',
  'activity',
] as const satisfies readonly ApplianceKey[];
export type MeterUseKind = (typeof METER_USE_KINDS)[number];

export interface MeterUse {
  kind: MeterUseKind;
  /** Epoch seconds of the first and past the last minute of the use. */
  start: number;
  end: number;
  /** The step's typical power above the background, in W (integer). */
  watts: number;
  /** Energy of the use above the background, in Wh (integer). */
  wh: number;
  /** 0..1: how sure the detector is of the kind. */
  confidence: number;
}

/**
 * How much context the detector needs around a window of new readings to give the same uses as over the
 * whole history (the write path reads this much either side and replaces the estimates inside the window).
 */
export const METER_CONTEXT_S = 6 * 3600;
