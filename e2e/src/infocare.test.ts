import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  pinnedPage,
  type RunningProduct,
  startProduct,
  submitLogin,
} from './product';

// InfoCare on the real product: the demo carer opens Mum's home, sees the alerts and the routine the
// engine gives, opens an alert without being offered Correct/Incorrect (demo), moves through the
// activity views, and every InfoCare screen passes axe at phone and desktop widths.

// The product's clock and the browser's are pinned (they run on from there): Mum's story, her alerts and
// their dates are the same on every run, whatever the hour.
const CLOCK_AT = Date.UTC(2026, 0, 15, 15, 30); // Thursday 15 January 2026, 15:30 in London

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({
    clockAt: CLOCK_AT,
    env: { DEMO_HISTORY_DAYS: '7', DEMO_NEIGHBOURS: '5', LOG_LEVEL: 'info' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function loggedIn(width = 1280): Promise<Page> {
  const page = await pinnedPage(browser, product, width);
  await submitLogin(page, product.url);
  // The first login after start shares two busy cores with the demo's seeding: wait for it generously.
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/parents-home', {
    timeout: 120_000,
  });
  return page;
}

interface ApiAlert {
  id: number;
  timestamp: number;
  level: string;
  viewings: unknown[];
  assessments: unknown[];
}

interface Counts {
  total: number;
  urgent: number;
  investigate: number;
}

type AlertsAnswer = { alerts: ApiAlert[]; routine?: { sentence: string }; unviewed?: Counts };

/**
 * The newest answer the page itself got for the first page of alerts. The demo is still seeding while the
 * test runs, so the routine learned from its history moves: a second read could differ from the screen's.
 */
function alertsAnsweredTo(page: Page): () => Promise<AlertsAnswer> {
  let latest: Promise<AlertsAnswer> | undefined;
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname !== '/api/v3/assisted_living/alerts/' || res.request().method() !== 'GET' || !res.ok())
      return;
    // The first page is asked with now (spec §7), as later pages are with an alert's time: it is the one
    // that carries the counters.
    const answer = res.json() as Promise<AlertsAnswer>;
    answer.then(
      (a) => {
        if (a.unviewed !== undefined) latest = answer;
      },
      () => undefined,
    );
  });
  return () => {
    if (latest === undefined) throw new Error('the page has not read its alerts');
    return latest;
  };
}

function everyAlertFromApi(page: Page) {
  return page.evaluate(async () => {
    const id = localStorage.getItem('hv.dependant_user_id');
    const all: ApiAlert[] = [];
    let timestamp = '';
    for (;;) {
      const res = await fetch(`/api/v3/assisted_living/alerts/?dependant_user_id=${id}${timestamp}`);
      const { alerts } = (await res.json()) as { alerts: ApiAlert[] };
      all.push(...alerts);
      if (alerts.length < 20) break;
      timestamp = `&timestamp=${alerts[alerts.length - 1]?.timestamp}`;
    }
    const dashboard = (await (await fetch('/api/v3/dashboard/')).json()) as {
      dashboard_type: number;
      num_alerts: number;
    }[];
    return { all, numAlerts: dashboard.find((d) => d.dashboard_type === 2)?.num_alerts };
  });
}

function unviewedCounts(alerts: ApiAlert[]): Counts {
  const fresh = alerts.filter((a) => a.viewings.length === 0);
  return {
    total: fresh.length,
    urgent: fresh.filter((a) => a.level === 'Urgent').length,
    investigate: fresh.filter((a) => a.level === 'Warning').length,
  };
}

const headlineOf = (total: number) =>
  total === 0
    ? 'Nothing needs your attention'
    : `${total} ${total === 1 ? 'alert needs' : 'alerts need'} your attention`;

describe('InfoCare in a real browser', () => {
  it("shows the engine's alerts and routine while the demo seeds", async () => {
    const page = await loggedIn(390);
    const answered = alertsAnsweredTo(page);
    await page.goto(`${product.url}/parents-home`);
    await page.waitForURL(`${product.url}/parents-home`);
    await page.getByRole('heading', { name: 'All alerts' }).waitFor();
    await page.locator('.alert-list__end, .alert-list__more').waitFor();

    const api = await answered();
    const headline = await page.locator('#attention-heading').textContent();
    expect(headline).toBe(headlineOf(api.unviewed?.total ?? 0));
    expect(await page.locator('.alert-list article').count()).toBe(api.alerts.length);
    // Every card draws its alert's icon beside the name, hidden from assistive technology.
    expect(await page.locator('.alert-list article .alert-card__icon[aria-hidden="true"]').count()).toBe(
      api.alerts.length,
    );
    expect(await page.locator('.alert-list article path[data-icon="plug"]').count()).toBe(0);
    if (api.routine) {
      expect(await page.locator('.routine__sentence').textContent()).toBe(api.routine.sentence);
    }
  }, 180_000); // the first login after start waits on the demo seeding (see loggedIn)

  it("shows the demo's evening with the oven left on, three days ago, at the time the engine raised it", async () => {
    // infocare/demo.ts puts Mum's oven on at 17:40 London three days ago, for 4 h 20 min; the engine
    // calls it left on 3 h later. Whatever the hour of the run, that alert is there once her history is.
    await expect
      .poll(() => product.output().includes('demo infocare history ready'), { timeout: 180_000 })
      .toBe(true);
    const page = await loggedIn(1280);
    await page.goto(`${product.url}/parents-home`);
    const card = page.locator('.alert-list article', { hasText: 'Oven left on' });
    await card.waitFor();
    expect(await card.locator('.level').textContent()).toBe('Urgent');
    expect(await card.locator('.alert-card__when').textContent()).toBe('12-01-26 20:40'); // 3 days before 15 January
    // The demo carer opens an alert nobody has marked (the newest stay new) and is offered no Correct or
    // Incorrect.
    const unmarked = (await everyAlertFromApi(page)).all.find((a) => a.assessments.length === 0);
    expect(unmarked).toBeDefined();
    const open = page.locator(`#alert-${unmarked?.id}`);
    const toggle = open.locator('.alert-card__toggle');
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await open.locator('.alert-card__body p').first().waitFor();
    expect(await open.getByRole('button', { name: 'Correct' }).count()).toBe(0);
    expect(await open.getByRole('button', { name: 'Incorrect' }).count()).toBe(0);
  }, 240_000);

  it('counts every unviewed alert as the API does; folding one away lowers the counters; a lozenge finds its first', async () => {
    // Mum's past alerts are raised while the demo seeds (infocare/demo.ts): count once they are all in.
    await expect
      .poll(() => product.output().includes('demo infocare history ready'), { timeout: 180_000 })
      .toBe(true);
    const page = await loggedIn(390);
    await page.goto(`${product.url}/parents-home`);
    await page.locator('#attention-heading').waitFor();
    const before = await everyAlertFromApi(page);
    // The live engine may still raise one meanwhile: later reads are compared on these alerts.
    const known = (alerts: ApiAlert[]) => alerts.filter((a) => before.all.some((b) => b.id === a.id));
    const counts = unviewedCounts(before.all);
    expect(before.numAlerts).toBe(counts.total);
    expect(await page.locator('#attention-heading').textContent()).toBe(headlineOf(counts.total));
    for (const level of ['Urgent', 'Investigate'] as const) {
      const n = level === 'Urgent' ? counts.urgent : counts.investigate;
      expect(await page.locator('.attention__lozenges').getByText(`${n} ${level}`).count()).toBe(1);
    }
    // Viewed cards start collapsed, unviewed ones open (showing them records nothing).
    const shown = await page
      .locator('.alert-list article')
      .evaluateAll((cards) =>
        cards.map((c) => [
          Number(c.id.slice('alert-'.length)),
          c.querySelector('.alert-card__toggle')?.getAttribute('aria-expanded'),
        ]),
      );
    for (const [id, expanded] of shown) {
      const alert = before.all.find((a) => a.id === id);
      expect(expanded).toBe(alert?.viewings.length === 0 ? 'true' : 'false');
    }
    expect(unviewedCounts(known((await everyAlertFromApi(page)).all))).toEqual(counts);
    // At the pinned instant Mum has unviewed alerts.
    expect(counts.total).toBeGreaterThan(0);

    // A lozenge moves focus to the first unviewed alert of its level, loading older pages if needed.
    // (Before the fold: at the pinned instant Mum has one unviewed Urgent or Investigate alert, which the
    // fold may take.)
    const level = counts.urgent > 0 ? 'Urgent' : counts.investigate > 0 ? 'Investigate' : null;
    expect(level).not.toBeNull();
    const target = before.all.find(
      (a) => a.viewings.length === 0 && a.level === (level === 'Urgent' ? 'Urgent' : 'Warning'),
    )!;
    await page.getByRole('button', { name: new RegExp(`^\\d+ ${level}: show the first`) }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('article')?.id))
      .toBe(`alert-${target.id}`);
    // Scrolled to: the card's top is inside the window.
    await expect
      .poll(() =>
        page.locator(`#alert-${target.id}`).evaluate((card) => {
          const top = card.getBoundingClientRect().top;
          return top >= 0 && top < window.innerHeight;
        }),
      )
      .toBe(true);

    // The carer folds away the first unviewed card (it came open): one viewing, counters fall.
    const fresh = before.all.find((a) => a.viewings.length === 0)!;
    const toggle = page.locator(`#alert-${fresh.id} .alert-card__toggle`);
    const viewed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/assisted_living/alerts/'),
    );
    await toggle.click();
    expect((await viewed).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => page.locator('#attention-heading').textContent())
      .toBe(headlineOf(counts.total - 1));
    const after = await everyAlertFromApi(page);
    expect(unviewedCounts(known(after.all)).total).toBe(counts.total - 1);
    expect(after.numAlerts).toBe(unviewedCounts(after.all).total);
  });

  it('moves through the activity views: timeline, then daily and weekly charts, one per activity of the API', async () => {
    const page = await loggedIn(1280);
    await page.goto(`${product.url}/parents-home`);
    await page
      .getByRole('navigation', { name: 'InfoCare' })
      .getByRole('link', { name: 'Activities' })
      .click();
    await page.waitForURL(`${product.url}/parents-home/activities`);
    await page.getByRole('button', { name: 'Previous day' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next day' }).isDisabled()).toBe(true);

    await page.getByRole('link', { name: 'Weekly' }).click();
    await page.waitForURL(`${product.url}/parents-home/activities?tab=weekly`);
    const select = page.getByRole('combobox', { name: 'Week' });
    await select.waitFor();
    const weekly = await page.evaluate(async () => {
      const id = localStorage.getItem('hv.dependant_user_id');
      const res = await fetch(`/api/v3/weekly_activities/?dependant_user_id=${id}`);
      return (await res.json()) as { activities: { activity_type: string }[]; previous: number | null };
    });
    expect(weekly.activities.length).toBeGreaterThan(0);
    await page.locator('.activity-chart').first().waitFor();
    // A title is the activity's name, then its off-alert count when it has some ("1 off alert").
    const titles = await page.locator('.activity-chart__title').allTextContents();
    expect(titles.map((t) => t.replace(/\d+ No activity alerts?$/, ''))).toEqual(
      weekly.activities.map((a) => a.activity_type),
    );

    // Each activity's icon is drawn (a known name from the API, not the fallback plug).
    expect(await page.locator('.activity-chart__title svg[aria-hidden="true"] path').count()).toBe(
      weekly.activities.length,
    );
    expect(await page.locator('.activity-chart__title path[data-icon="plug"]').count()).toBe(0);

    if (weekly.previous !== null) {
      await page.getByRole('button', { name: 'Previous week' }).click();
      await page.waitForURL(`${product.url}/parents-home/activities?tab=weekly&timestamp=${weekly.previous}`);
      await expect.poll(() => select.inputValue()).toBe(String(weekly.previous));
    }
  });

  for (const width of [390, 1280]) {
    it(`every InfoCare screen has no axe violations at ${width} px`, async () => {
      const page = await loggedIn(width);
      const screens: Array<[string, () => Promise<void>]> = [
        [
          '/parents-home',
          () => page.locator('.alert-list__end, .alert-list__more').waitFor({ timeout: 10_000 }),
        ],
        [
          '/parents-home/activities',
          () => page.getByRole('button', { name: 'Previous day' }).waitFor({ timeout: 10_000 }),
        ],
        [
          '/parents-home/activities?tab=daily',
          () => page.getByRole('combobox', { name: 'Day' }).waitFor({ timeout: 10_000 }),
        ],
        [
          '/parents-home/activities?tab=weekly',
          () => page.locator('.activity-chart').first().waitFor({ timeout: 10_000 }),
        ],
        [
          '/parents-home/appliances',
          () => page.locator('.appliance-list, .quiet-empty').first().waitFor({ timeout: 10_000 }),
        ],
        [
          '/parents-home/appliance/1',
          () => page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 10_000 }),
        ],
        ['/parents-home/feedback', () => page.getByLabel('Your feedback').waitFor({ timeout: 10_000 })],
      ];
      for (const [path, ready] of screens) {
        await page.goto(`${product.url}${path}`);
        await ready().catch((e: unknown) => {
          throw new Error(`${path} did not get ready: ${String(e)}`);
        });
        await expectNoAxeViolations(page, path);
      }
    }, 300_000); // seven screens, each analysed whole: generous on a shared, busy machine
  }
});
