import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CAP_PERIODS } from '@homeview/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  pennies,
  penniesShown,
  type RunningProduct,
  withAdmin,
  startProduct,
  submitLogin,
} from './product';
import { MIDNIGHT, OFFSET_H, ZONE } from './madeDependant';
import { SCRATCH_DIR } from '../../apps/server/test/support/scratch';

// Issue 9's whole walk in Chromium, for an account nobody has touched: made with `npm run admin`, its
// home's readings and appliance uses put in through the ingest API with the house's key (so nothing waits
// on the demo's seeding, which does not even run: the database is not empty). It logs in, is sent to
// /initial-setup, answers the wizard, types a tariff in the editor, hides an appliance, and HomeView
// shows all of it. The house's zone puts now between 12:00 and 13:00, so its readings are today's.

const USER = { username: 'newcomer', password: 'Fresh-Home7!' };
const BASE_W = 500;
const KETTLE_W = 2400;
const MICROWAVE_W = 1200;
const PRICE = 0.95; // £/kWh, as the API keeps it
const PRICE_TYPED = '95'; // the same, typed in the editor in pence per kWh (issue 33 item 13)

let dataDir: string;
let product: RunningProduct;
let browser: Browser;
let houseId: number;
/** Whole-house Wh put in for today. */
let importWh = 0;

/** £/kWh the default charges for import on a date: the price cap in force (packages/domain caps). */
function defaultImportPrice(date: string): number {
  const inForce = DEFAULT_CAP_PERIODS.filter((p) => p.from <= date).at(-1) ?? DEFAULT_CAP_PERIODS[0];
  return (inForce?.unit ?? Number.NaN) / 1_000_000;
}

/**
 * An hour of 1-minute power rows ending at the last whole minute: a kettle on for minutes 1–3 and a
 * microwave for minutes 6–8 over a steady base load. The house's zone is one where it is now between
 * 12:00 and 13:00 (madeDependant.ts ZONE), so the hour is always within the house's today, at any hour
 * of the run (it was UTC, and the test failed in the first minutes after midnight).
 */
function powerCsv(now: number): { csv: string; wh: number } {
  const end = Math.floor(now / 60) * 60 - 60;
  const start = Math.max(end - 3600, MIDNIGHT);
  const rows = ['Time,Aggregate,Kettle,Microwave'];
  let wh = 0;
  for (let t = start, m = 0; t < end; t += 60, m++) {
    const kettle = m >= 1 && m < 4 ? KETTLE_W : 0;
    const microwave = m >= 6 && m < 9 ? MICROWAVE_W : 0;
    const total = BASE_W + kettle + microwave;
    wh += (total * 60) / 3600;
    rows.push(
      `${new Date(t * 1000).toISOString().slice(0, 16).replace('T', ' ')},${total},${kettle},${microwave}`,
    );
  }
  return { csv: `${rows.join('\n')}\n`, wh };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(SCRATCH_DIR, 'homeview-e2e-new-'));
  const key = await withAdmin(dataDir, async (admin) => {
    await admin([
      'create-user',
      '--username',
      USER.username,
      '--email',
      'new@example.com',
      '--password',
      USER.password,
    ]);
    houseId = Number(await admin(['create-house', '--user', USER.username, '--zone', ZONE]));
    return admin(['api-key', '--house', String(houseId)]);
  });
  product = await startProduct({ dataDir, env: { DEMO_LIVE: 'false' } });
  const { csv, wh } = powerCsv(Date.now() / 1000);
  const res = await fetch(`${product.url}/api/ingest/v1/appliance-power?interval_s=60&naive_time_zone=UTC`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const stored = (await res.json()) as { events?: { stored: number } };
  expect([res.status, stored.events?.stored]).toEqual([200, 2]); // the kettle's use and the microwave's
  importWh = wh;
  browser = await launchBrowser();
}, 420_000); // three admin runs (the first migrates a new database) and a start, on a busy machine

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** GET an /api/v3 answer as the signed-in page (its session cookie). */
function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async (url) => (await fetch(url, { credentials: 'include' })).json(),
    path,
  ) as Promise<T>;
}

describe('a new admin-made account in a real browser', () => {
  it('logs in, sets up, types its tariff, hides an appliance, and HomeView shows it all', async () => {
    const page = await newPage(browser, 390);
    await submitLogin(page, product.url, USER);
    // §4: an account not yet set up is sent to the wizard.
    await page.waitForURL(`${product.url}/initial-setup`);
    const userId = await page.evaluate(() => Number(localStorage.getItem('hv.user_id')));
    await page.getByRole('button', { name: 'Start My Home Setup' }).click();
    await page.getByRole('button', { name: 'More: 18 to 64' }).click();
    await expectNoAxeViolations(page, 'setup step 1');
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByRole('button', { name: 'More: Full time' }).click();
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByRole('button', { name: 'More: Kettle' }).click();
    await page.getByRole('button', { name: 'More: Microwave' }).click();
    await expectNoAxeViolations(page, 'setup step 3');
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByLabel('Flat').check();
    await page.getByRole('button', { name: 'Finish Setup' }).click();
    await page.getByText('Setup Complete').waitFor();
    const setup = await api<{ property_type: string; appliances: Record<string, { number: number }> }>(
      page,
      `/api/v3/common/set_up/?user_id=${userId}`,
    );
    expect([setup.property_type, setup.appliances['1']?.number, setup.appliances['2']?.number]).toEqual([
      'Flat',
      1,
      1,
    ]);

    // Today's cost before the tariff: the default prices today's readings.
    const todayCost = async () =>
      (await api<{ balance: { cost: number } }>(page, `/api/v3/energy_info/today/?user_id=${userId}`)).balance
        .cost;
    const before = await todayCost();
    expect(before).toBeGreaterThan(0);

    // The tariff, typed in the editor: one rate for every day, from 00:00.
    await page.goto(`${product.url}/account/homeview/tariff`);
    const importSection = page.locator('section', {
      has: page.getByRole('heading', { name: /Import rates/ }),
    });
    await importSection.getByRole('link', { name: /(Edit|Set) import rates/ }).click();
    await page.getByLabel(/Every day/).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${product.url}/account/homeview/tariff/edit-rates/all/import`);
    const price = page.getByLabel('Unit price (pence per kWh)');
    await price.waitFor();
    expect(await price.count()).toBe(1); // a new tariff starts with one row from 00:00
    await price.fill(PRICE_TYPED);
    await expectNoAxeViolations(page, 'edit rates');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await page.getByText('Rates saved. Go to Tariff home').waitFor();
    // Every Wh of today is now priced at PRICE instead of the default; the standing charge is unchanged.
    const after = await todayCost();
    // The default that priced them is the price cap in force on the house's today.
    const today = new Date((Date.now() / 1000 + OFFSET_H * 3600) * 1000).toISOString().slice(0, 10);
    const defaultPrice = defaultImportPrice(today);
    expect(after - before).toBeCloseTo((importWh / 1000) * (PRICE - defaultPrice), 2);

    // Appliances: the wizard's counts show both; hiding the kettle moves it under Hidden.
    await page.goto(`${product.url}/account/homeview/appliance/1`);
    const toggle = page.getByRole('switch');
    await toggle.waitFor(); // the switch is there: the count is 1
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await expectNoAxeViolations(page, 'appliance');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Kettle saved').waitFor();
    await page.goto(`${product.url}/account/homeview/appliances`);
    const group = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    await group('Hidden').getByText('Kettle', { exact: true }).waitFor();
    await group('Showing').getByText('Microwave', { exact: true }).waitFor();
    expect(await group('Showing').getByText('Kettle', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, 'appliances');

    // HomeView: today's cost as the API gives it with the new tariff, and the month's lists without the
    // hidden kettle but with the microwave.
    await page.goto(`${product.url}/my-home`);
    const cost = page.getByTestId('balance-cost');
    await cost.waitFor();
    await expect.poll(async () => penniesShown(await cost.textContent())).toBe(pennies(await todayCost()));
    await page.goto(`${product.url}/my-home/usage`);
    await page.getByRole('tab', { name: 'Monthly' }).click();
    const mostUsed = page.getByRole('region', { name: 'Most used appliances' });
    await mostUsed.getByRole('link', { name: 'Microwave' }).waitFor();
    expect(await mostUsed.getByRole('link', { name: 'Kettle' }).count()).toBe(0);
    const month = await api<{ most_used_appliances: Array<{ appliance_type_id: number }> }>(
      page,
      `/api/v3/energy_info/detail/?user_id=${userId}&timescale=month`,
    );
    expect(month.most_used_appliances.map((a) => a.appliance_type_id)).toEqual([2]);
    await expectNoAxeViolations(page, '/my-home/usage');
  }, 180_000);
});
