// The header every benchmark prints: figures mean little without the machine and the date.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${new Date().toISOString()} · ${cpus().length} × ${cpu} · ${gib} GiB · Node ${process.version}`;
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
