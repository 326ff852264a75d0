import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFromNode,
  CARER,
  carerPage,
  ingestPower,
  type MadeDependant,
  makeDependant,
} from './madeDependant';
import { launchBrowser, submitLogin } from './product';

// Issue 22: a carer in Sydney watching a dependant in London sees London's clock on every InfoCare
// screen (card times, the timeline, day labels), as the alert texts and the server's days are. The
// browser runs in Australia/Sydney, 9 to 11 hours ahead of London: every time below differs between
// the two zones, and the past day's late use (23:30 London) is the next morning in Sydney.
//
// Data through the ingest API: a kettle use at 23:30-23:33 London two days ago (a past day, so the run's
// hour cannot matter), and the kettle on now, from 25 minutes ago to 4 minutes ahead, so the engine
// raises "Kettle left on" (its safety default of 20 min) whatever the hour.

const LONDON = 'Europe/London';
const SYDNEY = 'Australia/Sydney';
const DAY_S = 86_400;

let made: MadeDependant;
let browser: Browser;

/** The wall clock of `ts` (epoch s) in `zone`: 'YYYY-MM-DD', 'HH:MM' and the weekday ('Mon'), by Intl. */
function wall(ts: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ts * 1000))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    ddmmyy: `${parts.day}-${parts.month}-${String(parts.year).slice(2)}`,
    hhmm: `${parts.hour}:${parts.minute}`,
    weekday: String(parts.weekday),
  };
}

/** The instant of wall time `hhmm` on local `date` in London (its offset read there, by Intl). */
function londonInstant(date: string, hour: number, minute: number): number {
  const guess =
    Date.parse(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`) / 1000;
  const shown = wall(guess, LONDON);
  const offset = Date.parse(`${shown.date}T${shown.hhmm}:00Z`) / 1000 - guess;
  return guess - offset;
}

const now = Math.floor(Date.now() / 1000);
/** London's calendar date two days before today's, and the instants on it. */
const PAST_DATE = new Date(Date.parse(`${wall(now, LONDON).date}T12:00:00Z`) - 2 * DAY_S * 1000)
  .toISOString()
  .slice(0, 10);
const PAST_MIDNIGHT = londonInstant(PAST_DATE, 0, 0);
const LATE_USE = londonInstant(PAST_DATE, 23, 30);

function rows(from: number, to: number, kettleOn: (t: number) => boolean): string[] {
  const out: string[] = [];
  for (let t = from; t < to; t += 60)
    out.push(`${t},${300 + (kettleOn(t) ? 2400 : 0)},${kettleOn(t) ? 2400 : 0}`);
  return out;
}

interface ApiAlert {
  id: number;
  timestamp: number;
  name: string;
}

beforeAll(async () => {
  made = await makeDependant(LONDON);
  browser = await launchBrowser();
  const minute = now - (now % 60);
  const lines = [
    ...rows(LATE_USE - 1800, LATE_USE + 1800, (t) => t >= LATE_USE && t < LATE_USE + 180),
    ...rows(minute - 40 * 60, minute + 5 * 60, (t) => t >= minute - 25 * 60),
  ];
  const answer = await ingestPower(made, `Time,Aggregate,Kettle\n${lines.join('\n')}\n`);
  expect(answer.status).toBe(200);
}, 600_000); // admin runs (the first migrates a new database) and a start, on a busy machine

afterAll(async () => {
  await browser?.close();
  await made?.stop();
});

async function signedIn(width: number): Promise<Page> {
  const page = await carerPage(browser, width, SYDNEY);
  await submitLogin(page, made.product.url, CARER);
  // The chooser, or straight on to the only dashboard once it has read the account's dashboards.
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/parents-home', {
    timeout: 120_000,
  });
  if (!page.url().endsWith('/parents-home')) await page.goto(`${made.product.url}/parents-home`);
  return page;
}

describe("InfoCare on the dependant's clock, for a carer in another zone", () => {
  it('runs the browser in Sydney, where the same instants read differently', async () => {
    const page = await signedIn(390);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(SYDNEY);
    expect(wall(LATE_USE, SYDNEY).date).not.toBe(PAST_DATE);
    expect(wall(LATE_USE, LONDON)).toMatchObject({ date: PAST_DATE, hhmm: '23:30' });
    await page.context().close();
  }, 180_000); // the first login after start, on a busy machine

  it("dates the alert card in London, as the alert's text says its times", async () => {
    let alert: ApiAlert | undefined;
    await expect
      .poll(
        async () => {
          const { alerts } = await apiFromNode<{ alerts: ApiAlert[] }>(
            made,
            `/api/v3/assisted_living/alerts/?dependant_user_id=${made.dependantId}`,
          );
          alert = alerts.find((a) => a.name === 'Kettle left on');
          return alert?.name;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe('Kettle left on');
    const raised = wall((alert as ApiAlert).timestamp, LONDON);
    const page = await signedIn(1280);
    const card = page.locator('.alert-list article', { hasText: 'Kettle left on' });
    expect(await card.locator('.alert-card__when').textContent()).toBe(`${raised.ddmmyy} ${raised.hhmm}`);
    expect(await card.locator('.alert-card__when').textContent()).not.toContain(
      wall((alert as ApiAlert).timestamp, SYDNEY).hhmm,
    );
    await page.context().close();
  }, 180_000);

  it("puts the past day's late use on London's day, at London's time, on the timeline and the daily chart", async () => {
    const page = await signedIn(390);
    const past = wall(PAST_MIDNIGHT, LONDON);
    await page.goto(`${made.product.url}/parents-home/activities?timestamp=${PAST_MIDNIGHT}`);
    await page.getByRole('heading', { name: `${past.weekday} ${past.ddmmyy}` }).waitFor();
    await page.locator('.timeline__time').first().waitFor();
    // Each use from its start to its end (issue 33).
    const times = await page.locator('.timeline__time').allTextContents();
    expect(times).toHaveLength(1);
    expect(times[0]).toMatch(/^23:30–\d\d:\d\d$/);
    // The day field writes the date as the page does, dd-mm-yy (issue 33).
    expect(await page.getByLabel('Day (dd-mm-yy)').inputValue()).toBe(past.ddmmyy);

    await page.goto(`${made.product.url}/parents-home/activities?tab=daily&timestamp=${PAST_MIDNIGHT}`);
    const select = page.getByLabel('Day');
    await expect.poll(() => select.inputValue()).toBe(String(PAST_MIDNIGHT));
    expect(await select.locator('option:checked').textContent()).toBe(`${past.weekday} ${past.ddmmyy}`);
    const chart = page.locator('.activity-chart', { hasText: 'Hot drinks' });
    await chart.locator('details.chart__table > summary').click();
    expect(await chart.locator('table tbody th').allTextContents()).toEqual([
      `${past.weekday} ${past.ddmmyy.slice(0, 5)}`,
    ]);
    expect(await chart.locator('table tbody td li').allTextContents()).toEqual(['Hot drinks 23:30–23:33']);
    await page.context().close();
  }, 180_000);
});
