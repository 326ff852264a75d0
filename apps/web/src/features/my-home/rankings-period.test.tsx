import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type Reply, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { DAY_START, ranking } from './fixtures';

// Rankings say which week and which month they compare (issue 21 item 9), in the house's zone.

const query = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);

describe('Rankings name the compared dates', () => {
  it('under each summary, in the house zone', async () => {
    logIn();
    stubApi({
      'GET /energy_info/user_rankings/': (call): Reply =>
        query(call.url).timescale === 'week'
          ? { body: ranking({ time_zone: 'Europe/London' }) }
          : {
              body: ranking({
                period: { time_unit: 'month', start_timestamp: DAY_START - 4 * 86_400 },
                time_zone: 'Europe/London',
              }),
            },
    });
    renderApp('/my-home/rankings');
    const weekly = await screen.findByRole('region', { name: 'Weekly summary' });
    expect(within(weekly).getByTestId('ranking-period').textContent).toBe(
      'Monday 4 to Sunday 10 November 2024',
    );
    const monthly = await screen.findByRole('region', { name: 'Monthly summary' });
    expect(within(monthly).getByTestId('ranking-period').textContent).toBe('1 to 30 November 2024');
  });

  it('tell a home with gas that they compare electricity only', async () => {
    logIn();
    stubApi({
      'GET /energy_info/user_rankings/': (): Reply => ({
        body: ranking({ time_zone: 'Europe/London', fuels: ['electricity', 'gas'] }),
      }),
    });
    renderApp('/my-home/rankings');
    await screen.findByRole('region', { name: 'Weekly summary' });
    expect(screen.getByTestId('ranking-electricity-only').textContent).toBe(
      "Electricity only: these rankings compare your electricity with other homes'. Your gas is not included.",
    );
  });

  it('say nothing of fuels to a home without gas', async () => {
    logIn();
    stubApi({
      'GET /energy_info/user_rankings/': (): Reply => ({
        body: ranking({ time_zone: 'Europe/London', fuels: ['electricity'] }),
      }),
    });
    renderApp('/my-home/rankings');
    await screen.findByRole('region', { name: 'Weekly summary' });
    expect(screen.queryByTestId('ranking-electricity-only')).toBeNull();
  });
});
