import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningProduct, signedIn, startProduct } from './product';

// No screen is wider than the window (issue 21 item 1): every route of the spec, the Usage tabs, earlier
// days and periods, and the setup wizard's steps, with the demo login at a phone's 390 px and at 1280 px.
// A screen is wider when the document scrolls sideways, or when any element's box reaches past either
// edge of the window outside a container that scrolls or clips it (a wide chart scrolls in its own box).

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ env: { DEMO_HISTORY_DAYS: '7', DEMO_NEIGHBOURS: '5' } });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** What reaches past the window: the document's scroll width and each escaping element (tag, class, text). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const escapes: string[] = [];
    const clippedWithin = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const box = p.getBoundingClientRect();
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX))
          return box.left >= -0.5 && box.right <= width + 0.5;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.right > width + 0.5 || box.left < -0.5) && !clippedWithin(el)) {
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
        escapes.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(box.left)}–${Math.round(box.right)} "${text}"`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, escapes: escapes.slice(0, 8) };
  });
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight (settled() waits for none). */
function track(page: Page): Page {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return page;
}

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );

/** The screen has its answers and has drawn them: nothing asked for 300 ms, nothing loading, two frames on. */
async function settled(page: Page) {
  const pending = inFlight.get(page) ?? new Set();
  await frames(page); // a click's re-render and its effects (which ask) come first
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = Date.now();
  }
  await page.waitForFunction(() => document.querySelector('.loading, [aria-busy="true"]') === null);
  await frames(page);
}

async function expectFits(page: Page, where: string) {
  await settled(page);
  const seen = await overflow(page);
  expect({ where, ...seen }).toEqual({ where, scrollWidth: seen.width, width: seen.width, escapes: [] });
}

/** An API answer as the page's session gets it. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await (await fetch(url)).json()) as T, path);
}

for (const width of [390, 1280]) {
  describe(`at ${width} px`, () => {
    it('no signed-in screen is wider than the window', async () => {
      const page = track(await signedIn(browser, product.url, { width, timeout: 120_000 }));
      const dependant = await page.evaluate(() => localStorage.getItem('hv.dependant_user_id'));
      const visit = async (path: string) => {
        await page.goto(`${product.url}${path}`);
        await expectFits(page, path);
      };
      // The demo's history is stored in the background: wait for an alert of Mum's to link to.
      let alertId: number | undefined;
      await expect
        .poll(
          async () => {
            const { alerts } = await apiGet<{ alerts: { id: number }[] }>(
              page,
              `/api/v3/assisted_living/alerts/?dependant_user_id=${dependant}`,
            );
            alertId = alerts[0]?.id;
            return alertId;
          },
          { timeout: 120_000, interval: 1000 },
        )
        .toBeDefined();
      const day = Math.floor(Date.now() / 1000) - 86_400;

      await visit('/');
      for (const path of [
        '/my-home',
        '/my-home/rankings',
        '/my-home/appliances',
        '/my-home/appliance/1',
        '/my-home/feedback',
      ])
        await visit(path);

      // Usage: each tab, then the period before (an earlier Timeline day, the day, week and month before).
      await visit('/my-home/usage');
      for (const tab of ['Timeline', 'Daily', 'Weekly', 'Monthly']) {
        await page.getByRole('tab', { name: tab }).click();
        await expectFits(page, `Usage ${tab}`);
        const previous = page.getByRole('tabpanel').getByRole('button', { name: 'Previous' });
        if (await previous.isEnabled()) {
          await previous.click();
          await expectFits(page, `Usage ${tab}, the one before`);
        }
      }

      for (const path of [
        '/parents-home',
        '/parents-home/activities',
        '/parents-home/activities?tab=daily',
        '/parents-home/activities?tab=weekly',
        `/parents-home/activities?tab=daily&timestamp=${day}`,
        `/parents-home/activities/1?on=${day - 43_200}&off=${day + 43_200}`,
        `/parents-home/activities/alert/1?on=${day - 43_200}&off=${day + 43_200}`,
        '/parents-home/appliances',
        '/parents-home/appliances?tab=costly',
        '/parents-home/appliances?tab=all',
        '/parents-home/appliance/1',
        '/parents-home/feedback',
        `/parents-home/alert-feedback/${alertId}`,
      ])
        await visit(path);
      // InfoCare's timeline, a day earlier.
      await visit('/parents-home/activities');
      await page.getByRole('button', { name: 'Previous day' }).click();
      await expectFits(page, 'InfoCare timeline, the day before');

      for (const level of ['homeview', 'infocare']) {
        for (const path of [
          `/account/${level}`,
          `/account/${level}/holiday-mode`,
          `/account/${level}/appliances`,
          `/account/${level}/appliance/1`,
          `/account/${level}/tariff`,
          `/account/${level}/tariff/standing-charge`,
          `/account/${level}/tariff/edit-time/all/import`,
          `/account/${level}/tariff/edit-rates/all/import`,
          `/account/${level}/tariff/edit-rates/weekdays/export`,
        ])
          await visit(path);
      }
      for (const path of [
        '/account',
        '/account?tab=assisted',
        '/account/do-not-disturb',
        '/account/password',
        '/account/tariff/info',
        '/account/infocare/alerts',
        '/account/infocare/email-report',
        '/no-such-screen',
      ])
        await visit(path);

      // The setup wizard, every step (nothing is saved before Finish Setup).
      for (const path of ['/initial-setup', '/setup?type=main']) {
        await visit(path);
        await page.getByRole('button', { name: /^Start / }).click();
        for (let step = 1; step <= 4; step++) {
          await expectFits(page, `${path} step ${step}`);
          if (step < 4) await page.getByRole('button', { name: 'Next Question' }).click();
        }
      }
      await page.context().close();
    }, 600_000);

    it('no sign-in screen is wider than the window', async () => {
      const page = track(await newPage(browser, width));
      for (const path of ['/login', '/forgot-password', '/accounts/change_password/?token=abc&exp_date=1']) {
        await page.goto(`${product.url}${path}`);
        await expectFits(page, path);
      }
      await page.context().close();
    });
  });
}
