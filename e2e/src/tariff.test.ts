import type { EnergyToday, Tariff, TariffRates } from '@homeview/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  pennies,
  penniesShown,
  type RunningProduct,
  signedIn,
  startProduct,
} from './product';

// The tariff editor on the real product (issue 9): a TOU tariff typed into the editor reprices today, and
// /my-home then shows the API's new figure. Its own product because it needs today's readings: the
// account suite runs with DEMO_LIVE=false (no readings, so today's cost is £0 whatever the tariff).

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ env: { DEMO_HISTORY_DAYS: '1', DEMO_NEIGHBOURS: '1' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const loggedIn = (width: number): Promise<Page> => signedIn(browser, product.url, { width });

/** The prices of one rate kind in force: the house's own, else the default tariff's. */
const ratesOf = (tariff: Tariff, kind: keyof TariffRates): number[] =>
  (tariff[kind] ?? tariff.used_tariff[kind] ?? []).flatMap((entry) => entry.prices);

describe('tariff editor in a real browser', () => {
  it("edits a TOU tariff, and today's cost on /my-home changes to the API's new figure", async () => {
    const page = await loggedIn(1280);
    const apiGet = <T>(path: string) =>
      page.evaluate(async (path) => {
        const id = localStorage.getItem('hv.user_id');
        const res = await fetch(`/api/v3/${path}/?user_id=${id}`, { credentials: 'include' });
        return res.json();
      }, path) as Promise<T>;
    const apiToday = () => apiGet<EnergyToday>('energy_info/today');
    const apiCost = async () => (await apiToday()).balance.cost;
    const apiTariff = () => apiGet<Tariff>('tariff_setting');
    // Live mode adds a minute of readings now and then: compare the screen and the API within one load.
    const screenMatchesApi = async () => {
      await page.goto(`${product.url}/my-home`);
      const cost = page.getByTestId('balance-cost');
      await cost.waitFor();
      const shown = await cost.textContent();
      return penniesShown(shown) === pennies(await apiCost());
    };
    await expect.poll(apiCost, { timeout: 60_000 }).toBeGreaterThan(0); // today's readings are in
    await expect.poll(screenMatchesApi, { timeout: 30_000 }).toBe(true);
    const before = await apiToday();
    const oldTopRate = Math.max(...ratesOf(await apiTariff(), 'import'));

    await page.goto(`${product.url}/account/homeview`);
    await page.getByRole('link', { name: /Tariff Details/ }).click();
    const importSection = page.locator('section', {
      has: page.getByRole('heading', { name: /Import rates/ }),
    });
    await importSection.waitFor();
    await expectNoAxeViolations(page);
    await importSection.getByRole('link', { name: /(Edit|Set) import rates/ }).click();
    await page.getByLabel(/Every day/).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${product.url}/account/homeview/tariff/edit-rates/all/import`);
    // The saved rows are the form's starting rows: wait for them (the screen's code and the tariff load
    // after the URL changes) before removing all but one.
    await page
      .getByRole('button', { name: /^Remove/ })
      .first()
      .waitFor();
    while ((await page.getByRole('button', { name: /^Remove/ }).count()) > 1)
      await page
        .getByRole('button', { name: /^Remove/ })
        .last()
        .click();
    // Three rates from 00:00, each dearer than anything the demo's EV tariff charges.
    const rows = [
      ['Night', '00:00', '0.95'],
      ['Day', '07:00', '0.97'],
      ['Peak', '16:00', '0.99'],
    ] as const;
    for (const [i, [name, start, price]] of rows.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add a rate' }).click();
      await page.getByLabel('Unit name').nth(i).fill(name);
      await page.getByLabel('Start time').nth(i).selectOption(start);
      await page.getByLabel('Unit price (£ per kWh)').nth(i).fill(price);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save rates' }).click();
    await page.getByText('Rates saved. Go to Tariff home').waitFor();
    await page.getByRole('link', { name: 'Go to Tariff home' }).click();
    await importSection.getByText('TOU', { exact: true }).waitFor();
    expect(await importSection.getByRole('row').allTextContents()).toEqual([
      'RateFrom£ per kWh',
      'Night00:00£0.95',
      'Day07:00£0.97',
      'Peak16:00£0.99',
    ]);

    // Every kWh imported today is now priced at 0.95 to 0.99 £/kWh. Today's import is at least consumed −
    // generated (what was exported came from the panels) and at most consumed, so the energy part of
    // today's cost is bounded by the day's own figures, whatever the hour the test runs at (each bound
    // allows half a penny of rounding). Live minutes that land between the two reads only add import.
    const after = await apiToday();
    const standing = ratesOf(await apiTariff(), 'standing_charge')[0]!;
    const netImport = (day: EnergyToday) =>
      Math.max(0, day.energy_balance.consumed - day.energy_balance.generated);
    const energyCost = after.balance.cost - standing;
    expect(energyCost).toBeGreaterThanOrEqual(0.95 * netImport(after) - 0.005);
    expect(energyCost).toBeLessThanOrEqual(0.99 * after.energy_balance.consumed + 0.005);
    expect(after.balance.cost - before.balance.cost).toBeGreaterThanOrEqual(
      (0.95 - oldTopRate) * netImport(before) - 0.01,
    );
    await expect.poll(screenMatchesApi, { timeout: 30_000 }).toBe(true);
  });

  it('sets the standing charge at phone width, and explains tariffs, with 0 axe violations', async () => {
    const page = await loggedIn(390);
    await page.goto(`${product.url}/account/homeview/tariff/standing-charge`);
    const input = page.getByLabel('Standing Charge (£ per day)');
    await input.waitFor();
    await expectNoAxeViolations(page);
    await input.fill('0.6123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Standing charge saved').waitFor();
    await page.goto(`${product.url}/account/homeview/tariff`);
    await page.getByText('£0.6123').waitFor();
    await page.goto(`${product.url}/account/tariff/info`);
    await page.getByRole('heading', { name: 'How do tariffs work?' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
