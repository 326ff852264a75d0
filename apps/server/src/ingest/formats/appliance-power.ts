import { AGGREGATE, APPLIANCE_TYPES, type ApplianceType, applianceOfColumn } from './appliances';
import { type CsvRecord, csvRecords, csvRecordsFrom, type TextSource } from './csv';
import { capture, ParseError, type ParseResult } from './errors';
import { watts } from './numbers';
import { HALF_HOUR_S, MAX_POWER_W } from './reading';
import { cell, checkWidth, headerKey } from './table';
import { formatUtc, naiveReason, parseTimestamp } from './time';
import { NaiveTimeResolver } from './zone';

/**
 * Appliance power CSV (POST /api/ingest/v1/appliance-power, `import appliances`): a time column, then
 * watts per column, sampled every `interval_s` (the REFIT / UK-DALE / IDEAL layout):
 *
 *   Time,Aggregate,Kettle,Dishwasher,WashingMachine,Microwave
 *   2014-04-01 00:00:00,119.7,0.0,0.0,0.0,0.0
 *
 * - Time: epoch seconds or ISO 8601 with an offset; a naive time only with `naiveTimeZone` (REFIT and
 *   IDEAL: 'Europe/London'; UK-DALE's DeviceScope files: 'UTC'), resolved as zone.ts documents. Rows must
 *   come in time order, at least interval_s apart (a larger step is a gap), each sample inside one UTC
 *   half-hour like a reading.
 * - Columns map to appliance types by name (appliances.ts, case/space/`_W`-insensitive) or by the
 *   `columns` option. An aggregate column (Aggregate, mains) is the whole house. A column that maps to
 *   nothing is an error naming it, unless `onUnmapped: 'skip'`, which still lists it in `unmapped`.
 * - Watts: finite, 0..100,000. An empty cell is missing (null). An aggregate of 0 is missing too: these
 *   files wrote their gaps as 0, and a lived-in home never draws 0 W.
 */
export interface AppliancePowerOptions {
  /** Seconds between samples (the `?interval_s=` of the route), 1..1800. */
  interval_s: number;
  /** IANA zone for naive times; without it a time lacking an offset is an error. */
  naiveTimeZone?: string;
  /** The time column's name (case-insensitive); default: the first column. */
  timeColumn?: string;
  /** Explicit meanings for columns (header text, case-insensitive), overriding the name mapping. */
  columns?: Readonly<Record<string, ApplianceType | typeof AGGREGATE | 'ignore'>>;
  onUnmapped?: 'error' | 'skip';
}

export interface PowerColumns {
  time: string;
  /** The whole-house column, if the file has one. */
  aggregate: string | null;
  /** Appliance columns, in file order; PowerSample.watts follows this order. */
  appliances: { column: string; appliance: ApplianceType }[];
  /** Columns that map to nothing (only with onUnmapped: 'skip') and those the caller said to ignore. */
  unmapped: string[];
  ignored: string[];
  interval_s: number;
}

export interface PowerSample {
  /** File line, for messages. */
  line: number;
  /** Epoch seconds of the sample's start. */
  t: number;
  /** Whole-house watts; null when missing (empty or 0). */
  aggregate_w: number | null;
  /** Watts per PowerColumns.appliances entry; null when the cell is empty. */
  watts: (number | null)[];
}

/** The per-file state: column positions from the header, then one sample per record. */
class PowerReader {
  readonly columns: PowerColumns;
  readonly #timeAt: number;
  readonly #aggregateAt: number | undefined;
  readonly #applianceAt: number[];
  readonly #width: number;
  readonly #resolver: NaiveTimeResolver | null;
  #previous: number | null = null;

  constructor(header: CsvRecord, options: AppliancePowerOptions) {
    const names = header.fields.map((f) => f.trim());
    this.#width = names.length;
    const wantedTime = options.timeColumn === undefined ? null : headerKey(options.timeColumn);
    const timeAt = wantedTime === null ? 0 : names.findIndex((n) => headerKey(n) === wantedTime);
    if (timeAt < 0 || names[timeAt] === undefined || names[timeAt] === '') {
      throw new ParseError(header.line, options.timeColumn ?? null, 'the header has no time column');
    }
    this.#timeAt = timeAt;
    const appliances: PowerColumns['appliances'] = [];
    const applianceAt: number[] = [];
    const unmapped: string[] = [];
    const ignored: string[] = [];
    let aggregate: string | null = null;
    let aggregateAt: number | undefined;
    const overrides = new Map(Object.entries(options.columns ?? {}).map(([k, v]) => [headerKey(k), v]));
    for (const [i, name] of names.entries()) {
      if (i === timeAt) continue;
      const meaning = overrides.get(headerKey(name)) ?? applianceOfColumn(name);
      if (meaning === 'ignore') ignored.push(name);
      else if (meaning === null) unmapped.push(name);
      else if (meaning === AGGREGATE) {
        if (aggregate !== null) {
          throw new ParseError(
            header.line,
            name,
            `a second whole-house column (the first is "${aggregate}")`,
          );
        }
        aggregate = name;
        aggregateAt = i;
      } else {
        appliances.push({ column: name, appliance: meaning });
        applianceAt.push(i);
      }
    }
    this.#aggregateAt = aggregateAt;
    const [firstUnmapped] = unmapped;
    if (firstUnmapped !== undefined && options.onUnmapped !== 'skip') {
      throw new ParseError(
        header.line,
        firstUnmapped,
        `no appliance type matches this column (${unmapped.length} such: ${unmapped.join(', ')}); rename it to ` +
          `one of ${APPLIANCE_TYPES.join(', ')} or "Aggregate", or leave it out`,
      );
    }
    if (aggregate === null && appliances.length === 0) {
      throw new ParseError(header.line, null, 'the header has no whole-house or appliance columns');
    }
    this.#applianceAt = applianceAt;
    this.#resolver =
      options.naiveTimeZone === undefined ? null : new NaiveTimeResolver(options.naiveTimeZone);
    const time = names[timeAt] ?? '';
    this.columns = { time, aggregate, appliances, unmapped, ignored, interval_s: options.interval_s };
  }

  read(record: CsvRecord): PowerSample {
    checkWidth(record, this.#width);
    const timeName = this.columns.time;
    const t = this.#time(record);
    const step = this.columns.interval_s;
    if (this.#previous !== null && t - this.#previous < step) {
      throw new ParseError(
        record.line,
        timeName,
        `${formatUtc(t)} is less than interval_s=${step} after the previous row (${formatUtc(this.#previous)}); ` +
          'rows must be in time order',
      );
    }
    if ((t % HALF_HOUR_S) + step > HALF_HOUR_S) {
      throw new ParseError(
        record.line,
        timeName,
        `a ${step} s sample from ${formatUtc(t)} crosses a half-hour`,
      );
    }
    this.#previous = t;
    const aggregate = this.#aggregateAt === undefined ? null : this.#power(record, this.#aggregateAt);
    const watts: (number | null)[] = [];
    for (const at of this.#applianceAt) watts.push(this.#power(record, at));
    return { line: record.line, t, aggregate_w: aggregate === 0 ? null : aggregate, watts };
  }

  #power(record: CsvRecord, at: number): number | null {
    const v = watts(cell(record, at), MAX_POWER_W);
    if (!v.ok) throw new ParseError(record.line, this.#name(at), v.reason);
    return v.value;
  }

  #name(at: number): string {
    if (at === this.#aggregateAt) return this.columns.aggregate ?? '';
    const k = this.#applianceAt.indexOf(at);
    return this.columns.appliances[k]?.column ?? '';
  }

  #time(record: CsvRecord): number {
    const text = cell(record, this.#timeAt);
    const parsed = parseTimestamp(text);
    if (!parsed.ok) throw new ParseError(record.line, this.columns.time, parsed.reason);
    if (typeof parsed.value === 'number') return parsed.value;
    if (this.#resolver === null) {
      throw new ParseError(record.line, this.columns.time, `${naiveReason(text)}, or set naiveTimeZone`);
    }
    const t = this.#resolver.resolve(parsed.value, text, this.#previous);
    if (!t.ok) throw new ParseError(record.line, this.columns.time, t.reason);
    return t.value;
  }
}

function checkOptions(options: AppliancePowerOptions): void {
  const s = options.interval_s;
  if (!Number.isSafeInteger(s) || s < 1 || s > HALF_HOUR_S) {
    throw new ParseError(null, 'interval_s', `${s} is not a whole number of seconds from 1 to 1800`);
  }
}

/** A whole appliance-power CSV: its columns and every sample, or the first error. */
export function parseAppliancePowerCsv(
  text: string,
  options: AppliancePowerOptions,
): ParseResult<{ columns: PowerColumns; samples: PowerSample[] }> {
  return capture(() => {
    checkOptions(options);
    let reader: PowerReader | null = null;
    const samples: PowerSample[] = [];
    for (const record of csvRecords(text)) {
      if (reader === null) reader = new PowerReader(record, options);
      else samples.push(reader.read(record));
    }
    if (reader === null) throw new ParseError(null, null, 'the file is empty');
    if (samples.length === 0) throw new ParseError(null, null, 'the file has a header but no samples');
    return { columns: reader.columns, samples };
  });
}

/**
 * Streaming form: reads up to the header, then hands back the columns and a generator of samples that
 * throws ParseError at the first bad row. Throws ParseError if the header itself is wrong.
 */
export async function openAppliancePowerCsv(
  source: TextSource,
  options: AppliancePowerOptions,
): Promise<{ columns: PowerColumns; samples: AsyncGenerator<PowerSample> }> {
  checkOptions(options);
  const records = csvRecordsFrom(source);
  const first = await records.next();
  if (first.done === true) throw new ParseError(null, null, 'the file is empty');
  const reader = new PowerReader(first.value, options);
  async function* samples(): AsyncGenerator<PowerSample> {
    for await (const record of records) yield reader.read(record);
  }
  return { columns: reader.columns, samples: samples() };
}
