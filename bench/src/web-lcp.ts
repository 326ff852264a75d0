// Largest Contentful Paint of /my-home and /parents-home (issues 6 and 21: ≤ 1.0 s with 4× CPU throttling) on the built app (run
// `npm run build` first), served by the product on a light demo and opened in Debian's chromium. The demo
// user signs in once; each sample is a fresh page in a new context holding only that sign-in (cookies and
// local storage), so nothing is cached: a first visit. CPU is slowed 4× through CDP before the page is
// opened, and LCP is the last `largest-contentful-paint` entry once today's figures are on screen and the
// network is quiet. The scripts that first visit fetched are printed too, gzip (as web-bundle counts).
// Like web-bundle, the figures do not depend on the store, so they are printed once, on the PGlite run.
// LCP_COMPARE_DIST=<another build's dist> times that build too, visit for visit with this one.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  demo,
  launchBrowser,
  type RunningProduct,
  settleAfterLogin,
  startProduct,
  submitLogin,
} from '../../e2e/src/product';
import { percentile } from './machine';
import { scriptsFor, sizes } from './web-bundle';

const SAMPLES = 9;
const CPU_SLOWDOWN = 4;
/** Each first screen, and what shows that its figures are on screen. */
const SCREENS = [
  { path: '/my-home', ready: '[data-testid="last-updated"]' },
  { path: '/parents-home', ready: '#attention-heading' },
] as const;
type Screen = (typeof SCREENS)[number];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Sample {
  lcpMs: number;
  /** What the LCP element was (tag and start of its text), to see what the page waits on. */
  element: string;
  fcpMs: number;
  /** Each request of the page: path, start and end (ms from navigation start), the waterfall. */
  requests: Array<[string, number, number]>;
}

async function sample(browser: Browser, url: string, signIn: StorageState, ready: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: signIn });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    // Waits in the page itself: a Playwright locator would load its injected script into the page, main
    // thread work of the test's own that a person's visit does not have.
    // (No named functions inside: tsx would wrap them in a helper the page does not have.)
    await page.evaluate(
      (selector) =>
        new Promise<void>((resolve) => {
          if (document.querySelector(selector) !== null) return resolve();
          new MutationObserver((_, observer) => {
            if (document.querySelector(selector) === null) return;
            observer.disconnect();
            resolve();
          }).observe(document.body, { childList: true, subtree: true });
        }),
      ready,
    );
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise<Sample>((resolve) => {
          const fcpMs = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (r): [string, number, number] => [new URL(r.name).pathname, r.startTime, r.responseEnd],
          );
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            const el = last?.element;
            resolve({
              lcpMs: last?.startTime ?? Number.NaN,
              element: el
                ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`
                : '?',
              fcpMs,
              requests,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/** Until the demo is seeded: a visit measured while the server seeds would share the cores with it. */
async function seeded(product: RunningProduct): Promise<void> {
  const deadline = performance.now() + 300_000;
  while (!product.output().includes('demo: all history stored')) {
    if (performance.now() > deadline) throw new Error(`the demo was not seeded:\n${product.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The floor under the figure: LCP of a page of one paragraph, no script, served from this process and
 * opened the same way. What this machine's browser takes at 4× before any of the app's own work.
 */
async function floorLcp(browser: Browser): Promise<number[]> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body><main>' +
    '<p data-testid="last-updated">One paragraph of text, the largest paint of a page with no script.</p>' +
    '</main></body></html>';
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const lcp: number[] = [];
    for (let i = 0; i < SAMPLES; i++)
      lcp.push(
        (
          await sample(
            browser,
            `http://127.0.0.1:${port}/`,
            { cookies: [], origins: [] },
            '[data-testid="last-updated"]',
          )
        ).lcpMs,
      );
    return lcp.sort((a, b) => a - b);
  } finally {
    server.close();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchWebLcp(store: 'pglite' | 'postgres'): Promise<void> {
  if (store === 'postgres') {
    console.log('  LCP does not depend on the store: see the PGlite run.');
    return;
  }
  const light = { DEMO_HISTORY_DAYS: '3', DEMO_NEIGHBOURS: '2', LOG_LEVEL: 'info' };
  const product = await startProduct({ env: light });
  await seeded(product);
  // LCP_COMPARE_DIST: another build (e.g. main's) served beside this one, its visits taken in turn with
  // these, so both see the same machine load.
  const compareDist = process.env.LCP_COMPARE_DIST;
  const other = compareDist ? await startProduct({ env: { ...light, WEB_DIST: compareDist } }) : undefined;
  if (other) await seeded(other);
  const browser = await launchBrowser();
  const signInTo = async (url: string) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await submitLogin(page, url, demo);
    await settleAfterLogin(page, 60_000);
    return { context, state: await context.storageState() };
  };
  try {
    const { context: login, state: signIn } = await signInTo(product.url);
    const otherSignIn = other ? (await signInTo(other.url)).state : undefined;
    for (const screen of SCREENS) {
      const files = await scriptsFor(login, `${product.url}${screen.path}`, screen.ready);
      await measureScreen(screen, files);
    }
    await login.close();
    const floor = await floorLcp(browser);
    console.log(
      `  floor, a page of one paragraph and no script, same browser and slowdown: LCP median ${s(percentile(floor, 50))}, max ${s(floor.at(-1)!)}`,
    );

    async function measureScreen({ path, ready }: Screen, files: string[]): Promise<void> {
      const { gzip } = sizes(files);
      console.log(
        `  ${path}: initial JS ${files.length} scripts, ${(gzip / 1024).toFixed(1)} kB gzip (target ≤ 150 kB)`,
      );
      await sample(browser, `${product.url}${path}`, signIn, ready); // warm-up: server JIT, first reads
      if (other && otherSignIn) await sample(browser, `${other.url}${path}`, otherSignIn, ready);
      const samples: Sample[] = [];
      const otherSamples: Sample[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        samples.push(await sample(browser, `${product.url}${path}`, signIn, ready));
        if (other && otherSignIn)
          otherSamples.push(await sample(browser, `${other.url}${path}`, otherSignIn, ready));
      }
      const lcp = samples.map((x) => x.lcpMs).sort((a, b) => a - b);
      console.log(
        `  ${path}: LCP at ${CPU_SLOWDOWN}× CPU slowdown, ${SAMPLES} first visits at 390 px: median ${s(percentile(lcp, 50))}, max ${s(lcp.at(-1)!)} (target ≤ 1.00 s)`,
      );
      if (otherSamples.length > 0) {
        const o = otherSamples.map((x) => x.lcpMs).sort((a, b) => a - b);
        const of = otherSamples.map((x) => x.fcpMs).sort((a, b) => a - b);
        console.log(
          `  ${compareDist}, visits in turn with these: LCP median ${s(percentile(o, 50))}, max ${s(o.at(-1)!)}; FCP median ${s(percentile(of, 50))}`,
        );
      }
      const beforeLcp = (x: Sample) =>
        x.requests.filter(([file, start]) => file.endsWith('.js') && start < x.lcpMs).map(([file]) => file);
      const median = samples.find((x) => x.lcpMs === percentile(lcp, 50))!;
      const early = sizes(beforeLcp(median));
      console.log(`  JS requested before the LCP (median visit): ${(early.gzip / 1024).toFixed(1)} kB gzip`);
      const fcp = samples.map((x) => x.fcpMs).sort((a, b) => a - b);
      const elements = [...new Set(samples.map((x) => x.element))].join(', ');
      console.log(`  first contentful paint: median ${s(percentile(fcp, 50))}; LCP element: ${elements}`);
      console.log('  requests of the median visit (start → end, ms from navigation):');
      for (const [file, start, end] of median.requests)
        console.log(
          `    ${String(Math.round(start)).padStart(5)} → ${String(Math.round(end)).padStart(5)}  ${file}`,
        );
    }
  } finally {
    await browser.close();
    await product.stop();
    await other?.stop();
  }
}
