import type { TextSource } from './csv';
import { ParseError, type ParseResult } from './errors';
import { cubicMetresOf, litresToWh, type ReadingsUnits } from './gas';
import { kwhToWh } from './numbers';
import { admitReading, ReadingCoverage, HALF_HOUR_S, type Reading, type ReadingField } from './reading';
import { type CsvLayout, cell, checkWidth, locateColumns, parseCsv, streamCsv } from './table';
import { parseInstant } from './time';

/**
 * Octopus' dashboard "download your data" CSV (FORMATS.md §2), both variants:
 *
 *   Consumption (kwh), Estimated Cost Inc. Tax (p), Start, End
 *   Consumption (kwh), Estimated Cost Inc. Tax (p), Standing Charge Inc. Tax (p), Start, End
 *   0.028000, 0.71, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00
 *
 * Headers are matched trimmed and case-insensitively and by name, not position; the cost columns and any
 * column Octopus adds later are ignored (costs are ours to compute). kWh becomes exact integer Wh from the
 * decimal string; more than 3 decimals round half-up. The interval is End − Start, so it must be 1..1800 s
 * (a daily or monthly download is refused: re-download half-hourly). Start/End must carry an offset, as
 * Octopus' do. Octopus gives one meter per file: `energy` says whether it is an import or an export meter.
 * A gas meter's file: the header says kwh whatever the meter counts, and a SMETS2 meter counts m³, so the
 * person says which (`gasUnit: 'm3'`, gas.ts); a `Consumption (m3)` header says it by itself.
 */
export interface OctopusOptions {
  /** Which reading field the Consumption column fills; default 'import_wh' (an export MPAN: 'export_wh'). */
  energy?: 'import_wh' | 'export_wh';
  /** Gas: the numbers' unit (default the header's) and the dated calorific value for m³. */
  units?: ReadingsUnits;
}

const COLUMNS = {
  'Consumption (kwh)': ['consumption (kwh)', 'consumption (m3)', 'consumption (m³)'],
  Start: ['start'],
  End: ['end'],
} as const;

const EXPECTED = '"Consumption (kwh), Estimated Cost Inc. Tax (p), Start, End"';

export function octopusLayout(options: OctopusOptions = {}): CsvLayout<Reading> {
  const energy = options.energy ?? 'import_wh';
  const units = options.units;
  return {
    title: 'an Octopus CSV',
    hasHeader: true,
    open(header) {
      if (header === null) throw new ParseError(null, null, 'the header row is missing');
      const at = locateColumns(header, COLUMNS, [], 'ignore', 'an Octopus', EXPECTED);
      const written = (header.fields[at['Consumption (kwh)'] as number] ?? '').trim();
      const saysM3 = /\(m(3|³)\)$/i.test(written);
      if (saysM3 && units?.fuel !== 'gas')
        throw new ParseError(
          header.line,
          written,
          'is gas in m³: import it as gas (--fuel gas, or ?fuel=gas)',
        );
      const m3 = saysM3 || (units?.fuel === 'gas' && units.gasUnit === 'm3');
      const width = header.fields.length;
      const coverage = new ReadingCoverage();
      const name = (field: ReadingField): string =>
        field === 'start' ? 'Start' : field === 'interval_s' ? 'End' : written;
      return {
        read(record) {
          checkWidth(record, width);
          const get = (column: keyof typeof COLUMNS, parse: typeof parseInstant): number => {
            const v = parse(cell(record, at[column]));
            if (!v.ok)
              throw new ParseError(record.line, column === 'Consumption (kwh)' ? written : column, v.reason);
            return v.value;
          };
          // m³ are litres here, made Wh at the calorific value of the reading's own start (gas.ts).
          const amount = get('Consumption (kwh)', m3 ? cubicMetresOf : kwhToWh);
          const start = get('Start', parseInstant);
          const wh = m3 ? litresToWh(amount, start, units) : amount;
          const end = get('End', parseInstant);
          if (end <= start) throw new ParseError(record.line, 'End', 'is not after Start');
          if (end - start > HALF_HOUR_S) {
            throw new ParseError(
              record.line,
              'End',
              `Start to End is ${end - start} s; only half-hourly (or finer) data can be imported, so download ` +
                'the half-hourly CSV',
            );
          }
          const reading: Reading = {
            start,
            interval_s: end - start,
            import_wh: 0,
            export_wh: 0,
            generation_wh: 0,
          };
          reading[energy] = wh;
          return admitReading(reading, record.line, name, coverage);
        },
      };
    },
  };
}

export function parseOctopusCsv(text: string, options?: OctopusOptions): ParseResult<Reading[]> {
  return parseCsv(text, octopusLayout(options));
}

/** Streaming form; throws ParseError at the first bad row (see `streamCsv`). */
export function streamOctopusCsv(source: TextSource, options?: OctopusOptions): AsyncGenerator<Reading> {
  return streamCsv(source, octopusLayout(options));
}
