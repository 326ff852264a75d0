// Starts the built product as a person would run it (the server's main entry on a fresh embedded
// database) and drives Debian's chromium with playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProduct {
  url: string;
  /** The server process (under `npmStart`, the child of scripts/start.mjs). */
  pid: number;
  /** The process spawned: the server itself, or scripts/start.mjs under `npmStart`. */
  launcherPid: number;
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
  /**
   * Run `npm start`'s scripts/start.mjs (the server bundled, with its node flags) instead of the sources
   * through tsx: for measuring the product as a person starts it (Linux only: the server is found in /proc).
   */
  npmStart?: boolean;
}

/** The one child process of `pid` (scripts/start.mjs's server), from /proc. */
function onlyChild(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  if (children.length !== 1 || !children[0]) throw new Error(`expected one child of ${pid}: ${children}`);
  return Number(children[0]);
}

export async function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'homeview-e2e-'));
  const port = await freePort();
  const spawnedAt = performance.now();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const entry = options.npmStart
    ? [join(root, 'scripts/start.mjs')]
    : ['--import', 'tsx', join(root, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, entry, {
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
    // A fresh start under the load of a shared machine: initdb alone can take a minute.
    await waitForHealth(url, child, options.npmStart ? 300_000 : 120_000);
  } catch (error) {
    // start.mjs passes SIGTERM on to the server (a SIGKILL would leave it running, orphaned).
    child.kill(options.npmStart ? 'SIGTERM' : 'SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  const readyMs = performance.now() - spawnedAt;
  const launcherPid = child.pid ?? -1;
  return {
    url,
    pid: options.npmStart ? onlyChild(launcherPid) : launcherPid,
    launcherPid,
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
      // Chromium 156 builds its address bar's popup as a web page of its own in every new window (each
      // browser context): about 390 chrome:// requests and a renderer's work per context, on the same two
      // cores as the page under test. Headless, nobody sees it.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
    ],
  });
}

export interface Credentials {
  username: string;
  password: string;
}

export const demo: Credentials = { username: 'demo', password: 'Demo-Home1' };

/** The WCAG levels every screen is checked against. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Axe on the page as it is now; fails listing each violation's rule and elements (prefixed by `where`). */
export async function expectNoAxeViolations(page: Page, where?: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const prefix = where === undefined ? '' : `${where}: `;
  expect(result.violations.map((v) => `${prefix}${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );
}

/** A page in a fresh context (no cookies, no local storage) at the given viewport width. */
export async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** Opens /login, types the credentials and presses Sign in; the caller waits for what should follow. */
export async function submitLogin(page: Page, productUrl: string, user: Credentials = demo): Promise<void> {
  await page.goto(`${productUrl}/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

export interface SignInOptions {
  width?: number;
  user?: Credentials;
  /** How long to wait for the login to settle (the first login after start can share the cores with seeding). */
  timeout?: number;
}

/** A new page signed in, once §4's "after login" has settled (see settleAfterLogin). */
export async function signedIn(
  browser: Browser,
  productUrl: string,
  options: SignInOptions = {},
): Promise<Page> {
  const page = await newPage(browser, options.width);
  await submitLogin(page, productUrl, options.user);
  await settleAfterLogin(page, options.timeout);
  return page;
}

/**
 * After the login button: waits until §4's "after login" has settled. A carer whose dependant has
 * unviewed alerts lands on /parents-home (the live demo raises Mum's alerts once her history is seeded,
 * so either can happen); anyone else stays on the chooser, whose tiles render only once no redirect is
 * pending.
 */
export async function settleAfterLogin(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () =>
      ['/parents-home', '/initial-setup'].includes(location.pathname) ||
      (location.pathname === '/' && document.querySelector('a[href="/my-home"]') !== null),
    undefined,
    { timeout },
  );
}

/** Logged in: settles, then opens the chooser itself (a visit that is not from login never redirects). */
export async function openChooser(page: Page, productUrl: string): Promise<void> {
  await settleAfterLogin(page);
  if (new URL(page.url()).pathname !== '/') await page.goto(`${productUrl}/`);
  await page.locator('a[href="/my-home"]').waitFor();
}

/**
 * `npm run admin -- <args>` on a data directory (before the product starts on it: PGlite allows one
 * process per directory); resolves to the id or key it printed on its last line.
 */
export function runAdmin(dataDir: string, args: readonly string[]): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/cli/admin.ts'), ...args],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last !== '') resolve(last);
      else reject(new Error(`admin ${args[0]} exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * A money figure on a screen ('£1.50', '-£0.25') in pennies, or null when the text is not one: screens are
 * compared with the API by value, not by a copy of the web's formatter (its format is format.test.ts).
 */
export function penniesShown(text: string | null): number | null {
  const figure = /^(-?)£(\d+)\.(\d\d)$/.exec(text?.trim() ?? '');
  if (!figure) return null;
  return (figure[1] ? -1 : 1) * (Number(figure[2]) * 100 + Number(figure[3]));
}

/** An API money figure (pounds, a float) in whole pennies; -0 is 0. */
export const pennies = (pounds: number): number => Math.round(pounds * 100) || 0;
