import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { anAlert } from '../testData';

// Alert times on the timeline (issue 33 item 6): "Nothing used for 5 h 47 min since 11:36" names the end
// of a wash the timeline listed only by its start; each use shows when it ended too, and the day's alerts
// appear among the uses at their time.

const LONDON = 'Europe/London';
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute) / 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('Timeline: ends of uses and alerts', () => {
  it('shows each use from start to end and the day’s alerts in time order', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(18, 18, 0) * 1000);
    logIn();
    const alert = anAlert({ timestamp: at(18, 17, 23), level: 'Urgent', name: 'No activity' });
    const yesterday = anAlert({ timestamp: at(17, 9, 0), name: 'Morning not started' });
    stubApi({
      'GET /common/appliances/timeline/': {
        body: {
          events: [
            {
              appliance_type_id: 7,
              icon: 'washing-machine',
              name: 'Washing machine',
              start_timestamp: at(18, 10, 22),
              end_timestamp: at(18, 11, 36),
            },
            { appliance_type_id: 3, icon: 'kettle', name: 'Kettle', start_timestamp: at(18, 17, 40) },
          ],
          time_zone: LONDON,
        },
      },
      'GET /assisted_living/alerts/': { body: { alerts: [alert, yesterday], time_zone: LONDON } },
    });
    renderApp('/parents-home/activities');
    expect(await screen.findByRole('link', { name: '10:22–11:36 Washing machine' })).toBeTruthy();
    await screen.findByText(/Alert: No activity/);
    const rows = [...document.querySelectorAll('.timeline__event')].map((li) => li.textContent);
    expect(rows).toEqual(['10:22–11:36 Washing machine', '17:23Urgent Alert: No activity', '17:40 Kettle']);
  });

  it('takes the day typed as the page writes dates, dd-mm-yy, and refuses a day to come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(18, 18, 0) * 1000);
    logIn();
    stubApi({
      'GET /common/appliances/timeline/': { body: { events: [], time_zone: LONDON } },
      'GET /assisted_living/alerts/': { body: { alerts: [], time_zone: LONDON } },
    });
    const { router } = renderApp('/parents-home/activities');
    await screen.findByText(/No appliances/);
    const field = screen.getByLabelText('Day (dd-mm-yy)') as HTMLInputElement;
    expect(field.value).toBe('18-11-26');
    fireEvent.input(field, { target: { value: '19-11-26' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('A day up to today, as 17-11-26')).toBeTruthy();
    fireEvent.input(field, { target: { value: '16-11-26' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe(`?timestamp=${at(16, 0)}`));
    expect(await screen.findByRole('heading', { name: 'Mon 16-11-26' })).toBeTruthy();
  });
});
