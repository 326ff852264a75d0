import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import type { Db } from '../db/types';
import { type ApplianceEventInput, IngestError } from '../features/readings/ingest';
import { type Intake, receive } from '../features/readings/receive';
import { homeGasUnits } from '../features/suppliers/gas-files';
import { importDynamicPrices, UnknownHouse } from '../features/tariffs/service';
import { houseTariffs } from '../shared/tariff-book';
import {
  openAppliancePowerCsv,
  ParseError,
  type Reading,
  type ReadingsUnits,
  readingsLayout,
  streamAgileCsv,
} from '../ingest/formats';
import { streamCsvLined } from '../ingest/lined';
import { PowerIngestor } from '../ingest/power';
import { CliError } from './args';
import { type ImportArgs, parseImportArgs } from './import-args';
import { importPublished } from './import-published';
import { ProgressBar, type ProgressTarget } from './progress';

// `npm run import`: files streamed into a house through the same way in as HTTP ingest (receive), the whole
// file in one transaction (all or nothing: a bad row 90% of the way in leaves the database unchanged),
// flushed in chunks so memory stays flat. A progress bar on stderr, one summary line on stdout, exit 1
// with one clear line (the row and field for a bad row) on any problem.

export interface ImportIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
  progress?: ProgressTarget | null;
  open?: () => Promise<Db>;
  now?: () => Date;
}

const CHUNK = 50_000;
const count = (n: number) => n.toLocaleString('en-GB');

/** Reads a file, reporting bytes read to the bar. */
function source(file: string, bar: ProgressBar, rows: () => number) {
  let bytes = 0;
  const stream = createReadStream(file);
  stream.on('data', (chunk) => {
    bytes += chunk.length;
    bar.update(bytes, rows());
  });
  return stream;
}

/** Ingests one chunk of readings, turning a batch position in an error into the file's row. */
async function flushReadings(
  intake: Intake,
  house: number,
  rows: Reading[],
  lines: number[],
  replace = false,
) {
  try {
    return await intake.readings(house, rows, { replace });
  } catch (error) {
    if (error instanceof IngestError && error.index !== null)
      throw new ParseError(lines[error.index] ?? null, error.field, error.detail);
    throw error;
  }
}

type ReadingsArgs = Extract<ImportArgs, { kind: 'readings' }>;

/**
 * A gas file is read as the home's supplier data is (features/suppliers/gas-files.ts): m³ at the home's
 * dated calorific value of each half-hour, and an Octopus file that does not say its unit in the unit of
 * the home's gas meter, unless --gas-unit says otherwise. `note` tells the summary what was applied.
 */
async function unitsOfFile(db: Db, args: ReadingsArgs, zone: string) {
  if (args.units.fuel !== 'gas') return { units: args.units, note: () => '' };
  const home = await homeGasUnits(db, { id: args.house, time_zone: zone });
  const used = new Set<number>();
  const fromMeter = args.format === 'octopus' && args.units.gasUnit === undefined && home.meterUnit === 'm3';
  const units: ReadingsUnits = {
    ...args.units,
    ...(fromMeter ? { gasUnit: 'm3' } : {}),
    calorificAt: (ts) => {
      const tenths = home.calorificAt(ts);
      used.add(tenths);
      return tenths;
    },
  };
  const note = () => {
    if (used.size === 0) return '';
    const values = [...used].sort((a, b) => a - b).map((t) => (t / 10).toFixed(1));
    const unit = fromMeter
      ? "; read as m³, the unit of the home's gas meter (--gas-unit kwh if the file is kWh)"
      : '';
    return `${unit}; m³ at the home's calorific value of each day: ${values.join(', ')} MJ/m³`;
  };
  return { units, note };
}

async function importReadings(db: Db, args: ReadingsArgs, bar: ProgressBar, now: number, zone: string) {
  const { units, note } = await unitsOfFile(db, args, zone);
  const total = { stored: 0, duplicates: 0, rows: 0 };
  // One transaction for the whole file (all or nothing); InfoCare is told once it has committed.
  await receive(
    db,
    [args.house],
    now,
    async (intake) => {
      let rows: Reading[] = [];
      let lines: number[] = [];
      const flush = async () => {
        const r = await flushReadings(intake, args.house, rows, lines, args.replace);
        total.stored += r.stored;
        total.duplicates += r.duplicates;
        rows = [];
        lines = [];
      };
      for await (const row of streamCsvLined(
        source(args.file, bar, () => total.rows),
        readingsLayout(args.format, units),
      )) {
        rows.push(row.value);
        lines.push(row.line);
        total.rows++;
        if (rows.length === CHUNK) await flush();
      }
      await flush();
    },
    { fuel: args.units.fuel },
  );
  bar.finish(total.rows);
  const what = args.units.fuel === 'gas' ? 'gas readings' : 'readings';
  return `${count(total.rows)} ${what} read: ${count(total.stored)} stored, ${count(total.duplicates)} duplicates${note()}`;
}

async function importAppliances(
  db: Db,
  args: Extract<ImportArgs, { kind: 'appliances' }>,
  bar: ProgressBar,
  now: number,
) {
  const zone = args.naiveZone ?? (await houseTariffs(db, args.house))?.zone;
  let samples = 0;
  const opened = await openAppliancePowerCsv(
    source(args.file, bar, () => samples),
    {
      interval_s: args.interval_s,
      ...(zone === undefined ? {} : { naiveTimeZone: zone }),
      onUnmapped: args.unmapped,
    },
  );
  const ingestor = new PowerIngestor(opened.columns);
  const total = { readings: 0, events: 0, duplicates: 0, estimated: 0 };
  await receive(db, [args.house], now, async (intake) => {
    let rows: Reading[] = [];
    let lines: number[] = [];
    let events: ApplianceEventInput[] = [];
    const flush = async () => {
      // The measured uses first: the readings' estimates then leave out the types the file measures.
      const e = await intake.events(args.house, events);
      const r = await flushReadings(intake, args.house, rows, lines);
      total.readings += r.stored;
      total.events += e.stored;
      total.duplicates += r.duplicates + e.duplicates;
      total.estimated += r.estimated ?? 0;
      rows = [];
      lines = [];
      events = [];
    };
    for await (const sample of opened.samples) {
      samples++;
      const out = ingestor.push(sample);
      if (out.reading !== null) {
        rows.push(out.reading.value);
        lines.push(out.reading.line);
      }
      events.push(...out.events);
      if (rows.length === CHUNK) await flush();
    }
    events.push(...ingestor.finish());
    await flush();
  });
  bar.finish(samples);
  const skipped =
    ingestor.skipped.length > 0 ? `; no catalogue appliance for ${ingestor.skipped.join(', ')}` : '';
  return (
    `${count(samples)} samples read: ${count(total.readings)} whole-house readings and ` +
    `${count(total.events)} appliance events stored, ${count(total.duplicates)} duplicates${skipped}` +
    (total.estimated > 0
      ? `; ${count(total.estimated)} appliance uses estimated from the whole-house readings`
      : '')
  );
}

async function importPrices(db: Db, args: Extract<ImportArgs, { kind: 'prices' }>, bar: ProgressBar) {
  const prices: [number, number][] = [];
  let region = '';
  for await (const p of streamAgileCsv(source(args.file, bar, () => prices.length))) {
    prices.push([p.slot_start, p.price_uPkWh]);
    region = p.region;
  }
  bar.finish(prices.length);
  const result = await importDynamicPrices(db, args.house, { prices, name: `Agile ${region}` });
  return (
    `${count(prices.length)} half-hourly prices (region ${region}) are the import rate from ${result.startDate}; ` +
    `repriced ${count(result.repriced.rollups)} half-hours and ${count(result.repriced.events)} appliance events`
  );
}

async function run(argv: readonly string[], io: ImportIo): Promise<number> {
  const args = parseImportArgs(argv);
  const size = await stat(args.file).then(
    (s) => (s.isFile() ? s.size : null),
    () => null,
  );
  if (size === null) throw new CliError(`No such file: ${args.file}`);
  const config = loadConfig(io.env);
  const db = await (io.open ?? (() => openDb(config)))();
  try {
    await migrate(db);
    const now = Math.floor((io.now?.() ?? new Date()).getTime() / 1000);
    if (args.kind === 'published') {
      const started = performance.now();
      const summary = await importPublished(db, args, size, now);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.out(`Imported ${args.file} as ${args.tariff.tariffCode}: ${summary} (${seconds} s).`);
      return 0;
    }
    const house = await houseTariffs(db, args.house);
    if (house === null) throw new CliError(`There is no house ${args.house}.`);
    const started = performance.now();
    const bar = new ProgressBar(io.progress ?? null, size, `import ${args.kind}`);
    const summary =
      args.kind === 'readings'
        ? await importReadings(db, args, bar, now, house.zone)
        : args.kind === 'appliances'
          ? await importAppliances(db, args, bar, now)
          : await importPrices(db, args, bar);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(`Imported ${args.file} into house ${args.house}: ${summary} (${seconds} s).`);
    return 0;
  } finally {
    await db.close();
  }
}

/** Runs one import; returns the exit code (0 done, 1 refused or failed, nothing stored). */
export async function runImport(argv: readonly string[], io: ImportIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const known =
      error instanceof CliError ||
      error instanceof ParseError ||
      error instanceof IngestError ||
      error instanceof UnknownHouse ||
      error instanceof ConfigError;
    const message = error instanceof Error ? error.message : String(error);
    io.err(
      known
        ? `import: ${message}${error instanceof ParseError ? ' (nothing was imported)' : ''}`
        : `import failed: ${message}`,
    );
    return 1;
  }
}
