import { energyCost } from './slot';

// "When should I run it" (issue 37): the cheapest and the greenest contiguous windows of the coming
// half-hours, and what one appliance run costs starting at a given instant, priced slot by slot. Pure:
// integer µ£/kWh prices, gCO₂/kWh intensities, Wh and n£; a slot without a price (a dynamic tariff's
// half-hour not yet published) or without a forecast is never part of a window.

export const SLOT_S = 1800;

/** One coming half-hour: its start (epoch s) and what is known of it. */
export interface TimeSlot {
  start: number;
  /** µ£/kWh, or null when not known (not yet published). */
  price: number | null;
  /** gCO₂/kWh forecast, or null when there is none. */
  carbon: number | null;
}

export interface Window {
  start: number;
  /** Exclusive. */
  end: number;
  /** The sum of the window's values (µ£/kWh or gCO₂/kWh), exact. */
  sum: number;
  slots: number;
}

/**
 * The contiguous run of `length` half-hours with the lowest sum of `value` (the earliest on a tie),
 * over slots that follow each other without a gap; null when no run of that length has every value.
 */
export function lowestWindow(
  slots: readonly TimeSlot[],
  length: number,
  value: (s: TimeSlot) => number | null,
): Window | null {
  let best: Window | null = null;
  for (let i = 0; i + length <= slots.length; i++) {
    let sum = 0;
    let whole = true;
    for (let k = 0; k < length; k++) {
      const slot = slots[i + k] as TimeSlot;
      const v = value(slot);
      if (v === null || slot.start !== (slots[i] as TimeSlot).start + k * SLOT_S) {
        whole = false;
        break;
      }
      sum += v;
    }
    if (whole && (best === null || sum < best.sum)) {
      const start = (slots[i] as TimeSlot).start;
      best = { start, end: start + length * SLOT_S, sum, slots: length };
    }
  }
  return best;
}

/** True when the known prices are not all the same (a single-rate tariff has no cheapest time). */
export function pricesVary(slots: readonly TimeSlot[]): boolean {
  const known = slots.flatMap((s) => (s.price === null ? [] : [s.price]));
  return known.some((p) => p !== known[0]);
}

/**
 * A run's energy over the half-hours it overlaps, in whole Wh: each slot's share of the run's seconds,
 * floored, the Wh left over given one each to the slots with the largest remainders (earliest first), so
 * the parts add up to `energyWh` exactly.
 */
export function spreadRun(
  start: number,
  durationS: number,
  energyWh: number,
): { slot: number; wh: number }[] {
  if (durationS <= 0) throw new RangeError('a run lasts at least a second');
  const end = start + durationS;
  const parts: { slot: number; wh: number; rest: number }[] = [];
  for (let slot = start - (((start % SLOT_S) + SLOT_S) % SLOT_S); slot < end; slot += SLOT_S) {
    const seconds = Math.min(end, slot + SLOT_S) - Math.max(start, slot);
    const scaled = energyWh * seconds;
    parts.push({ slot, wh: Math.floor(scaled / durationS), rest: scaled % durationS });
  }
  let left = energyWh - parts.reduce((sum, p) => sum + p.wh, 0);
  const order = parts
    .map((_p, i) => i)
    .sort((a, b) => (parts[b]?.rest ?? 0) - (parts[a]?.rest ?? 0) || a - b);
  for (const i of order) {
    if (left <= 0) break;
    (parts[i] as { wh: number }).wh += 1;
    left -= 1;
  }
  return parts.map(({ slot, wh }) => ({ slot, wh }));
}

/** n£ of a run starting at `start`, or null when a slot it touches has no known price. */
export function runCost(
  start: number,
  durationS: number,
  energyWh: number,
  priceOf: ReadonlyMap<number, number | null>,
): number | null {
  let cost = 0;
  for (const { slot, wh } of spreadRun(start, durationS, energyWh)) {
    const price = priceOf.get(slot);
    if (price === undefined || price === null) return null;
    cost += energyCost(wh, price);
  }
  return cost;
}

export interface RunAdvice {
  /** The run started now. */
  now: number | null;
  /** The cheapest start on a half-hour boundary after now, and its n£. */
  best: { start: number; cost: number } | null;
}

/**
 * What a run (typical length and energy) costs started now, and the cheapest half-hour to start it at
 * among the coming ones whose whole run has known prices (the earliest on a tie).
 */
export function adviseRun(
  now: number,
  durationS: number,
  energyWh: number,
  slots: readonly TimeSlot[],
): RunAdvice {
  const priceOf = new Map(slots.map((s) => [s.start, s.price]));
  let best: RunAdvice['best'] = null;
  for (const s of slots) {
    if (s.start <= now) continue;
    const cost = runCost(s.start, durationS, energyWh, priceOf);
    if (cost !== null && (best === null || cost < best.cost)) best = { start: s.start, cost };
  }
  return { now: runCost(now, durationS, energyWh, priceOf), best };
}

/** The middle value of integers (the lower of the two middle ones for an even count). */
export function typicalOf(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

/** Appliances whose run a person can put off to a cheaper or greener time. */
export const SHIFTABLE_APPLIANCES = ['dishwasher', 'washing_machine', 'tumble_dryer'] as const;
