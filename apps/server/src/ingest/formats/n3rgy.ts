import type { TextSource } from './csv';
import { type Checked, good, ParseError, type ParseResult } from './errors';
import { cubicMetresOf, ELECTRICITY_UNITS, litresToWh, type ReadingsUnits } from './gas';
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
 * - A gas file says its unit in the header: `energyConsumption (m3)` (a SMETS2 meter) becomes Wh at the
 *   calorific value of each half-hour's local day (the home's dated one, gas.ts); `energyConsumption (kWh)` is kWh of either fuel. An m³ file read as
 *   electricity is refused, naming the way to import it as gas.
 */
const COLUMNS = {
  kwh: { 'timestamp (UTC)': ['timestamp (utc)'], energy: ['energyconsumption (kwh)'] },
  m3: { 'timestamp (UTC)': ['timestamp (utc)'], energy: ['energyconsumption (m3)'] },
} as const;

const EXPECTED = '"timestamp (UTC),energyConsumption (kWh)" (gas: "energyConsumption (m3)")';

export function n3rgyLayout(units: ReadingsUnits = ELECTRICITY_UNITS): CsvLayout<Reading> {
  return {
    title: 'an n3rgy CSV',
    hasHeader: true,
    open(header) {
      if (header === null) throw new ParseError(null, null, 'the header row is missing');
      const unit = header.fields.some((f) => headerKey(f) === 'energyconsumption (m3)') ? 'm3' : 'kwh';
      if (unit === 'm3' && units.fuel !== 'gas') {
        throw new ParseError(
          header.line,
          null,
          'this is an n3rgy gas file (m3): import it as gas (npm run import -- readings --fuel gas, or ?fuel=gas)',
        );
      }
      const at = locateColumns(header, COLUMNS[unit], [], 'ignore', 'an n3rgy', EXPECTED);
      const column = unit === 'm3' ? 'energyConsumption (m3)' : 'energyConsumption (kWh)';
      const width = header.fields.length;
      const coverage = new ReadingCoverage();
      const name = (field: ReadingField): string =>
        field === 'start' || field === 'interval_s' ? 'timestamp (UTC)' : column;
      return {
        read(record) {
          checkWidth(record, width);
          const stamp = cell(record, at['timestamp (UTC)']);
          const parsed = parseTimestamp(stamp);
          const end: Checked<number> = !parsed.ok
            ? parsed
            : typeof parsed.value === 'number'
              ? good(parsed.value)
              : inRange(civilAsUtc(parsed.value), stamp);
          if (!end.ok) throw new ParseError(record.line, 'timestamp (UTC)', end.reason);
          if (end.value % HALF_HOUR_S !== 0) {
            throw new ParseError(
              record.line,
              'timestamp (UTC)',
              `${stamp} is not on a half-hour (:00 or :30)`,
            );
          }
          const text = cell(record, at.energy);
          const amount = unit === 'm3' ? cubicMetresOf(text) : kwhToWh(text);
          if (!amount.ok) throw new ParseError(record.line, column, amount.reason);
          const start = end.value - HALF_HOUR_S;
          const reading: Reading = {
            start,
            interval_s: HALF_HOUR_S,
            // m³ at the calorific value of the half-hour's own local day (the home's, gas.ts).
            import_wh: unit === 'm3' ? litresToWh(amount.value, start, units) : amount.value,
            export_wh: 0,
            generation_wh: 0,
          };
          return admitReading(reading, record.line, name, coverage);
        },
      };
    },
  };
}

export function parseN3rgyCsv(text: string, units?: ReadingsUnits): ParseResult<Reading[]> {
  return parseCsv(text, n3rgyLayout(units));
}

/** Streaming form; throws ParseError at the first bad row (see `streamCsv`). */
export function streamN3rgyCsv(source: TextSource, units?: ReadingsUnits): AsyncGenerator<Reading> {
  return streamCsv(source, n3rgyLayout(units));
}
