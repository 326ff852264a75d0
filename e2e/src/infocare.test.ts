import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, launchBrowser, type RunningProduct, startProduct } from './product';

// InfoCare on the real product: the demo carer opens Mum's home, sees the alerts and the routine the
// engine gives, opens an alert without being offered Correct/Incorrect (demo), moves through the
// activity views, and every InfoCare screen passes axe at phone and desktop widths.

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ env: { DEMO_HISTORY_DAYS: '7', DEMO_NEIGHBOURS: '5' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function loggedIn(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Username').fill(demo.username);
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/parents-home');
  return page;
}

interface ApiAlert {
  level: string;
  viewings: unknown[];
}

/** The first page of the dependant's alerts, as the screen asks for it. */
function alertsFromApi(page: Page) {
  return page.evaluate(async () => {
    const id = localStorage.getItem('hv.dependant_user_id');
    const res = await fetch(`/api/v3/assisted_living/alerts/?dependant_user_id=${id}`);
    return (await res.json()) as { alerts: ApiAlert[]; routine?: { sentence: string } };
  });
}

describe('InfoCare in a real browser', () => {
  it("shows the engine's alerts and routine; the demo carer opens an alert but cannot mark it", async () => {
    const page = await loggedIn(390);
    await page.goto(`${product.url}/parents-home`);
    await page.waitForURL(`${product.url}/parents-home`);
    await page.getByRole('heading', { name: 'All alerts' }).waitFor();
    await page.locator('.alert-list__end, .alert-list__more').waitFor();

    const api = await alertsFromApi(page);
    const unviewed = api.alerts.filter((a) => a.viewings.length === 0).length;
    const headline = await page.locator('#attention-heading').textContent();
    expect(headline).toBe(
      unviewed === 0
        ? 'Nothing needs your attention'
        : `${unviewed} ${unviewed === 1 ? 'alert needs' : 'alerts need'} your attention`,
    );
    expect(await page.locator('.alert-list article').count()).toBe(api.alerts.length);
    if (api.routine) {
      expect(await page.locator('.routine__sentence').textContent()).toBe(api.routine.sentence);
    }

    if (api.alerts.length === 0) {
      expect(await page.getByText('No alerts to show').count()).toBe(1);
    } else {
      const first = page.locator('.alert-list article').first();
      await first.getByRole('button').first().click();
      await first.locator('.alert-card__body p').first().waitFor();
      expect(await first.getByRole('button', { name: 'Correct' }).count()).toBe(0);
      expect(await first.getByRole('button', { name: 'Incorrect' }).count()).toBe(0);
    }
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
    expect(titles.map((t) => t.replace(/\d+ off alerts?$/, ''))).toEqual(
      weekly.activities.map((a) => a.activity_type),
    );

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
        const result = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
        expect(
          result.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
        ).toEqual([]);
      }
    }, 300_000); // seven screens, each analysed whole: generous on a shared, busy machine
  }
});
