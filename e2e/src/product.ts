// Starts the built product as a person would run it (the server's main entry on a fresh embedded
// database) and drives Debian's chromium with playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProduct {
  url: string;
  pid: number;
  dataDir: string;
  /** Milliseconds from spawning the process to the first healthy /healthz answer. */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${deadlineMs} ms`);
}

export interface StartOptions {
  /** Reuse a data directory (to measure a warm start); by default a new one is made and removed at stop. */
  dataDir?: string;
  /** Extra environment, e.g. DATABASE_URL to run on PostgreSQL. */
  env?: Record<string, string>;
}

export async function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'homeview-e2e-'));
  const port = await freePort();
  const spawnedAt = performance.now();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: url,
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  try {
    await waitForHealth(url, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  const readyMs = performance.now() - spawnedAt;
  return {
    url,
    pid: child.pid ?? -1,
    dataDir,
    readyMs,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const demo = { username: 'demo', password: 'Demo-Home1' };

/**
 * After the login button: waits until §4's "after login" has settled. A carer whose dependant has
 * unviewed alerts lands on /parents-home (the live demo raises Mum's alerts once her history is seeded,
 * so either can happen); anyone else stays on the chooser, whose tiles render only once no redirect is
 * pending.
 */
export async function settleAfterLogin(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      ['/parents-home', '/initial-setup'].includes(location.pathname) ||
      (location.pathname === '/' && document.querySelector('a[href="/my-home"]') !== null),
  );
}

/** Logged in: settles, then opens the chooser itself (a visit that is not from login never redirects). */
export async function openChooser(page: Page, productUrl: string): Promise<void> {
  await settleAfterLogin(page);
  if (new URL(page.url()).pathname !== '/') await page.goto(`${productUrl}/`);
  await page.locator('a[href="/my-home"]').waitFor();
}
