import type { ActivityDetail, ActivitySingle } from '@homeview/contract';
import { messages } from '@homeview/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { anAlert, daysAnswer } from '../testData';
import { activityRows } from './chartRows';

// The dependant's home is in London (UTC in November), the browser in the project's zone (Sydney or Los
// Angeles, vitest.config.ts): every day and time on screen is London's, written out below.
const LONDON = 'Europe/London';
/** Epoch s of a London wall-clock time in November 2026 (GMT, so UTC). */
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute) / 1000;
const DAY = 86_400;
const query = (url: string | undefined) => new URL(url ?? '', 'http://x').searchParams;
const monday = at(16, 0);

afterEach(() => {
  vi.useRealTimers();
});

/** Kettle on 07:00–07:30 and 12:00–12:15 on Tuesday 17th; an off alert from 09:00 until the 12:00 use. */
function detail(overrides: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    activities: [
      {
        activity_id: 5,
        activity_type: 'Kettle',
        icon: 'kettle',
        level: 'Normal',
        patterns: [
          {
            on: at(17, 7),
            off: at(17, 7, 30),
            duration: { off: 700, on: 50 },
            inactivity: { off: 0, on: 0 },
            level: 'Normal',
          },
          {
            on: at(17, 12),
            off: at(17, 12, 15),
            duration: { off: 450, on: 25 },
            inactivity: { off: 150, on: 300 },
            level: 'Normal',
          },
        ],
      },
    ],
    inactivities: [{ activity_id: 5, activity_type: 'Kettle', num_inac_alerts: 1 }],
    available: [null, monday, monday - 7 * DAY],
    previous: monday - 7 * DAY,
    next: null,
    num_alerts: 1,
    events: [],
    time_zone: LONDON,
    ...overrides,
  };
}

describe('InfoCare activities (spec §2.3)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stacks each day’s patterns along 0–2400 as the contract describes', () => {
    const activity = detail().activities[0];
    if (!activity) throw new Error('fixture');
    const [tuesday] = activityRows(activity, [at(17, 0)], true, LONDON);
    expect(tuesday?.segments.map((s) => [s.label, s.start, s.end, s.href])).toEqual([
      ['Kettle', 700, 750, `/parents-home/activities/5?on=${at(17, 0)}&off=${at(18, 0)}`],
      ['Kettle', 1200, 1225, `/parents-home/activities/5?on=${at(17, 0)}&off=${at(18, 0)}`],
      ['No activity alert', 900, 1200, `/parents-home/activities/alert/5?on=${at(17, 0)}&off=${at(18, 0)}`],
    ]);
    expect(tuesday?.label).toBe('Tue 17-11');
    expect(activityRows(activity, [at(16, 0)], true, LONDON)[0]?.segments).toEqual([]);
  });

  it('shows the weekly chart of the week asked for, with its bars in the table and the off-alert toggle', async () => {
    logIn();
    const calls = stubApi({
      'GET /weekly_activities/': { body: detail() },
      'GET /assisted_living/days/': { body: daysAnswer() },
    });
    const { router } = renderApp(`/parents-home/activities?tab=weekly&timestamp=${monday}`);

    const table = await screen.findByRole('table', { name: /Kettle/ });
    const weekly = calls.find((c) => c.url.includes('/weekly_activities/'));
    expect(query(weekly?.url).get('timestamp')).toBe(String(monday));
    expect(screen.getByRole('link', { name: 'Weekly' }).getAttribute('aria-current')).toBe('page');
    expect(within(table).getAllByRole('row')).toHaveLength(8); // header + 7 days
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon 16-11', 'Tue 17-11', 'Wed 18-11', 'Thu 19-11', 'Fri 20-11', 'Sat 21-11', 'Sun 22-11']);
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Kettle 07:00–07:30', 'Kettle 12:00–12:15']);
    const week = screen.getByLabelText('Week') as HTMLSelectElement;
    expect(week.value).toBe(String(monday));
    expect([...week.options].map((o) => o.textContent)).toEqual([
      'Last 7 days',
      'Week of 16-11-26',
      'Week of 09-11-26',
    ]);

    const toggle = screen.getByRole('checkbox', { name: /Show No activity alerts/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(
      within(table).getByRole('link', { name: 'No activity alert 09:00–12:00' }).getAttribute('href'),
    ).toBe(`/parents-home/activities/alert/5?on=${at(17, 0)}&off=${at(18, 0)}`);

    expect((screen.getByRole('button', { name: 'Next week' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=weekly&timestamp=${at(9, 0)}`));
  });

  it('has no off-alert toggle when the period has no off alerts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(16, 10) * 1000);
    logIn();
    stubApi({
      'GET /assisted_living/daily_activities/': { body: detail({ num_alerts: 0, inactivities: [] }) },
    });
    renderApp('/parents-home/activities?tab=daily');
    expect(await screen.findByText('No "No activity" alerts in this period.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText(/No activity alert/)).toBeNull();
    expect((screen.getByLabelText('Day') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Mon 16-11-26',
    );
  });

  it('keeps activity failures silent', async () => {
    logIn();
    stubApi({ 'GET /assisted_living/daily_activities/': { status: 500 } });
    renderApp('/parents-home/activities?tab=daily');
    expect(await screen.findByText('No activities to show for this period.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists a day’s events on the timeline, each start time linking to its appliance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(18, 10) * 1000); // Wednesday 18th, 10:00 in London
    logIn();
    const now = at(18, 12, 20);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
    // Today is asked with now as its timestamp (spec §7), an earlier day with its start.
    const all = stubApi({
      'GET /common/appliances/timeline/': (call) =>
        query(call.url).get('timestamp') === String(now)
          ? {
              body: {
                events: [
                  { appliance_type_id: 3, icon: 'kettle', name: 'Kettle', start_timestamp: at(18, 7, 12) },
                ],
                time_zone: LONDON,
              },
            }
          : { body: { events: [], time_zone: LONDON } },
    });
    const { router } = renderApp('/parents-home/activities');
    // The timeline's calls (the day's alerts are asked too, issue 33).
    const calls = { get: () => all.filter((c) => c.url.includes('/appliances/timeline/')) };
    const link = await screen.findByRole('link', { name: '07:12 Kettle' });
    expect(link.getAttribute('href')).toBe('/parents-home/appliance/3');
    expect(query(calls.get()[0]?.url).get('user_id')).toBe('22');
    expect(query(calls.get()[0]?.url).get('timestamp')).toBe(String(now));
    expect(screen.getByRole('heading', { name: 'Today' })).toBeTruthy();
    // The day field writes the date as the page does (issue 33).
    expect((screen.getByLabelText('Day (dd-mm-yy)') as HTMLInputElement).value).toBe('18-11-26');
    expect((screen.getByRole('button', { name: 'Next day' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?timestamp=${at(17, 0)}`));
    expect(await screen.findByText(messages.noAppliancesUsed)).toBeTruthy();
    expect(query(calls.get()[1]?.url).get('timestamp')).toBe(String(at(17, 0)));
    expect(screen.getByRole('heading', { name: 'Tue 17-11-26' })).toBeTruthy();
  });

  it("shows a dependant in Sydney on Sydney's clock: days, times and day steps", async () => {
    // 22:00 UTC on Tuesday 17th is 09:00 on Wednesday 18th in Sydney (UTC+11 in November).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(17, 22) * 1000);
    logIn();
    const sydneyMidnight = (day: number) => at(day - 1, 13); // 00:00 AEDT is 13:00 UTC the day before
    const all = stubApi({
      'GET /common/appliances/timeline/': {
        body: {
          events: [{ appliance_type_id: 3, icon: 'kettle', name: 'Kettle', start_timestamp: at(17, 20, 30) }],
          time_zone: 'Australia/Sydney',
        },
      },
      'GET /assisted_living/daily_activities/': {
        body: detail({
          available: [null, sydneyMidnight(18), sydneyMidnight(17)],
          previous: sydneyMidnight(17),
          time_zone: 'Australia/Sydney',
        }),
      },
      'GET /weekly_activities/': {
        body: detail({ available: [null, sydneyMidnight(16)], time_zone: 'Australia/Sydney' }),
      },
    });
    const { router } = renderApp('/parents-home/activities');
    // The timeline's calls (the day's alerts are asked too, issue 33).
    const calls = { get: () => all.filter((c) => c.url.includes('/appliances/timeline/')) };
    await screen.findByRole('link', { name: '07:30 Kettle' });
    // The day field writes the date as the page does (issue 33).
    expect((screen.getByLabelText('Day (dd-mm-yy)') as HTMLInputElement).value).toBe('18-11-26');
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?timestamp=${sydneyMidnight(17)}`));
    expect(query(calls.get()[1]?.url).get('timestamp')).toBe(String(sydneyMidnight(17)));
    expect(await screen.findByRole('heading', { name: 'Tue 17-11-26' })).toBeTruthy();

    await router.navigate('/parents-home/activities?tab=daily');
    const day = (await screen.findByLabelText('Day')) as HTMLSelectElement;
    // Daily shows one day (issue 33 item 13): it opens on Sydney's today, the 18th, asked as now, and offers
    // days only, not the API's 'Last 7 days' that Weekly opens on.
    expect([...day.options].map((o) => o.textContent)).toEqual(['Wed 18-11-26', 'Tue 17-11-26']);
    expect(day.selectedOptions[0]?.textContent).toBe('Wed 18-11-26');
    const daily = all.filter((c) => c.url.includes('/daily_activities/'));
    expect(query(daily[0]?.url).get('timestamp')).toBe(String(at(17, 22)));
    const table = await screen.findByRole('table', { name: /Kettle, Wed 18-11-26/ });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Wed 18-11']);

    // Weekly still opens on the last 7 days, ending with Sydney's today.
    await router.navigate('/parents-home/activities?tab=weekly');
    const weekly = await screen.findByRole('table', { name: /Kettle, Last 7 days/ });
    expect(
      within(weekly)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Thu 12-11', 'Fri 13-11', 'Sat 14-11', 'Sun 15-11', 'Mon 16-11', 'Tue 17-11', 'Wed 18-11']);
  });

  it('shows an activity’s appliances and that day’s alerts', async () => {
    logIn();
    const single: ActivitySingle = {
      activity: {
        activity_type: 'Kettle',
        appliances: [{ name: 'Kettle', appliance_type_id: 3, icon: 'kettle' }],
      },
      alerts: [anAlert({ name: 'Kettle not used by 10:00' })],
      time_zone: LONDON,
    };
    const calls = stubApi({ 'GET /assisted_living/activities/5/': { body: single } });
    renderApp(`/parents-home/activities/5?on=${at(17, 0)}&off=${at(18, 0)}`);
    expect((await screen.findByRole('link', { name: 'Kettle' })).getAttribute('href')).toBe(
      '/parents-home/appliance/3',
    );
    expect(screen.getByRole('article').textContent).toContain('Kettle not used by 10:00');
    expect(Object.fromEntries(query(calls[0]?.url))).toEqual({
      dependant_user_id: '22',
      activity_id: '5',
      start_timestamp: String(at(17, 0)),
      end_timestamp: String(at(18, 0)),
    });
  });

  it("lists an activity's alerts with a link to the whole day", async () => {
    logIn();
    stubApi({
      'GET /assisted_living/activities/5/': {
        body: { activity: { activity_type: 'Kettle', appliances: [] }, alerts: [], time_zone: LONDON },
      },
    });
    renderApp(`/parents-home/activities/alert/5?on=${at(17, 0)}&off=${at(18, 0)}`);
    expect((await screen.findByRole('link', { name: 'View Kettle Activity' })).getAttribute('href')).toBe(
      `/parents-home/activities/5?on=${at(17, 0)}&off=${at(18, 0)}`,
    );
    expect(screen.getByText('No alerts to show')).toBeTruthy();
  });
});
