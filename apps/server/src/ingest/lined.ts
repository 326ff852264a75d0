import {
  type CsvLayout,
  type CsvRecord,
  csvRecords,
  csvRecordsFrom,
  ParseError,
  type RowReader,
  type TextSource,
} from './formats';
import { nextTurn } from '../shared/turn';

// The formats layer's CSV layouts, read keeping each row's line number, so an error found after parsing
// (a reading from the future, an overlap with stored data) still names the line a person can open.

/** A batch over its limit: the route answers 413, the message carrying the limit. */
export class BatchTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The batch has more than ${limit.toLocaleString('en-GB')} rows, the limit per request; split it.`);
  }
}

function reader<T>(layout: CsvLayout<T>) {
  let open: RowReader<T> | null = null;
  return (record: CsvRecord): { value: T; line: number } | null => {
    if (open === null && layout.hasHeader) {
      open = layout.open(record);
      return null;
    }
    open ??= layout.open(null);
    return { value: open.read(record), line: record.line };
  };
}

function empty<T>(layout: CsvLayout<T>): ParseError {
  return new ParseError(null, null, `${layout.title} has no data rows`);
}

/** A whole CSV text: its rows and their lines; throws ParseError or BatchTooLarge. */
export function parseCsvLined<T>(
  text: string,
  layout: CsvLayout<T>,
  maxRows: number,
): { rows: T[]; lines: number[] } {
  const read = reader(layout);
  const rows: T[] = [];
  const lines: number[] = [];
  for (const record of csvRecords(text)) {
    const row = read(record);
    if (row === null) continue;
    if (rows.length === maxRows) throw new BatchTooLarge(maxRows);
    rows.push(row.value);
    lines.push(row.line);
  }
  if (rows.length === 0) throw empty(layout);
  return { rows, lines };
}

/** Small enough that one slice's rows (about 250 of appliance power) take about a millisecond to read. */
export const SLICE_CHARS = 16 * 1024;

/**
 * A request body in slices, letting the event loop serve other requests (and /healthz) between two of
 * them: whatever reads the rows of one slice runs before the next slice is handed over.
 */
export async function* yieldingSlices(text: string, size = SLICE_CHARS): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += size) {
    if (start > 0) await nextTurn();
    yield text.slice(start, start + size);
  }
}

/**
 * parseCsvLined for a request body: the same rows, lines and errors, read in slices so a 10 MB body
 * does not hold up /healthz and everyone else while it is parsed.
 */
export async function parseCsvLinedYielding<T>(
  text: string,
  layout: CsvLayout<T>,
  maxRows: number,
): Promise<{ rows: T[]; lines: number[] }> {
  const rows: T[] = [];
  const lines: number[] = [];
  for await (const row of streamCsvLined(yieldingSlices(text), layout)) {
    if (rows.length === maxRows) throw new BatchTooLarge(maxRows);
    rows.push(row.value);
    lines.push(row.line);
  }
  return { rows, lines };
}

/** Streaming form for files; throws ParseError at the first bad row. */
export async function* streamCsvLined<T>(
  source: TextSource,
  layout: CsvLayout<T>,
): AsyncGenerator<{ value: T; line: number }> {
  const read = reader(layout);
  let count = 0;
  for await (const record of csvRecordsFrom(source)) {
    const row = read(record);
    if (row === null) continue;
    count++;
    yield row;
  }
  if (count === 0) throw empty(layout);
}
