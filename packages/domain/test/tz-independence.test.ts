import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probe } from './fixtures/tz-probe';

// TIME-01: the same computations in child processes whose TZ is UTC, Europe/London and America/Regina
// must give byte-identical results, equal to this process' results.
const script = path.join(import.meta.dirname, 'fixtures', 'print-tz-probe.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../..');

function runUnder(tz: string): { processClock: number; result: unknown } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`probe under TZ=${tz} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { processClock: number; result: unknown };
}

describe('results do not depend on the process time zone (TIME-01)', () => {
  it('is identical under TZ=UTC, Europe/London and America/Regina', { timeout: 120_000 }, () => {
    const runs = ['UTC', 'Europe/London', 'America/Regina'].map(runUnder);
    // The TZ really changed in each child (minutes west of UTC on 1 July 2020)…
    expect(runs.map((r) => r.processClock)).toEqual([0, -60, 360]);
    // …and the domain's answers did not.
    const expected = JSON.parse(JSON.stringify(probe())) as unknown;
    for (const r of runs) expect(r.result).toEqual(expected);
  });
});
