import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pinnedPage, type RunningProduct, signedIn, startProduct } from './product';

// Every route of the spec, the Usage tabs, earlier days and periods, and the setup wizard's steps, with the
// demo login at a phone's 390 px and at 1280 px (issue 21, items 1 and 10), each screen checked for:
// - no sideways scrolling: the document no wider than the window, and no element's box past either edge
//   of it outside a container that scrolls or clips it (a wide chart scrolls in its own box);
// - cards with inner room: every card has at least 8 px of padding left and right;
// - fields a person can see: every text box, number box, dropdown and text area has a border all round
//   (its own or its frame's) of at least 3:1 contrast with what is behind it (WCAG 1.4.11).

let product: RunningProduct;
let browser: Browser;

// Thursday 3 December 2026, 15:30 in London, product and browser: the week of demo history then reaches
// into November, a month Compare tariffs prices (on the real clock, from the 8th of a month the week lay
// inside the month in progress and the comparison had no rows to check).
const CLOCK_AT = Date.parse('2026-12-03T15:30:00Z');

beforeAll(async () => {
  product = await startProduct({ clockAt: CLOCK_AT, env: { DEMO_HISTORY_DAYS: '7', DEMO_NEIGHBOURS: '5' } });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** What is wrong with the screen as drawn: the width it scrolls to, and each part that fails a check. */
function problems(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const label = (el: Element) => {
      const box = el.getBoundingClientRect();
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(box.left)}–${Math.round(box.right)} "${text}"`;
    };
    const clippedWithin = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const box = p.getBoundingClientRect();
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX))
          return box.left >= -0.5 && box.right <= width + 0.5;
      }
      return false;
    };
    const escapes = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return visible(el) && (box.right > width + 0.5 || box.left < -0.5) && !clippedWithin(el);
      })
      .map(label);

    const unpadded = [...document.querySelectorAll('.card')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return (
          visible(el) &&
          (Number.parseFloat(style.paddingLeft) < 8 || Number.parseFloat(style.paddingRight) < 8)
        );
      })
      .map(label);

    // Colours as [r, g, b, alpha]; relative luminance and contrast as WCAG defines them.
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, css.startsWith('rgba') ? a : 1] as const;
    };
    const luminance = ([r, g, b]: readonly number[]) => {
      const lin = (c = 0) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const behind = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const colour = rgba(getComputedStyle(p).backgroundColor);
        if (colour[3] > 0) return colour;
      }
      return [255, 255, 255, 1] as const;
    };
    const framed = (frame: Element) => {
      const style = getComputedStyle(frame);
      const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
      return sides.every((side) => {
        const colour = rgba(style.getPropertyValue(`border-${side.toLowerCase()}-color`));
        if (Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) < 1) return false;
        if (colour[3] < 1) return false;
        const [a, b] = [luminance(colour), luminance(behind(frame))];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) >= 3;
      });
    };
    const fields = document.querySelectorAll(
      'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), select, textarea',
    );
    const unframed = [...fields]
      .filter((el) => visible(el) && !(framed(el) || (el.parentElement !== null && framed(el.parentElement))))
      .map(label);

    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      escapes: escapes.slice(0, 8),
      unpadded,
      unframed,
    };
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

async function expectSound(page: Page, where: string) {
  await settled(page);
  const seen = await problems(page);
  expect({ where, ...seen }).toEqual({
    where,
    scrollWidth: seen.width,
    width: seen.width,
    escapes: [],
    unpadded: [],
    unframed: [],
  });
}

/** An API answer as the page's session gets it. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await (await fetch(url)).json()) as T, path);
}

for (const width of [390, 1280]) {
  describe(`at ${width} px`, () => {
    it('every signed-in screen fits, with padded cards and visible fields', async () => {
      const page = track(
        await signedIn(browser, product.url, { width, timeout: 120_000, pinnedTo: product }),
      );
      const dependant = await page.evaluate(() => localStorage.getItem('hv.dependant_user_id'));
      const visit = async (path: string) => {
        await page.goto(`${product.url}${path}`);
        await expectSound(page, path);
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
      const day = Math.floor(product.now() / 1000) - 86_400;

      await visit('/');
      for (const path of [
        '/my-home',
        '/my-home/rankings',
        '/my-home/appliances',
        '/my-home/appliance/1',
        '/my-home/feedback',
        '/my-home/tariffs',
      ])
        await visit(path);
      // Compare tariffs (still on it): each tariff against yours, the figure that answers the page, is in
      // sight without scrolling the table sideways, at a phone's width too.
      const outOfSight = await page
        .getByTestId('compare-summary')
        .locator('tbody tr')
        .evaluateAll(
          (rows, w) =>
            rows.map((row) => {
              const cell = row.querySelector('td[data-label="Against your tariff"]');
              const box = cell?.getBoundingClientRect();
              return box !== undefined && box.left >= -0.5 && box.right <= w + 0.5
                ? 'in sight'
                : row.textContent;
            }),
          width,
        );
      expect(outOfSight.length).toBeGreaterThan(1);
      expect(outOfSight.filter((seen) => seen !== 'in sight')).toEqual([]);

      // Usage: each tab, then the period before (an earlier Timeline day, the day, week, month and year before).
      await visit('/my-home/usage');
      for (const tab of ['Timeline', 'Daily', 'Weekly', 'Monthly', 'Yearly']) {
        await page.getByRole('tab', { name: tab }).click();
        await expectSound(page, `Usage ${tab}`);
        const previous = page.getByRole('tabpanel').getByRole('button', { name: 'Previous' });
        if (await previous.isEnabled()) {
          await previous.click();
          await expectSound(page, `Usage ${tab}, the one before`);
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
        '/parents-home/trends',
        '/parents-home/feedback',
        `/parents-home/alert-feedback/${alertId}`,
      ])
        await visit(path);
      // InfoCare's timeline, a day earlier.
      await visit('/parents-home/activities');
      await page.getByRole('button', { name: 'Previous day' }).click();
      await expectSound(page, 'InfoCare timeline, the day before');

      for (const level of ['homeview', 'infocare']) {
        for (const path of [
          `/account/${level}`,
          `/account/${level}/holiday-mode`,
          `/account/${level}/appliances`,
          `/account/${level}/appliance/1`,
          `/account/${level}/devices`,
          `/account/${level}/supplier`,
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
        '/account/infocare/carers',
        '/no-such-screen',
      ])
        await visit(path);

      // The setup wizard, every step (nothing is saved before Finish Setup).
      for (const path of ['/initial-setup', '/setup?type=main']) {
        await visit(path);
        await page.getByRole('button', { name: /^Start / }).click();
        for (let step = 1; step <= 4; step++) {
          await expectSound(page, `${path} step ${step}`);
          if (step < 4) await page.getByRole('button', { name: 'Next Question' }).click();
        }
      }
      await page.context().close();
    }, 600_000);

    it('every sign-in screen fits, with padded cards and visible fields', async () => {
      const page = track(await pinnedPage(browser, product, width));
      for (const path of ['/login', '/forgot-password', '/accounts/change_password/?token=abc&exp_date=1']) {
        await page.goto(`${product.url}${path}`);
        await expectSound(page, path);
      }
      await page.context().close();
    });
  });
}
