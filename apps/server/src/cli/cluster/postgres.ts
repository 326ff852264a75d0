import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

// Debian's PostgreSQL (its binaries, not its system service) in data directories of a run: a primary and
// a streaming replica made from it with pg_basebackup, each on a loopback port, trust authentication
// (loopback only). As root (containers, CI) the binaries run as the `postgres` user, which owns the
// directories: PostgreSQL refuses to run as root.

const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const asRoot = process.getuid?.() === 0;

async function pg(binary: string, args: readonly string[]): Promise<string> {
  const file = join(PG_BIN, binary);
  const { stdout } = asRoot
    ? await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/' })
    : await run(file, args, { cwd: '/' });
  return stdout;
}

async function ownDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(gid));
  }
  await chmod(dir, 0o700);
}

export interface PgInstance {
  dataDir: string;
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  stop(): Promise<void>;
}

function instance(dataDir: string, port: number): PgInstance {
  return {
    dataDir,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => stopPostgres(dataDir),
  };
}

/** Stops the PostgreSQL of `dataDir` (fast: sessions are ended), if it runs. */
export async function stopPostgres(dataDir: string): Promise<void> {
  await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
}

async function start(dataDir: string): Promise<void> {
  await pg('pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
}

/** Settings of both: loopback only, the socket in the data directory, WAL kept for a replica. */
function settings(dataDir: string, port: number): string {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dataDir}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'max_connections = 200',
    'shared_buffers = 64MB',
    // A replica lagging behind a long read cancels the read after this (rankings are short).
    'max_standby_streaming_delay = 5s',
    '',
  ].join('\n');
}

/** A new primary in `dataDir` (created), started on `port`. */
export async function startPrimary(dataDir: string, port: number): Promise<PgInstance> {
  await ownDirectory(dataDir);
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  await writeFile(join(dataDir, 'postgresql.auto.conf'), settings(dataDir, port));
  await start(dataDir);
  return instance(dataDir, port);
}

/** A streaming replica of `primary` in `dataDir` (created by pg_basebackup -R), started on `port`. */
export async function startReplica(primary: PgInstance, dataDir: string, port: number): Promise<PgInstance> {
  await ownDirectory(dataDir);
  await pg('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R', // standby.signal and primary_conninfo: a streaming replica
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  // pg_basebackup copied the primary's settings and appended primary_conninfo: keep that, change the rest.
  const conninfo = `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres'\n`;
  await writeFile(join(dataDir, 'postgresql.auto.conf'), settings(dataDir, port) + conninfo);
  await start(dataDir);
  return instance(dataDir, port);
}
