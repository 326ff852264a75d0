import { catalogueIdOf } from '../features/appliances-catalogue/catalogue';
import type { ApplianceEventInput } from '../features/readings/ingest';
import {
  type ApplianceEvent,
  type AppliancePowerOptions,
  EventDetector,
  openAppliancePowerCsv,
  ParseError,
  type PowerColumns,
  type PowerSample,
  type Reading,
  type TextSource,
  WholeHouseMeter,
} from './formats';
import { BatchTooLarge } from './lined';

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

/** One request's power CSV as the engine stores it; `lines` are the file lines of `readings`. */
export interface PowerBatch {
  readings: Reading[];
  lines: number[];
  events: ApplianceEventInput[];
  skipped: string[];
}

/**
 * Reads a power CSV sample by sample as its text arrives (give it yieldingSlices of a request body, and
 * the event loop turns between slices): throws ParseError at the first bad row, BatchTooLarge past
 * `maxSamples`.
 */
export async function readPowerBatch(
  source: TextSource,
  options: AppliancePowerOptions,
  maxSamples: number,
): Promise<PowerBatch> {
  const { columns, samples } = await openAppliancePowerCsv(source, options);
  const ingestor = new PowerIngestor(columns);
  const batch: PowerBatch = { readings: [], lines: [], events: [], skipped: ingestor.skipped };
  let count = 0;
  for await (const sample of samples) {
    if (++count > maxSamples) throw new BatchTooLarge(maxSamples);
    const out = ingestor.push(sample);
    if (out.reading !== null) {
      batch.readings.push(out.reading.value);
      batch.lines.push(out.reading.line);
    }
    batch.events.push(...out.events);
  }
  if (count === 0) throw new ParseError(null, null, 'the file has a header but no samples');
  batch.events.push(...ingestor.finish());
  return batch;
}
