import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

// Runs the server's entry points as real child processes: their bundles built for this run
// (bundles.global.ts), else the sources through tsx, as npm scripts do.

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PASSWORD_ITERATIONS: '1000',
    LOG_LEVEL: 'warn',
    // A spawned server's led carbon job fetches the recorded intensity once homes have electricity: never
    // from the internet in a test (a suite that wants figures points it at its stand-in).
    CARBON_INTENSITY_URL: 'http://127.0.0.1:1',
    // Tariffs compared fetch a region's published prices: never from the internet in a test either.
    OCTOPUS_API_URL: 'http://127.0.0.1:1',
    ...extra,
  };
  if (!('DATABASE_URL' in extra)) delete env.DATABASE_URL;
  delete env.PUBLIC_ORIGIN;
  return env;
}

/**
 * The entry points the server suite spawns (under apps/server/src), bundled once per run by
 * bundles.global.ts. Not cli/cluster.ts: it bundles the server itself (scripts/server-bundle.mjs).
 */
export const SPAWNED_ENTRIES = ['main.ts', 'cli/admin.ts', 'cli/import.ts', 'cli/simulate.ts'];

function bundleOf(entry: string): string | undefined {
  try {
    return inject('serverBundles')?.[entry];
  } catch {
    return undefined; // a project without the global setup
  }
}

/** `preload`: modules imported before the entry (TypeScript, so through tsx; e.g. fixtures/time-lapse.ts). */
export function startTs(
  entry: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  preload: readonly string[] = [],
): ChildProcess {
  const bundle = bundleOf(entry);
  const imports = preload.flatMap((path) => ['--import', path]);
  const tsx = bundle === undefined || imports.length > 0 ? ['--import', 'tsx'] : [];
  const run = bundle === undefined ? [`${SRC}${entry}`] : ['--enable-source-maps', bundle];
  return spawn(process.execPath, [...tsx, ...imports, ...run, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function runTs(entry: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const child = startTs(entry, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';
