// Starts the built product as a person would run it (the server's main entry on a fresh embedded
// database) and drives Debian's chromium with playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildServerBundle, serverLaunch } from '../../scripts/server-bundle.mjs';
import { runAdmin as runAdminCommand } from '../../apps/server/src/cli/run-admin';
import { openPglite } from '../../apps/server/src/db/pglite';
import { SCRATCH_DIR } from '../../apps/server/test/support/scratch';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TIME_LAPSE = join(root, 'apps/server/test/fixtures/time-lapse.ts');

const bundles = new Map<string, Promise<string | null>>();
/**
 * `entry` (a file under apps/server/src) bundled once per run (the e2e files share one worker's modules,
 * vitest.config.ts), as `npm start` bundles the server:
 * < 1 s, instead of tsx transforming the sources again in every server started. Beside the sources (its external
 * PGlite resolves from node_modules): built under a name of its own, then renamed over
 * apps/server/dist/e2e-<name>.mjs, so a run beside this one never loads a half-written bundle.
 */
function bundled(name: string, entry: string): Promise<string | null> {
  let bundle = bundles.get(name);
  if (bundle === undefined) {
    bundle = (async () => {
      const dist = join(root, 'apps/server/dist');
      const building = join(dist, `e2e-${name}-${process.pid}-${Date.now()}.mjs`);
      const built = await buildServerBundle(root, { outfile: building, entry: join(root, entry) });
      if (built === null) return null;
      const outfile = join(dist, `e2e-${name}.mjs`);
      const own = building.slice(dist.length + 1);
      writeFileSync(building, readFileSync(building, 'utf8').replace(`${own}.map`, `e2e-${name}.mjs.map`));
      renameSync(`${building}.map`, `${outfile}.map`);
      renameSync(building, outfile);
      return outfile;
    })();
    bundles.set(name, bundle);
  }
  return bundle;
}

const serverBundle = () => bundled('main', 'apps/server/src/main.ts');

export interface RunningProduct {
  url: string;
  /** The server process. */
  pid: number;
  /** The process spawned: the server itself, or npm under `npmStart`. */
  launcherPid: number;
  dataDir: string;
  /** Milliseconds from spawning the process to the first healthy /healthz answer. */
  readyMs: number;
  output: () => string;
  /** The server's clock now (epoch ms): the real one, or the one pinned by `clockAt`. */
  now: () => number;
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
   * Run `npm start` as a person does (the machine's npm, on the machine's Node; the server bundled, with
   * its node flags) instead of the sources through tsx: for measuring the product as a person starts it
   * (Linux only: the server is found in /proc).
   */
  npmStart?: boolean;
  /** Called with the spawned process's pid as soon as it exists (a benchmark watching its memory). */
  onSpawn?: (pid: number) => void;
  /**
   * The instant (epoch ms) the server's clock shows when it is spawned; it then runs at the real pace
   * (apps/server/test/fixtures/time-lapse.ts). Pages opened with `pinnedPage` follow it. Default: the real clock.
   */
  clockAt?: number;
}

/** The processes `pid` started, still running (Linux /proc; none when it has ended). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** Resolves once no process of group `pgid` is left; SIGKILL to what remains after 30 s. */
async function groupEnded(pgid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(-pgid, Date.now() < deadline ? 0 : 'SIGKILL');
    } catch {
      return; // ESRCH: none left
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server among `pid` and its descendants: the process running its bundle or its main.ts (/proc). */
function serverIn(pid: number): number {
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.shift()!;
    const command = readFileSync(`/proc/${next}/cmdline`, 'utf8');
    if (/apps\/server\/(dist\/main\.mjs|src\/main\.ts)/.test(command)) return next;
    pending.push(...childrenOf(next));
  }
  throw new Error(`no server process under ${pid}`);
}

/** PATH without the project's node_modules/.bin: `npm` and `node` as the machine has them. */
function machinePath(): string {
  return (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.endsWith('node_modules/.bin'))
    .join(':');
}

export async function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(SCRATCH_DIR, 'homeview-e2e-'));
  const port = await freePort();
  const spawnedAt = performance.now();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const epoch = Date.now();
  const clockAt = options.clockAt;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(options.npmStart ? { PATH: machinePath() } : {}),
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: url,
    DATABASE_URL: '',
    // No test reaches the internet: My Home's carbon forecast is refused at once ("no forecast now").
    CARBON_INTENSITY_URL: 'http://127.0.0.1:1',
    // Nor are a region's published prices fetched from Octopus: a real home's comparison says they are
    // missing; the demo homes' come from the server's own stand-in (DEMO, energy/routes.ts).
    OCTOPUS_API_URL: 'http://127.0.0.1:1',
    ...(clockAt === undefined ? {} : { TIME_LAPSE_EPOCH: String(epoch), TIME_LAPSE_FROM: String(clockAt) }),
    ...options.env,
  };
  let command = 'npm';
  let args = ['start'];
  if (!options.npmStart) {
    const launch = serverLaunch(root, await serverBundle(), env);
    // The pinned clock's module is TypeScript: tsx loads it (and only it, when the server is bundled).
    const preload = clockAt === undefined ? [] : ['--import', 'tsx', '--import', TIME_LAPSE];
    const entry = launch.args.length - 1; // the bundle or main.ts, after the node flags
    command = process.execPath;
    args = [...launch.args.slice(0, entry), ...preload, ...launch.args.slice(entry)];
    Object.assign(env, launch.env);
  }
  // Under npm the server runs below a shell that does not pass signals on (dash, Debian's sh): npm gets
  // a process group of its own, and a stop signals the whole group, as a terminal's Ctrl-C or systemd do
  // (a signal to npm alone left the server running, orphaned).
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.npmStart === true,
  });
  const signal = (name: NodeJS.Signals) => {
    if (options.npmStart && child.pid !== undefined) process.kill(-child.pid, name);
    else child.kill(name);
  };
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
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
    // Under npm, SIGTERM to its group: the server closes its database (a SIGKILL would leave it running).
    signal(options.npmStart ? 'SIGTERM' : 'SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  const readyMs = performance.now() - spawnedAt;
  const launcherPid = child.pid ?? -1;
  return {
    url,
    pid: options.npmStart ? serverIn(launcherPid) : launcherPid,
    launcherPid,
    dataDir,
    readyMs,
    output: () => output,
    now: () => (clockAt === undefined ? Date.now() : clockAt + (Date.now() - epoch)),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        signal('SIGTERM');
        await exited;
      }
      // npm ends before the server has closed its database: wait for the rest of its group.
      if (options.npmStart && child.pid !== undefined) await groupEnded(child.pid);
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

/**
 * A page in a fresh context whose clock is the product's (its pinned clock, `clockAt`), running from
 * there: the browser's idea of today agrees with the server's.
 */
export async function pinnedPage(browser: Browser, product: RunningProduct, width = 1280): Promise<Page> {
  const page = await newPage(browser, width);
  await page.clock.install({ time: product.now() });
  return page;
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
  /** The product whose pinned clock the page's follows (`pinnedPage`); without it, the real clock. */
  pinnedTo?: RunningProduct;
  /** How long to wait for the login to settle (the first login after start can share the cores with seeding). */
  timeout?: number;
}

/** A new page signed in, once §4's "after login" has settled (see settleAfterLogin). */
export async function signedIn(
  browser: Browser,
  productUrl: string,
  options: SignInOptions = {},
): Promise<Page> {
  const page = options.pinnedTo
    ? await pinnedPage(browser, options.pinnedTo, options.width)
    : await newPage(browser, options.width);
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

/** Runs one `npm run admin` command on the open database; resolves with the id it prints. */
export type Admin = (args: readonly string[]) => Promise<string>;

/**
 * `npm run admin`'s commands (the CLI's own code, cli/run-admin.ts) on the embedded database in `dataDir`,
 * opened once for all of `fn`'s commands and closed before it resolves (PGlite allows one process: start
 * the product after). In this worker, not a process per command: each spawned admin loaded the bundle and
 * opened PGlite again, 1.5 s idle and 3–5 s in CI, some thirty a run. The CLI as a process is the server
 * suite's (cli.test.ts).
 */
export async function withAdmin<T>(dataDir: string, fn: (admin: Admin) => Promise<T>): Promise<T> {
  const db = await openPglite(dataDir);
  // The CLI closes the database it opened after each command; this one stays open for the next.
  const kept = new Proxy(db, {
    get: (target, key) => {
      if (key === 'close') return async () => undefined;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const admin: Admin = async (args) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(args, {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      open: async () => kept,
    });
    const last = out.join('\n').trim().split('\n').at(-1) ?? '';
    if (code !== 0 || last === '') throw new Error(`admin ${args[0]} exited with ${code}: ${err.join('\n')}`);
    return last;
  };
  try {
    return await fn(admin);
  } finally {
    await db.close();
  }
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
