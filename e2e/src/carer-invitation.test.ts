import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningProduct,
  withAdmin,
  startProduct,
  submitLogin,
} from './product';
import { SCRATCH_DIR } from '../../apps/server/test/support/scratch';

// Issue 25 on the real product: an invitation opened by someone not signed in. They sign in from the
// invitation page and come back to it, token and all, and join; another carer sent it from the carers
// screen (no SMTP here: the mail, link included, is printed by the server). And /login's `next` in a real
// browser: a protocol-relative or absolute next never takes the visitor off the site.

const ANN = { username: 'ann', password: 'Ann-Carer-7!' };
const BEA = { username: 'bea', password: 'Bea-Carer-7!' };

let dataDir: string;
let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(SCRATCH_DIR, 'homeview-e2e-invite-'));
  // joan's home, watched by bea; ann has an account and is not yet a carer.
  await withAdmin(dataDir, async (admin) => {
    for (const [username, password] of [
      ['joan', 'Joan-Home-7!'],
      [BEA.username, BEA.password],
      [ANN.username, ANN.password],
    ] as const)
      await admin([
        'create-user',
        '--username',
        username,
        '--email',
        `${username}@example.com`,
        '--password',
        password,
      ]);
    await admin(['create-house', '--user', 'joan', '--zone', 'Europe/London']);
    await admin(['link-dependant', '--carer', BEA.username, '--dependant', 'joan']);
  });
  product = await startProduct({ dataDir, env: { DEMO_LIVE: 'false' } });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('A carer invitation opened before signing in', () => {
  it('signs in from the invitation at 390 px and comes back to it to join', async () => {
    // bea invites ann from the carers screen.
    const inviter = await newPage(browser, 1280);
    await submitLogin(inviter, product.url, BEA);
    await inviter.waitForFunction(() => localStorage.getItem('hv.dependant_user_id') !== null, undefined, {
      timeout: 60_000,
    });
    await inviter.goto(`${product.url}/account/infocare/carers`);
    await inviter.getByLabel('Invite another carer by email').fill('ann@example.com');
    await inviter.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .poll(() => /\/account\/infocare\/carers\/accept\?token=\S+/.exec(product.output())?.[0] ?? null, {
        timeout: 30_000,
      })
      .not.toBeNull();
    const link = /\/account\/infocare\/carers\/accept\?token=\S+/.exec(product.output())?.[0] as string;
    await inviter.context().close();

    const page = await newPage(browser, 390);
    await page.goto(`${product.url}${link}`);
    await page.getByText('Sign in to your HomeView & InfoCare account first').waitFor();
    await expectNoAxeViolations(page, 'invitation, signed out');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill(ANN.username);
    await page.getByLabel('Password', { exact: true }).fill(ANN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname === '/account/infocare/carers/accept', { timeout: 60_000 });
    expect(new URL(page.url()).search).toBe(new URL(`${product.url}${link}`).search);
    await page.getByRole('button', { name: 'Join as a carer' }).click();
    await page.getByText("You are now one of joan's carers.").waitFor();
    await expectNoAxeViolations(page, 'invitation, joined');
    await page.context().close();
  }, 300_000);

  for (const next of ['//example.com/account', 'https://example.com/account', '/\\example.com/account']) {
    it(`stays on the site after signing in with next=${next}`, async () => {
      const page = await newPage(browser, 1280);
      await page.goto(`${product.url}/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Username').fill(ANN.username);
      await page.getByLabel('Password', { exact: true }).fill(ANN.password);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
      expect(new URL(page.url()).origin).toBe(new URL(product.url).origin);
      expect(new URL(page.url()).pathname).not.toContain('example.com');
      await page.context().close();
    }, 120_000);
  }
});
