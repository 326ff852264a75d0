import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { PG_BIN } from './postgres';

// What `npm run cluster -- up` runs besides node, looked for before anything starts, so a missing one is
// named with the package that brings it rather than met half-way (issue 34: `spawn haproxy ENOENT`).

const runnable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Whether `command` is a runnable file in one of PATH's directories. */
export const onPath = (command: string, path = process.env.PATH ?? ''): boolean =>
  path.split(delimiter).some((dir) => dir !== '' && runnable(join(dir, command)));

/** Each program the cluster needs and this machine lacks, with how to get it (none: all there). */
export function missingTools(options: { npm: boolean }): string[] {
  const missing: string[] = [];
  const pg = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].filter((b) => !runnable(join(PG_BIN, b)));
  if (pg.length > 0)
    missing.push(
      `PostgreSQL's ${pg.join(', ')} in ${PG_BIN} (Debian: apt-get install postgresql-15; or set PG_BIN)`,
    );
  // As root, PostgreSQL runs as its own user (cli/cluster/postgres.ts).
  if (process.getuid?.() === 0) {
    if (!onPath('runuser')) missing.push('runuser (Debian: apt-get install util-linux)');
    if (!/^postgres:/m.test(readFileSync('/etc/passwd', 'utf8')))
      missing.push("the postgres user PostgreSQL runs as (Debian's postgresql package makes it)");
  }
  if (!onPath('mosquitto')) missing.push('mosquitto, the MQTT broker (Debian: apt-get install mosquitto)');
  if (!onPath('haproxy')) missing.push('haproxy, the proxy in front (Debian: apt-get install haproxy)');
  if (options.npm && !onPath('npm')) missing.push('npm, to build the web app (apps/web/dist is missing)');
  return missing;
}
