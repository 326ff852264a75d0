/**
 * The pure parsing layer of ingest: text in, typed rows or a ParseError out, no I/O. Each format has a
 * whole-string `parse…` (returns a ParseResult, all or nothing) and a streaming `stream…`/`open…` (text or
 * byte chunks in, rows out, throws ParseError at the first bad row) for files too big to hold.
 */
export { type AgilePrice, agileLayout, parseAgileCsv, streamAgileCsv } from './agile';
export {
  type AppliancePowerOptions,
  openAppliancePowerCsv,
  type PowerColumns,
  type PowerSample,
  parseAppliancePowerCsv,
} from './appliance-power';
export {
  AGGREGATE,
  APPLIANCE_TYPES,
  type ApplianceType,
  applianceOfColumn,
  DEFAULT_RULES,
  type EventRule,
} from './appliances';
export {
  type CsvRecord,
  csvRecords,
  csvRecordsFrom,
  fromLines,
  type TextChunk,
  type TextSource,
} from './csv';
export {
  type ApplianceEvent,
  type ColumnState,
  detectApplianceEvents,
  EventDetector,
  type RuleOverrides,
} from './detect-events';
export { ParseError, type ParseResult } from './errors';
export { type FilePrice, type FilePrices, parsePublishedPrices } from './published-prices';
export { ELECTRICITY_UNITS, type ReadingsUnits } from './gas';
export { genericLayout, parseGenericCsv, streamGenericCsv } from './generic';
export { n3rgyLayout, parseN3rgyCsv, streamN3rgyCsv } from './n3rgy';
export { kwhToWh, penceToMicroPounds } from './numbers';
export { type OctopusOptions, octopusLayout, parseOctopusCsv, streamOctopusCsv } from './octopus';
export { checkReading, HALF_HOUR_S, MAX_POWER_W, maxWhIn, type Reading, type ReadingField } from './reading';
export {
  isReadingsCsvFormat,
  parseReadingsCsv,
  READINGS_CSV_FORMATS,
  type ReadingsCsvFormat,
  readingsFormatFrom,
  readingsLayout,
  streamReadingsCsv,
} from './readings-csv';
export { EXAMPLE_READING, parseReadingsJson, readReadingsJson } from './readings-json';
export { type CsvLayout, parseCsv, type RowReader, streamCsv } from './table';
export { formatUtc, parseInstant } from './time';
export { WholeHouseMeter, wholeHouseReadings } from './whole-house';
