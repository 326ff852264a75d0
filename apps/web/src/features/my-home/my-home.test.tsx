import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type Reply, renderApp, stubApi } from '../../test/app';
import { logIn, session } from '../../test/fixtures';
import { DAY_START, energyView, ranking } from './fixtures';

// HomeView's screens against the stub API (requests and answers checked against the contract).

const USER = session.userId;
const query = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);

describe('HomeView screens (spec §2.2)', () => {
  it("/my-home shows the answer's balance, last update, chart and appliance lists", async () => {
    logIn();
    const calls = stubApi({ 'GET /energy_info/today/': { body: energyView() } });
    renderApp('/my-home');
    expect((await screen.findByRole('status')).textContent).toContain("Fetching today's energy");
    expect((await screen.findByTestId('balance-cost')).textContent).toBe('£2.35');
    expect(screen.getByTestId('balance-income').textContent).toBe('£0.40');
    expect(screen.getByTestId('balance-profit-loss').textContent).toBe('£1.95');
    expect(screen.getByText('Loss')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: "TODAY'S BALANCE" })).toBeTruthy();
    expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 12:00 05-11-24');
    expect(query(calls[0]!.url)).toEqual({ user_id: String(USER) });
    const onNow = screen.getByRole('region', { name: 'On in the past hour' });
    expect(within(onNow).getByText('On')).toBeTruthy();
    expect(within(onNow).getByRole('link', { name: 'Washing machine' }).getAttribute('href')).toBe(
      '/my-home/appliance/7',
    );
    const costly = screen.getByRole('region', { name: 'Most costly appliances' });
    expect(costly.textContent).toContain('£0.47 (20% of the cost)');
    const chart = screen.getByRole('figure', { name: /Cost and income/ });
    expect(within(chart).getAllByRole('row').length).toBeGreaterThan(24);
    const toggle = screen.getByRole('button', { name: 'Collapse chart' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand chart' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('figure', { name: /Cost and income/ })).toBeNull();
  });

  it('shows a failure as a danger alert with the status text', async () => {
    logIn();
    stubApi({ 'GET /energy_info/today/': { status: 500, body: { error: 'Database away' } } });
    renderApp('/my-home');
    expect((await screen.findByRole('alert')).textContent).toContain('Internal Server Error: Database away');
  });

  it('Usage: Timeline first; Daily pages with previous/next, disabled at the ends; a new tab resets the period', async () => {
    logIn();
    const details: string[] = [];
    const calls = stubApi({
      'GET /common/appliances/timeline/': (call): Reply => ({
        body: query(call.url).timestamp
          ? { events: [], time_zone: 'Europe/London' }
          : {
              time_zone: 'Europe/London',
              events: [
                {
                  appliance_type_id: 1,
                  icon: 'kettle',
                  name: 'Kettle',
                  start_timestamp: DAY_START + 7 * 3600,
                },
              ],
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

  it("Timeline shows the house's day and times (its time_zone), not the browser's", async () => {
    logIn();
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
    // The day asked for is the day before today in Tokyo: its local noon.
    const tokyoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const yesterday = new Date(Date.parse(`${tokyoToday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(Number(asked[1])).toBe(Date.parse(`${yesterday}T03:00:00Z`) / 1000);
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
    expect(within(list).getByText('On')).toBeTruthy();
    expect(query(calls[0]!.url).view_type).toBe('most_used');
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByRole('link', { name: 'Microwave' });
    expect(query(calls.at(-1)!.url).view_type).toBe('all');
    expect(screen.queryByText('On')).toBeNull();
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
          comparable_rankings: { cost: 0.35, duration: 5, consumption: 0.375 },
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
  });

  it('Feedback: refuses an empty text without a call, sends the text and thanks', async () => {
    logIn();
    const calls = stubApi({ 'POST /common/feedback/': { body: { detail: 'Thanks for your feedback' } } });
    renderApp('/my-home/feedback');
    const field = screen.getByLabelText('Your feedback') as HTMLTextAreaElement;
    expect(field.placeholder).toBe("I'd like to say...");
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Please write your feedback first.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'More charts please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect((await screen.findByRole('status')).textContent).toContain('Thanks for your feedback');
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      user_id: String(USER),
      feedback: 'More charts please',
    });
    expect(calls[0]!.headers['X-CSRFToken']).toBe(session.csrfToken);
    expect(field.value).toBe('');
  });
});
