import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFromNode,
  at,
  CARER,
  carerPage,
  DEPENDANT,
  ingestPower,
  type MadeDependant,
  makeDependant,
  ZONE,
} from './madeDependant';
import { type Credentials, expectNoAxeViolations, launchBrowser, submitLogin } from './product';

// Issue 25 on the real product: a dependant with two carers, carer and carer2. One takes an open alert
// ("I'm on it") and resolves it with a note; the other, in another browser, sees who took it and then who
// resolved it, with the note. Once with the taker at 390 px and the other at 1280 px, once the other way
// round; axe on the cards in each state. Then an alert that closed by itself (issue 33): it says so and
// offers resolving but not "I'm on it". Screenshots of the card states and the carers screen go to
// SHOTS_DIR when it is set (to look at them).
//
// Why not the demo's Mum: her story is placed from the moment the demo is seeded (demo/homes.ts
// mumsDepartures: the days before her home's created_at), so every one of her alerts has closed by itself
// by the time anyone logs in, whatever the clock is pinned to; nothing of hers can be taken. Here the open
// alert is the engine's own, from real inputs: the dependant and both carers are made with `npm run admin`
// (madeDependant.ts), an hour of readings that ended hours ago goes in through the ingest API with the
// house's key, and the engine raises "No data" 20 minutes after it, open until readings come again (the
// next hour put in closes it by itself). The house's zone puts now between 12:00 and 13:00 local, so the
// readings are this morning's and the alerts are due whatever the hour of the run.

const carer2: Credentials = { username: 'carer2', password: 'Carer2-Watch4!' };
const SHOTS = process.env.SHOTS_DIR;
/** The engine's silence before "no data" for 1-minute data (packages/domain NO_DATA_MIN_S). */
const NO_DATA_AFTER_S = 20 * 60;

let made: MadeDependant;
let browser: Browser;

beforeAll(async () => {
  made = await makeDependant(ZONE, [carer2]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await made?.stop();
});

interface ApiAlert {
  id: number;
  timestamp: number;
  name: string;
  taken: unknown;
  resolved: unknown;
  closed: { at: number; reason: string } | null;
}

/** The dependant's alerts as the first carer reads them from Node. */
const alertsFromNode = async () =>
  (
    await apiFromNode<{ alerts: ApiAlert[] }>(
      made,
      `/api/v3/assisted_living/alerts/?dependant_user_id=${made.dependantId}`,
    )
  ).alerts;

/** Puts in one hour of 1-minute readings from `hour`:00 local: a kettle use at minute 1 over a base load. */
async function ingestHour(hour: number): Promise<void> {
  const rows = ['Time,Aggregate,Kettle'];
  for (let m = 0; m < 60; m++) {
    const kettle = m >= 1 && m < 4 ? 2400 : 0;
    rows.push(`${at(hour, m)},${300 + kettle},${kettle}`);
  }
  const stored = await ingestPower(made, `${rows.join('\n')}\n`);
  expect([stored.status, stored.events?.stored]).toEqual([200, 1]);
}

/**
 * Puts in the hour from `hour`:00 local and waits for the engine's "No data" alert 20 minutes after its
 * end (the engine judges the house 5 s after data arrives, and every minute).
 */
async function ingestHourForAlert(hour: number): Promise<ApiAlert> {
  await ingestHour(hour);
  const raisedAt = at(hour + 1, 0) + NO_DATA_AFTER_S;
  expect(raisedAt).toBeLessThan(Date.now() / 1000); // due already: it is after 12:00 local
  let alert: ApiAlert | undefined;
  await expect
    .poll(
      async () => {
        alert = (await alertsFromNode()).find((a) => a.timestamp === raisedAt);
        return alert?.name;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe('No data');
  if (!alert) throw new Error('no alert');
  return alert;
}

/** Signed in as `user` at `width` in the dependant's zone, on her alerts. */
async function alertsAs(user: Credentials, width: number): Promise<Page> {
  const page = await carerPage(browser, width);
  await submitLogin(page, made.product.url, user);
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/parents-home');
  await page.waitForFunction(() => localStorage.getItem('hv.dependant_user_id') !== null);
  await page.goto(`${made.product.url}/parents-home`);
  await page.getByRole('heading', { name: 'All alerts' }).waitFor();
  return page;
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

/** An epoch-ms instant on the dependant's clock, 'HH:MM'. */
const zoneClock = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));

/**
 * "Taken by carer at 12:42" for a press between `before` and now (a minute may turn meanwhile). The
 * alerts are this morning's, so the day (written only when it is not the alert's) never shows.
 */
const lineMatching = (what: string, before: number) =>
  new RegExp(`^${what} at (${zoneClock(before)}|${zoneClock(Date.now())})$`);

async function shot(page: Page, name: string, card?: ReturnType<Page['locator']>) {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  if (card) await card.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

describe('Two carers of one home', () => {
  // Each run puts in the next hour (08:00–09:00 local, then 09:00–10:00) for a fresh open alert; the
  // hour after closes the previous alert by itself, by then resolved (resolved is what its card says).
  for (const [taker, takerWidth, other, otherWidth, hour] of [
    [CARER, 390, carer2, 1280, 8],
    [carer2, 1280, CARER, 390, 9],
  ] as const) {
    it(`${taker.username} at ${takerWidth} px takes and resolves an open alert; ${other.username} at ${otherWidth} px sees both`, async () => {
      const { id, taken, resolved, closed } = await ingestHourForAlert(hour);
      expect([taken, resolved, closed]).toEqual([null, null, null]);
      const [a, b] = [await alertsAs(taker, takerWidth), await alertsAs(other, otherWidth)];
      const card = await openCard(a, id);
      expect(await card.locator('.alert-card__handling').textContent()).toBe('Open: nobody has taken it yet');
      await shot(a, 'card-open', card);
      await expectNoAxeViolations(a, 'open card');
      const pressed = Date.now();
      await card.getByRole('button', { name: "I'm on it" }).click();
      const line = card.locator('.alert-card__handling');
      await expect
        .poll(() => line.textContent())
        .toMatch(lineMatching(`Taken by ${taker.username}`, pressed));
      expect(await card.getByRole('button', { name: "I'm on it" }).count()).toBe(0);
      await shot(a, 'card-taken', card);
      await expectNoAxeViolations(a, 'taken card');

      // The other carer sees who is on it, open or closed.
      await b.reload();
      const seen = b.locator(`#alert-${id}`);
      await seen.waitFor();
      expect(await seen.locator('.alert-card__handling').textContent()).toMatch(
        lineMatching(`Taken by ${taker.username}`, pressed),
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

      const note = `Rang ${DEPENDANT.username} at ${zoneClock(Date.now())}: she was in the garden`;
      await card.getByLabel('Note for the other carers (optional)').fill(note);
      const resolving = Date.now();
      await card.getByRole('button', { name: 'Mark resolved' }).click();
      await expect
        .poll(() => line.textContent())
        .toMatch(lineMatching(`Resolved by ${taker.username}`, resolving));
      expect(await card.locator('blockquote').textContent()).toBe(note);
      await shot(a, 'card-resolved', card);

      await b.reload();
      const resolvedCard = await openCard(b, id);
      expect(await resolvedCard.locator('.alert-card__handling').textContent()).toMatch(
        lineMatching(`Resolved by ${taker.username}`, resolving),
      );
      expect(await resolvedCard.locator('figcaption').textContent()).toBe(`Note from ${taker.username}`);
      expect(await resolvedCard.locator('blockquote').textContent()).toBe(note);
      expect(await resolvedCard.getByRole('button', { name: 'Mark resolved' }).count()).toBe(0);
      // Nothing on the card is wider than the window.
      const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(b, 'card-resolved-other', resolvedCard);
      await expectNoAxeViolations(b, 'resolved card');

      // The carers screen lists both carers, the asker marked as "you".
      await b.goto(`${made.product.url}/account/infocare/carers`);
      const list = b.locator('.carer-list').first();
      await list.waitFor();
      expect(await list.locator('.carer-list__name').allTextContents()).toEqual([
        CARER.username,
        carer2.username,
      ]);
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

  it('an alert closed by itself says so and offers resolving, not "I\'m on it", at both widths', async () => {
    // Its situation ends before anyone takes it: readings come again (the next hour put in).
    const { id } = await ingestHourForAlert(10);
    const came = Date.now();
    await ingestHour(11);
    let closed: ApiAlert['closed'] = null;
    await expect
      .poll(
        async () => {
          closed = (await alertsFromNode()).find((a) => a.id === id)?.closed ?? null;
          return closed?.reason;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('readings came again');
    for (const [user, width] of [
      [CARER, 390],
      [carer2, 1280],
    ] as const) {
      const page = await alertsAs(user, width);
      const card = await openCard(page, id);
      expect(await card.locator('.alert-card__handling').textContent()).toMatch(
        lineMatching('Closed by itself: readings came again', came),
      );
      expect(await card.getByRole('button', { name: "I'm on it" }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Mark resolved' }).count()).toBe(1);
      await shot(page, 'card-closed', card);
      await expectNoAxeViolations(page, 'closed card');
      await page.context().close();
    }
  }, 300_000);
});
