import type { ApplianceType } from '../ingest/formats';
import {
  APPLIANCE_TYPES,
  type ApplianceEvent,
  type ColumnState,
  DEFAULT_RULES,
  type EventRule,
  EventDetector,
} from '../ingest/formats';

/**
 * A plug's power messages → uses of its appliance, through the same detector as appliance-power files
 * (thresholds, minimum duration, gaps merged: detect-events.ts). Plugs report on change, so the last power
 * is held and fed to the detector on a GRID_S grid, by later samples and by the clock (FEED_LAG_S behind); a power older than HOLD_S is no longer believed (0 W).
 * A use's energy is the plug's own counter over the use, once the counter has reported past its end: each
 * counter interval gives the use the share of its energy that the plug's power put inside the use (by
 * time when the interval saw no power); a plug without a counter, or silent for WAIT_S after the use, gets
 * the detector's Σ W × t. Its state (the held power, the detector's open use, uses waiting for the counter,
 * and the samples they still need) is stored with the device's counter state (`state()`, consumer.ts), so a
 * use running when the server stops goes on, and is stored once, after the restart.
 */
export const GRID_S = 10;
export const HOLD_S = 600;
export const WAIT_S = 300;
/** The clock feeds the grid this far behind now, so a message a little late still lands in order. */
export const FEED_LAG_S = 60;
/** For catalogue appliances the file formats have no rule for (an iron, a vacuum cleaner). */
const GENERIC_RULE: EventRule = { on_w: 100, min_on_s: 60, max_gap_s: 60 };

export interface PlugUse {
  start: number;
  end: number;
  energy_wh: number;
}

/** What a plug carries between flushes, as JSON (stored in `devices.counter.plug`). */
export interface PlugState {
  held: { t: number; w: number } | null;
  heldReceived: number;
  next: number | null;
  intervals: [number, number, number][];
  powers: [number, number][];
  waiting: ApplianceEvent[];
  detector: ColumnState[];
}

export class PlugUses {
  readonly #detector: EventDetector;
  #held: { t: number; w: number } | null = null;
  #heldReceived = 0;
  /** Next grid instant to feed. */
  #next: number | null = null;
  /** Counter intervals [from, to, mWh] and power samples [t, W], ascending, kept while needed. */
  #intervals: [number, number, number][] = [];
  #powers: [number, number][] = [];
  #waiting: ApplianceEvent[] = [];

  constructor(
    readonly deviceId: string,
    catalogueKey: string,
    /** The state stored at the last flush (state()): the plug goes on from there. */
    saved: PlugState | null = null,
  ) {
    const known = (APPLIANCE_TYPES as readonly string[]).includes(catalogueKey);
    const appliance = (known ? catalogueKey : 'toaster') as ApplianceType;
    const rule = known ? DEFAULT_RULES[appliance] : GENERIC_RULE;
    this.#detector = new EventDetector(
      {
        time: 't',
        aggregate: null,
        appliances: [{ column: deviceId, appliance }],
        unmapped: [],
        ignored: [],
        interval_s: GRID_S,
      },
      { [appliance]: rule },
    );
    if (saved !== null) {
      this.#held = saved.held;
      this.#heldReceived = saved.heldReceived;
      this.#next = saved.next;
      this.#intervals = saved.intervals;
      this.#powers = saved.powers;
      this.#waiting = saved.waiting;
      this.#detector.restore(saved.detector);
    }
  }

  /**
   * Everything needed to go on after a restart: the counter intervals and power samples from the earliest
   * use that may still need them (the detector's open use, a use waiting for the counter, or the next grid
   * instant), with the power held at the first interval's start.
   */
  state(): PlugState {
    const detector = this.#detector.state();
    const keepFrom = Math.min(
      this.#next ?? Number.POSITIVE_INFINITY,
      ...detector.map((c) => c.open?.start ?? Number.POSITIVE_INFINITY),
      ...this.#waiting.map((e) => e.start),
    );
    const intervals = this.#intervals.filter(
      ([, to], i) => to > keepFrom || i === this.#intervals.length - 1,
    );
    const powersFrom = Math.min(keepFrom, intervals[0]?.[0] ?? keepFrom);
    const powers = this.#powers.filter(
      (_, i) => i === this.#powers.length - 1 || (this.#powers[i + 1] as [number, number])[0] > powersFrom,
    );
    return {
      held: this.#held,
      heldReceived: this.#heldReceived,
      next: this.#next,
      intervals,
      powers,
      waiting: this.#waiting,
      detector,
    };
  }

  /**
   * The last holder of this plug's session died (handover.ts): messages it took after its last flush are
   * lost, so the held power and the open use are no longer believed (believed, they would join the uses on
   * either side of the gap). Uses already closed are settled now with the detector's Σ W × t, as the
   * counter's next interval spans the gap and would give them energy that may not be theirs.
   */
  distrust(): PlugUse[] {
    const settled = this.#waiting.map((e) => ({ start: e.start, end: e.end, energy_wh: e.energy_wh }));
    this.#detector.restore(this.#detector.state().map((c) => ({ ...c, open: null })));
    this.#held = null;
    this.#next = null;
    this.#waiting = [];
    this.#intervals = [];
    this.#powers = [];
    return settled;
  }

  /**
   * A power sample at device time `t` (epoch s), received at `receivedAt` (default `t`); samples not after
   * the last are ignored.
   */
  power(t: number, w: number, receivedAt = t): void {
    if (this.#held !== null && t <= this.#held.t) return;
    this.#feed(t);
    this.#held = { t, w: Math.max(0, w) };
    this.#heldReceived = receivedAt;
    this.#powers.push([t, this.#held.w]);
    if (this.#next === null) this.#next = t - (t % GRID_S);
  }

  /** Counter energy `mwh` used over [from, to) (from the counter normaliser). */
  energy(from: number, to: number, mwh: number): void {
    this.#intervals.push([from, to, mwh]);
  }

  /**
   * Feeds the grid by the clock, in the device's time (its last sample plus the time since it arrived, so
   * messages a broker queued while the server was down still come in order), FEED_LAG_S behind, and
   * returns the uses whose energy is known.
   */
  take(clock: number): PlugUse[] {
    const now = this.#held === null ? clock : this.#held.t + (clock - this.#heldReceived);
    this.#feed(now - FEED_LAG_S);
    const ready: PlugUse[] = [];
    const counterTo = this.#intervals.at(-1)?.[1] ?? Number.NEGATIVE_INFINITY;
    const counterFrom = this.#intervals[0]?.[0] ?? Number.POSITIVE_INFINITY;
    this.#waiting = this.#waiting.filter((e) => {
      if (counterTo >= e.end && counterFrom <= e.start) {
        ready.push({
          start: e.start,
          end: e.end,
          energy_wh: Math.round(this.#counterMwh(e.start, e.end) / 1000),
        });
        return false;
      }
      if (now >= e.end + WAIT_S) {
        ready.push({ start: e.start, end: e.end, energy_wh: e.energy_wh });
        return false;
      }
      return true;
    });
    this.#prune(now);
    return ready;
  }

  #feed(upTo: number): void {
    const held = this.#held;
    if (held === null || this.#next === null) return;
    let t: number = this.#next;
    for (; t + GRID_S <= upTo; t += GRID_S) {
      const stale = t - held.t > HOLD_S;
      // Zero-watt samples add nothing to a use, so a long-silent plug jumps to the last grid instant.
      if (stale) t = Math.max(t, Math.floor((upTo - GRID_S) / GRID_S) * GRID_S);
      const w = stale ? 0 : held.w;
      this.#waiting.push(...this.#detector.push({ line: 0, t, aggregate_w: null, watts: [w] }));
    }
    this.#next = t;
  }

  /** mWh of the counter inside [start, end): each interval's energy shared by power × time, else by time. */
  #counterMwh(start: number, end: number): number {
    let total = 0;
    for (const [from, to, mwh] of this.#intervals) {
      const a = Math.max(from, start);
      const b = Math.min(to, end);
      if (b <= a || mwh === 0) continue;
      const whole = this.#ws(from, to);
      total += whole > 0 ? (mwh * this.#ws(a, b)) / whole : (mwh * (b - a)) / (to - from);
    }
    return total;
  }

  /** W·s of the held power over [a, b) (a power older than HOLD_S counts 0). */
  #ws(a: number, b: number): number {
    let ws = 0;
    const powers = this.#powers;
    for (let i = 0; i < powers.length; i++) {
      const [t, w] = powers[i] as [number, number];
      const until = Math.min(powers[i + 1]?.[0] ?? b, t + HOLD_S);
      const lo = Math.max(a, t);
      const hi = Math.min(b, until);
      if (hi > lo) ws += w * (hi - lo);
    }
    return ws;
  }

  /** Intervals and powers older than anything still needed (the earliest waiting use, or an hour). */
  #prune(now: number): void {
    const keepFrom = Math.min(now - 3600, ...this.#waiting.map((e) => e.start));
    while (this.#intervals.length > 1 && (this.#intervals[0] as [number, number, number])[1] <= keepFrom)
      this.#intervals.shift();
    while (this.#powers.length > 1 && (this.#powers[1] as [number, number])[0] <= keepFrom)
      this.#powers.shift();
  }
}
