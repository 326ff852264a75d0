import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFromNode,
  at,
  CARER,
  carerPage,
  clockOf,
  DAY_S,
  hhmm,
  ingestPower,
  type MadeDependant,
  MIDNIGHT,
  makeDependant,
  OFFSET_H,
} from './madeDependant';
import { expectNoAxeViolations, launchBrowser, submitLogin } from './product';

// Issue 8's activity, appliance and feedback screens on a dependant made in the test (madeDependant.ts),
// in Chromium at both widths, each figure compared with the API's answer to the page's own request.
//
// The history, put in through the ingest API in one batch (one batch: the engine, which also looks every
// minute, never sees the days before without today and raises "no data" for the gap): seven ordinary days
// (kettle 07:00 and 16:00, microwave 12:30, 3 min each, full days of readings) and today until this
// minute with nothing used. From that the engine learns a routine and raises "Morning not started" (Off,
// Warning, Hot drinks): it is after 12:00 local and the usual morning starts at 07:00. Then the kettle is
// put on 25 minutes ago and still on 4 minutes ahead (readings may run 5 min ahead of the server's clock),
// so the engine, looking within those minutes (5 s after the batch, and every minute), raises "Kettle left
// on" (On, Urgent) from the kettle's safety default of 20 min, nothing learned about it needed. The
// kettle's use today ends the morning's off alert: the charts draw it, on request, before that use.

const BASE_W = 300;
const KETTLE_W = 2400;
const MICROWAVE_W = 1200;
// Seven: the week before the last 7 days then always has uses, so 'Previous week' is there whatever the
// weekday of the run (with four, a run on a Friday, Saturday or Sunday had none before it).
const HISTORY_DAYS = 7;
/** History days inside the last 7 days (today is the seventh). */
const SHOWN_DAYS = 6;
/** The days' uses (local hour, minute; 3 minutes each). */
const KETTLE_AT: readonly [number, number][] = [
  [7, 0],
  [16, 0],
];
const MICROWAVE_AT: readonly [number, number][] = [[12, 30]];
const USE_MIN = 3;

/** The kettle left on today: on from 25 min before the minute of the ingest to 5 min after it (epoch s). */
let KETTLE_FROM: number;
let KETTLE_TO: number;

let made: MadeDependant;
let browser: Browser;
let morning: ApiAlert;
let leftOn: ApiAlert;

interface ApiAlert {
  id: number;
  timestamp: number;
  level: string;
  name: string;
  type: 'On' | 'Off';
  viewings: unknown[];
}

interface Pattern {
  on: number;
  off: number | null;
  duration: { off: number; on: number };
  inactivity: { off: number; on: number };
}

interface ActivityDetail {
  activities: { activity_id: number; activity_type: string; patterns: Pattern[] }[];
  inactivities: { activity_id: number; num_inac_alerts: number }[];
  available: (number | null)[];
  previous: number | null;
  next: number | null;
  num_alerts: number;
}

/** 1-minute rows from `from` to `to` (epoch s): the base load, the kettle and microwave when `on` says. */
function rows(from: number, to: number, on: (t: number) => { kettle: boolean; microwave: boolean }) {
  const out: string[] = [];
  for (let t = from; t < to; t += 60) {
    const { kettle, microwave } = on(t);
    const k = kettle ? KETTLE_W : 0;
    const m = microwave ? MICROWAVE_W : 0;
    out.push(`${t},${BASE_W + k + m},${k},${m}`);
  }
  return out;
}

const csv = (lines: string[]) => `Time,Aggregate,Kettle,Microwave\n${lines.join('\n')}\n`;

/** Whether `t` is inside one of a day's uses. */
const usedAt = (t: number, uses: readonly [number, number][]) => {
  const minute = Math.floor(((((t - MIDNIGHT) % DAY_S) + DAY_S) % DAY_S) / 60);
  return uses.some(([h, m]) => minute >= h * 60 + m && minute < h * 60 + m + USE_MIN);
};

const alertsOfDependant = async () =>
  (
    await apiFromNode<{ alerts: ApiAlert[] }>(
      made,
      `/api/v3/assisted_living/alerts/?dependant_user_id=${made.dependantId}`,
    )
  ).alerts;

/** Polls the API until the engine has raised an alert of that name; returns it. */
async function engineRaises(name: string): Promise<ApiAlert> {
  let found: ApiAlert | undefined;
  await expect
    .poll(
      async () => {
        found = (await alertsOfDependant()).find((a) => a.name === name);
        return found?.name;
      },
      { timeout: 120_000, interval: 500 },
    )
    .toBe(name);
  return found as ApiAlert;
}

beforeAll(async () => {
  made = await makeDependant();
  browser = await launchBrowser();
}, 600_000); // five admin runs (the first migrates a new database) and a start, on a busy machine

afterAll(async () => {
  await browser?.close();
  await made?.stop();
});

/** The local clock of hundredths of an hour past midnight, as the charts print it. */
const clock = (hundredths: number) => {
  const minutes = Math.round((hundredths * 60) / 100);
  return hhmm(Math.floor(minutes / 60), minutes % 60);
};

const activityLink = (kind: 'activity' | 'alert', id: number, day: number) =>
  `/parents-home/activities${kind === 'alert' ? '/alert' : ''}/${id}?on=${day}&off=${day + DAY_S}`;

/**
 * An activity's chart as the contract says it is drawn, one row per local day in `days`: each pattern's
 * `duration` after the end of the previous one that day (midnight for the first), and its off alert
 * (`inactivity`, measured from the same point) when shown; each row in time order, [text, link].
 */
function expectedRows(
  activity: ActivityDetail['activities'][number],
  days: readonly number[],
  showOff: boolean,
): [string, string][][] {
  return days.map((day) => {
    const own = activity.patterns
      .filter((p) => p.on >= day && p.on < day + DAY_S)
      .sort((a, b) => a.on - b.on);
    const segments: { start: number; text: string; href: string }[] = [];
    let from = 0;
    for (const p of own) {
      const place = (part: { off: number; on: number }) => {
        const start = Math.min(2400, from + part.off);
        return { start, end: Math.min(2400, start + part.on) };
      };
      const on = place(p.duration);
      if (on.end > on.start)
        segments.push({
          start: on.start,
          text: `${activity.activity_type} ${clock(on.start)}–${clock(on.end)}`,
          href: activityLink('activity', activity.activity_id, day),
        });
      const off = place(p.inactivity);
      if (showOff && off.end > off.start)
        segments.push({
          start: off.start,
          text: `No activity alert ${clock(off.start)}–${clock(off.end)}`,
          href: activityLink('alert', activity.activity_id, day),
        });
      from = Math.min(2400, from + p.duration.off + p.duration.on);
    }
    return segments.sort((a, b) => a.start - b.start).map((s) => [s.text, s.href]);
  });
}

/**
 * How long a poll that reads the page may take: each read clicks tables open and reads every chart, which
 * on two busy cores can take longer than vitest's default 1 s by itself (a 1280 px run failed with "the
 * function didn't resolve in time", before a single comparison was made).
 */
const PAGE_POLL = { timeout: 15_000 };

/** Opens each chart's table that is closed: as for a person, a table is built when it is opened. */
async function openTables(page: Page): Promise<void> {
  const closed = page.locator('.activity-chart details.chart__table:not([open]) > summary');
  for (let left = await closed.count(); left > 0; left = await closed.count()) await closed.first().click();
  await expect
    .poll(() => page.locator('.activity-chart .table-scroll').count(), PAGE_POLL)
    .toBe(await page.locator('.activity-chart').count());
}

/** Each activity chart on the page: its heading, legend and table (each row's segments [text, link]). */
async function chartsOnPage(page: Page) {
  await openTables(page);
  return page.locator('.activity-chart').evaluateAll((charts) =>
    charts.map((chart) => ({
      title: chart.querySelector('.activity-chart__title')?.textContent ?? '',
      legend: [...chart.querySelectorAll('.chart__legend li')].map((li) => li.textContent),
      rows: [...chart.querySelectorAll('table tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td li')].map((li) => [
          li.textContent ?? '',
          li.querySelector('a')?.getAttribute('href') ?? '',
        ]),
      ),
    })),
  );
}

/** The charts the page must show for `data` over `days`. */
function expectedCharts(data: ActivityDetail, days: readonly number[], showOff: boolean) {
  return data.activities.map((a) => {
    const n = data.inactivities.find((i) => i.activity_id === a.activity_id)?.num_inac_alerts ?? 0;
    return {
      title: `${a.activity_type}${n > 0 ? `${n} No activity ${n === 1 ? 'alert' : 'alerts'}` : ''}`,
      legend: showOff ? ['Activity', 'No activity alert'] : ['Activity'],
      rows: expectedRows(a, days, showOff),
    };
  });
}

const sevenDaysFrom = (start: number) => Array.from({ length: 7 }, (_, i) => start + i * DAY_S);

/** The page's own answer from an activities call (daily or weekly) with that timestamp (null: none). */
/** The answer for `timestamp` (null: none sent; 'now': Daily's today, asked as the moment it asks). */
const activitiesAnswer = (page: Page, tab: 'daily' | 'weekly', timestamp: number | null | 'now') =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    const sent = url.searchParams.get('timestamp') ?? null;
    return (
      url.pathname.endsWith(`/${tab}_activities/`) &&
      (timestamp === 'now'
        ? sent !== null && Number(sent) >= MIDNIGHT
        : sent === (timestamp === null ? null : String(timestamp)))
    );
  });

async function json<T>(response: Promise<Response>): Promise<T> {
  const r = await response;
  expect(r.status()).toBe(200);
  return (await r.json()) as T;
}

/** Waits for the period's charts, then compares them (headings, legends, tables) with the API's answer. */
async function expectPeriod(page: Page, data: ActivityDetail, days: readonly number[], showOff: boolean) {
  await expect.poll(() => chartsOnPage(page), PAGE_POLL).toEqual(expectedCharts(data, days, showOff));
}

/** The off-alert rule: a checkbox, unchecked, only when the period has off alerts; else a quiet line. */
async function expectOffToggle(page: Page, data: ActivityDetail) {
  const toggle = page.getByRole('checkbox', { name: /^Show No activity alerts/ });
  if (data.num_alerts > 0) {
    expect(await toggle.count()).toBe(1);
    expect(await page.getByText(`Show No activity alerts (${data.num_alerts} in this period)`).count()).toBe(
      1,
    );
    expect(await toggle.isChecked()).toBe(false);
  } else {
    expect(await toggle.count()).toBe(0);
    expect(await page.getByText('No "No activity" alerts in this period.').count()).toBe(1);
  }
}

/** The cards' alert ids on the page, in order. */
const cardIds = (page: Page) =>
  page.locator('article[id^="alert-"]').evaluateAll((cards) => cards.map((c) => Number(c.id.slice(6))));

describe('InfoCare activities, appliances and feedback for a dependant made in the test', () => {
  it('the engine learns the history and raises a learned alert (morning), then a safety one (kettle left on)', async () => {
    // Today's readings run to this minute; the engine's first look finds no silence, only no morning.
    const nowMinute = Math.floor(Date.now() / 60_000) * 60;
    const history = rows(at(0, 0, -HISTORY_DAYS), nowMinute, (t) =>
      t >= MIDNIGHT
        ? { kettle: false, microwave: false }
        : { kettle: usedAt(t, KETTLE_AT), microwave: usedAt(t, MICROWAVE_AT) },
    );
    const first = await ingestPower(made, csv(history));
    expect([first.status, first.events?.stored]).toEqual([200, HISTORY_DAYS * 3]);
    morning = await engineRaises('Morning not started');
    const kettleMinute = Math.floor(Date.now() / 60_000) * 60;
    KETTLE_FROM = kettleMinute - 25 * 60;
    KETTLE_TO = kettleMinute + 5 * 60;
    const kettle = await ingestPower(
      made,
      csv(rows(KETTLE_FROM, KETTLE_TO, () => ({ kettle: true, microwave: false }))),
    );
    expect([kettle.status, kettle.events?.stored]).toEqual([200, 1]);
    leftOn = await engineRaises('Kettle left on');
    expect(morning).toMatchObject({ level: 'Warning', type: 'Off', viewings: [] });
    expect(morning.timestamp).toBeGreaterThan(at(7, 0));
    expect(morning.timestamp).toBeLessThanOrEqual(at(8, 30)); // the usual 07:00 and at most 90 min's margin
    expect(leftOn).toMatchObject({ level: 'Urgent', type: 'On', viewings: [] });
    expect(leftOn.timestamp).toBe(KETTLE_FROM + 20 * 60); // the kettle's safety default: 20 min
  }, 240_000);

  for (const width of [390, 1280]) {
    it(`at ${width} px: alerts, daily and weekly charts, activity pages, appliances and feedback as the API has them`, async () => {
      const page = await carerPage(browser, width);
      try {
        // Unviewed alerts: the carer lands on them; the cards and lozenges are the API's (nothing is opened).
        await submitLogin(page, made.product.url, CARER);
        await page.waitForURL(`${made.product.url}/parents-home`, { timeout: 60_000 });
        await page.locator('.alert-list__end, .alert-list__more').waitFor();
        const alerts = await apiFromNode<{
          alerts: ApiAlert[];
          unviewed: { urgent: number; investigate: number };
        }>(made, `/api/v3/assisted_living/alerts/?dependant_user_id=${made.dependantId}`);
        expect(alerts.alerts.map((a) => a.id)).toEqual([leftOn.id, morning.id]); // newest first
        expect(alerts.unviewed).toMatchObject({ urgent: 1, investigate: 1 });
        expect(await cardIds(page)).toEqual([leftOn.id, morning.id]);
        expect(await page.locator('.alert-card__name').allTextContents()).toEqual([
          'Kettle left on',
          'Morning not started',
        ]);
        expect(await page.locator('.attention__lozenges .attention-lozenge').allTextContents()).toEqual([
          '1 Urgent',
          '1 Investigate',
        ]);

        // Weekly, the last 7 days: the bars are the API's patterns; the off alert layer is there on request.
        const weeklyAnswer = activitiesAnswer(page, 'weekly', null);
        await page.goto(`${made.product.url}/parents-home/activities?tab=weekly`);
        const weekly = await json<ActivityDetail>(weeklyAnswer);
        const lastSeven = sevenDaysFrom(MIDNIGHT - 6 * DAY_S);
        // The API's own patterns are what was put in: the kettle twice and the microwave once a day on the six
        // days before today, then today's kettle from 25 minutes ago (still on); one off alert, the morning's.
        const hot = weekly.activities.find((a) => a.activity_type === 'Hot drinks');
        const meals = weekly.activities.find((a) => a.activity_type === 'Meals');
        expect(weekly.activities.map((a) => a.activity_type)).toEqual(['Hot drinks', 'Meals']);
        const history = (uses: readonly [number, number][]) =>
          Array.from({ length: SHOWN_DAYS }, (_, d) =>
            uses.map(([h, m]) => [at(h, m, d - SHOWN_DAYS), at(h, m + USE_MIN, d - SHOWN_DAYS)]),
          ).flat();
        expect(hot?.patterns.map((p) => [p.on, p.off]).slice(0, -1)).toEqual(history(KETTLE_AT));
        // Today's kettle: on since KETTLE_FROM; off is null while its readings still run ahead of now.
        const kettleNow = hot?.patterns.at(-1);
        expect(kettleNow?.on).toBe(KETTLE_FROM);
        expect([null, KETTLE_TO]).toContain(kettleNow?.off);
        expect(meals?.patterns.map((p) => [p.on, p.off])).toEqual(history(MICROWAVE_AT));
        expect(weekly.num_alerts).toBe(1);
        await expectPeriod(page, weekly, lastSeven, false);
        await expectOffToggle(page, weekly);
        // A history day's row as a carer reads it.
        const charts = await chartsOnPage(page);
        expect(charts[0]?.rows[6 - 2]?.map(([text]) => text)).toEqual([
          `Hot drinks ${hhmm(7, 0)}–${hhmm(7, USE_MIN)}`,
          `Hot drinks ${hhmm(16, 0)}–${hhmm(16, USE_MIN)}`,
        ]);
        expect(charts[1]?.rows[6 - 2]?.map(([text]) => text)).toEqual([`Meals 12:30–12:${30 + USE_MIN}`]);
        await expectNoAxeViolations(page, `weekly at ${width} px`);

        // Shown on request: today's Hot drinks row gains the morning's off alert, from when it was raised.
        await page.getByRole('checkbox', { name: /^Show No activity alerts/ }).check();
        await expectPeriod(page, weekly, lastSeven, true);
        const today = (await chartsOnPage(page))[0]?.rows[6] ?? [];
        expect(today[0]?.[0]).toMatch(new RegExp(`^No activity alert ${clockOf(morning.timestamp)}–`));
        expect(today[1]?.[0]).toMatch(new RegExp(`^Hot drinks ${clockOf(KETTLE_FROM)}–`));
        await expectNoAxeViolations(page, `weekly with off alerts at ${width} px`);

        // Previous and next week: the query's timestamp, the selector and the charts follow the API.
        expect(await page.getByRole('button', { name: 'Next week' }).isDisabled()).toBe(weekly.next === null);
        // Previous is the calendar week before this one (Monday start), Next none: the 7 days end today.
        const weekday = (new Date((MIDNIGHT + OFFSET_H * 3600) * 1000).getUTCDay() + 6) % 7; // Monday 0
        const thisMonday = MIDNIGHT - weekday * DAY_S;
        expect([weekly.previous, weekly.next]).toEqual([thisMonday - 7 * DAY_S, null]);
        const previous = weekly.previous as number;
        const previousAnswer = activitiesAnswer(page, 'weekly', previous);
        await page.getByRole('button', { name: 'Previous week' }).click();
        await page.waitForURL(`${made.product.url}/parents-home/activities?tab=weekly&timestamp=${previous}`);
        const previousWeek = await json<ActivityDetail>(previousAnswer);
        await expect
          .poll(() => page.getByRole('combobox', { name: 'Week' }).inputValue())
          .toBe(String(previous));
        await expectPeriod(page, previousWeek, sevenDaysFrom(previous), previousWeek.num_alerts > 0);
        expect(previousWeek.next).toBe(thisMonday);
        const next = previousWeek.next as number;
        const nextAnswer = activitiesAnswer(page, 'weekly', next);
        await page.getByRole('button', { name: 'Next week' }).click();
        await page.waitForURL(`${made.product.url}/parents-home/activities?tab=weekly&timestamp=${next}`);
        const nextWeek = await json<ActivityDetail>(nextAnswer);
        await expectPeriod(page, nextWeek, sevenDaysFrom(next), nextWeek.num_alerts > 0);

        // Daily opens on today, one row per chart (issue 33 item 13: not the last 7 days Weekly opens on);
        // then a history day chosen in the selector: no off alerts there, so the toggle is gone whatever it
        // was (the carer had asked for them).
        const day = at(0, 0, -2);
        const dailyAnswer = activitiesAnswer(page, 'daily', 'now');
        await page.getByRole('link', { name: 'Daily' }).click();
        await page.waitForURL(`${made.product.url}/parents-home/activities?tab=daily`);
        const daily = await json<ActivityDetail>(dailyAnswer);
        // Previous is yesterday (there is history then), Next none.
        expect([daily.previous, daily.next]).toEqual([MIDNIGHT - DAY_S, null]);
        expect(await page.getByRole('button', { name: 'Previous day' }).isDisabled()).toBe(false);
        expect(await page.getByRole('combobox', { name: 'Day' }).inputValue()).toBe(String(MIDNIGHT));
        await expectPeriod(page, daily, [MIDNIGHT], false);
        await expectOffToggle(page, daily);
        expect(daily.num_alerts).toBe(1); // the morning's, today
        await page.getByRole('checkbox', { name: /^Show No activity alerts/ }).check();
        await expectPeriod(page, daily, [MIDNIGHT], true);
        const dayAnswer = activitiesAnswer(page, 'daily', day);
        await page.getByRole('combobox', { name: 'Day' }).selectOption(String(day));
        await page.waitForURL(`${made.product.url}/parents-home/activities?tab=daily&timestamp=${day}`);
        const oneDay = await json<ActivityDetail>(dayAnswer);
        expect(oneDay.num_alerts).toBe(0);
        await expectPeriod(page, oneDay, [day], false);
        await expectOffToggle(page, oneDay);
        expect((await chartsOnPage(page)).map((c) => c.rows[0]?.map(([text]) => text))).toEqual([
          [`Hot drinks ${hhmm(7, 0)}–${hhmm(7, USE_MIN)}`, `Hot drinks ${hhmm(16, 0)}–${hhmm(16, USE_MIN)}`],
          [`Meals 12:30–12:${30 + USE_MIN}`],
        ]);
        expect([oneDay.previous, oneDay.next]).toEqual([day - DAY_S, day + DAY_S]);
        const dayBefore = activitiesAnswer(page, 'daily', day - DAY_S);
        await page.getByRole('button', { name: 'Previous day' }).click();
        await page.waitForURL(
          `${made.product.url}/parents-home/activities?tab=daily&timestamp=${day - DAY_S}`,
        );
        await expectPeriod(page, await json<ActivityDetail>(dayBefore), [day - DAY_S], false);
        await expectNoAxeViolations(page, `daily at ${width} px`);

        // Today's Hot drinks, from its bar's link: the activity's appliances and that day's alerts.
        const todayAnswer = activitiesAnswer(page, 'daily', MIDNIGHT);
        await page.goto(`${made.product.url}/parents-home/activities?tab=daily&timestamp=${MIDNIGHT}`);
        const todays = await json<ActivityDetail>(todayAnswer);
        await expectPeriod(page, todays, [MIDNIGHT], false);
        await page.getByRole('checkbox', { name: /^Show No activity alerts/ }).check();
        await expectPeriod(page, todays, [MIDNIGHT], true);
        const hotChart = page.locator('.activity-chart').first();
        await openTables(page);
        const activityAnswer = page.waitForResponse((r) =>
          r.url().includes('/assisted_living/activities/1/'),
        );
        await hotChart.getByRole('link', { name: new RegExp(`^Hot drinks ${clockOf(KETTLE_FROM)}`) }).click();
        await page.waitForURL(`${made.product.url}${activityLink('activity', 1, MIDNIGHT)}`);
        const activity = await json<{
          activity: { activity_type: string; appliances: { name: string; appliance_type_id: number }[] };
          alerts: ApiAlert[];
        }>(activityAnswer);
        expect(activity.activity.appliances.map((a) => a.name)).toEqual(['Kettle']);
        expect(activity.alerts.map((a) => a.id).sort()).toEqual([leftOn.id, morning.id].sort());
        const appliances = page.getByRole('region', { name: 'Hot drinks appliances' }).getByRole('link');
        await expect.poll(() => appliances.count()).toBe(1);
        expect(await appliances.textContent()).toContain('Kettle');
        expect(await appliances.getAttribute('href')).toBe(
          `/parents-home/appliance/${activity.activity.appliances[0]?.appliance_type_id}`,
        );
        const dayAlerts = page.getByRole('region', { name: 'Hot drinks alerts that day' });
        await expect.poll(() => cardIds(page)).toEqual(activity.alerts.map((a) => a.id));
        expect(await dayAlerts.locator('.alert-card__name').allTextContents()).toEqual(
          activity.alerts.map((a) => a.name),
        );
        await expectNoAxeViolations(page, `activity at ${width} px`);

        // The off alert's bar leads to the activity's alerts, and back to the whole activity.
        await page.goBack();
        await page.waitForURL(`${made.product.url}/parents-home/activities?tab=daily&timestamp=${MIDNIGHT}`);
        await page.getByRole('checkbox', { name: /^Show No activity alerts/ }).check();
        await openTables(page);
        await page
          .locator('.activity-chart')
          .first()
          .getByRole('link', { name: new RegExp(`^No activity alert ${clockOf(morning.timestamp)}`) })
          .click();
        await page.waitForURL(`${made.product.url}${activityLink('alert', 1, MIDNIGHT)}`);
        // The same day's activity as before: the page answers from its cache, so ask the API again.
        const alertsOfActivity = await apiFromNode<{ alerts: ApiAlert[] }>(
          made,
          `/api/v3/assisted_living/activities/1/?dependant_user_id=${made.dependantId}&activity_id=1` +
            `&start_timestamp=${MIDNIGHT}&end_timestamp=${MIDNIGHT + DAY_S}`,
        );
        expect(alertsOfActivity.alerts.map((a) => a.id)).toEqual(activity.alerts.map((a) => a.id));
        await expect.poll(() => cardIds(page)).toEqual(alertsOfActivity.alerts.map((a) => a.id));
        expect(await page.getByRole('heading', { name: 'Hot drinks alerts', exact: true }).count()).toBe(1);
        const view = page.getByRole('link', { name: 'View Hot drinks Activity' });
        expect(await view.getAttribute('href')).toBe(activityLink('activity', 1, MIDNIGHT));
        await expectNoAxeViolations(page, `activity alerts at ${width} px`);

        // Appliances: each tab's list is the API's, in its order, with its figures. Today only the kettle
        // was used (and is on); All is every appliance the home has or used.
        for (const tab of [
          { name: 'Most Used', query: '', viewType: 'most_used', names: ['Kettle'] },
          { name: 'Most Costly', query: '?tab=costly', viewType: 'most_costly', names: ['Kettle'] },
          { name: 'All', query: '?tab=all', viewType: 'all', names: null },
        ]) {
          const listAnswer = page.waitForResponse(
            (r) =>
              r.url().includes('/api/v3/common/appliances/?') &&
              new URL(r.url()).searchParams.get('view_type') === tab.viewType,
          );
          if (tab.query === '') await page.goto(`${made.product.url}/parents-home/appliances`);
          else await page.getByRole('link', { name: tab.name, exact: true }).click();
          await page.waitForURL(`${made.product.url}/parents-home/appliances${tab.query}`);
          const list = await json<{ subtitle: string; appliances: ApplianceEntry[] }>(listAnswer);
          const names = list.appliances.map((a) => a.name);
          if (tab.names) expect(names).toEqual(tab.names);
          else expect(names).toEqual(expect.arrayContaining(['Kettle', 'Microwave']));
          expect(list.appliances.find((a) => a.name === 'Kettle')?.status.state).toBe('on');
          await expect.poll(() => page.locator('.appliance-list__item').count()).toBe(list.appliances.length);
          expect(await appliancesOnPage(page)).toEqual(list.appliances.map(applianceShown));
          expect(await page.locator('.dashboard__subtitle').textContent()).toBe(list.subtitle);
          expect(
            await page
              .getByRole('navigation', { name: 'Appliance lists' })
              .locator('[aria-current="page"]')
              .textContent(),
          ).toBe(tab.name);
          // Each tab's name on one line, as HomeView's (at 390 px "Most Used" broke over two).
          const lines = await page
            .getByRole('navigation', { name: 'Appliance lists' })
            .locator('a')
            .evaluateAll((tabs) =>
              tabs.map((a) => {
                const range = document.createRange();
                range.selectNodeContents(a);
                return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
              }),
            );
          expect(lines).toEqual([1, 1, 1]);
          await expectNoAxeViolations(page, `appliances ${tab.name} at ${width} px`);
        }

        // The kettle's page: its cost and its use in minutes, then in energy, as the API's series.
        const detailAnswer = page.waitForResponse((r) =>
          /\/api\/v3\/common\/appliances\/\d+\/\?/.test(r.url()),
        );
        await page.getByRole('link', { name: 'Kettle', exact: true }).click();
        await page.waitForURL(/\/parents-home\/appliance\/\d+$/);
        const detail = await json<ApplianceDetail>(detailAnswer);
        expect(detail.name).toBe('Kettle');
        await page.getByRole('heading', { name: 'Kettle', level: 2 }).waitFor();
        expect(detail.time_series.length).toBeGreaterThanOrEqual(HISTORY_DAYS);
        const money = (v: number) => `${v < 0 ? '-' : ''}${detail.currency_unit}${Math.abs(v).toFixed(2)}`;
        const series = (key: 'cost' | 'duration' | 'consumed', format: (v: number) => string) =>
          detail.time_series.map((p) => [format(p.appliance[key]), format(p.comparable[key])]);
        expect(await seriesTable(page, 'Kettle: cost')).toEqual(series('cost', money));
        expect(await page.getByRole('radio', { name: 'Minutes' }).isChecked()).toBe(true);
        expect(await seriesTable(page, 'Kettle: usage in minutes')).toEqual(
          series('duration', (v) => `${Math.round(v)} min`),
        );
        await expectNoAxeViolations(page, `appliance at ${width} px`);
        await page.getByRole('radio', { name: detail.energy_unit }).check();
        await page
          .getByRole('figure', { name: `Kettle: usage in ${detail.energy_unit}`, exact: true })
          .waitFor();
        expect(await seriesTable(page, `Kettle: usage in ${detail.energy_unit}`)).toEqual(
          series('consumed', (v) => `${v.toFixed(2)} ${detail.energy_unit}`),
        );

        // Feedback: sent for the dependant's home, thanked once the server has it.
        await page
          .getByRole('navigation', { name: 'InfoCare' })
          .getByRole('link', { name: 'Feedback' })
          .click();
        await page.waitForURL(`${made.product.url}/parents-home/feedback`);
        await page.getByLabel('Your feedback').fill(`The charts at ${width} px`);
        await expectNoAxeViolations(page, `feedback at ${width} px`);
        const sent = page.waitForRequest(
          (r) => r.method() === 'POST' && r.url().endsWith('/api/v3/common/feedback/'),
        );
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/v3/common/feedback/'));
        await page.getByRole('button', { name: 'Send Feedback' }).click();
        expect(Object.fromEntries(new URLSearchParams((await sent).postData() ?? ''))).toEqual({
          user_id: String(made.dependantId),
          feedback: `The charts at ${width} px`,
        });
        expect((await answered).status()).toBe(200);
        await page.getByText('Thanks for your feedback').waitFor();
      } finally {
        await page.context().close();
      }
    }, 240_000);
  }
});

interface ApplianceEntry {
  name: string;
  appliance_type_id: number;
  status: { state: string };
  cost: { unit: string; value: number };
  duration: { unit: string; value: number };
}

interface ApplianceDetail {
  name: string;
  currency_unit: string;
  energy_unit: string;
  time_series: {
    timestamp: number;
    appliance: { cost: number; duration: number; consumed: number };
    comparable: { cost: number; duration: number; consumed: number };
  }[];
}

/** What a row of the appliance list shows for an entry of the API. */
const applianceShown = (a: ApplianceEntry) => ({
  name: a.name,
  href: `/parents-home/appliance/${a.appliance_type_id}`,
  on: a.status.state === 'on',
  figures: [
    `${a.cost.value < 0 ? '-' : ''}${a.cost.unit}${Math.abs(a.cost.value).toFixed(2)}`,
    // The test's uses add up to under an hour a day, which the screen writes in minutes ('30 min');
    // anything else would be a figure this test did not plan for, and fails.
    a.duration.unit === 'mins' && a.duration.value < 60
      ? `${a.duration.value} min`
      : `unplanned ${a.duration.value} ${a.duration.unit}`,
  ],
});

const appliancesOnPage = (page: Page) =>
  page.locator('.appliance-list__item').evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector('.appliance-list__name')?.textContent ?? '',
      href: item.querySelector('.appliance-list__name')?.getAttribute('href') ?? '',
      on: item.querySelector('.on-marker') !== null,
      figures: [...item.querySelectorAll('.appliance-list__figures > span')].map((s) => s.textContent ?? ''),
    })),
  );

/** The values of a series chart's table (each row's cells), the chart named by its caption. */
async function seriesTable(page: Page, caption: string) {
  const figure = page.getByRole('figure', { name: caption, exact: true });
  const closed = figure.locator('details.chart__table:not([open]) > summary');
  if ((await closed.count()) > 0) await closed.click(); // built when opened, as for a person
  await figure.locator('.table-scroll table').waitFor();
  return figure
    .locator('table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}
