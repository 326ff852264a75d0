import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../apps/server/test/support/smtp';
import {
  demo,
  expectNoAxeViolations,
  launchBrowser,
  newPage as openPage,
  type RunningProduct,
  startProduct,
  submitLogin,
} from './product';

// Issue 9 in Chromium: the forgotten-password loop through a real SMTP server (the email received, its
// link opened, the new password set, signed in), the password change, holiday mode, autosaved alert
// preferences and the setup wizard, each screen with 0 axe violations. The tests run in order and share
// the demo account, whose password the first test changes.

let product: RunningProduct;
let browser: Browser;
let smtp: TestSmtp;
let password = demo.password;
const RESET_PASSWORD = 'Reset-Home2!';

beforeAll(async () => {
  smtp = await startTestSmtp();
  product = await startProduct({
    env: { DEMO_HISTORY_DAYS: '7', DEMO_NEIGHBOURS: '5', SMTP_URL: smtp.url, DEMO_LIVE: 'false' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

const newPage = (width = 1280): Promise<Page> => openPage(browser, width);

async function logIn(page: Page) {
  await submitLogin(page, product.url, { username: demo.username, password });
  await page.waitForURL(`${product.url}/`);
}

describe('account screens in a real browser', () => {
  it('resets a forgotten password by the emailed link and signs in with it', async () => {
    const page = await newPage(390);
    await page.goto(`${product.url}/forgot-password`);
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.waitFor();
    expect(await send.isDisabled()).toBe(true); // untouched
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('demo@example.com');
    await send.click();
    await page.getByText('If your email is registered on our system').waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('demo@example.com');

    const mail = await smtp.waitFor(1);
    const link = /(http\S+\/accounts\/change_password\/\?\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    const reset = await newPage(390);
    await reset.goto(link!.replace(/^https?:\/\/[^/]+/, product.url));
    await reset.getByLabel('New password', { exact: true }).waitFor();
    expect(reset.url()).not.toContain('token='); // the token leaves the address bar
    await expectNoAxeViolations(reset);
    await reset.getByLabel('New password', { exact: true }).fill(RESET_PASSWORD);
    await reset.getByLabel('Confirm new password').fill(RESET_PASSWORD);
    await reset.getByRole('button', { name: 'Save new password' }).click();
    await reset.waitForURL(`${product.url}/`);
    await reset.locator('a[href="/my-home"]').waitFor();
    password = RESET_PASSWORD;

    // The same link a second time: expired, with the way back to forgot-password.
    const again = await newPage();
    await again.goto(link!.replace(/^https?:\/\/[^/]+/, product.url));
    await again.getByLabel('New password', { exact: true }).fill('Another-Home3!');
    await again.getByLabel('Confirm new password').fill('Another-Home3!');
    await again.getByRole('button', { name: 'Save new password' }).click();
    await again.getByText('Token expired, please reset your password again').waitFor();
    expect(await again.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('changes the password from the account hub', async () => {
    const page = await newPage();
    await logIn(page);
    await page.goto(`${product.url}/account`);
    await page.getByRole('link', { name: /Password/ }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /Password/ }).click();
    await page.getByLabel('Current password').fill('Wrong-Home9!');
    await page.getByLabel('New password', { exact: true }).fill(demo.password);
    await page.getByLabel('Confirm new password').fill(demo.password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Current password is not correct').waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('New password saved').waitFor();
    password = demo.password;
  });

  it('schedules holiday mode with the default fortnight, and it is there after a reload', async () => {
    const page = await newPage(390);
    await logIn(page);
    await page.goto(`${product.url}/account/homeview/holiday-mode`);
    await page.getByLabel('Scheduled').waitFor();
    expect(await page.getByLabel('Start').count()).toBe(0); // only when SCHEDULED
    await page.getByLabel('Scheduled').check();
    const start = await page.getByLabel('Start').inputValue();
    const end = await page.getByLabel('End').inputValue();
    expect(Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000)).toBe(14);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Holiday mode saved').waitFor();
    await page.getByLabel('On', { exact: true }).check();
    expect(await page.getByText('Holiday mode saved').count()).toBe(0); // a radio click clears it
    await page.reload();
    await page.getByLabel('Scheduled').waitFor();
    await expect.poll(() => page.getByLabel('Scheduled').isChecked()).toBe(true);
    expect(await page.getByLabel('Start').inputValue()).toBe(start);
  });

  it('autosaves the alert channels, refusing to leave none', async () => {
    const page = await newPage();
    await logIn(page);
    await page.goto(`${product.url}/account/infocare/alerts`);
    const email = page.getByLabel('Email', { exact: true });
    const sms = page.getByLabel('SMS', { exact: true });
    await email.waitFor();
    if (!(await sms.isChecked())) {
      await sms.check();
      await page.getByText('Preference saved').waitFor();
    }
    // Unticking both within the delay: the message, and the half-way choice is never sent.
    await email.uncheck();
    await sms.uncheck();
    await page.getByText('Please select either email, sms, or both.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await sms.check();
    await page.getByText('Preference saved').waitFor();
    await page.reload();
    await sms.waitFor();
    await expect.poll(() => sms.isChecked()).toBe(true);
    expect(await email.isChecked()).toBe(false);
  });

  it('runs the setup wizard for the main home to Setup Complete', async () => {
    const page = await newPage(390);
    await logIn(page);
    await page.goto(`${product.url}/setup?type=main`);
    await page.getByText('2 Minutes to Complete').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Start My Home Setup' }).click();
    const adults = page.getByLabel('18 to 64', { exact: true });
    await adults.waitFor();
    const before = Number(await adults.inputValue());
    await page.getByRole('button', { name: 'More: 18 to 64' }).click();
    await page.getByRole('button', { name: 'More: 18 to 64' }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await adults.waitFor();
    expect(Number(await adults.inputValue())).toBe(before + 2); // Go Back keeps the answers
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByRole('button', { name: 'More: Kettle' }).click();
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByLabel('Semi Detached').check();
    await page.getByRole('button', { name: 'Finish Setup' }).click();
    await page.getByText('Setup Complete').waitFor();
    const answers = await page.evaluate(async () => {
      const id = localStorage.getItem('hv.user_id');
      const res = await fetch(`/api/v3/common/set_up/?user_id=${id}`, { credentials: 'include' });
      return res.json();
    });
    expect(answers.property_type).toBe('Semi_detached');
    expect(answers.age_groups.range18_64).toBe(before + 2);
  });
});
