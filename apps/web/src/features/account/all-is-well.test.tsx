import type { Settings } from '@homeview/contract';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// Issue 25: the carer's daily "all is well" message on the InfoCare alert settings, autosaved with its time.

const settings = (over: Partial<Settings> = {}): Settings => ({
  name: 'Mum',
  alert_notification: 1,
  email_report: 0,
  all_is_well: 0,
  all_is_well_time: '10:00',
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('daily all is well (issue 25)', () => {
  it("saves the carer's channels and time on the dependant's settings", async () => {
    logIn();
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /common/settings/': { body: settings() },
      'POST /common/settings/': (call) => {
        posts.push(call);
        return {
          body: settings({
            all_is_well: Number(call.body.get('all_is_well')) as Settings['all_is_well'],
            all_is_well_time: call.body.get('all_is_well_time') ?? '10:00',
          }),
        };
      },
    });
    renderApp('/account/infocare/alerts');
    const sms = await screen.findByLabelText('By SMS');
    expect((screen.getByLabelText('By email') as HTMLInputElement).checked).toBe(false);
    const time = screen.getByLabelText(/Not before/) as HTMLInputElement;
    expect(time.value).toBe('10:00');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(sms);
    fireEvent.input(time, { target: { value: '09:15' } });
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({
      user_id: '22', // the dependant's: the message is about them
      all_is_well: '2',
      all_is_well_time: '09:15',
    });
  });

  it('a time that is not a time is said and not sent', async () => {
    logIn();
    const calls = stubApi({ 'GET /common/settings/': { body: settings({ all_is_well: 1 }) } });
    renderApp('/account/infocare/alerts');
    const time = (await screen.findByLabelText(/Not before/)) as HTMLInputElement;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.input(time, { target: { value: '' } });
    expect(screen.getByText('Enter a time such as 10:00')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('is not offered on an own account (no all_is_well in the answer)', async () => {
    logIn();
    stubApi({ 'GET /common/settings/': { body: { name: 'Mum', alert_notification: 1, email_report: 0 } } });
    renderApp('/account/infocare/alerts');
    await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('By email')).toBeNull();
  });
});
