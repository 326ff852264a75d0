// The embedded first start as a person runs it (`npm start` on a fresh clone, default settings): time to
// ready, to the demo's own two homes complete, to Dad's (meter-only) too and to the whole demo (neighbours included), the server's
// CPU time at each point, request latency while it seeds, the data directory's size, the server's RSS,
// and the peak memory of every process involved (npm, scripts/start.mjs, the server, its children).
// The product runs through the machine's `npm start` itself: the server bundled, with npm start's node flags.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startProduct } from '../../e2e/src/product';
import { percentile, rssMiB } from './machine';
import { type TreePeak, watchTree } from './process-tree';

const DEADLINE_MS = 15 * 60_000;
const CLOCK_TICKS = 100; // USER_HZ on Linux
/** Seconds after the seeding ends at which the RSS is read again. */
const SETTLE_S = [10, 30];
/** Issue 33.15: a first start stays under 400 MB at its peak (a 1 GB board runs it). */
const PEAK_TARGET_MB = 400;
const targetMiB = (PEAK_TARGET_MB * 1e6) / 2 ** 20;

/** User + system CPU seconds of a process so far, its finished children's included (initdb), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / CLOCK_TICKS;
}

function sizeMiB(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]) / 2 ** 20;
}

interface Mark {
  s: number;
  cpu: number;
}

export async function benchFirstStart(store: 'pglite' | 'postgres'): Promise<void> {
  if (store === 'postgres') {
    console.log('  (the first start is measured on the embedded database only)');
    return;
  }
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const loadAtStart = load();
  const t0 = performance.now();
  // Default demo settings, as `npm start` has them; the test-only password cost is not lowered.
  let tree: { stop: () => TreePeak } | undefined;
  const product = await startProduct({
    env: { LOG_LEVEL: 'info' },
    npmStart: true,
    onSpawn: (pid) => {
      tree = watchTree(pid);
    },
  });
  const mark = (): Mark => ({ s: (performance.now() - t0) / 1000, cpu: cpuSeconds(product.pid) });
  try {
    const ready = mark();
    const login = await fetch(`${product.url}/api/v3/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: product.url },
      body: 'username=demo&password=Demo-Home1',
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    let own: Mark | undefined;
    let meterOnly: Mark | undefined;
    let all: Mark | undefined;
    const latencies: number[] = [];
    const slowest: Array<{ ms: number; at: number }> = []; // when the slow answers came: which phase
    while (all === undefined && performance.now() - t0 < DEADLINE_MS) {
      const r0 = performance.now();
      const res = await fetch(`${product.url}/api/v3/dashboard/`, { headers: { cookie } });
      await res.arrayBuffer();
      latencies.push(performance.now() - r0);
      slowest.push({ ms: performance.now() - r0, at: (r0 - t0) / 1000 });
      const output = product.output();
      if (own === undefined && output.includes('history of the demo homes stored')) own = mark();
      if (meterOnly === undefined && output.includes('history of the meter-only home stored'))
        meterOnly = mark();
      if (output.includes('demo: all history stored')) all = mark();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // RSS at the moment the seeding ends holds the seeding's last garbage: V8 gives its pages back at a
    // later collection (its memory reducer, seconds to half a minute after the allocation stops), so it is
    // read again after each of SETTLE_S with the same requests going on: just seeded, and settled.
    const rssWhenSeeded = rssMiB(product.pid);
    const rssLater: string[] = [];
    const seededAt = performance.now();
    for (const after of all === undefined ? [] : SETTLE_S) {
      while (performance.now() - seededAt < after * 1000) {
        await (await fetch(`${product.url}/api/v3/dashboard/`, { headers: { cookie } })).arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      rssLater.push(`${rssMiB(product.pid).toFixed(0)} MiB ${after} s later`);
    }
    latencies.sort((a, b) => a - b);
    const f = (m: Mark | undefined) =>
      m ? `${m.s.toFixed(1)} s (server CPU ${m.cpu.toFixed(1)} s)` : 'not within the deadline';
    const built = product.output().includes('Building the web app') ? ', the web app built first' : '';
    console.log(`  ready (healthz, from \`npm start\`${built}): ${f(ready)}`);
    console.log(
      `  the demo's own two homes complete (13 months: 35 days 1-minute, older half-hourly): ${f(own)}`,
    );
    console.log(
      `  the meter-only home (Dad's) complete too (uses estimated by the write path): ${f(meterOnly)}`,
    );
    console.log(`  whole demo complete (200 neighbours as daily totals, 2 months back): ${f(all)}`);
    console.log(
      `  GET /dashboard/ every 250 ms meanwhile (${latencies.length}): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
    const slow = slowest.sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `    slowest: ${slow.map((x) => `${x.ms.toFixed(0)} ms at ${x.at.toFixed(1)} s`).join(', ')}`,
    );
    console.log(
      `  server RSS when seeded (bundle, npm start's flags): ${[`${rssWhenSeeded.toFixed(0)} MiB at that moment`, ...rssLater].join(', ')} (the same requests meanwhile)`,
    );
    console.log(`  load average (1, 5, 15 min) at the start ${loadAtStart}, when seeded ${load()}`);
    console.log(`  ./data when seeded: ${sizeMiB(product.dataDir).toFixed(0)} MiB`);
  } catch (error) {
    // The server stopped answering: what it printed last says why.
    console.log(`  the product's last output:\n${product.output().split('\n').slice(-30).join('\n')}`);
    throw error;
  } finally {
    const peak = tree?.stop();
    await product.stop();
    if (peak) {
      const target = `target under ${PEAK_TARGET_MB} MB = ${targetMiB.toFixed(0)} MiB`;
      const server = peak.processes.filter((p) => /main\.(mjs|ts)$/.test(p.command)).map((p) => p.peakMiB);
      console.log(
        `  the server's own peak (VmHWM): ${server.length > 0 ? `${Math.max(...server).toFixed(0)} MiB` : 'not seen'} (${target})`,
      );
      console.log(
        `  peak RSS of all the processes together (sampled every 100 ms): ${peak.totalMiB.toFixed(0)} MiB at ${peak.atS.toFixed(1)} s (${target})`,
      );
      console.log("  each process's own peak (VmHWM):");
      for (const p of peak.processes)
        console.log(`    ${p.peakMiB.toFixed(0).padStart(5)} MiB  pid ${p.pid}  ${p.command}`);
    }
  }
}
