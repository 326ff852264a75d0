import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, launchBrowser, type RunningProduct, startProduct } from './product';

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
}

/** The demo shows a one-time welcome notice; a person reads it and presses Okay. */
async function dismissNotice(page: Page) {
  const okay = page.getByRole('button', { name: 'Okay' });
  if (await okay.isVisible()) await okay.click();
}

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

describe('login and the dashboard chooser in a real browser', () => {
  it('a protected route sends a visitor without a stored user to /login', async () => {
    const page = await newPage();
    await page.goto(`${product.url}/`);
    await page.waitForURL(/\/login$/);
    await expect(page.getByLabel('Username').isVisible()).resolves.toBe(true);
  });

  it('a wrong password shows the spec message with the forgot-password link', async () => {
    const page = await newPage();
    await logIn(page, demo.username, 'Not-the-password1');
    const alert = page.getByText('Wrong username or password, please try again.');
    await alert.waitFor();
    const forgot = page.getByRole('link', { name: /forgot/i });
    expect(await forgot.getAttribute('href')).toBe('/forgot-password');
    expect(page.url()).toMatch(/\/login$/);
  });

  it('the demo login reaches the chooser with both tiles, and the session cookie is not readable by scripts', async () => {
    const page = await newPage();
    await logIn(page, demo.username, demo.password);
    await page.waitForURL(`${product.url}/`);
    const myHome = page.locator('a[href="/my-home"]');
    const parentsHome = page.locator('a[href="/parents-home"]');
    await myHome.waitFor();
    await parentsHome.waitFor();
    expect(await myHome.textContent()).toMatch(/my home/i);
    expect(await parentsHome.textContent()).toMatch(/mum/i);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/session/i);
  });

  it('the welcome notice is a dialog that Okay closes for good', async () => {
    const page = await newPage();
    await logIn(page, demo.username, demo.password);
    await page.waitForURL(`${product.url}/`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/welcome/i);
    await page.getByRole('button', { name: 'Okay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const unread = () =>
      page.evaluate(async () => (await (await fetch('/api/v3/common/popup/')).json()) as unknown[]);
    await expect.poll(unread).toEqual([]);
    await page.reload();
    await page.locator('a[href="/my-home"]').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('sign out ends the session: the chooser then redirects to /login and the API answers 401', async () => {
    const page = await newPage();
    await logIn(page, demo.username, demo.password);
    await page.waitForURL(`${product.url}/`);
    await page.locator('a[href="/parents-home"]').waitFor();
    await dismissNotice(page);
    await page.getByRole('link', { name: /sign out/i }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Username').waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/v3/dashboard/')).status);
    expect(status).toBe(401);
    await page.goto(`${product.url}/`);
    await page.waitForURL(/\/login$/);
  });

  for (const width of [375, 1280]) {
    it(`login and chooser have no axe violations at ${width} px`, async () => {
      const page = await newPage(width);
      await page.goto(`${product.url}/login`);
      await page.getByLabel('Username').waitFor();
      const onLogin = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
      expect(onLogin.violations.map((v) => v.id)).toEqual([]);
      await logIn(page, demo.username, demo.password);
      await page.waitForURL(`${product.url}/`);
      await page.locator('a[href="/my-home"]').waitFor();
      const onChooser = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
      expect(onChooser.violations.map((v) => v.id)).toEqual([]);
    });
  }
});
