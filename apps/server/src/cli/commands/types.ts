import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { PasswordHasher } from '../../features/accounts/password';
import type { FlagSpec } from '../args';

export interface CliContext {
  config: Config;
  db: Db;
  hasher: PasswordHasher;
  now: Date;
}

/** One admin command. `run` returns the id (or key) it created, printed alone on the last line. */
export interface Command {
  name: string;
  summary: string;
  flags: Readonly<Record<string, FlagSpec>>;
  /** Checks that need no database, run before it is opened; throws a CliError or ProvisioningError. */
  check?(flags: Record<string, string>): void;
  run(ctx: CliContext, flags: Record<string, string>): Promise<number | string>;
}
