import type { TextSource } from './csv';
import { type Checked, good, ParseError, type ParseResult } from './errors';
import { kwhToWh } from './numbers';
import { admitReading, ReadingCoverage, HALF_HOUR_S, type Reading, type ReadingField } from './reading';
import { type CsvLayout, cell, checkWidth, headerKey, locateColumns, parseCsv, streamCsv } from './table';
import { civilAsUtc, inRange, parseTimestamp } from './time';

/**
 * n3rgy's consumer CSV download (FORMATS.md §4): `timestamp (UTC), energyConsumption (kWh)`, half-hourly.
 *
 * - The timestamp marks the END of the half-hour (the first row of a day's download is 00:30), so
 *   start = timestamp − 1800. Each timestamp must sit on :00 or :30.
 * - The header declares the clock UTC, so a timestamp without an offset is read as UTC here (the one
 *   format where a naive time is accepted); one with an offset is taken as written.
 * - kWh → exact integer Wh from the decimal string; more than 3 decimals round half-up.
 * - A gas file (`energyConsumption (m3)`) is refused: these are electricity readings.
 */
const COLUMNS = {
  'timestamp (UTC)': ['timestamp (utc)'],
  'energyConsumption (kWh)': ['energyconsumption (kwh)'],
} as const;

const EXPECTED = '"timestamp (UTC),energyConsumption (kWh)"';

export const n3rgyLayout: CsvLayout<Reading> = {
  title: 'an n3rgy CSV',
  hasHeader: true,
  open(header) {
    if (header === null) throw new ParseError(null, null, 'the header row is missing');
    if (header.fields.some((f) => headerKey(f) === 'energyconsumption (m3)')) {
      throw new ParseError(
        header.line,
        null,
        'this is an n3rgy gas file (m3); import the electricity (kWh) one',
      );
    }
    const at = locateColumns(header, COLUMNS, [], 'ignore', 'an n3rgy', EXPECTED);
    const width = header.fields.length;
    const coverage = new ReadingCoverage();
    const name = (field: ReadingField): string =>
      field === 'start' || field === 'interval_s' ? 'timestamp (UTC)' : 'energyConsumption (kWh)';
    return {
      read(record) {
        checkWidth(record, width);
        const text = cell(record, at['timestamp (UTC)']);
        const parsed = parseTimestamp(text);
        const end: Checked<number> = !parsed.ok
          ? parsed
          : typeof parsed.value === 'number'
            ? good(parsed.value)
            : inRange(civilAsUtc(parsed.value), text);
        if (!end.ok) throw new ParseError(record.line, 'timestamp (UTC)', end.reason);
        if (end.value % HALF_HOUR_S !== 0) {
          throw new ParseError(record.line, 'timestamp (UTC)', `${text} is not on a half-hour (:00 or :30)`);
        }
        const wh = kwhToWh(cell(record, at['energyConsumption (kWh)']));
        if (!wh.ok) throw new ParseError(record.line, 'energyConsumption (kWh)', wh.reason);
        const reading: Reading = {
          start: end.value - HALF_HOUR_S,
          interval_s: HALF_HOUR_S,
          import_wh: wh.value,
          export_wh: 0,
          generation_wh: 0,
        };
        return admitReading(reading, record.line, name, coverage);
      },
    };
  },
};

export function parseN3rgyCsv(text: string): ParseResult<Reading[]> {
  return parseCsv(text, n3rgyLayout);
}

/** Streaming form; throws ParseError at the first bad row (see `streamCsv`). */
export function streamN3rgyCsv(source: TextSource): AsyncGenerator<Reading> {
  return streamCsv(source, n3rgyLayout);
}
