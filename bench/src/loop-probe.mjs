// Preloaded into the product's server process by the hardening bench (NODE_OPTIONS=--import): the
// server's own event-loop delay and garbage-collection pauses, which /healthz answer times (taken from
// another process, on a busy machine) only hint at. On SIGUSR2 it writes one `LOOP-PROBE {json}` line to
// stderr with what it saw since the previous one, and starts again. Plain JavaScript so that it loads
// before tsx does.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

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
  process.stderr.write(`LOOP-PROBE ${JSON.stringify(seen)}\n`);
});
