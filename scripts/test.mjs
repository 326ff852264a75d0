// `npm test`: the whole test run, on a fresh machine too. It installs Debian's chromium when missing
// (the browser tests need it), checks the code (types, lint, format) and builds the web app while the
// API suite starts, then runs every other vitest project: unit and browser tests, then the cluster. A
// failed check stops the run. Under CI a missing PostgreSQL or missing real data fails the run instead
// of being skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ci = process.env.CI === 'true';

function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return result.status ?? 1;
}

function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) process.exit(status);
}

function reachable(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

if (!existsSync('/usr/bin/chromium')) {
  console.log('Debian chromium is missing: installing it for the browser tests.');
  const apt = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  must(apt[0], [...apt.slice(1), 'update', '-qq'], { env });
  must(apt[0], [...apt.slice(1), 'install', '-y', '-qq', 'chromium'], { env });
}

if (!existsSync('/usr/sbin/haproxy')) {
  console.log('HAProxy is missing: installing it for the cluster tests (npm run cluster).');
  const apt = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  must(apt[0], [...apt.slice(1), 'update', '-qq'], { env });
  must(apt[0], [...apt.slice(1), 'install', '-y', '-qq', 'haproxy'], { env });
}

if (!(await reachable(5432))) {
  const message = 'PostgreSQL is not reachable on 127.0.0.1:5432.';
  if (ci) {
    console.error(`${message} CI requires it: the API suite must run on PostgreSQL too.`);
    process.exit(1);
  }
  console.warn(`${message} The API suite will run on PGlite only.`);
}

const realData = join(root, '../shared/data/real');
if (!existsSync(realData)) {
  if (ci) {
    console.error(`The real data folder ${realData} is missing; CI requires it.`);
    process.exit(1);
  }
  console.warn(`The real data folder ${realData} is missing: the tests that need it will say so and skip.`);
}

// The cluster runs after the other projects, beside the last files of whichever of the two runs ends
// later. Its kill test puts two servers, PostgreSQL and Mosquitto under its own load (2,000 homes
// publishing, 50 people browsing) and kills servers in it; beside both the server and browser suites on
// two cores it measured their load, not its own (CI of 2026-12-01: readings a few Wh off after the kills).
const dir = mkdtempSync(join(tmpdir(), 'homeview-test-'));
// Before it, two runs at once. The server suite runs its files in one worker without isolation
// (vitest.config.ts), and vitest runs such a project on its own before the others: in one process it
// never overlapped the browser suite (CI rehearsal of 2 December: server 11–1,145 s, then e2e
// 1,226–2,220 s). As two processes they share the two cores. The server suite, the longer, needs neither
// the check nor the web app's build (its tests serve pages of their own): it starts first, beside them.
// Its output is kept and printed when both have ended; the other suites print as they go.
// Two runs, not three: the server suite as two shards beside the others took the stage from 804 to 968
// s (CI of 3 December, bench/NOTES.md): the browser suite slowed most, its product starts and pages
// sharing two cores three ways.
const SERVER = { name: 'server', projects: ['server'] };
const SUITES = { name: 'suites', projects: ['!cluster', '!server'] };
const CLUSTER = { name: 'cluster', projects: ['cluster'] };

/** `npx vitest run` of `step`'s projects with a JSON report; `live` prints as it goes, else kept. */
function vitest(step, live) {
  const report = join(dir, `${step.name}.json`);
  const args = [
    'vitest',
    'run',
    ...step.projects.map((p) => `--project=${p}`),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  console.log(`\n$ npx ${args.join(' ')}${live ? '' : ' (its output follows when it ends)'}`);
  // A group of its own, so a failed check stops the whole run (npx, vitest and its workers).
  const child = spawn('npx', args, {
    cwd: root,
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const kept = [];
  child.stdout?.on('data', (d) => kept.push(d));
  child.stderr?.on('data', (d) => kept.push(d));
  const done = new Promise((resolve) => {
    child.on('close', (code) => resolve({ report, code: code ?? 1, output: Buffer.concat(kept) }));
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already ended
    }
  };
  running.add(stop);
  done.then(() => running.delete(stop));
  return { done, stop };
}

// A run has a process group of its own, so a terminal's Ctrl-C reaches only this process: pass it on.
const running = new Set();
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => {
    for (const stop of running) stop();
    process.exit(code); // 128 + the signal's number, as a shell reports a run it ended
  });

/** A command whose output prints as it goes, without blocking this process (a kept run's pipes drain). */
function runLive(cmd, args) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

// Each failed test as "file > test: first line of its message", from vitest's JSON report.
function failedTests(summary) {
  const out = [];
  for (const file of summary.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

let status = 0;
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
function collect({ report, code, output }) {
  if (output.length > 0) process.stdout.write(output);
  if (code !== 0) status = code;
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
    failures.push(...failedTests(summary));
  } else if (code !== 0) {
    totals.failed += 1;
    failures.push(`${report}: no report (the run exited ${code})`);
  }
}

const server = vitest(SERVER, false);
for (const script of ['check', 'build']) {
  const code = await runLive('npm', ['run', script]);
  if (code !== 0) {
    console.error(`\nnpm run ${script} failed: the tests stop here.`);
    server.stop();
    await server.done;
    process.exit(code);
  }
}
const suites = vitest(SUITES, true);
// The cluster starts once the first of the two ends, beside the other's last files (its output kept).
const cluster = Promise.race([suites.done, server.done]).then(() => vitest(CLUSTER, false).done);
for (const result of await Promise.all([suites.done, server.done, cluster])) collect(result);
// The failures again at the very end: a CI log is often read from its tail only.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(status);
