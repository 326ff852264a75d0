// Preloaded into the product's server process by the hardening bench (NODE_OPTIONS=--import): the
// server's own event-loop delay and garbage-collection pauses, which /healthz answer times (taken from
// another process, on a busy machine) only hint at. On SIGUSR2 it writes one `LOOP-PROBE {json}` line to
// stderr with what it saw since the previous one, and starts again. Plain JavaScript so that it loads
// before tsx does.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

// LOOP_PROBE_CPU_PROF=<dir> (--cpu-prof is not allowed in NODE_OPTIONS): a CPU profile of the main thread
// from one SIGUSR2 to the next, written to <dir>/probe-<n>.cpuprofile, so the stretch a bench measures
// can be opened in Chrome's DevTools.
const profDir = process.env.LOOP_PROBE_CPU_PROF;
let profiles = 0;
let session = null;
if (profDir) {
  session = new Session();
  session.connect();
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.enable', () => session.post('Profiler.start'));
}
const nextProfile = () =>
  session?.post('Profiler.stop', (error, result) => {
    if (!error)
      writeFileSync(join(profDir, `probe-${++profiles}.cpuprofile`), JSON.stringify(result.profile));
    session.post('Profiler.start');
  });

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let gc = { count: 0, totalMs: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.totalMs += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

const ms = (ns) => Math.round(ns / 1e4) / 100;

process.on('SIGUSR2', () => {
  const seen = {
    p50: ms(delay.percentile(50)),
    p99: ms(delay.percentile(99)),
    max: ms(delay.max),
    gcCount: gc.count,
    gcTotalMs: Math.round(gc.totalMs * 10) / 10,
    gcMaxMs: Math.round(gc.maxMs * 10) / 10,
  };
  delay.reset();
  gc = { count: 0, totalMs: 0, maxMs: 0 };
  nextProfile();
  process.stderr.write(`LOOP-PROBE ${JSON.stringify(seen)}\n`);
});
