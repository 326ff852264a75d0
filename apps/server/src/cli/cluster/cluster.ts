import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { buildServerBundle, serverLaunch } from '../../../../../scripts/server-bundle.mjs';
import { freePort } from './ports';
import { type PgInstance, startPrimary, startReplica, stopPostgres } from './postgres';

// `npm run cluster -- up [--servers N]` / `down`: the product as several servers on this one machine, with
// real processes: a PostgreSQL primary and a streaming replica (cli/cluster/postgres.ts), a private
// Mosquitto, N servers (the bundled server, as npm start runs it) sharing one PUBLIC_ORIGIN, and HAProxy in
// front (round robin, health checks on /healthz). Everything lives in one directory of the run; its
// state.json is what `down` reads to stop every process it started, by pid, and nothing else.

export interface ClusterOptions {
  /** The run's directory (created; emptied by `down`). */
  dir: string;
  servers: number;
  /** The repository (the server bundle and the web build). */
  root: string;
  /** More environment for the servers (DEMO_HISTORY_DAYS, INFOCARE_INTERVAL_S, …). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface ServerState {
  n: number;
  pid: number;
  port: number;
}

export interface ClusterState {
  dir: string;
  proxyPort: number;
  mqttPort: number;
  primary: { dataDir: string; port: number };
  replica: { dataDir: string; port: number };
  servers: ServerState[];
  /** How each server is started (`startServer` restarts one after a kill). */
  launch: { args: string[]; env: Record<string, string> };
  mosquittoPid: number;
  haproxyPid: number;
}

const DATABASE = 'homeview';
const stateFile = (dir: string) => join(dir, 'state.json');

/** Starts a detached child writing to `log`; it outlives the command that started it. */
function detached(
  command: string,
  args: readonly string[],
  log: string,
  env?: NodeJS.ProcessEnv,
): ChildProcess {
  const out = openSync(log, 'a');
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', out, out],
    ...(env ? { env } : {}),
  });
  child.unref();
  return child;
}

async function waitFor(what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const healthy = async (port: number) => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts server `n` of the cluster (again, after a kill) on its port; resolves once /healthz answers. */
export async function startServer(state: ClusterState, n: number, timeoutMs = 120_000): Promise<ServerState> {
  const server = state.servers.find((s) => s.n === n);
  if (!server) throw new Error(`no server ${n}`);
  const child = detached(process.execPath, state.launch.args, join(state.dir, `server-${n}.log`), {
    ...state.launch.env,
    PORT: String(server.port),
  });
  server.pid = child.pid as number;
  await writeFile(stateFile(state.dir), JSON.stringify(state, null, 2));
  await waitFor(`server ${n} on port ${server.port}`, timeoutMs, async () => {
    if (!alive(server.pid)) throw new Error(`server ${n} exited: see ${join(state.dir, `server-${n}.log`)}`);
    return healthy(server.port);
  });
  return server;
}

function haproxyConfig(state: ClusterState): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A request whose server died before answering is not sent again (it may have been a write).
    '  retries 2',
    '  option redispatch',
    'frontend homeview',
    `  bind 127.0.0.1:${state.proxyPort}`,
    '  option forwardfor',
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    ...state.servers.map((s) => `  server s${s.n} 127.0.0.1:${s.port} check inter 1s fall 2 rise 2`),
    '',
  ].join('\n');
}

/** Brings the whole cluster up; returns its state (also written to `dir`/state.json). */
export async function clusterUp(options: ClusterOptions): Promise<ClusterState> {
  const log = options.log ?? (() => undefined);
  const { dir } = options;
  if (existsSync(stateFile(dir)))
    throw new Error(`a cluster runs in ${dir} already: npm run cluster -- down`);
  await rm(dir, { recursive: true, force: true }); // what a failed `up` left for reading
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755); // PostgreSQL's own user reaches its directories inside
  const [primaryPort, replicaPort, mqttPort, proxyPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const servers: ServerState[] = [];
  for (let n = 1; n <= options.servers; n++) servers.push({ n, pid: 0, port: await freePort() });

  const bundle = await buildServerBundle(options.root);
  const launch = serverLaunch(options.root, bundle, {});
  const origin = `http://127.0.0.1:${proxyPort}`;
  const state: ClusterState = {
    dir,
    proxyPort,
    mqttPort,
    primary: { dataDir: join(dir, 'pg-primary'), port: primaryPort },
    replica: { dataDir: join(dir, 'pg-replica'), port: replicaPort },
    servers,
    launch: {
      args: launch.args,
      env: {
        ...(process.env as Record<string, string>),
        ...(launch.env as Record<string, string>),
        HOST: '127.0.0.1',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`,
        DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${replicaPort}/${DATABASE}`,
        PUBLIC_ORIGIN: origin,
        TRUST_PROXY: 'true',
        MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
        // One broker session, held by the server that leads the devices (main.ts).
        MQTT_CLIENT_ID: 'homeview-cluster',
        DEMO: 'true',
        LOG_FORMAT: 'json',
        ...options.env,
      },
    },
    mosquittoPid: 0,
    haproxyPid: 0,
  };
  await writeFile(stateFile(dir), JSON.stringify(state, null, 2));

  log(`PostgreSQL primary on ${primaryPort}, replica on ${replicaPort} (${dir})`);
  const primary: PgInstance = await startPrimary(state.primary.dataDir, primaryPort);
  const admin = new pg.Client(primary.url());
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  await startReplica(primary, state.replica.dataDir, replicaPort);

  await writeFile(
    join(dir, 'mosquitto.conf'),
    [
      `listener ${mqttPort} 127.0.0.1`,
      'allow_anonymous true',
      // Many devices per server session while a server restarts (Mosquitto's default keeps 1,000).
      'max_queued_messages 100000',
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      '',
    ].join('\n'),
  );
  state.mosquittoPid = detached('mosquitto', ['-c', join(dir, 'mosquitto.conf')], join(dir, 'mosquitto.log'))
    .pid as number;
  await writeFile(stateFile(dir), JSON.stringify(state, null, 2));

  // The web app the servers serve (built once, as npm start does when it is missing).
  if (!existsSync(join(options.root, 'apps/web/dist/index.html'))) {
    log('Building the web app…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@homeview/web'], {
      cwd: options.root,
      stdio: 'ignore',
    });
    if (build.status !== 0) throw new Error('the web build failed: npm run build');
  }
  // All at once: one migrates and seeds the demo, one leads InfoCare and one the demo's simulation.
  await Promise.all(servers.map((s) => startServer(state, s.n)));

  await writeFile(join(dir, 'haproxy.cfg'), haproxyConfig(state));
  const proxy = detached('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], join(dir, 'haproxy.log'));
  state.haproxyPid = proxy.pid as number;
  await writeFile(stateFile(dir), JSON.stringify(state, null, 2));
  await waitFor('the proxy', 30_000, () => healthy(proxyPort));
  return state;
}

export async function readState(dir: string): Promise<ClusterState | null> {
  try {
    return JSON.parse(await readFile(stateFile(dir), 'utf8')) as ClusterState;
  } catch {
    return null;
  }
}

async function stopPid(pid: number, graceMs: number): Promise<void> {
  if (pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const end = Date.now() + graceMs;
  while (alive(pid) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Stops everything `up` started in `dir` (servers first, then the proxy, broker and databases). */
export async function clusterDown(dir: string, options: { keep?: boolean } = {}): Promise<boolean> {
  const state = await readState(dir);
  if (!state) return false;
  await Promise.all(state.servers.map((s) => stopPid(s.pid, 15_000)));
  await stopPid(state.haproxyPid, 5_000);
  await stopPid(state.mosquittoPid, 5_000);
  await stopPostgres(state.replica.dataDir);
  await stopPostgres(state.primary.dataDir);
  if (options.keep) await rm(stateFile(dir), { force: true });
  else await rm(dir, { recursive: true, force: true });
  return true;
}
