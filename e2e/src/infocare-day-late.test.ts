import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFromNode,
  at,
  CARER,
  carerPage,
  type MadeDependant,
  MIDNIGHT,
  makeDependant,
} from './madeDependant';
import { expectNoAxeViolations, launchBrowser, submitLogin } from './product';

// A dependant known only from her meter's half-hours, a day late (issue 36), made in the test
// (madeDependant.ts): 28 ordinary days and a quiet yesterday go in through the ingest API at 30 minutes,
// as a supplier's file or account gives them. It is 12:00–13:00 in her zone, past 07:00, so the engine
// (every 2 s here) judges yesterday and raises a Warning. In Chromium at both widths the screens say which
// kind of home this is and claim nothing half-hours cannot show, each figure as the API answers it.
//
// By hand: an ordinary day is 100 Wh every half-hour but 07:00–09:00 (4 of 400 Wh), 12:00 (1 of 300 Wh)
// and 17:00–21:00 (8 of 300 Wh): 13 active half-hours, 6½ h. Yesterday only 07:00–08:00 (2 of 400 Wh) and
// 17:00–18:00 (2 of 300 Wh) rose: 4 active half-hours, 2 h, far under her usual 6½ h: a quiet day.

type Rise = readonly [hour: number, count: number, wh: number];
const ORDINARY: readonly Rise[] = [
  [7, 4, 400],
  [12, 1, 300],
  [17, 8, 300],
];
const QUIET: readonly Rise[] = [
  [7, 2, 400],
  [17, 2, 300],
];
const DAYS = 28;

/** A local day's 48 half-hours (her zone is a fixed offset: no clock change) as the ingest API takes them. */
function halfHours(day: number, rises: readonly Rise[]) {
  return Array.from({ length: 48 }, (_, i) => {
    const rise = rises.find(([hour, count]) => i >= hour * 2 && i < hour * 2 + count);
    return {
      start: at(0, 30 * i, day),
      interval_s: 1800,
      import_wh: rise ? rise[2] : 100,
      export_wh: 0,
      generation_wh: 0,
    };
  });
}

let made: MadeDependant;
let browser: Browser;

interface Day {
  date: string;
  complete: boolean;
  words: string[];
}

beforeAll(async () => {
  made = await makeDependant(undefined, [], { INFOCARE_INTERVAL_S: '2' });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await made?.stop();
});

const visible = async (page: Page, text: string) => (await page.getByText(text, { exact: true }).count()) > 0;

describe('InfoCare for a home known from its half-hours, a day late', () => {
  it('takes her half-hours, judges yesterday a quiet day and raises one Warning about it', async () => {
    const readings = [];
    for (let day = -DAYS - 1; day < -1; day++) readings.push(...halfHours(day, ORDINARY));
    readings.push(...halfHours(-1, QUIET));
    expect(readings.at(-1)!.start + 1800).toBe(MIDNIGHT); // yesterday complete, nothing of today
    const sent = await fetch(`${made.product.url}/api/ingest/v1/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${made.ingestKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ readings }),
    });
    expect(sent.status, await sent.text()).toBe(200);
    const alerts = () =>
      apiFromNode<{ alerts: { name: string; level: string }[] }>(
        made,
        `/api/v3/assisted_living/alerts/?dependant_user_id=${made.dependantId}`,
      );
    await expect
      .poll(async () => (await alerts()).alerts.map((a) => [a.name, a.level]), {
        timeout: 60_000,
        interval: 500,
      })
      .toEqual([['A quiet day yesterday', 'Warning']]);
  }, 120_000);

  for (const width of [390, 1280]) {
    it(`at ${width} px: Alerts, Activities, Appliances and Trends say how she is known, as the API has it`, async () => {
      const page = await carerPage(browser, width);
      try {
        await submitLogin(page, made.product.url, CARER);
        await page.waitForURL(`${made.product.url}/parents-home`, { timeout: 60_000 });
        const routine = page.getByRole('region', { name: "Today's routine" });
        expect(await routine.textContent()).toBe(
          "From the meter's half-hours, a day late: today is known tomorrow morning, once they arrive.",
        );
        const { days, day_late } = await apiFromNode<{ days: Day[]; day_late: boolean }>(
          made,
          `/api/v3/assisted_living/days/?dependant_user_id=${made.dependantId}&days=28`,
        );
        expect(day_late).toBe(true);
        expect(days[0]?.words[0]).toBe('A quiet day: active 2 h against the usual 6½ h.');
        const summary = page.locator('.day-summary');
        await summary.waitFor();
        expect(await summary.locator('li').allTextContents()).toEqual(days[0]?.words);
        expect(await page.locator('.alert-card__name').allTextContents()).toEqual(['A quiet day yesterday']);
        await expectNoAxeViolations(page, 'alerts');

        // Activities' Daily tab and Appliances: half-hours do not show which appliances ran, and the pages say
        // so (the timeline lists today's Warning itself, so it has a row).
        const note =
          "From the meter's half-hours, a day late: they show how much was used, not which appliances ran. How each day went is on Alerts (yesterday, from the meter) and Trends.";
        const none = "None known: the meter's half-hours do not show which appliances ran.";
        for (const path of ['/parents-home/activities?tab=daily', '/parents-home/appliances']) {
          await page.goto(`${made.product.url}${path}`);
          const known = page.getByRole('region', { name: 'How this home is known' });
          expect(await known.textContent()).toBe(note);
          await page.getByText(none, { exact: true }).waitFor();
          expect(await visible(page, 'No activities to show for this period.')).toBe(false);
          expect(await visible(page, 'No appliances to show')).toBe(false);
        }

        // Trends: marked as from half-hourly meter data; the weeks are the API's.
        const trends = await apiFromNode<{ weeks: { week_start: string; ordinary_days: number }[] }>(
          made,
          `/api/v3/assisted_living/trends/?dependant_user_id=${made.dependantId}`,
        );
        await page.goto(`${made.product.url}/parents-home/trends`);
        await page.getByText('From half-hourly meter data, a day late', { exact: true }).waitFor();
        const shown = trends.weeks.slice(trends.weeks.findIndex((w) => w.ordinary_days > 0));
        expect(shown.length).toBeGreaterThanOrEqual(3);
        const table = page.getByRole('region', { name: 'Week by week' });
        expect(await table.locator('tbody tr').count()).toBe(shown.length);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await page.context().close();
      }
    }, 120_000);
  }
});
