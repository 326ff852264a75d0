import { isValidTimeZone } from '@homeview/domain';
import {
  isReadingsCsvFormat,
  READINGS_CSV_FORMATS,
  type ReadingsCsvFormat,
  type ReadingsUnits,
} from '../ingest/formats';
import { type KnownCode, knownTariffCode } from '../features/energy/published-products';
import { CliError } from './args';

// `npm run import -- <readings|appliances|prices> --house H [flags] FILE`, and a region's published
// prices with no house (`prices --tariff CODE`), checked before anything is opened: strict flags
// (unknown, repeated or valueless ones are errors) and exactly one file.

export const IMPORT_USAGE = [
  'Usage:',
  '  npm run import -- readings --house H --format generic|octopus|n3rgy [--replace]',
  '      [--fuel electricity|gas] [--gas-unit kwh|m3] FILE',
  '  npm run import -- appliances --house H [--interval-s 60] [--naive-zone ZONE] [--unmapped skip] FILE',
  '  npm run import -- prices --house H --format agile FILE',
  '  npm run import -- prices --tariff E-1R-AGILE-24-10-01-C [--series standard-unit-rates|standing-charges] FILE',
  '  npm run import -- prices --tariff E-2R-VAR-22-11-01-C --series day-unit-rates|night-unit-rates|standing-charges FILE',
  "      (a region's published prices for Compare tariffs: the products endpoint's JSON, or an Agile CSV)",
].join('\n');

export type ImportArgs =
  | {
      kind: 'readings';
      house: number;
      file: string;
      format: ReadingsCsvFormat;
      replace: boolean;
      /** The file's fuel, and for gas its numbers' unit when said (ingest/formats/gas.ts). */
      units: ReadingsUnits;
    }
  | {
      kind: 'appliances';
      house: number;
      file: string;
      interval_s: number;
      naiveZone: string | null;
      unmapped: 'error' | 'skip';
    }
  | { kind: 'prices'; house: number; file: string }
  | {
      kind: 'published';
      file: string;
      tariff: KnownCode;
      /**
       * Which of the products endpoints' series the file is: unit rates (the default), standing charges,
       * or an E-2R (Economy 7) tariff's day or night rates.
       */
      series: 'unit' | 'standing' | 'day' | 'night';
    };

const FLAGS: Readonly<Record<string, readonly string[]>> = {
  readings: ['house', 'format', 'replace', 'fuel', 'gas-unit', 'calorific-value'],
  appliances: ['house', 'interval-s', 'naive-zone', 'unmapped'],
  prices: ['house', 'format', 'tariff', 'series'],
};

/** Flags without a value. --replace: a reading whose start is stored overwrites it (a correction). */
const SWITCHES = new Set(['replace']);

function split(kind: string, argv: readonly string[]): { flags: Map<string, string>; files: string[] } {
  const flags = new Map<string, string>();
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) {
      files.push(arg);
      continue;
    }
    const name = match[1] as string;
    if (!FLAGS[kind]?.includes(name)) throw new CliError(`Unknown flag --${name} for "import ${kind}"`);
    if (flags.has(name)) throw new CliError(`--${name} is given twice`);
    if (SWITCHES.has(name)) {
      if (match[2] !== undefined) throw new CliError(`--${name} takes no value`);
      flags.set(name, 'true');
      continue;
    }
    let value = match[2];
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new CliError(`--${name} needs a value`);
      value = next;
      i++;
    }
    flags.set(name, value);
  }
  return { flags, files };
}

export function parseImportArgs(argv: readonly string[]): ImportArgs {
  const [kind, ...rest] = argv;
  if (kind === undefined || !(kind in FLAGS)) {
    throw new CliError(kind === undefined ? IMPORT_USAGE : `Unknown import "${kind}".\n\n${IMPORT_USAGE}`);
  }
  const { flags, files } = split(kind, rest);
  if (kind === 'prices' && flags.has('tariff')) return publishedArgs(flags, oneFile(files));
  if (flags.has('series')) throw new CliError("--series is for --tariff (a region's published prices)");
  const house = flags.get('house');
  if (house === undefined) throw new CliError('--house is required (the house id; create-house prints it)');
  if (!/^[1-9]\d{0,9}$/.test(house)) throw new CliError(`--house must be a house id, got "${house}"`);
  const base = { house: Number(house), file: oneFile(files) };
  const format = flags.get('format');
  if (kind === 'readings') {
    if (!isReadingsCsvFormat(format))
      throw new CliError(
        `--format must be one of ${READINGS_CSV_FORMATS.join(', ')}${format ? ` (got "${format}")` : ''}`,
      );
    return { kind, ...base, format, replace: flags.has('replace'), units: readingsUnits(flags, format) };
  }
  if (kind === 'prices') {
    if (format !== 'agile') throw new CliError(`--format must be agile${format ? ` (got "${format}")` : ''}`);
    return { kind, ...base };
  }
  const interval = flags.get('interval-s') ?? '60';
  if (!/^\d{1,4}$/.test(interval) || Number(interval) < 1 || Number(interval) > 1800)
    throw new CliError(`--interval-s must be the seconds between samples, 1 to 1800 (got "${interval}")`);
  const naiveZone = flags.get('naive-zone') ?? null;
  if (naiveZone !== null && !isValidTimeZone(naiveZone))
    throw new CliError(`--naive-zone must be an IANA zone such as Europe/London or UTC (got "${naiveZone}")`);
  const unmapped = flags.get('unmapped') ?? 'error';
  if (unmapped !== 'error' && unmapped !== 'skip') throw new CliError('--unmapped must be error or skip');
  return { kind: 'appliances', ...base, interval_s: Number(interval), naiveZone, unmapped };
}

function oneFile(files: readonly string[]): string {
  if (files.length !== 1) {
    throw new CliError(
      files.length === 0 ? 'Which file? Give its path last.' : `One file at a time, got ${files.join(', ')}`,
    );
  }
  return files[0] as string;
}

/** `prices --tariff CODE [--series …] FILE`: a region's published prices, for no house. */
function publishedArgs(flags: Map<string, string>, file: string): ImportArgs {
  for (const other of ['house', 'format'])
    if (flags.has(other))
      throw new CliError(
        `--${other} is not taken with --tariff: the prices are the region's (the code's letter), for every home in it; the format is read from the file`,
      );
  const tariff = knownTariffCode(flags.get('tariff') as string);
  if (typeof tariff === 'string') throw new CliError(`--tariff: ${tariff}`);
  // An E-2R tariff (Economy 7) has day and night rates, never a standard one.
  const twoRates = tariff.tariffCode.startsWith('E-2R-');
  const allowed: Record<string, 'unit' | 'standing' | 'day' | 'night'> = twoRates
    ? { 'day-unit-rates': 'day', 'night-unit-rates': 'night', 'standing-charges': 'standing' }
    : { 'standard-unit-rates': 'unit', 'standing-charges': 'standing' };
  const series = flags.get('series') ?? (twoRates ? undefined : 'standard-unit-rates');
  const chosen = series === undefined ? undefined : allowed[series];
  if (chosen === undefined)
    throw new CliError(
      `--series must be ${Object.keys(allowed).join(' or ')} for ${tariff.tariffCode}${series === undefined ? '' : ` (got "${series}")`}`,
    );
  return { kind: 'published', file, tariff, series: chosen };
}

/**
 * --fuel (default electricity); for gas, --gas-unit when an Octopus file's numbers are not in the unit of
 * the home's gas meter (its header says kwh whatever the meter counts; an n3rgy file names its unit
 * itself). m³ are read at the home's own dated calorific value (run-import.ts), so there is no flag for it.
 */
function readingsUnits(flags: Map<string, string>, format: ReadingsCsvFormat): ReadingsUnits {
  if (flags.has('calorific-value'))
    throw new CliError(
      "--calorific-value is not taken: gas in m³ is read at the home's own calorific value of each day, " +
        'the one its supplier data uses; set it (dated, from your bill) on Account → HomeView → Supplier data, ' +
        'then import the file',
    );
  const fuel = flags.get('fuel') ?? 'electricity';
  if (fuel !== 'electricity' && fuel !== 'gas')
    throw new CliError(`--fuel must be electricity or gas (got "${fuel}")`);
  const gasUnit = flags.get('gas-unit');
  if (fuel === 'electricity') {
    if (gasUnit !== undefined) throw new CliError('--gas-unit is for gas: add --fuel gas');
    return { fuel };
  }
  if (gasUnit !== undefined && gasUnit !== 'kwh' && gasUnit !== 'm3')
    throw new CliError(`--gas-unit must be kwh or m3 (got "${gasUnit}")`);
  if (gasUnit !== undefined && format !== 'octopus')
    throw new CliError(`--gas-unit is for Octopus files; ${format} files say their unit themselves`);
  return { fuel, ...(gasUnit === undefined ? {} : { gasUnit }) };
}
