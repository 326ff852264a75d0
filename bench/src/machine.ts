// The header every benchmark prints: figures mean little without the machine and the date.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${new Date().toISOString()} · ${cpus().length} × ${cpu} · ${gib} GiB · Node ${process.version}`;
}

/**
 * A fixed loop's time, the median of three runs. This machine's CPU speed swings: the same loop took
 * 518–802 ms within minutes at low load. So each benchmark prints the probe taken just after it, and
 * figures from different runs can be read against the speed the machine had.
 */
export function cpuProbeMs(): number {
  const times: number[] = [];
  let sum = 0;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    for (let i = 0; i < 100_000_000; i++) sum = (sum + i) % 1_000_003;
    times.push(performance.now() - start);
  }
  if (sum < 0) throw new Error('unreachable'); // the loop's result is used, so it is not optimised away
  return times.sort((a, b) => a - b)[1]!;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export function rssMiB(pid: number): number {
  // VmRSS of the server process itself, read from /proc (Linux).
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
