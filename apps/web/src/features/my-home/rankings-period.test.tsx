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
});
