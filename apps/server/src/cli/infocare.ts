// `npm run infocare -- replay --house H --from YYYY-MM-DD --to YYYY-MM-DD`: runs the InfoCare engine over
// a home's stored history minute by minute, as it would have run live (learning only from data before
// each instant), and prints the alerts it raises as CSV on stdout (raised_at,cleared_at,type,level,name,
// text; epoch seconds). Stored alerts are left untouched (the replay is rolled back). A home whose data is
// the meter's half-hours, a day late, is replayed as it ran live: each day's half-hours seen only from the
// home's usual publication time the next morning, each day judged then (its "unusual_day" Warnings), and
// an outage told as "no data" (features/infocare/replay-day-late.ts).
import { addDays, instantOfLocal, isLocalDate } from '@homeview/domain';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import { alertsCsv, replayHouse } from '../features/infocare/backfill';
import { CliError, parseFlags } from './args';

const USAGE = 'usage: npm run infocare -- replay --house H --from YYYY-MM-DD --to YYYY-MM-DD [--step S]';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'replay') throw new CliError(USAGE);
  const flags = parseFlags(rest, {
    house: { description: 'the house id', required: true },
    from: { description: 'first local day', required: true },
    to: { description: 'last local day', required: true },
    step: { description: 'seconds between evaluations (default 60)', required: false },
  });
  const house = Number(flags.house);
  const step = flags.step === undefined ? 60 : Number(flags.step);
  if (!Number.isSafeInteger(house) || house < 1) throw new CliError(`--house must be a house id\n${USAGE}`);
  if (!Number.isSafeInteger(step) || step < 60)
    throw new CliError(`--step must be at least 60 seconds\n${USAGE}`);
  for (const name of ['from', 'to'] as const) {
    if (!isLocalDate(flags[name] ?? '')) throw new CliError(`--${name} must be a date YYYY-MM-DD\n${USAGE}`);
  }
  const db = await openDb(loadConfig(process.env));
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number; owner_user_id: number; time_zone: string }>(
      'select id, owner_user_id, time_zone from houses where id = $1',
      [house],
    );
    const found = rows[0];
    if (!found) throw new CliError(`No house ${house}`);
    const from = instantOfLocal(flags.from as string, 0, found.time_zone);
    const to = instantOfLocal(addDays(flags.to as string, 1), 0, found.time_zone) - 1;
    process.stdout.write(alertsCsv(await replayHouse(db, found, from, to, step)));
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof CliError ? error.message : error);
  process.exit(error instanceof CliError ? 2 : 1);
});
