import type { ActivityDetail, ActivitySingle } from '@homeview/contract';
import { messages } from '@homeview/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { anAlert } from '../testData';
import { activityRows } from './chartRows';
import { addDays, dayStart } from './days';

const at = (day: number, hour: number, minute = 0) =>
  Math.floor(new Date(2026, 10, day, hour, minute).getTime() / 1000);
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
    available: [null, monday, addDays(monday, -7)],
    previous: addDays(monday, -7),
    next: null,
    num_alerts: 1,
    events: [],
    ...overrides,
  };
}

describe('InfoCare activities (spec §2.3)', () => {
  it('stacks each day’s patterns along 0–2400 as the contract describes', () => {
    const activity = detail().activities[0];
    if (!activity) throw new Error('fixture');
    const [tuesday] = activityRows(activity, [at(17, 0)], true);
    expect(tuesday?.segments.map((s) => [s.label, s.start, s.end, s.href])).toEqual([
      ['Kettle', 700, 750, `/parents-home/activities/5?on=${at(17, 0)}&off=${at(18, 0)}`],
      ['Kettle', 1200, 1225, `/parents-home/activities/5?on=${at(17, 0)}&off=${at(18, 0)}`],
      ['Off alert', 900, 1200, `/parents-home/activities/alert/5?on=${at(17, 0)}&off=${at(18, 0)}`],
    ]);
    expect(activityRows(activity, [at(16, 0)], true)[0]?.segments).toEqual([]);
  });

  it('shows the weekly chart of the week asked for, with its bars in the table and the off-alert toggle', async () => {
    logIn();
    const calls = stubApi({ 'GET /weekly_activities/': { body: detail() } });
    const { router } = renderApp(`/parents-home/activities?tab=weekly&timestamp=${monday}`);

    const table = await screen.findByRole('table', { name: /Kettle/ });
    expect(query(calls[0]?.url).get('timestamp')).toBe(String(monday));
    expect(screen.getByRole('link', { name: 'Weekly' }).getAttribute('aria-current')).toBe('page');
    expect(within(table).getAllByRole('row')).toHaveLength(8); // header + 7 days
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Kettle 07:00–07:30', 'Kettle 12:00–12:15']);
    expect((screen.getByLabelText('Week') as HTMLSelectElement).value).toBe(String(monday));

    const toggle = screen.getByRole('checkbox', { name: /Show off alerts/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(within(table).getByRole('link', { name: 'Off alert 09:00–12:00' }).getAttribute('href')).toBe(
      `/parents-home/activities/alert/5?on=${at(17, 0)}&off=${at(18, 0)}`,
    );

    expect((screen.getByRole('button', { name: 'Next week' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?tab=weekly&timestamp=${addDays(monday, -7)}`),
    );
  });

  it('has no off-alert toggle when the period has no off alerts', async () => {
    logIn();
    stubApi({
      'GET /assisted_living/daily_activities/': { body: detail({ num_alerts: 0, inactivities: [] }) },
    });
    renderApp('/parents-home/activities?tab=daily');
    expect(await screen.findByText('No off alerts in this period.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText(/Off alert/)).toBeNull();
    expect((screen.getByLabelText('Day') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Last 7 days',
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
    logIn();
    const now = at(18, 12, 20);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
    // Today is asked with now as its timestamp (spec §7), an earlier day with its start.
    const calls = stubApi({
      'GET /common/appliances/timeline/': (call) =>
        query(call.url).get('timestamp') === String(now)
          ? {
              body: {
                events: [
                  { appliance_type_id: 3, icon: 'kettle', name: 'Kettle', start_timestamp: at(17, 7, 12) },
                ],
              },
            }
          : { body: { events: [] } },
    });
    const { router } = renderApp('/parents-home/activities');
    const link = await screen.findByRole('link', {
      name: `${String(new Date(at(17, 7, 12) * 1000).getHours()).padStart(2, '0')}:12 Kettle`,
    });
    expect(link.getAttribute('href')).toBe('/parents-home/appliance/3');
    expect(query(calls[0]?.url).get('user_id')).toBe('22');
    expect(query(calls[0]?.url).get('timestamp')).toBe(String(now));
    expect((screen.getByRole('button', { name: 'Next day' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    const yesterday = addDays(Math.floor(Date.now() / 1000), -1);
    await waitFor(() => expect(router.state.location.search).toBe(`?timestamp=${yesterday}`));
    expect(await screen.findByText(messages.noAppliancesUsed)).toBeTruthy();
    expect(query(calls[1]?.url).get('timestamp')).toBe(String(dayStart(yesterday)));
  });

  it('shows an activity’s appliances and that day’s alerts', async () => {
    logIn();
    const single: ActivitySingle = {
      activity: {
        activity_type: 'Kettle',
        appliances: [{ name: 'Kettle', appliance_type_id: 3, icon: 'kettle' }],
      },
      alerts: [anAlert({ name: 'Kettle not used by 10:00' })],
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
        body: { activity: { activity_type: 'Kettle', appliances: [] }, alerts: [] },
      },
    });
    renderApp(`/parents-home/activities/alert/5?on=${at(17, 0)}&off=${at(18, 0)}`);
    expect((await screen.findByRole('link', { name: 'View Kettle Activity' })).getAttribute('href')).toBe(
      `/parents-home/activities/5?on=${at(17, 0)}&off=${at(18, 0)}`,
    );
    expect(screen.getByText('No alerts to show')).toBeTruthy();
  });
});
