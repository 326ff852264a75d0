import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Runs the server's entry points as real child processes (tsx, as npm scripts do).

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PASSWORD_ITERATIONS: '1000', LOG_LEVEL: 'warn', ...extra };
  if (!('DATABASE_URL' in extra)) delete env.DATABASE_URL;
  delete env.PUBLIC_ORIGIN;
  return env;
}

/** `preload`: modules imported after tsx, before the entry (e.g. fixtures/time-lapse.ts). */
export function startTs(
  entry: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  preload: readonly string[] = [],
): ChildProcess {
  const imports = preload.flatMap((path) => ['--import', path]);
  return spawn(process.execPath, ['--import', 'tsx', ...imports, `${SRC}${entry}`, ...args], {
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
