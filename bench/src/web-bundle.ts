// The JavaScript a browser fetches to show each first screen (issue 8: route code splitting): the built
// app (run `npm run build` first) is served by the product on a light demo, Debian's chromium opens each
// route in a fresh page of a signed-in context, and the scripts it requested by the time the screen
// shows are summed from apps/web/dist, raw and gzip (zlib level 9, as a server would precompress them).
// The figure does not depend on the store, so it is printed once, on the PGlite run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { demo, launchBrowser, startProduct } from '../../e2e/src/product';

// WEB_DIST (as the server reads it) measures another build, e.g. an earlier commit's, beside this one.
const dist = process.env.WEB_DIST || fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** The first screens and what shows each is ready. */
const SCREENS: Array<{ path: string; ready: string; signedIn: boolean }> = [
  { path: '/login', ready: 'main form', signedIn: false },
  { path: '/', ready: 'a[href="/my-home"]', signedIn: true },
  { path: '/my-home', ready: 'main h1', signedIn: true },
  { path: '/parents-home', ready: '#attention-heading', signedIn: true },
];

export function sizes(files: string[]) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}

export async function scriptsFor(context: BrowserContext, url: string, ready: string): Promise<string[]> {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('load');
  await page.close();
  return [...scripts].sort();
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export async function benchWebBundle(store: 'pglite' | 'postgres'): Promise<void> {
  if (store === 'postgres') {
    console.log('  The web bundle does not depend on the store: see the PGlite run.');
    return;
  }
  const product = await startProduct({ env: { DEMO_HISTORY_DAYS: '3', DEMO_NEIGHBOURS: '2' } });
  const browser = await launchBrowser();
  try {
    const anonymous = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const signedIn = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const login = await signedIn.newPage();
    await login.goto(`${product.url}/login`);
    await login.getByLabel('Username').fill(demo.username);
    await login.getByLabel('Password', { exact: true }).fill(demo.password);
    await login.getByRole('button', { name: /sign in/i }).click();
    await login.waitForURL((url) => url.pathname !== '/login');
    await login.close();
    console.log('  screen           scripts   raw JS      gzip JS   (first load at 390 px, signed in)');
    for (const screen of SCREENS) {
      const files = await scriptsFor(
        screen.signedIn ? signedIn : anonymous,
        `${product.url}${screen.path}`,
        screen.ready,
      );
      const { raw, gzip } = sizes(files);
      console.log(
        `  ${screen.path.padEnd(16)} ${String(files.length).padStart(7)} ${kB(raw).padStart(10)} ${kB(gzip).padStart(10)}`,
      );
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}
