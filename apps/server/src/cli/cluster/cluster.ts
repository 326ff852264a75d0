import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { buildServerBundle, serverLaunch } from '../../../../../scripts/server-bundle.mjs';
import { freePort } from './ports';
import { type PgInstance, startPrimary, startReplica, stopPostgres } from './postgres';
import { missingTools } from './tools';

// `npm run cluster -- up [--servers N]` / `down`: the product as several servers on this one machine, with
// real processes: a PostgreSQL primary and a streaming replica (cli/cluster/postgres.ts), a private
// Mosquitto, N servers (the bundled server, as npm start runs it) sharing one PUBLIC_ORIGIN, and HAProxy in
// front (round robin, health checks on /healthz). Everything lives in one directory of the run; its
// state.json is what `down` reads to stop every process it started, by pid, and nothing else. `up` names
// every program missing before it starts anything, and when it fails later it stops what it had started
// (issue 34: without HAProxy it crashed on an unhandled `spawn haproxy ENOENT`, leaving PostgreSQL,
// Mosquitto and both servers running, and a state.json cut short that `down` could not read).

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

/**
 * Starts a detached child writing to `log`; it outlives the command that started it. Resolves with its
 * pid once it runs; rejects when it could not be started (a missing program: ENOENT).
 */
async function detached(
  command: string,
  args: readonly string[],
  log: string,
  env?: NodeJS.ProcessEnv,
): Promise<number> {
  const out = openSync(log, 'a');
  try {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', out, out],
      ...(env ? { env } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => reject(new Error(`${command} could not be started: ${error.message}`)));
    });
    child.unref();
    return child.pid as number;
  } finally {
    closeSync(out);
  }
}

/** Saves in the order asked: servers start at once, and two writes of one `.new` file must not cross. */
let saving: Promise<void> = Promise.resolve();

/** Writes the state whole or not at all (a rename): `down` never reads one cut short. */
function saveState(state: ClusterState): Promise<void> {
  const file = stateFile(state.dir);
  const save = async () => {
    await writeFile(`${file}.new`, JSON.stringify(state, null, 2));
    await rename(`${file}.new`, file);
  };
  saving = saving.then(save, save);
  return saving;
}

/** Resolves once the process is alive and `port` on the loopback takes connections. */
async function listening(what: string, pid: number, port: number, log: string): Promise<void> {
  await waitFor(`${what} on port ${port}`, 30_000, async () => {
    if (!alive(pid)) throw new Error(`${what} exited: see ${log}`);
    return new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  });
}

/** Polls `probe` until true; a probe that throws ends the wait with its error (a process that died). */
async function waitFor(what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const healthy = async (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (res) => res.ok,
    () => false,
  );

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
  server.pid = await detached(process.execPath, state.launch.args, join(state.dir, `server-${n}.log`), {
    ...state.launch.env,
    PORT: String(server.port),
  });
  await saveState(state);
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
    // A busy server answers its health check late, not never (a killed one refuses at once): with the
    // check's timeout at its 1 s interval, both servers under load were marked down together (503s).
    '  timeout check 5s',
    '  retries 2',
    '  option redispatch',
    // A read whose server closed without a byte of answer (it died, or the proxy's idle connection to
    // it was already gone) is sent to the other server: without it, a GET arriving in the ~100 ms
    // before the proxy saw the death was cut off with no answer. A write is never sent again (below).
    '  retry-on conn-failure empty-response',
    'frontend homeview',
    `  bind 127.0.0.1:${state.proxyPort}`,
    '  option forwardfor',
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  http-request disable-l7-retry if !METH_GET',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    ...state.servers.map((s) => `  server s${s.n} 127.0.0.1:${s.port} check inter 1s fall 2 rise 2`),
    '',
  ].join('\n');
}

/**
 * Brings the whole cluster up; returns its state (also written to `dir`/state.json). Refuses, starting
 * nothing, when a program it needs is missing; when a later step fails, stops what it had started.
 */
export async function clusterUp(options: ClusterOptions): Promise<ClusterState> {
  const { dir } = options;
  if (existsSync(stateFile(dir)))
    throw new Error(`a cluster runs in ${dir} already: npm run cluster -- down`);
  const webBuilt = existsSync(join(options.root, 'apps/web/dist/index.html'));
  const missing = missingTools({ npm: !webBuilt });
  if (missing.length > 0)
    throw new Error(
      `npm run cluster needs what this machine lacks, so nothing was started:\n${missing.map((m) => `  - ${m}`).join('\n')}`,
    );
  try {
    return await startCluster(options, webBuilt);
  } catch (error) {
    // Stops what was started; a failure to stop is told after the failure that caused it.
    await clusterDown(dir, { keep: true }).catch((stopping: unknown) =>
      options.log?.(`stopping what was started failed too: ${(stopping as Error).message}`),
    );
    throw error;
  }
}

async function startCluster(options: ClusterOptions, webBuilt: boolean): Promise<ClusterState> {
  const log = options.log ?? (() => undefined);
  const { dir } = options;
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
  await saveState(state);

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
  const mosquittoLog = join(dir, 'mosquitto.log');
  state.mosquittoPid = await detached('mosquitto', ['-c', join(dir, 'mosquitto.conf')], mosquittoLog);
  await saveState(state);
  await listening('mosquitto', state.mosquittoPid, mqttPort, mosquittoLog);

  // The web app the servers serve (built once, as npm start does when it is missing).
  if (!webBuilt) {
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
  const haproxyLog = join(dir, 'haproxy.log');
  state.haproxyPid = await detached('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], haproxyLog);
  await saveState(state);
  await waitFor('the proxy', 30_000, async () => {
    if (!alive(state.haproxyPid)) throw new Error(`haproxy exited: see ${haproxyLog}`);
    return healthy(proxyPort);
  });
  return state;
}

/** The run's state, or null when no cluster was started in `dir`; one that cannot be read is an error. */
export async function readState(dir: string): Promise<ClusterState | null> {
  if (!existsSync(stateFile(dir))) return null;
  const text = await readFile(stateFile(dir), 'utf8');
  try {
    return JSON.parse(text) as ClusterState;
  } catch {
    throw new Error(
      `${stateFile(dir)} cannot be read, so what it started is unknown: stop those processes by hand (see the logs in ${dir}), then remove it`,
    );
  }
}

async function stopPid(pid: number | undefined, graceMs: number): Promise<void> {
  if (!pid || pid <= 0 || !alive(pid)) return;
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
