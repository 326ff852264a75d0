// A carer and a dependant made in the test (issue 8's "dependant made in the test"): `npm run admin`'s
// commands make both, the dependant's house in a fixed-offset zone, an accepted link and the house's ingest key;
// the product starts on that database; the carer answers the dependant's setup through the API. Data
// goes in through the ingest API only, as a home's devices would send it.
//
// The zone is the one where it is now between 12:00 and 13:00, and the browser runs in it too (the
// carer's day is the dependant's), so a test can put in readings of this morning and of the days before
// and know which local day each is, whatever the hour of the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Credentials, type RunningProduct, startProduct, withAdmin } from './product';
import { SCRATCH_DIR } from '../../apps/server/test/support/scratch';

export const CARER: Credentials = { username: 'carer', password: 'Carer-Watch4!' };
export const DEPENDANT: Credentials = { username: 'mum', password: 'Mum-Home5!' };

/** Whole hours east of UTC that put now between 12:00 and 13:00 local (−11 … +12). */
export const OFFSET_H = 12 - new Date().getUTCHours();
/** The IANA fixed-offset zone of OFFSET_H (Etc/GMT signs are inverted: Etc/GMT-3 is UTC+3). */
export const ZONE = OFFSET_H === 0 ? 'UTC' : `Etc/GMT${OFFSET_H > 0 ? '-' : '+'}${Math.abs(OFFSET_H)}`;
export const DAY_S = 86_400;
/** Epoch seconds of today's local midnight in ZONE. */
export const MIDNIGHT = (() => {
  const localNow = Math.floor(Date.now() / 1000) + OFFSET_H * 3600;
  return localNow - (localNow % DAY_S) - OFFSET_H * 3600;
})();
/** Epoch seconds of a local time `day` days from today (0 today, −1 yesterday). */
export const at = (hour: number, minute: number, day = 0) =>
  MIDNIGHT + day * DAY_S + hour * 3600 + minute * 60;
export const hhmm = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
/** The local clock time of an epoch second in ZONE, 'HH:MM'. */
export const clockOf = (epoch: number) => {
  const minutes = Math.floor(((((epoch - MIDNIGHT) % DAY_S) + DAY_S) % DAY_S) / 60);
  return hhmm(Math.floor(minutes / 60), minutes % 60);
};

/** The carer's API session from Node (cookie and CSRF token), as the web client would send them. */
export interface Session {
  cookie: string;
  csrftoken: string;
}

export interface MadeDependant {
  product: RunningProduct;
  dependantId: number;
  ingestKey: string;
  session: Session;
  stop: () => Promise<void>;
}

async function carerSession(product: RunningProduct, carer: Credentials = CARER): Promise<Session> {
  const login = await fetch(`${product.url}/api/v3/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...carer }),
  });
  expect(login.status).toBe(200);
  const { csrftoken } = (await login.json()) as { csrftoken: string };
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, csrftoken };
}

/**
 * The carer answers the dependant's setup questions through the API (the wizard's second stage), which
 * marks the carer's account as set up (§4), so the login goes on to /parents-home instead of the wizard.
 */
async function carerAnswersSetup(product: RunningProduct, session: Session, dependantId: number) {
  const answers = {
    user_id: String(dependantId),
    under10: '0',
    range10_17: '0',
    range18_64: '0',
    range65_74: '0',
    over74: '1',
    full_time: '0',
    part_time: '0',
    unemployed: '0',
    pensioner: '1',
    commuting: '0',
    stay_at_home: '1',
    property_type: 'Flat',
  };
  const setup = await fetch(`${product.url}/api/v3/common/set_up/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: session.cookie,
      'x-csrftoken': session.csrftoken,
    },
    body: new URLSearchParams(answers),
  });
  expect(setup.status).toBe(200);
}

/**
 * Makes the carer, the dependant, her house in `zone`, the link and the key; starts the product on them.
 * `otherCarers` are linked to her too, after CARER, and answer her setup as well (each carer's own §4 mark);
 * `env` is added to the product's environment.
 */
export async function makeDependant(
  zone = ZONE,
  otherCarers: readonly Credentials[] = [],
  env: Record<string, string> = {},
): Promise<MadeDependant> {
  const dataDir = mkdtempSync(join(SCRATCH_DIR, 'homeview-e2e-dependant-'));
  try {
    const { dependantId, ingestKey } = await withAdmin(dataDir, async (admin) => {
      const createUser = (user: Credentials, email: string) =>
        admin(['create-user', '--username', user.username, '--email', email, '--password', user.password]);
      await createUser(CARER, 'carer@example.com');
      const dependantId = Number(await createUser(DEPENDANT, 'mum@example.com'));
      for (const [i, carer] of otherCarers.entries()) await createUser(carer, `carer${i + 2}@example.com`);
      for (const carer of [CARER, ...otherCarers])
        await admin(['link-dependant', '--carer', carer.username, '--dependant', DEPENDANT.username]);
      const houseId = await admin(['create-house', '--user', DEPENDANT.username, '--zone', zone]);
      return { dependantId, ingestKey: await admin(['api-key', '--house', houseId]) };
    });
    const product = await startProduct({ dataDir, env: { DEMO_LIVE: 'false', ...env } });
    const session = await carerSession(product);
    await carerAnswersSetup(product, session, dependantId);
    for (const carer of otherCarers)
      await carerAnswersSetup(product, await carerSession(product, carer), dependantId);
    return {
      product,
      dependantId,
      ingestKey,
      session,
      stop: async () => {
        await product.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Posts 1-minute appliance power rows (CSV, epoch-second times) through the ingest API; its answer. */
export async function ingestPower(
  made: MadeDependant,
  csv: string,
): Promise<{ status: number; events?: { stored: number }; readings?: { stored: number } }> {
  const res = await fetch(`${made.product.url}/api/ingest/v1/appliance-power?interval_s=60`, {
    method: 'POST',
    headers: { authorization: `Bearer ${made.ingestKey}`, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: res.status, ...((await res.json()) as object) };
}

/** GET an /api/v3 answer as the carer from Node (before any browser). */
export async function apiFromNode<T>(made: MadeDependant, path: string): Promise<T> {
  const res = await fetch(`${made.product.url}${path}`, { headers: { cookie: made.session.cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** GET an /api/v3 answer as the signed-in page (its session cookie). */
export function apiFromPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async (url) => (await fetch(url, { credentials: 'include' })).json(),
    path,
  ) as Promise<T>;
}

/** A browser context in `timezoneId` (the dependant's ZONE unless told) at `width`, each step failing by name after 30 s. */
export async function carerPage(browser: Browser, width: number, timezoneId = ZONE): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId });
  context.setDefaultTimeout(30_000);
  return context.newPage();
}
