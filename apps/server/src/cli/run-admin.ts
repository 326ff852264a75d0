import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import type { Db } from '../db/types';
import { PasswordHasher } from '../features/accounts/password';
import { printableLines } from '../http/logging';
import { ProvisioningError } from '../features/accounts/users';
import { CliError, parseFlags } from './args';
import { commands } from './commands';

// The admin command line, separated from process I/O so tests can drive it in-process on any database.
// Flags are checked before the database is opened: a typo fails fast and touches nothing.

export interface AdminIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
  /** Opens the database (default: DATABASE_URL or DATA_DIR from env); the CLI closes what it opened. */
  open?: () => Promise<Db>;
  now?: () => Date;
}

function usage(): string {
  const lines = ['Usage: npm run admin -- <command> [--flag value …]', '', 'Commands:'];
  for (const c of commands) {
    const flags = Object.entries(c.flags)
      .map(([name, f]) => (f.required ? `--${name} <${name}>` : `[--${name} <${name}>]`))
      .join(' ');
    lines.push(`  ${c.name} ${flags}`, `      ${c.summary}`);
  }
  return lines.join('\n');
}

async function run(argv: readonly string[], io: AdminIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    io.err(usage());
    return name === undefined ? 1 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) throw new CliError(`Unknown command "${name}".\n\n${usage()}`);
  const flags = parseFlags(rest, command.flags);
  command.check?.(flags);

  const config = loadConfig(io.env);
  const db = await (io.open ?? (() => openDb(config)))();
  try {
    await migrate(db);
    const hasher = new PasswordHasher(config.passwordIterations);
    const id = await command.run({ config, db, hasher, now: io.now?.() ?? new Date() }, flags);
    io.out(String(id));
    return 0;
  } finally {
    await db.close();
  }
}

/**
 * Runs one admin command; returns the exit code (0 done, 1 refused or failed). What it prints goes through
 * printableLines: device ids and refusal reasons come from the broker (issue 33.14).
 */
export async function runAdmin(argv: readonly string[], given: AdminIo): Promise<number> {
  const io: AdminIo = {
    ...given,
    out: (line) => given.out(printableLines(line)),
    err: (line) => given.err(printableLines(line)),
  };
  try {
    return await run(argv, io);
  } catch (error) {
    const known =
      error instanceof CliError || error instanceof ProvisioningError || error instanceof ConfigError;
    const message = error instanceof Error ? error.message : String(error);
    io.err(known ? message : `admin: ${message}`);
    return 1;
  }
}
