import type { TextSource } from './csv';
import { ParseError, type ParseResult } from './errors';
import { ELECTRICITY_UNITS, type ReadingsUnits } from './gas';
import { genericLayout } from './generic';
import { n3rgyLayout } from './n3rgy';
import { octopusLayout } from './octopus';
import type { Reading } from './reading';
import { type CsvLayout, parseCsv, streamCsv } from './table';

/** The `?format=` / `--format` values for readings CSV. */
export const READINGS_CSV_FORMATS = ['generic', 'octopus', 'n3rgy'] as const;
export type ReadingsCsvFormat = (typeof READINGS_CSV_FORMATS)[number];

export function isReadingsCsvFormat(value: unknown): value is ReadingsCsvFormat {
  return typeof value === 'string' && (READINGS_CSV_FORMATS as readonly string[]).includes(value);
}

/** The layout of `format` for a file of `units` (electricity unless said; gas: m³ or kWh, gas.ts). */
export function readingsLayout(
  format: ReadingsCsvFormat,
  units: ReadingsUnits = ELECTRICITY_UNITS,
): CsvLayout<Reading> {
  switch (format) {
    case 'generic':
      return genericLayout;
    case 'octopus':
      return octopusLayout({ units });
    case 'n3rgy':
      return n3rgyLayout(units);
  }
}

/** A whole readings CSV in the named layout: every reading, or the first error. */
export function parseReadingsCsv(
  text: string,
  format: ReadingsCsvFormat,
  units?: ReadingsUnits,
): ParseResult<Reading[]> {
  return parseCsv(text, readingsLayout(format, units));
}

/** Streaming form; throws ParseError at the first bad row (see `streamCsv`). */
export function streamReadingsCsv(
  source: TextSource,
  format: ReadingsCsvFormat,
  units?: ReadingsUnits,
): AsyncGenerator<Reading> {
  return streamCsv(source, readingsLayout(format, units));
}

/** For a route: checks an untrusted `format` query value, naming the choices. */
export function readingsFormatFrom(value: unknown): ParseResult<ReadingsCsvFormat> {
  if (isReadingsCsvFormat(value)) return { ok: true, value };
  const choices = READINGS_CSV_FORMATS.join(', ');
  const detail =
    value === undefined
      ? `is missing; choose one of ${choices}`
      : `${JSON.stringify(value)} is not one of ${choices}`;
  return { ok: false, error: new ParseError(null, 'format', detail) };
}
