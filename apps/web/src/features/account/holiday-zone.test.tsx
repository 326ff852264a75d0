import type { HolidayMode, SuppliersResponse } from '@homeview/contract';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// Holiday mode's start and end are typed and shown on the clock of the home the screen is about (the
// dependant's, at the infocare level), not the browser's: a carer in Sydney (web) or Los Angeles
// (web-west) sets her mother's holiday in London's dates and times. Every epoch below is written out.

afterEach(() => {
  vi.useRealTimers();
});

const london: SuppliersResponse = { time_zone: 'Europe/London', connections: [] };
const query = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);

/** The screen at `path` with the saved `mode`; the POST answers what it was sent. */
function open(path: string, mode: HolidayMode): { calls: RecordedCall[]; posts: URLSearchParams[] } {
  logIn();
  const posts: URLSearchParams[] = [];
  const calls = stubApi({
    'GET /holiday_mode/': { body: mode },
    'GET /suppliers/': { body: london },
    'POST /holiday_mode/': (call) => {
      posts.push(call.body);
      return {
        body: {
          status: 'SCHEDULED',
          start_timestamp: Number(call.body.get('start_timestamp')),
          end_timestamp: Number(call.body.get('end_timestamp')),
        },
      };
    },
  });
  renderApp(path);
  return { calls, posts };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("holiday mode on the home's clock", () => {
  it("shows a saved schedule in the dependant's home's dates and times, and says whose clock", async () => {
    const { calls } = open('/account/infocare/holiday-mode', {
      status: 'SCHEDULED',
      start_timestamp: 1797757200, // 2026-12-20 09:00 UTC = 09:00 GMT
      end_timestamp: 1798999200, // 2027-01-03 18:00 UTC = 18:00 GMT
    });
    await screen.findByLabelText('Start');
    expect(input('Start').value).toBe('2026-12-20T09:00');
    expect(input('End').value).toBe('2027-01-03T18:00');
    expect(screen.getAllByText("The home's clock (Europe/London)")).toHaveLength(2);
    // The zone is the dependant's home's (user 22); the schedule is asked for the account's own id (11).
    const suppliers = calls.find((c) => c.url.startsWith('/api/v3/suppliers/'));
    expect(query(suppliers!.url)).toEqual({ user_id: '22' });
    const holiday = calls.find((c) => c.url.startsWith('/api/v3/holiday_mode/'));
    expect(query(holiday!.url)).toEqual({ user_id: '11' });
  });

  it('sends what was typed as London times, across the clocks going back (BST start, GMT end)', async () => {
    const { posts } = open('/account/infocare/holiday-mode', {
      status: 'SCHEDULED',
      start_timestamp: 1797757200,
      end_timestamp: 1798999200,
    });
    await screen.findByLabelText('Start');
    fireEvent.change(input('Start'), { target: { value: '2026-10-24T22:00' } });
    fireEvent.change(input('End'), { target: { value: '2026-10-26T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Holiday mode saved');
    expect(Object.fromEntries(posts[0] ?? [])).toEqual({
      user_id: '11',
      status: 'SCHEDULED',
      start_timestamp: '1792875600', // 2026-10-24 21:00 UTC = 22:00 BST
      end_timestamp: '1793007000', // 2026-10-26 09:30 UTC = 09:30 GMT
    });
  });

  it("starts a new schedule at now on the home's clock, 14 days long, and sends those instants", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1796228400 * 1000); // 2026-12-02 16:20 UTC: 16:20 in London, 03:20 next day in Sydney
    const { calls, posts } = open('/account/homeview/holiday-mode', {
      status: 'DISABLED',
      start_timestamp: null,
      end_timestamp: null,
    });
    fireEvent.click(await screen.findByLabelText('Scheduled'));
    expect(input('Start').value).toBe('2026-12-02T16:20');
    expect(input('End').value).toBe('2026-12-16T16:20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Holiday mode saved');
    expect(Object.fromEntries(posts[0] ?? [])).toEqual({
      user_id: '11',
      status: 'SCHEDULED',
      start_timestamp: '1796228400',
      end_timestamp: '1797438000', // 2026-12-16 16:20 UTC
    });
    // At the homeview level the home is the account's own (user 11).
    const suppliers = calls.find((c) => c.url.startsWith('/api/v3/suppliers/'));
    expect(query(suppliers!.url)).toEqual({ user_id: '11' });
  });
});
