import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Credentials,
  demo,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningProduct,
  startProduct,
  submitLogin,
} from './product';

// Issue 25 on the real product: the demo's Mum has two carers, the demo account and carer2. One takes an
// alert ("I'm on it") and resolves it with a note; the other, in another browser, sees who took it and
// then who resolved it, with the note. Once with the taker at 390 px and the other at 1280 px, once the
// other way round; axe on the cards in each state. Screenshots of the card states and the carers screen
// go to SHOTS_DIR when it is set (to look at them).

const carer2: Credentials = { username: 'carer2', password: 'Demo-Carer2' };
const SHOTS = process.env.SHOTS_DIR;

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ env: { DEMO_HISTORY_DAYS: '7', DEMO_NEIGHBOURS: '3', LOG_LEVEL: 'info' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Signed in as `user` at `width`, on Mum's alerts. */
async function alertsAs(user: Credentials, width: number): Promise<Page> {
  const page = await newPage(browser, width);
  await submitLogin(page, product.url, user);
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/parents-home', {
    timeout: 120_000,
  });
  await page.waitForFunction(() => localStorage.getItem('hv.dependant_user_id') !== null);
  await page.goto(`${product.url}/parents-home`);
  await page.getByRole('heading', { name: 'All alerts' }).waitFor();
  return page;
}

interface ApiAlert {
  id: number;
  taken: unknown;
  resolved: unknown;
}

/** An alert of Mum's nobody has taken yet, from the first page the screen reads. */
async function untakenAlert(page: Page, skip: number[]): Promise<number> {
  const alerts = await page.evaluate(async () => {
    const id = localStorage.getItem('hv.dependant_user_id');
    const res = await fetch(`/api/v3/assisted_living/alerts/?dependant_user_id=${id}`);
    return ((await res.json()) as { alerts: ApiAlert[] }).alerts;
  });
  const alert = alerts.find((a) => a.taken === null && a.resolved === null && !skip.includes(a.id));
  if (!alert) throw new Error('Mum has no untaken alert on her first page');
  return alert.id;
}

/** The card of alert `id`, opened. */
async function openCard(page: Page, id: number) {
  const card = page.locator(`#alert-${id}`);
  await card.waitFor();
  const toggle = card.locator('.alert-card__toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await card.locator('.alert-card__body p').first().waitFor();
  return card;
}

const londonClock = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));

/** Today in London as the cards write days (25-11-26). */
const londonDay = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  })
    .format(new Date(ms))
    .replaceAll('/', '-');

/**
 * "Taken by demo at 10:42" for a press between `before` and now (a minute may turn meanwhile); "… on
 * 27-11-26 at 10:42" when the alert was raised on an earlier day.
 */
const lineMatching = (what: 'Taken' | 'Resolved', by: string, before: number) =>
  new RegExp(
    `^${what} by ${by}( on ${londonDay(before)}| on ${londonDay(Date.now())})? at (${londonClock(before)}|${londonClock(Date.now())})$`,
  );

async function shot(page: Page, name: string, card?: ReturnType<Page['locator']>) {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  if (card) await card.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

describe('Two carers of one home', () => {
  const done: number[] = [];

  for (const [taker, takerWidth, other, otherWidth] of [
    [demo, 390, carer2, 1280],
    [carer2, 1280, demo, 390],
  ] as const) {
    it(`${taker.username} at ${takerWidth} px takes and resolves an alert; ${other.username} at ${otherWidth} px sees both`, async () => {
      await expect
        .poll(() => product.output().includes('demo infocare history ready'), { timeout: 180_000 })
        .toBe(true);
      const [a, b] = [await alertsAs(taker, takerWidth), await alertsAs(other, otherWidth)];
      const id = await untakenAlert(a, done);
      done.push(id);
      const card = await openCard(a, id);
      await shot(a, 'card-open', card);
      const pressed = Date.now();
      await card.getByRole('button', { name: "I'm on it" }).click();
      const line = card.locator('.alert-card__handling');
      await expect.poll(() => line.textContent()).toMatch(lineMatching('Taken', taker.username, pressed));
      expect(await card.getByRole('button', { name: "I'm on it" }).count()).toBe(0);
      await shot(a, 'card-taken', card);
      await expectNoAxeViolations(a, 'taken card');

      // The other carer sees who is on it, open or closed.
      await b.reload();
      const seen = b.locator(`#alert-${id}`);
      await seen.waitFor();
      expect(await seen.locator('.alert-card__handling').textContent()).toMatch(
        lineMatching('Taken', taker.username, pressed),
      );
      // Only the taker may resolve it: the other is told who is dealing with it, with no button to press.
      const othersCard = await openCard(b, id);
      await othersCard
        .getByText(`${taker.username} is dealing with this alert; only they can mark it resolved.`)
        .waitFor();
      expect(await othersCard.getByRole('button', { name: 'Mark resolved' }).count()).toBe(0);
      expect(await othersCard.getByRole('button', { name: "I'm on it" }).count()).toBe(0);
      await shot(b, 'card-taken-other', othersCard);
      await expectNoAxeViolations(b, 'card taken by another carer');

      const note = `Rang Mum at ${londonClock(Date.now())}: she was in the garden`;
      await card.getByLabel('Note for the other carers (optional)').fill(note);
      const resolving = Date.now();
      await card.getByRole('button', { name: 'Mark resolved' }).click();
      await expect
        .poll(() => line.textContent())
        .toMatch(lineMatching('Resolved', taker.username, resolving));
      expect(await card.locator('blockquote').textContent()).toBe(note);
      await shot(a, 'card-resolved', card);

      await b.reload();
      const resolved = await openCard(b, id);
      expect(await resolved.locator('.alert-card__handling').textContent()).toMatch(
        lineMatching('Resolved', taker.username, resolving),
      );
      expect(await resolved.locator('figcaption').textContent()).toBe(`Note from ${taker.username}`);
      expect(await resolved.locator('blockquote').textContent()).toBe(note);
      expect(await resolved.getByRole('button', { name: 'Mark resolved' }).count()).toBe(0);
      // Nothing on the card is wider than the window.
      const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(b, 'card-resolved-other', resolved);
      await expectNoAxeViolations(b, 'resolved card');

      // The carers screen lists both carers, the asker marked as "you".
      await b.goto(`${product.url}/account/infocare/carers`);
      const list = b.locator('.carer-list').first();
      await list.waitFor();
      expect(await list.locator('.carer-list__name').allTextContents()).toEqual(['demo', 'carer2']);
      expect(
        await list
          .locator('.carer-list__item', { hasText: '(you)' })
          .locator('.carer-list__name')
          .textContent(),
      ).toBe(other.username);
      await shot(b, 'carers-screen');
      await expectNoAxeViolations(b, 'carers screen');
      await a.context().close();
      await b.context().close();
    }, 300_000);
  }
});
