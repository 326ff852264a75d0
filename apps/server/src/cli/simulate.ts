// `npm run simulate -- --homes N --days D [--seed S] [--interval 60|1800]`: N simulated homes (accounts
// sim-<seed>-0001… that nobody can log in to, one home each) with D days of history ending now, stored
// through the real ingest path. Re-running with the same seed reuses the homes and adds only what is
// missing (ingest is idempotent). Progress on stderr, one summary line on stdout.
// `npm run simulate -- devices …`: their devices publishing over MQTT (simulate-devices.ts).
import { neighbourHomes } from '@homeview/simulator';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import type { Db } from '../db/types';
import { occupantsOf } from '../features/demo/homes';
import { type ReadingInterval, ingestSimulatedDays } from '../features/demo/ingest-days';
import { insertHomes } from '../features/demo/repository';
import { DEFAULT_TIME_ZONE } from '@homeview/domain';
import { CliError, parseFlags } from './args';
import {
  DEVICES_USAGE,
  type DevicesArgs,
  parseDevicesArgs,
  publishSimulatedDevices,
  registerSimulatedDevices,
} from './simulate-devices';

const USAGE = 'usage: npm run simulate -- --homes N --days D [--seed S] [--interval 60|1800]';

interface SimulateArgs {
  homes: number;
  days: number;
  seed: number;
  interval: ReadingInterval;
}

function whole(
  name: string,
  raw: string | undefined,
  fallback: number | null,
  min: number,
  max: number,
): number {
  if (raw === undefined && fallback !== null) return fallback;
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new CliError(
      `--${name} must be a whole number from ${min} to ${max}${raw === undefined ? '' : ` (got "${raw}")`}`,
    );
  return Number(raw);
}

function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  const flags = parseFlags(argv, {
    homes: { description: 'how many homes', required: true },
    days: { description: 'days of history ending now', required: true },
    seed: { description: 'seed of the homes (default 1)', required: false },
    interval: { description: 'seconds per reading, 60 or 1800 (default 1800)', required: false },
  });
  const interval = whole('interval', flags.interval, 1800, 60, 1800);
  if (interval !== 60 && interval !== 1800) throw new CliError('--interval must be 60 or 1800');
  return {
    homes: whole('homes', flags.homes, null, 1, 100_000),
    days: whole('days', flags.days, null, 1, 3660),
    seed: whole('seed', flags.seed, 1, 0, 2 ** 31 - 1),
    interval,
  };
}

function progress(done: number, total: number, started: number): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} homes ${seconds} s`;
}

async function simulate(db: Db, args: SimulateArgs, now: number, err: (text: string) => void) {
  const started = performance.now();
  const specs = neighbourHomes(args.homes, args.seed);
  const username = (i: number) => `sim-${args.seed}-${String(i + 1).padStart(4, '0')}`;
  const houses = await insertHomes(
    db,
    specs.map((spec, i) => ({
      username: username(i),
      name: `Simulated home ${i + 1}`,
      propertyType: spec.propertyType,
      occupants: occupantsOf(spec),
      demo: false,
    })),
  );
  const to = now - (now % args.interval);
  const from = to - args.days * 86_400;
  const tty = process.stderr.isTTY === true;
  let readings = 0;
  let events = 0;
  let lastLine = -1;
  for (const [i, spec] of specs.entries()) {
    const houseId = houses.get(username(i));
    if (houseId === undefined) throw new Error(`no home for ${username(i)}`);
    // A home that was there before keeps its own zone: its local days are simulated.
    const { rows } = await db.query<{ time_zone: string }>('select time_zone from houses where id = $1', [
      houseId,
    ]);
    const range = { from, to, eventsFrom: from, now, zone: rows[0]?.time_zone ?? DEFAULT_TIME_ZONE };
    const stored = await ingestSimulatedDays(db, houseId, spec, args.interval, range);
    readings += stored.readings;
    events += stored.events;
    const decile = Math.floor(((i + 1) * 10) / specs.length);
    if (tty) err(`\r${progress(i + 1, specs.length, started)}`);
    else if (decile !== lastLine) err(`${progress(i + 1, specs.length, started)}\n`);
    lastLine = decile;
  }
  if (tty) err('\n');
  return { homes: specs.length, readings, events, seconds: (performance.now() - started) / 1000 };
}

async function devices(argv: readonly string[]): Promise<number> {
  let args: DevicesArgs;
  try {
    args = parseDevicesArgs(argv);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`${error.message}\n${DEVICES_USAGE}`);
    return 1;
  }
  const db = await openDb(loadConfig(process.env));
  try {
    await migrate(db);
    const added = await registerSimulatedDevices(db, args, Math.floor(Date.now() / 1000));
    console.error(`${added} ${args.kind} devices registered; publishing to ${args.broker} every 10 s`);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.close();
  }
  const stop = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const sent = await publishSimulatedDevices(args, stop);
  console.log(`Published ${sent} messages for ${args.homes} simulated ${args.kind} devices`);
  return 0;
}

async function main(): Promise<number> {
  if (process.argv[2] === 'devices') return devices(process.argv.slice(3));
  let args: SimulateArgs;
  try {
    args = parseSimulateArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 1;
  }
  const config = loadConfig(process.env);
  const db = await openDb(config);
  try {
    await migrate(db);
    const r = await simulate(db, args, Math.floor(Date.now() / 1000), (t) => process.stderr.write(t));
    console.log(
      `Simulated ${r.homes} homes × ${args.days} days (${args.interval} s readings): ${r.readings} readings and ${r.events} appliance uses stored in ${r.seconds.toFixed(1)} s`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`simulate failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
