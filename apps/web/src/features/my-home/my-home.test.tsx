import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Reply, renderApp, stubApi } from '../../test/app';
import { logIn, session } from '../../test/fixtures';
import { DAY_START, energyView, ranking } from './fixtures';

// HomeView's screens against the stub API (requests and answers checked against the contract).

const USER = session.userId;
const query = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);
const NOW = DAY_START + 12 * 3600 + 20 * 60; // Tuesday 5 November 2024, 12:20 in London

/** Pins the browser's clock: reads of today send now as their `timestamp` (spec §7). */
function pinClock(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HomeView screens (spec §2.2)', () => {
  it("/my-home shows the answer's balance, last update, chart and appliance lists", async () => {
    logIn();
    pinClock();
    // The house's zone, so its times read the same in any browser zone.
    const calls = stubApi({
      'GET /energy_info/today/': { body: energyView({ time_zone: 'Europe/London' }) },
    });
    renderApp('/my-home');
    expect((await screen.findByRole('status')).textContent).toContain("Fetching today's energy");
    expect((await screen.findByTestId('balance-cost')).textContent).toBe('£2.35');
    expect(screen.getByTestId('balance-income').textContent).toBe('£0.40');
    // Signed as the chooser says it ("Today's balance is -£1.95"), the outcome in words under it.
    expect(screen.getByTestId('balance-profit-loss').textContent).toBe('-£1.95');
    expect(screen.getByTestId('balance-outcome').textContent).toBe('Loss');
    expect(screen.getByRole('heading', { level: 2, name: "TODAY'S BALANCE" })).toBeTruthy();
    expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 12:00 05-11-24');
    expect(query(calls[0]!.url)).toEqual({ user_id: String(USER), timestamp: String(NOW) });
    const onNow = screen.getByRole('region', { name: 'On in the past hour' });
    expect(within(onNow).getByText('On in the last hour')).toBeTruthy();
    expect(within(onNow).getByRole('link', { name: 'Washing machine' }).getAttribute('href')).toBe(
      '/my-home/appliance/7',
    );
    const costly = screen.getByRole('region', { name: 'Most costly appliances' });
    expect(costly.textContent).toContain('£0.47 (20% of the cost)');
    const chart = screen.getByRole('figure', { name: /Cost and income/ });
    expect(within(chart).getAllByRole('row').length).toBeGreaterThan(24);
    const toggle = screen.getByRole('button', { name: 'Collapse Chart' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand Chart' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('figure', { name: /Cost and income/ })).toBeNull();
  });

  it('/my-home left open asks for today again every minute, so its figures follow the readings', async () => {
    logIn();
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW * 1000);
    let asked = 0;
    const calls = stubApi({
      'GET /energy_info/today/': (): Reply => {
        asked += 1;
        // The second read finds a minute's more readings.
        return {
          body: energyView({
            time_zone: 'Europe/London',
            latest_updated: DAY_START + 12 * 3600 + (asked - 1) * 60,
          }),
        };
      },
    });
    renderApp('/my-home');
    await waitFor(() =>
      expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 12:00 05-11-24'),
    );
    vi.advanceTimersByTime(59_000);
    expect(asked).toBe(1);
    vi.advanceTimersByTime(1_000);
    await waitFor(() =>
      expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 12:01 05-11-24'),
    );
    expect(query(calls[1]!.url)).toEqual({ user_id: String(USER), timestamp: String(NOW + 60) });
  });

  it('Weekly opens on the last 7 days with Previous to the week before, and Next back', async () => {
    logIn();
    const weekBefore = DAY_START - 8 * 86_400; // Monday 28 October 2024
    const thisWeek = DAY_START - 86_400; // Monday 4 November 2024
    const calls = stubApi({
      'GET /energy_info/detail/': (call): Reply => {
        const ts = query(call.url).timestamp;
        if (ts === undefined)
          return {
            body: energyView({
              subtitle: 'Last 7 days',
              period: { time_unit: 'week', start_timestamp: DAY_START - 6 * 86_400 },
              available: [null, thisWeek, weekBefore],
              previous: weekBefore,
              next: null,
            }),
          };
        const start = Number(ts);
        return {
          body: energyView({
            subtitle: start === weekBefore ? 'Week of 28 October 2024' : 'Week of 4 November 2024',
            period: { time_unit: 'week', start_timestamp: start },
            available: [null, thisWeek, weekBefore],
            previous: start === weekBefore ? null : weekBefore,
            next: start === weekBefore ? thisWeek : null,
          }),
        };
      },
    });
    renderApp('/my-home/usage');
    fireEvent.click(screen.getByRole('tab', { name: 'Weekly' }));
    await screen.findByRole('heading', { name: 'Last 7 days' });
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    // The week before is not the same seven days: no "than last week" on the rolling view.
    expect(screen.queryByTestId('period-change')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'Week of 28 October 2024' });
    expect(query(calls.at(-1)!.url)).toMatchObject({ timescale: 'week', timestamp: String(weekBefore) });
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Week of 4 November 2024' });
    expect(query(calls.at(-1)!.url)).toMatchObject({ timescale: 'week', timestamp: String(thisWeek) });
    expect(await screen.findByTestId('period-change')).toBeTruthy();
    // Back on the last 7 days (every answer now cached, the week before's too): still no comparison.
    // A select's own change event (the library's fireEvent.change sends input events under preact/compat).
    const period = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    period.value = '';
    fireEvent(period, new Event('change', { bubbles: true }));
    await screen.findByRole('heading', { name: 'Last 7 days' });
    expect(screen.queryByTestId('period-change')).toBeNull();
  });

  it('shows a failure as a danger alert with the status text', async () => {
    logIn();
    stubApi({ 'GET /energy_info/today/': { status: 500, body: { error: 'Database away' } } });
    renderApp('/my-home');
    expect((await screen.findByRole('alert')).textContent).toContain('Internal Server Error: Database away');
  });

  it('Usage: Timeline first; Daily pages with previous/next, disabled at the ends; a new tab resets the period', async () => {
    logIn();
    pinClock();
    const details: string[] = [];
    const calls = stubApi({
      // Today is asked with now as its timestamp (spec §7), an earlier day with that day's noon.
      'GET /common/appliances/timeline/': (call): Reply => ({
        body:
          query(call.url).timestamp !== String(NOW)
            ? { events: [] }
            : {
                events: [
                  {
                    appliance_type_id: 1,
                    icon: 'kettle',
                    name: 'Kettle',
                    start_timestamp: DAY_START + 7 * 3600,
                  },
                ],
                time_zone: 'Europe/London',
              },
      }),
      'GET /energy_info/detail/': (call): Reply => {
        const q = query(call.url);
        details.push(`${q.timescale}:${q.timestamp ?? '-'}`);
        const start = q.timestamp ? Number(q.timestamp) : DAY_START;
        const first = start <= DAY_START - 86_400;
        return {
          body: energyView({
            subtitle: first ? 'Monday 4 November 2024' : 'Tuesday 5 November 2024',
            period: { time_unit: q.timescale === 'week' ? 'week' : 'day', start_timestamp: start },
            previous: first ? null : DAY_START - 86_400,
            next: first ? DAY_START : null,
            balance: first
              ? { income: 3, cost: 1, profit_loss: 2 }
              : { income: 0.4, cost: 2.35, profit_loss: -1.95 },
          }),
        };
      },
    });
    renderApp('/my-home/usage');
    expect(screen.getByRole('tab', { name: 'Timeline' }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByText('Kettle')).closest('li')?.textContent).toContain('07:00');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('No appliances used during this period')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Daily' }));
    await screen.findByRole('heading', { name: 'Tuesday 5 November 2024' });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByTestId('period-change')).textContent).toBe(
      'Cost: £1.35 more than the day before',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'Monday 4 November 2024' });
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Well done! You were in profit')).toBeTruthy();
    expect(screen.getByText('Profit')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Weekly' }));
    await waitFor(() => expect(details.at(-1)).toBe('week:-'));
    expect(details).toContain(`day:${DAY_START - 86_400}`);
    expect(calls.some((c) => c.url.includes('timescale=day') && !c.url.includes('timestamp'))).toBe(true);
  });

  it('compares a day under way with the same part of yesterday, as the answer gives it, and says so', async () => {
    logIn();
    const asked: string[] = [];
    stubApi({
      'GET /common/appliances/timeline/': { body: { events: [] } },
      'GET /energy_info/detail/': (call): Reply => {
        const q = query(call.url);
        asked.push(`${q.timescale}:${q.timestamp ?? '-'}`);
        return {
          body: energyView({
            time_zone: 'Europe/London',
            previous: DAY_START - 86_400,
            balance: { income: 0.4, cost: 1.5, profit_loss: -1.1 },
            previous_so_far: {
              start_timestamp: DAY_START - 86_400,
              end_timestamp: DAY_START - 86_400 + 12 * 3600 + 20 * 60,
              cost: 2.41,
            },
          }),
        };
      },
    });
    renderApp('/my-home/usage');
    fireEvent.click(screen.getByRole('tab', { name: 'Daily' }));
    expect((await screen.findByTestId('period-change')).textContent).toBe(
      'Cost: £0.91 less than yesterday by 12:20',
    );
    // The part of yesterday came with today's answer: yesterday as a whole is not asked for.
    expect(asked).toEqual(['day:-']);
  });

  it("Timeline shows the house's day and times (its time_zone), not the browser's", async () => {
    logIn();
    pinClock(); // 12:20 in London is 21:20 in Tokyo: today there is 5 November too
    const asked: string[] = [];
    const start = Date.parse('2024-11-05T00:00:00Z') / 1000; // 09:00 in Tokyo
    stubApi({
      'GET /common/appliances/timeline/': (call): Reply => {
        asked.push(query(call.url).timestamp ?? '-');
        return {
          body: {
            events: [{ appliance_type_id: 1, icon: 'kettle', name: 'Kettle', start_timestamp: start }],
            time_zone: 'Asia/Tokyo',
          },
        };
      },
    });
    renderApp('/my-home/usage');
    expect((await screen.findByText('Kettle')).closest('li')?.textContent).toContain('09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(asked.length).toBe(2));
    // The day asked for is the day before today in Tokyo (4 November): its local noon, 03:00 UTC.
    expect(Number(asked[1])).toBe(Date.parse('2024-11-04T03:00:00Z') / 1000);
  });

  it('Timeline says which uses were estimated from the meter, and only those', async () => {
    logIn();
    const start = Date.parse('2024-11-05T07:02:00Z') / 1000;
    stubApi({
      'GET /common/appliances/timeline/': {
        body: {
          events: [
            { appliance_type_id: 1, icon: 'kettle', name: 'Kettle', start_timestamp: start, estimated: true },
            { appliance_type_id: 2, icon: 'microwave', name: 'Microwave', start_timestamp: start + 600 },
          ],
          time_zone: 'Europe/London',
        },
      },
    });
    renderApp('/my-home/usage');
    expect((await screen.findByText('Kettle')).closest('li')?.textContent).toContain(
      'estimated from your meter',
    );
    expect(screen.getByText('Microwave').closest('li')?.textContent).not.toContain('estimated');
  });

  it('Rankings names the group compared against and charts you, similar and all homes', async () => {
    logIn();
    stubApi({
      'GET /energy_info/user_rankings/': (call): Reply =>
        query(call.url).timescale === 'week'
          ? { body: ranking() }
          : {
              body: ranking({
                summary: 'You used 3% more than similar homes',
                generation: { you: 5, similar: 2, all: 1.5 },
              }),
            },
    });
    renderApp('/my-home/rankings');
    expect((await screen.findByTestId('comparing')).textContent).toBe(
      'Comparing against Semi Detached homes with 2 to 4 occupants (11 homes with enough data)',
    );
    const weekly = await screen.findByRole('region', { name: 'Weekly summary' });
    expect(weekly.textContent).toContain('You used 12% less than similar homes');
    expect(within(weekly).getAllByRole('figure')).toHaveLength(2);
    expect(within(weekly).getByRole('figure', { name: /Cost/ }).textContent).toContain('£12.25');
    const monthly = await screen.findByRole('region', { name: 'Monthly summary' });
    expect(within(monthly).getAllByRole('figure')).toHaveLength(3);
  });

  it('Appliances lists most used first, then the chosen view, with the On marker', async () => {
    logIn();
    const calls = stubApi({
      'GET /common/appliances/': (call): Reply => ({
        body: {
          subtitle: 'Today, Tuesday 5 November 2024',
          appliances:
            query(call.url).view_type === 'all'
              ? [
                  {
                    name: 'Kettle',
                    appliance_type_id: 1,
                    icon: 'kettle',
                    status: { state: 'off' },
                    cost: { unit: '£', value: 0.07 },
                    duration: { value: 6, unit: 'mins' },
                  },
                  {
                    name: 'Microwave',
                    appliance_type_id: 2,
                    icon: 'microwave',
                    status: { state: 'off' },
                    cost: { unit: '£', value: 0 },
                    duration: { value: 0, unit: 'mins' },
                  },
                ]
              : [
                  {
                    name: 'Washing machine',
                    appliance_type_id: 7,
                    icon: 'washing-machine',
                    status: { state: 'on' },
                    cost: { unit: '£', value: 0.27 },
                    duration: { value: 20, unit: 'mins' },
                  },
                ],
        },
      }),
    });
    renderApp('/my-home/appliances');
    const list = await screen.findByRole('list', { name: 'Appliances' });
    expect(within(list).getByText('On in the last hour')).toBeTruthy();
    expect(query(calls[0]!.url).view_type).toBe('most_used');
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByRole('link', { name: 'Microwave' });
    expect(query(calls.at(-1)!.url).view_type).toBe('all');
    expect(screen.queryByText('On in the last hour')).toBeNull();
  });

  it('Appliance detail is titled Appliance with a back link to /my-home and the places', async () => {
    logIn();
    const point = (i: number) => ({
      timestamp: DAY_START - (27 - i) * 86_400,
      appliance: { cost: 0.05, duration: 6, consumed: 0.24 },
      comparable: { cost: 0.04, duration: 5, consumed: 0.2 },
    });
    stubApi({
      'GET /common/appliances/1/': {
        body: {
          name: 'Kettle',
          currency_unit: '£',
          time_unit: 'mins',
          energy_unit: 'kWh',
          appliance_rankings: { cost: 2, duration: 3, consumption: 1, out_of: 3 },
          comparable_rankings: { cost: 0.35, duration: 257, consumption: 0.375 },
          time_series: Array.from({ length: 28 }, (_, i) => point(i)),
          compared: { group: 'same_size', description: 'Flat homes with 2 occupants', homes: 2 },
        },
      },
    });
    renderApp('/my-home/appliance/1');
    expect(screen.getByRole('heading', { level: 1, name: 'Appliance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Home' }).getAttribute('href')).toBe('/my-home');
    expect((await screen.findByText('2nd of 3')).tagName).toBe('DD');
    expect(screen.getByText('1st of 3')).toBeTruthy();
    expect(screen.getByTestId('appliance-compared').textContent).toBe(
      'Comparing against Flat homes with 2 occupants that have one (2 homes)',
    );
    expect(screen.getByRole('figure', { name: 'Kettle: energy per day' })).toBeTruthy();
    // The average home's time on reads as every other duration does, not '257 mins'.
    expect(screen.getByText(/^The average comparable home:/).textContent).toBe(
      'The average comparable home: £0.35, 4 h 17 min, 0.38 kWh.',
    );
  });

  it('Feedback: refuses an empty text without a call, sends the text and thanks', async () => {
    logIn();
    const calls = stubApi({ 'POST /common/feedback/': { body: { detail: 'Thanks for your feedback' } } });
    renderApp('/my-home/feedback');
    const field = screen.getByLabelText('Your feedback') as HTMLTextAreaElement;
    expect(field.placeholder).toBe("I'd like to say...");
    expect(field.maxLength).toBe(5000); // as the server's limit (contract limits.ts)
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(screen.getByText('Please write your feedback first')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'More charts please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect((await screen.findByRole('status')).textContent).toContain('Thanks for your feedback');
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      user_id: String(USER),
      feedback: 'More charts please',
    });
    expect(calls[0]!.headers['X-CSRFToken']).toBe(session.csrfToken);
    expect(screen.queryByLabelText('Your feedback')).toBeNull(); // the thanks replaces the form, as in InfoCare
  });
});
