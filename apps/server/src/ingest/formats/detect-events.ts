import type { PowerColumns, PowerSample } from './appliance-power';
import { type ApplianceType, DEFAULT_RULES, type EventRule } from './appliances';

/**
 * Appliance events from per-appliance power samples, one column at a time, by the rules in appliances.ts:
 * a sample at or above `on_w` is on; on-samples whose off-gap (end of one on-sample to the start of the
 * next, missing rows included) is at most `max_gap_s` belong to one event; an event shorter than
 * `min_on_s` (first on-sample start to last on-sample end) is dropped. A missing cell counts as 0 W.
 *
 * An event's energy is Σ watts × interval_s / 3600 over every sample from its start to its end, the
 * bridged low-power pauses included (a washing machine's soak is part of the cycle). Energies are carried:
 * each event gets round(running total after) − round(running total before), so an appliance's event
 * energies add up to its rounded total instead of drifting by up to ½ Wh per event.
 */
export interface ApplianceEvent {
  appliance: ApplianceType;
  /** The file's column, so two columns of one type (two fridges) stay apart. */
  column: string;
  /** Epoch seconds: start of the first on-sample, end of the last (exclusive). */
  start: number;
  end: number;
  energy_wh: number;
  /** Highest sample in the event, whole watts. */
  peak_w: number;
}

export type RuleOverrides = Partial<Record<ApplianceType, Partial<EventRule>>>;

/** An event not closed yet (a device's live detector keeps it across restarts: DetectorState). */
export interface OpenEvent {
  start: number;
  /** End of the last on-sample. */
  lastOnEnd: number;
  /** W·s up to lastOnEnd, and of the off-samples since (kept only if another on-sample bridges them). */
  energy: number;
  pending: number;
  peak: number;
}

/** A column's open event and its carried energy total, as JSON-safe plain data. */
export interface ColumnState {
  open: OpenEvent | null;
  total: number;
}

class ColumnTracker {
  #open: OpenEvent | null = null;
  /** W·s of accepted events so far, for carry rounding. */
  #total = 0;

  constructor(
    readonly column: string,
    readonly appliance: ApplianceType,
    readonly rule: EventRule,
    readonly interval: number,
  ) {}

  /** What it carries from one sample to the next. */
  state(): ColumnState {
    return { open: this.#open === null ? null : { ...this.#open }, total: this.#total };
  }

  restore(state: ColumnState): void {
    this.#open = state.open === null ? null : { ...state.open };
    this.#total = state.total;
  }

  /** Feeds one sample; returns the event it closed, if any. */
  push(t: number, w: number): ApplianceEvent | null {
    const open = this.#open;
    const on = w >= this.rule.on_w;
    const ws = w * this.interval;
    if (open !== null && t - open.lastOnEnd > this.rule.max_gap_s) {
      this.#open = null;
      const closed = this.#accept(open);
      if (on) this.#start(t, ws, w);
      return closed;
    }
    if (on) {
      if (open === null) this.#start(t, ws, w);
      else {
        open.energy += open.pending + ws;
        open.pending = 0;
        open.lastOnEnd = t + this.interval;
        open.peak = Math.max(open.peak, w);
      }
    } else if (open !== null) open.pending += ws;
    return null;
  }

  finish(): ApplianceEvent | null {
    const open = this.#open;
    this.#open = null;
    return open === null ? null : this.#accept(open);
  }

  #start(t: number, ws: number, w: number): void {
    this.#open = { start: t, lastOnEnd: t + this.interval, energy: ws, pending: 0, peak: w };
  }

  #accept(e: OpenEvent): ApplianceEvent | null {
    if (e.lastOnEnd - e.start < this.rule.min_on_s) return null;
    const before = Math.round(this.#total / 3600);
    this.#total += e.energy;
    return {
      appliance: this.appliance,
      column: this.column,
      start: e.start,
      end: e.lastOnEnd,
      energy_wh: Math.round(this.#total / 3600) - before,
      peak_w: Math.round(e.peak),
    };
  }
}

/**
 * Incremental detector for streams: push samples in time order, collect the events each push closes,
 * and call finish() at the end. Memory is one open event per column.
 */
export class EventDetector {
  readonly #trackers: ColumnTracker[];

  constructor(columns: PowerColumns, rules: RuleOverrides = {}) {
    this.#trackers = columns.appliances.map(
      ({ column, appliance }) =>
        new ColumnTracker(
          column,
          appliance,
          { ...DEFAULT_RULES[appliance], ...rules[appliance] },
          columns.interval_s,
        ),
    );
  }

  push(sample: PowerSample): ApplianceEvent[] {
    const closed: ApplianceEvent[] = [];
    this.#trackers.forEach((tracker, i) => {
      const event = tracker.push(sample.t, sample.watts[i] ?? 0);
      if (event !== null) closed.push(event);
    });
    return closed;
  }

  finish(): ApplianceEvent[] {
    return this.#trackers.flatMap((tracker) => tracker.finish() ?? []);
  }

  /** Each column's state, so a stream can go on in another process (restore) as if never stopped. */
  state(): ColumnState[] {
    return this.#trackers.map((tracker) => tracker.state());
  }

  restore(states: readonly ColumnState[]): void {
    for (const [i, state] of states.entries()) this.#trackers[i]?.restore(state);
  }
}

/** Every event of a whole series, ordered by start then column. Pure: same samples, same events. */
export function detectApplianceEvents(
  samples: Iterable<PowerSample>,
  columns: PowerColumns,
  rules: RuleOverrides = {},
): ApplianceEvent[] {
  const detector = new EventDetector(columns, rules);
  const events: ApplianceEvent[] = [];
  for (const sample of samples) events.push(...detector.push(sample));
  events.push(...detector.finish());
  return events.sort((a, b) => a.start - b.start || a.column.localeCompare(b.column));
}
