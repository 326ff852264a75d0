import { catalogueIdOf } from '../features/appliances-catalogue/catalogue';
import type { ApplianceEventInput } from '../features/readings/ingest';
import {
  type ApplianceEvent,
  EventDetector,
  type PowerColumns,
  type PowerSample,
  type Reading,
  WholeHouseMeter,
} from './formats';

// Appliance power samples → what the energy engine stores: appliance events (by the formats layer's
// power thresholds, minimum durations and gap merging), typed by catalogue id, and the whole-house
// readings of the aggregate column. Columns whose appliance the catalogue lacks are reported as skipped.

export interface PowerOutput {
  reading: { value: Reading; line: number } | null;
  events: ApplianceEventInput[];
}

export class PowerIngestor {
  readonly #meter: WholeHouseMeter;
  readonly #detector: EventDetector;
  /** Columns of appliances the catalogue does not have: no events are stored for them. */
  readonly skipped: string[];

  constructor(columns: PowerColumns) {
    this.#meter = new WholeHouseMeter(columns.interval_s);
    this.#detector = new EventDetector(columns);
    this.skipped = columns.appliances.filter((a) => catalogueIdOf(a.appliance) === null).map((a) => a.column);
  }

  push(sample: PowerSample): PowerOutput {
    const reading = this.#meter.push(sample);
    return {
      reading: reading === null ? null : { value: reading, line: sample.line },
      events: typed(this.#detector.push(sample)),
    };
  }

  /** Events still open at the end of the input (an event spanning two batches is split there). */
  finish(): ApplianceEventInput[] {
    return typed(this.#detector.finish());
  }
}

function typed(events: readonly ApplianceEvent[]): ApplianceEventInput[] {
  return events.flatMap((e) => {
    const id = catalogueIdOf(e.appliance);
    return id === null ? [] : [{ appliance_type_id: id, start: e.start, end: e.end, energy_wh: e.energy_wh }];
  });
}
