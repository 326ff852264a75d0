// A probe of the embedded first start, in one process (`npx tsx bench/src/seed-probe.ts [neighbours]`):
// the server as main.ts builds it on a fresh PGlite directory, with the demo seeding in the background and
// GET /dashboard/ every 250 ms. It prints how long each kind of seeding work holds PGlite's one connection
// (a transaction, or a statement outside one), how long the event loop was blocked, the requests' latency
// by what was seeding at the time, and where the memory is when the demo is seeded. With the InfoCare
// timer running as main.ts runs it, every slow request (> SLOW_MS) is listed with the background work that
// overlapped it (seeding, live ticks, InfoCare runs), garbage collections, checkpoints and loop blocking.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDb } from '../../apps/server/src/db/open';
import type { Db, Queryable } from '../../apps/server/src/db/types';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../apps/server/src/features/demo/seed';
import { DemoSimulation } from '../../apps/server/src/features/demo/seeder';
import { prepareDemoInfocare } from '../../apps/server/src/features/infocare/demo';
import { serverInfocareTimer } from '../../apps/server/src/features/infocare/server-timer';
import { InFlight } from '../../apps/server/src/http/in-flight';
import { percentile } from './machine';

const neighbours = Number(process.argv[2] ?? 200);
const dataDir = mkdtempSync(join(tmpdir(), 'homeview-probe-'));
const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;

/** Which seeding code issued a transaction or statement: the first demo/infocare frame of its stack. */
function origin(): string | null {
  const stack = new Error().stack ?? '';
  const frame =
    /at (?:async )?(?:[\w.#]+\.)?(ingestSimulatedDays|storeSimulatedDailyTotals|prepareDemoInfocare|runInfocare|evaluateArrived|sendDueReports|#\w+)/.exec(
      stack
        .split('\n')
        .filter((l) => /features\/(demo|infocare)\//.test(l))
        .join('\n'),
    );
  if (!frame) return null;
  // The demo's live ticks store through the same functions as its seeding.
  return /#live/.test(stack) ? `${frame[1]!} (live tick)` : frame[1]!;
}

/** Background work's spans (performance.now() ms), to list what overlapped each slow request. */
const SLOW_MS = 50;
const spans: { label: string; start: number; end: number }[] = [];
const span = (label: string, start: number) => spans.push({ label, start, end: performance.now() });
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    spans.push({ label: 'GC', start: e.startTime, end: e.startTime + e.duration });
}).observe({ entryTypes: ['gc'] });

let phase = 'start';
const held = new Map<string, number[]>();
const heldCpu = new Map<string, number[]>();
/** CPU milliseconds of this process so far: PGlite works on the main thread, so a hold's CPU is its work. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const record = (label: string, ms: number, cpu: number) => {
  const key = `${phase} · ${label}`;
  held.set(key, [...(held.get(key) ?? []), ms]);
  span(label, performance.now() - ms);
  heldCpu.set(key, [...(heldCpu.get(key) ?? []), cpu]);
};

function probed(db: Db): Db {
  const timedQuery: Queryable['query'] = async (sql, params) => {
    const who = origin();
    if (who === null) return db.query(sql, params);
    const t0 = performance.now();
    const c0 = cpuMs();
    try {
      return await db.query(sql, params);
    } finally {
      record(`${who} (statement)`, performance.now() - t0, cpuMs() - c0);
    }
  };
  return {
    kind: db.kind,
    viewOf: db.viewOf ?? db,
    query: timedQuery,
    exec: db.exec.bind(db),
    close: () => db.close(),
    transaction: (fn, options) => {
      const who = origin() ?? 'request';
      let t0 = 0;
      let c0 = 0;
      return db
        .transaction((tx, opened) => {
          t0 = performance.now();
          c0 = cpuMs();
          return fn(tx, opened);
        }, options)
        .finally(() => record(`${who} (transaction)`, performance.now() - t0, cpuMs() - c0));
    },
  };
}

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
const database = await openDb(config);
const db = probed(database);
const requests = new InFlight();
// As main.ts has it: background work on InFlight.background's view (probed on top, to see who calls).
const background = probed(requests.background(database));
await migrate(db);
await seedDemoIfEmpty(db, new PasswordHasher(config.passwordIterations), new Date(), { neighbours });
const app = await buildApp({ config, db, requests });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/v3/accounts/login/',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: config.publicOrigin },
  payload: `username=demo&password=${DEMO_PASSWORD}`,
});
const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0]!;

const simulation = new DemoSimulation(background, {
  historyDays: config.demoHistoryDays,
  log: {
    info: (_f, message) => {
      if (message.includes("today's readings")) phase = 'own history';
      if (message.includes('history of the demo homes stored')) phase = 'neighbours';
      if (message.includes('all history stored')) phase = 'done';
    },
    error: (f, message) => console.error(message, f),
  },
  // PROBE_LIVE_MS: live ticks more often than every minute, to catch them in a short probe.
  liveIntervalMs: Number(process.env.PROBE_LIVE_MS ?? 60_000),
});
// As main.ts does before it listens.
const w0 = performance.now();
const warmed = await simulation.warmUp();
console.log(
  `warm-up before listening: ${warmed} kinds of seeding write in ${(performance.now() - w0).toFixed(0)} ms`,
);

global.gc?.();
const beforeSeeding = `${memory()}; ${smapsBreakdown()}`;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const t0 = performance.now();
simulation.start();
void simulation.ownSeeded.then(() => prepareDemoInfocare(background, Math.floor(Date.now() / 1000)));
// As main.ts starts it: the every-minute run (INFOCARE_INTERVAL_S) and the evaluation on data arrival.
const infocare = serverInfocareTimer({ config, db: background });
const tick = infocare.tick.bind(infocare);
infocare.tick = async () => {
  const s0 = performance.now();
  try {
    return await tick();
  } finally {
    span('InfoCare run (whole)', s0);
  }
};
infocare.start();
/**
 * The last checkpoint's position, from the control file: PGlite's one backend checkpoints itself (past
 * max_wal_size) and keeps no pg_stat_checkpointer counts (they stay 0 even after CHECKPOINT).
 */
async function checkpoints(): Promise<string | null> {
  try {
    return (await db.query<{ l: string }>('select checkpoint_lsn::text as l from pg_control_checkpoint()'))
      .rows[0]!.l;
  } catch {
    return null;
  }
}
const slow: string[] = [];
/** Intervals between two requests in which the control file's checkpoint moved. */
let checkpointsSeen = 0;
const slowBy = new Map<string, number>();
let lastCheckpoints = await checkpoints();

const latencies = new Map<string, number[]>();
let finished = false;
let seededS = 0;
// PROBE_AFTER_S: go on probing that long after the history is stored (live ticks, InfoCare runs alone).
void simulation.seeded
  .then(() => {
    seededS = (performance.now() - t0) / 1000;
    phase = 'live (seeded)';
    return new Promise((resolve) => setTimeout(resolve, Number(process.env.PROBE_AFTER_S ?? 0) * 1000));
  })
  .then(() => {
    finished = true;
  });
// A request's latency counts from when it was due: a client's request waits in the socket while the
// event loop is blocked (PGlite runs a transaction's statements without giving the loop a turn).
let due = performance.now();
while (!finished) {
  const at = phase;
  const r0 = due;
  const sent = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`dashboard ${res.statusCode}`);
  const r1 = performance.now();
  const list = latencies.get(at) ?? [];
  list.push(r1 - r0);
  latencies.set(at, list);
  const cp = await checkpoints();
  if (r1 - r0 > SLOW_MS) {
    // Overlap of each kind of background work with [due, answered], summed per label.
    const overlap = new Map<string, number>();
    for (const sp of spans) {
      const ms = Math.min(sp.end, r1) - Math.max(sp.start, r0);
      if (ms > 0 && !sp.label.startsWith('request')) overlap.set(sp.label, (overlap.get(sp.label) ?? 0) + ms);
    }
    const parts = [...overlap].sort((a, b) => b[1] - a[1]);
    const main = parts.find(([l]) => l !== 'GC' && l !== 'InfoCare run (whole)')?.[0] ?? 'nothing recorded';
    const cpNote =
      cp !== null && lastCheckpoints !== null && cp !== lastCheckpoints
        ? ', checkpoint(s) since the last request'
        : '';
    slowBy.set(main, (slowBy.get(main) ?? 0) + 1);
    slow.push(
      `  ${(r1 - r0).toFixed(0).padStart(5)} ms (started ${(sent - r0).toFixed(0)} ms late: loop blocked) [${at}] ${parts.map(([l, ms]) => `${l} ${ms.toFixed(0)}`).join(', ') || 'nothing'}${cpNote}`,
    );
  }
  if (cp !== null && lastCheckpoints !== null && cp !== lastCheckpoints) checkpointsSeen += 1;
  lastCheckpoints = cp;
  spans.splice(0, spans.findIndex((sp) => sp.end > r1 - 1000) >>> 0);
  due = performance.now() + 250;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
loop.disable();
// The same request with nothing seeding: what it costs by itself on this machine now.
phase = 'idle (seeded)';
for (let i = 0; i < 20; i++) {
  const r0 = performance.now();
  await app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: { cookie } });
  latencies.set(phase, [...(latencies.get(phase) ?? []), performance.now() - r0]);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const row = (label: string, ms: number[]) => {
  ms.sort((a, b) => a - b);
  const sum = ms.reduce((a, b) => a + b, 0);
  return `  ${label.padEnd(58)} n=${String(ms.length).padStart(5)} total ${(sum / 1000).toFixed(1).padStart(5)} s  p50 ${percentile(ms, 50).toFixed(1).padStart(6)}  p95 ${percentile(ms, 95).toFixed(1).padStart(6)}  max ${ms.at(-1)!.toFixed(1).padStart(6)} ms`;
};
console.log(`seeded in ${seededS.toFixed(1)} s wall, ${neighbours} neighbours`);
console.log('connection held by seeding work (wall):');
for (const [label, ms] of [...held].sort()) console.log(row(label, ms));
console.log('…and the CPU of this process meanwhile (the work itself, less inflated by load):');
for (const [label, ms] of [...heldCpu].sort()) console.log(row(label, ms));
console.log('GET /dashboard/ every 250 ms, by seeding phase:');
for (const [label, ms] of latencies) console.log(row(label, ms));
console.log(`slow GET /dashboard/ (> ${SLOW_MS} ms from due to answered) and what overlapped it (ms):`);
for (const line of slow) console.log(line);
console.log(`intervals between requests with a checkpoint: ${checkpointsSeen}`);
console.log('slow requests by the background work that overlapped them most (GC and loop aside):');
for (const [label, n] of [...slowBy].sort((a, b) => b[1] - a[1])) console.log(`  ${label}: ${n}`);
console.log(
  `event loop delay: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);

/**
 * RSS by mapping, from /proc/self/smaps: files (node and its libraries) summed, then the largest anonymous
 * mappings (by their virtual size one tells V8's heap spaces, PGlite's WebAssembly memory and malloc apart).
 */
function smapsBreakdown(): string {
  const maps: { size: number; rss: number; what: string }[] = [];
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = Number.parseInt(head[2]!, 16) - Number.parseInt(head[1]!, 16);
      maps.push({ size, rss: 0, what: head[4]!.startsWith('/') ? 'files' : `${head[3]} ${head[4]}`.trim() });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps.at(-1)!.rss += Number(rss[1]) * 1024;
  }
  const files = maps.filter((m) => m.what === 'files').reduce((sum, m) => sum + m.rss, 0);
  const anon = maps.filter((m) => m.what !== 'files').sort((a, b) => b.rss - a.rss);
  const top = anon.slice(0, 6).map((m) => `${mib(m.rss)} of ${mib(m.size)} ${m.what}`);
  const rest = anon.slice(6).reduce((sum, m) => sum + m.rss, 0);
  return `files ${mib(files)}; anonymous: ${top.join(', ')}, ${anon.length - 6} others ${mib(rest)}`;
}

function memory(): string {
  const m = process.memoryUsage();
  return `rss ${mib(m.rss)}, heapTotal ${mib(m.heapTotal)}, heapUsed ${mib(m.heapUsed)}, external ${mib(m.external)}, arrayBuffers ${mib(m.arrayBuffers)}`;
}
console.log(`memory when seeded: ${memory()}`);
global.gc?.();
console.log(`after a full GC:     ${memory()}`);
console.log(`RSS by mapping: ${smapsBreakdown()}`);
console.log(`before seeding (migrated, accounts made): ${beforeSeeding}`);
await simulation.stop();
await infocare.stop();
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
