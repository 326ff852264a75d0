// The memory of a process and every process it starts (npm, scripts/start.mjs, the server, PGlite's
// initdb child, esbuild's service, a web build), from /proc (Linux): each process's own peak (VmHWM, the
// kernel's high-water mark of its RSS, read at every sample, so a process that ends between two samples
// is known by its last reading) and the peak of their sum (RSS summed at each sample).
import { readFileSync } from 'node:fs';
import { childrenOf } from '../../e2e/src/product';

const MiB = 1024;
const EXEC_DROP_KIB = 8 * MiB;

interface Seen {
  pid: number;
  command: string;
  peakKiB: number;
}

export interface TreePeak {
  /** The largest sum of the tree's RSS at one sample, in MiB, and when (seconds from the watch's start). */
  totalMiB: number;
  atS: number;
  /** Every process seen, its own peak in MiB, in the order they appeared. */
  processes: Array<{ pid: number; command: string; peakMiB: number }>;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
}

/** The process's command line, shortened to what names it (node's flags and long paths left out). */
function commandOf(pid: number): string {
  const args = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
  const named = args.filter((a, i) => i === 0 || !a.startsWith('-'));
  return named
    .slice(0, 3)
    .map((a) => a.split('/').slice(-2).join('/'))
    .join(' ')
    .slice(0, 60);
}

function kib(status: string, field: 'VmHWM' | 'VmRSS'): number {
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/** Samples `rootPid` and its descendants every `everyMs` until `stop()` is called. */
export function watchTree(rootPid: number, everyMs = 100): { stop: () => TreePeak } {
  const t0 = performance.now();
  const seen = new Map<number, Seen[]>();
  let totalKiB = 0;
  let atS = 0;
  const sample = () => {
    let sum = 0;
    const pending = [rootPid];
    while (pending.length > 0) {
      const pid = pending.pop()!;
      const status = read(`/proc/${pid}/status`);
      // Gone, or a zombie (no memory left to read).
      if (status === null || !status.includes('VmHWM')) continue;
      // A process that replaces itself by exec (the launcher by the server) gets a new high-water mark:
      // one well below the last reading (the kernel's counters are a few hundred KiB approximate) starts
      // a new entry. Its command is the newest seen (npm renames itself).
      const hwm = kib(status, 'VmHWM');
      const command = commandOf(pid);
      let entry = seen.get(pid)?.at(-1);
      if (entry === undefined || hwm + EXEC_DROP_KIB < entry.peakKiB) {
        entry = { pid, command, peakKiB: 0 };
        seen.set(pid, [...(seen.get(pid) ?? []), entry]);
      }
      entry.peakKiB = Math.max(entry.peakKiB, hwm);
      if (command !== '') entry.command = command;
      sum += kib(status, 'VmRSS');
      pending.push(...childrenOf(pid));
    }
    if (sum > totalKiB) {
      totalKiB = sum;
      atS = (performance.now() - t0) / 1000;
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      sample();
      clearInterval(timer);
      return {
        totalMiB: totalKiB / MiB,
        atS,
        processes: [...seen.values()].flat().map((s) => ({
          pid: s.pid,
          command: s.command,
          peakMiB: s.peakKiB / MiB,
        })),
      };
    },
  };
}
