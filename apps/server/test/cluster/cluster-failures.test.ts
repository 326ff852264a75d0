import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alive } from '../../src/cli/cluster/cluster';
import { childEnv, runTs } from '../support/spawn';

// `npm run cluster` when it cannot finish (issue 34): without HAProxy, `up` crashed with an unhandled
// `spawn haproxy ENOENT` stack and left its PostgreSQL primary and replica, Mosquitto and both servers
// running; `down` then said no cluster ran (its state.json was cut short by the crash). Now `up` names
// what is missing before starting anything, stops what it started when a later step fails, and `down`
// stops what state.json says, or says it cannot read it. Missing or broken programs are played by PATH.

/** The real location of a program on this machine's PATH. */
const which = (command: string) => execFileSync('which', [command], { encoding: 'utf8' }).trim();

/** A directory for PATH holding only `commands` (links to the real ones) and `fakes` (scripts). */
async function pathOf(commands: string[], fakes: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'homeview-path-'));
  for (const command of commands) await symlink(which(command), join(dir, command));
  await symlink(process.execPath, join(dir, 'node')); // npm's own scripts run node
  for (const [name, script] of Object.entries(fakes)) {
    await writeFile(join(dir, name), `#!/bin/sh\n${script}\n`);
    await chmod(join(dir, name), 0o755);
  }
  return dir;
}

/** Processes whose command line names the run's directory: what a cluster in it would have started. */
function processesOf(dir: string): string[] {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(dir) && !line.includes('ps -eo'));
}

const cluster = (args: string[], path: string) => runTs('cli/cluster.ts', args, childEnv({ PATH: path }));

let parent: string;
const paths: string[] = [];

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'homeview-cluster-fail-'));
  await chmod(parent, 0o755); // PostgreSQL's own user reaches the run's directory inside
});

afterAll(async () => {
  for (const dir of [parent, ...paths]) await rm(dir, { recursive: true, force: true });
});

it('names every missing program before starting anything', async () => {
  const dir = join(parent, 'no-haproxy');
  const path = await pathOf(['runuser', 'mosquitto', 'npm', 'id']);
  paths.push(path);
  const up = await cluster(['up', '--dir', dir], path);
  expect(up.code).toBe(1);
  expect(up.stderr).toContain('npm run cluster needs what this machine lacks, so nothing was started:');
  expect(up.stderr).toContain('haproxy, the proxy in front (Debian: apt-get install haproxy)');
  expect(up.stderr).not.toContain('mosquitto, the MQTT broker');
  expect(up.stderr).not.toMatch(/^\s+at /m); // a sentence, not a stack
  expect(processesOf(dir)).toEqual([]);
  expect(existsSync(join(dir, 'state.json'))).toBe(false);

  const none = await pathOf(['npm']);
  paths.push(none);
  const bare = await cluster(['up', '--dir', dir], none);
  expect(bare.stderr).toContain('mosquitto, the MQTT broker (Debian: apt-get install mosquitto)');
  expect(bare.stderr).toContain('haproxy, the proxy in front');
  expect(processesOf(dir)).toEqual([]);
});

it('stops what it started when a step fails half-way (a broker that exits at once)', async () => {
  const dir = join(parent, 'broken-broker');
  const path = await pathOf(['runuser', 'haproxy', 'npm', 'id'], {
    mosquitto: 'echo "mosquitto: this one exits at once" >&2; exit 3',
  });
  paths.push(path);
  const up = await cluster(['up', '--dir', dir], path);
  expect(up.code, up.stderr).toBe(1);
  expect(up.stderr).toContain(`mosquitto exited: see ${join(dir, 'mosquitto.log')}`);
  expect(up.stderr).not.toMatch(/^\s+at /m);
  // The primary and the replica it had started are stopped, and no state is left to say one runs.
  expect(processesOf(dir)).toEqual([]);
  expect(existsSync(join(dir, 'state.json'))).toBe(false);
  const down = await cluster(['down', '--dir', dir], process.env.PATH ?? '');
  expect(down.stdout.trim()).toBe(`no cluster runs in ${dir}`);
});

it('stops what state.json says was started, and says so when it cannot read it', async () => {
  const dir = join(parent, 'recorded');
  await mkdir(dir, { recursive: true });
  const sleeper = () => {
    const child = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
    child.unref();
    return child.pid as number;
  };
  const pids = [sleeper(), sleeper(), sleeper()];
  // As a failed `up` leaves it: the second server not started yet (pid 0), no proxy yet.
  await writeFile(
    join(dir, 'state.json'),
    JSON.stringify({
      dir,
      proxyPort: 1,
      mqttPort: 1,
      primary: { dataDir: join(dir, 'pg-primary'), port: 1 },
      replica: { dataDir: join(dir, 'pg-replica'), port: 1 },
      servers: [
        { n: 1, pid: pids[0], port: 1 },
        { n: 2, pid: 0, port: 1 },
      ],
      launch: { args: [], env: {} },
      mosquittoPid: pids[1],
      haproxyPid: pids[2],
    }),
  );
  const down = await cluster(['down', '--dir', dir], process.env.PATH ?? '');
  expect(down.stdout.trim()).toBe(`stopped the cluster in ${dir}`);
  expect(pids.filter(alive)).toEqual([]);

  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'state.json'), '{"dir": "/tmp/x", "servers": [{"n": 1, "pid"');
  const cut = await cluster(['down', '--dir', dir], process.env.PATH ?? '');
  expect(cut.code).toBe(1);
  expect(cut.stderr).toContain(`${join(dir, 'state.json')} cannot be read, so what it started is unknown`);
});
