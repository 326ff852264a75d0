// Accumulates one local day's demand (W per real minute) and the appliance events behind it.
// Uses never run past local midnight: a late start is pulled earlier, so each day stands alone.

import { type ApplianceKey, applianceTypeId } from '@homeview/domain';
import type { HomeParams } from './home';
import type { Occupancy } from './occupancy';
import type { Rng } from './rng';
import { indexOfLocalMinute, type LocalDay } from './zone';

/** An event before rounding: minute indexes within the day, exact energy. */
export interface ExactEvent {
  key: ApplianceKey;
  typeId: number;
  startIndex: number;
  minutes: number;
  energyWh: number;
}

export class DayLoad {
  readonly demandW: Float64Array;
  readonly events: ExactEvent[] = [];
  private readonly busy = new Map<ApplianceKey, [number, number][]>();

  /**
   * `quiet`: [start, end) minute indexes where no use starts (a set departure): a use placed there is
   * dropped, so neither the meter nor the events see it.
   */
  constructor(
    readonly day: LocalDay,
    private readonly quiet: readonly (readonly [number, number])[] = [],
  ) {
    this.demandW = new Float64Array(day.minutes);
  }

  /** True when fewer than `capacity` uses of `key` overlap [start, start + minutes). */
  isFree(key: ApplianceKey, start: number, minutes: number, capacity = 1): boolean {
    let overlapping = 0;
    for (const [a, b] of this.busy.get(key) ?? []) {
      if (a < start + minutes && start < b) overlapping++;
    }
    return overlapping < capacity;
  }

  /** Adds one use starting at a real minute index; returns the event. */
  add(key: ApplianceKey, start: number, profileW: ArrayLike<number>): ExactEvent {
    const minutes = Math.min(profileW.length, this.day.minutes);
    const at = Math.max(0, Math.min(Math.round(start), this.day.minutes - minutes));
    if (this.quiet.some(([a, b]) => at >= a && at < b))
      return { key, typeId: applianceTypeId(key), startIndex: at, minutes: 0, energyWh: 0 };
    let wh = 0;
    for (let i = 0; i < minutes; i++) {
      const w = profileW[i] ?? 0;
      this.demandW[at + i] = (this.demandW[at + i] ?? 0) + w;
      wh += w / 60;
    }
    const spans = this.busy.get(key) ?? [];
    spans.push([at, at + minutes]);
    this.busy.set(key, spans);
    const event: ExactEvent = { key, typeId: applianceTypeId(key), startIndex: at, minutes, energyWh: wh };
    this.events.push(event);
    return event;
  }

  /** Adds a continuous load (no event per minute): reported as one event spanning the day. */
  addContinuous(key: ApplianceKey, watts: Float64Array): void {
    let wh = 0;
    for (let i = 0; i < watts.length; i++) {
      const w = watts[i] ?? 0;
      this.demandW[i] = (this.demandW[i] ?? 0) + w;
      wh += w / 60;
    }
    this.events.push({
      key,
      typeId: applianceTypeId(key),
      startIndex: 0,
      minutes: watts.length,
      energyWh: wh,
    });
  }

  /** Adds load that is not an appliance (lighting, baseload): no event. */
  addBackground(watts: Float64Array): void {
    for (let i = 0; i < watts.length; i++) this.demandW[i] = (this.demandW[i] ?? 0) + (watts[i] ?? 0);
  }
}

/** Everything a habit scheduler needs for one day. */
export interface DayContext {
  home: HomeParams;
  day: LocalDay;
  occ: Occupancy;
  load: DayLoad;
  rng: Rng;
  weekend: boolean;
  /** 1 in midwinter, 0 in midsummer. */
  winter: number;
}

export function idx(ctx: DayContext, localMinute: number): number {
  return indexOfLocalMinute(ctx.day, localMinute);
}

export function activeAt(ctx: DayContext, index: number): number {
  return ctx.occ.active[index] ?? 0;
}

/**
 * Places one use: draws a local hour from `hourly` weights and a minute within it, and accepts the
 * first try where someone is up at home and the appliance is free.
 */
export function placeByHour(
  ctx: DayContext,
  key: ApplianceKey,
  hourly: readonly number[],
  profileW: Float64Array,
  capacity = 1,
  tries = 12,
): ExactEvent | null {
  for (let t = 0; t < tries; t++) {
    const lm = ctx.rng.weighted(hourly) * 60 + ctx.rng.int(0, 59);
    const start = idx(ctx, lm);
    if (activeAt(ctx, start) === 0) continue;
    if (!ctx.load.isFree(key, start, profileW.length, capacity)) continue;
    return ctx.load.add(key, start, profileW);
  }
  return null;
}

/** The first index at or after `from` where someone is up at home (or -1). */
export function nextActive(ctx: DayContext, from: number, until = ctx.day.minutes): number {
  for (let i = Math.max(0, from); i < until; i++) if (activeAt(ctx, i) > 0) return i;
  return -1;
}

/** How many minutes from `start` someone stays up at home, capped at `max`. */
export function activeRun(ctx: DayContext, start: number, max: number): number {
  let n = 0;
  while (n < max && start + n < ctx.day.minutes && activeAt(ctx, start + n) > 0) n++;
  return n;
}
