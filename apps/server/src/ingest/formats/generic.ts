import type { CsvRecord, TextSource } from './csv';
import { ParseError, type ParseResult } from './errors';
import { wholeSeconds, wholeWh } from './numbers';
import { admitReading, ReadingCoverage, type Reading, type ReadingField } from './reading';
import { type CsvLayout, cell, checkWidth, locateColumns, parseCsv, streamCsv } from './table';
import { parseInstant } from './time';

/**
 * The generic readings CSV: a required header naming the five Reading fields (any order, matched trimmed
 * and case-insensitively; an unknown column is an error, so a typo like `import_kwh` is not ignored), then
 * one reading per row: `start` as epoch seconds or ISO 8601 with an offset, the rest whole numbers.
 *
 *   start,interval_s,import_wh,export_wh,generation_wh
 *   2024-10-01T00:00:00+01:00,1800,412,0,0
 */
const COLUMNS = {
  start: ['start'],
  interval_s: ['interval_s'],
  import_wh: ['import_wh'],
  export_wh: ['export_wh'],
  generation_wh: ['generation_wh'],
} as const satisfies Record<ReadingField, readonly string[]>;

const EXPECTED = '"start,interval_s,import_wh,export_wh,generation_wh"';

export const genericLayout: CsvLayout<Reading> = {
  title: 'a generic readings CSV',
  hasHeader: true,
  open(header) {
    if (header === null) throw new ParseError(null, null, 'the header row is missing');
    const at = locateColumns(header, COLUMNS, [], 'error', 'a generic readings CSV', EXPECTED);
    const width = header.fields.length;
    const coverage = new ReadingCoverage();
    const name = (field: ReadingField): string => field;
    return {
      read(record: CsvRecord): Reading {
        checkWidth(record, width);
        const value = (field: ReadingField): number => {
          const text = cell(record, at[field]);
          const v =
            field === 'start'
              ? parseInstant(text)
              : field === 'interval_s'
                ? wholeSeconds(text)
                : wholeWh(text);
          if (!v.ok) throw new ParseError(record.line, field, v.reason);
          return v.value;
        };
        const reading: Reading = {
          start: value('start'),
          interval_s: value('interval_s'),
          import_wh: value('import_wh'),
          export_wh: value('export_wh'),
          generation_wh: value('generation_wh'),
        };
        return admitReading(reading, record.line, name, coverage);
      },
    };
  },
};

export function parseGenericCsv(text: string): ParseResult<Reading[]> {
  return parseCsv(text, genericLayout);
}

/** Streaming form; throws ParseError at the first bad row (see `streamCsv`). */
export function streamGenericCsv(source: TextSource): AsyncGenerator<Reading> {
  return streamCsv(source, genericLayout);
}
