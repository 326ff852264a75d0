import { type CsvRecord, csvRecords, csvRecordsFrom, type TextSource } from './csv';
import { capture, ParseError, type ParseResult } from './errors';

/**
 * The shape every CSV format here shares: an optional header that picks the columns, then one output row
 * per data record. A layout is stateless; `open` makes the per-file state (column positions, overlap
 * tracking), so one layout object serves any number of files.
 */
export interface CsvLayout<T> {
  /** How the format is called in messages ("an Octopus CSV"). */
  readonly title: string;
  readonly hasHeader: boolean;
  open(header: CsvRecord | null): RowReader<T>;
}

export interface RowReader<T> {
  /** The output row of one record; throws ParseError naming the row and field. */
  read(record: CsvRecord): T;
}

/** Parses a whole string: every row, or the first error (all or nothing). */
export function parseCsv<T>(text: string, layout: CsvLayout<T>): ParseResult<T[]> {
  return capture(() => {
    const rows: T[] = [];
    let reader: RowReader<T> | null = null;
    for (const record of csvRecords(text)) {
      if (reader === null) {
        reader = layout.open(layout.hasHeader ? record : null);
        if (layout.hasHeader) continue;
      }
      rows.push(reader.read(record));
    }
    checkNotEmpty(layout, reader !== null, rows.length);
    return rows;
  });
}

/**
 * Streams rows from text chunks or bytes. Throws ParseError at the first bad row, after yielding the good
 * ones before it: a caller that must be all-or-nothing writes inside a transaction and rolls back.
 */
export async function* streamCsv<T>(source: TextSource, layout: CsvLayout<T>): AsyncGenerator<T> {
  let reader: RowReader<T> | null = null;
  let count = 0;
  for await (const record of csvRecordsFrom(source)) {
    if (reader === null && layout.hasHeader) {
      reader = layout.open(record);
      continue;
    }
    reader ??= layout.open(null);
    yield reader.read(record);
    count++;
  }
  checkNotEmpty(layout, reader !== null, count);
}

function checkNotEmpty<T>(layout: CsvLayout<T>, sawHeader: boolean, rows: number): void {
  if (rows > 0) return;
  throw new ParseError(
    null,
    null,
    sawHeader && layout.hasHeader
      ? `${layout.title} has a header but no data rows`
      : `${layout.title} is empty`,
  );
}

/** Header text compared trimmed, case-insensitively and with runs of spaces as one. */
export function headerKey(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Finds each wanted column in a header by its accepted names. A missing or repeated column is an error
 * that shows the header expected; unknown columns are an error only when `extra` is 'error'.
 */
export function locateColumns<K extends string>(
  header: CsvRecord,
  wanted: Readonly<Record<K, readonly string[]>>,
  optional: readonly NoInfer<K>[],
  extra: 'ignore' | 'error',
  title: string,
  expected: string,
): Record<K, number | undefined> {
  const keys = header.fields.map(headerKey);
  const found = {} as Record<K, number | undefined>;
  const claimed = new Set<number>();
  for (const name of Object.keys(wanted) as K[]) {
    const accepted = wanted[name].map(headerKey);
    const at = keys.flatMap((k, i) => (accepted.includes(k) ? [i] : []));
    if (at.length > 1)
      throw new ParseError(header.line, null, `the column "${name}" appears twice in the header`);
    if (at[0] === undefined && !optional.includes(name)) {
      throw new ParseError(
        header.line,
        null,
        `the header ${JSON.stringify(header.fields.join(','))} is not ${title} header: no "${name}" column ` +
          `(expected ${expected})`,
      );
    }
    found[name] = at[0];
    if (at[0] !== undefined) claimed.add(at[0]);
  }
  if (extra === 'error') {
    const unknown = header.fields.filter((f, i) => !claimed.has(i) && f.trim() !== '');
    if (unknown.length > 0) {
      throw new ParseError(
        header.line,
        null,
        `unknown column ${JSON.stringify(unknown[0])} (expected ${expected})`,
      );
    }
  }
  return found;
}

/** The trimmed cell at `index` (call `checkWidth` on the record first). */
export function cell(record: CsvRecord, index: number | undefined): string {
  return index === undefined ? '' : (record.fields[index] ?? '').trim();
}

/** Too few fields, or extra ones that hold data, mean the row is not the header's shape. */
export function checkWidth(record: CsvRecord, width: number): void {
  const n = record.fields.length;
  if (n === width) return;
  if (n > width && record.fields.slice(width).every((f) => f.trim() === '')) return; // trailing commas
  const hint = n > width ? ' (a decimal comma, like 1,5? use a point)' : '';
  throw new ParseError(record.line, null, `has ${n} fields but the header has ${width}${hint}`);
}
