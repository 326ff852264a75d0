// `npm test`: the whole test run, on a fresh machine too. It installs Debian's chromium when missing
// (the browser tests need it), checks the code (types, lint, format), builds the web app, then runs
// every vitest project: unit, API on PGlite and PostgreSQL, and browser tests. Under CI a missing
// PostgreSQL or missing real data fails the run instead of being skipped.
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

must('npm', ['run', 'check']);
must('npm', ['run', 'build']);

// The cluster runs alone, after every other project. Its kill test puts
// two servers, PostgreSQL and Mosquitto under its own load (2,000 homes publishing, 50 people browsing)
// and kills servers in it; beside the server and browser suites on two cores it measured their load, not
// its own (CI of 2026-12-01: readings a few Wh off after the kills, seen only beside the other suites).
const dir = mkdtempSync(join(tmpdir(), 'homeview-test-'));
// Stages run one after another; the runs of a stage run at once. The server suite runs its files in one
// worker without isolation (vitest.config.ts), and vitest runs such a project on its own before the
// others: in one process it never overlapped the browser suite (CI rehearsal of 2 December: server
// 11–1,145 s, then e2e 1,226–2,220 s). As two processes they share the two cores. The first run of a
// stage prints as it goes; the others' output is kept and printed when the stage ends.
// Two runs, not three: the server suite as two shards beside the others took the stage from 804 to 968
// s (CI of 3 December, bench/NOTES.md): the browser suite slowed most, its product starts and pages
// sharing two cores three ways.
const stages = [
  [
    { name: 'suites', projects: ['!cluster', '!server'] },
    { name: 'server', projects: ['server'] },
  ],
  [{ name: 'cluster', projects: ['cluster'] }],
];

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
  console.log(`\n$ npx ${args.join(' ')}${live ? '' : ' (its output follows when the stage ends)'}`);
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const kept = [];
    child.stdout?.on('data', (d) => kept.push(d));
    child.stderr?.on('data', (d) => kept.push(d));
    child.on('close', (code) => resolve({ report, code: code ?? 1, output: Buffer.concat(kept) }));
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
for (const stage of stages) {
  const results = await Promise.all(stage.map((step, i) => vitest(step, i === 0)));
  for (const { report, code, output } of results) {
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
}
// The failures again at the very end: a CI log is often read from its tail only.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(status);
