import { type ApplianceListItem, messages, PHONE_MESSAGE, type Settings } from '@homeview/contract';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, type RecordedCall, renderApp, type Reply, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { fromDateTimeInput } from '../../shared/time';

const settings = (alert_notification: Settings['alert_notification']): Settings => ({
  name: 'Alice',
  alert_notification,
  email_report: 1,
});
const slow = { timeout: 5_000 }; // the autosave waits 500 ms after the last change

/** The autosave's clock, run by hand: the 500 ms pass when the test says so. */
async function pass(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('alert preferences autosave (spec §2.4, §5.2)', () => {
  it('keeps one save in flight and sends the newest choice after it, so a late answer loses nothing', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    const answers = [deferred<Reply>(), deferred<Reply>()];
    stubApi({
      'GET /common/settings/': { body: settings(1) },
      'POST /common/settings/': (call) => {
        posts.push(call);
        return answers[posts.length - 1]!.promise;
      },
    });
    renderApp('/account/infocare/alerts');
    const email = await screen.findByLabelText('Email');
    const sms = screen.getByLabelText('SMS');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(sms); // email + sms = 3
    await pass(499);
    expect(posts).toHaveLength(0); // not before the delay
    await pass(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body.get('alert_notification')).toBe('3');
    expect(posts[0]?.body.get('user_id')).toBe('22'); // the dependant's, at the infocare level

    fireEvent.click(email); // sms only = 2, chosen while the first save is unanswered
    await pass(500);
    expect(posts).toHaveLength(1); // it waits for the first answer, never racing it

    answers[0]!.resolve({ body: settings(3) });
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]?.body.get('alert_notification')).toBe('2');
    // The late answer to the first save did not put the email tick back.
    expect((email as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(messages.preferenceSaved)).toBeNull();

    answers[1]!.resolve({ body: settings(2) });
    await vi.waitFor(() => expect(screen.getByText(messages.preferenceSaved)).toBeTruthy());
    expect((email as HTMLInputElement).checked).toBe(false);
    expect((sms as HTMLInputElement).checked).toBe(true);
    expect(posts).toHaveLength(2);
  });

  it('refuses to leave no channel: the message, and nothing is sent', async () => {
    logIn();
    const calls = stubApi({ 'GET /common/settings/': { body: settings(1) } });
    renderApp('/account/infocare/alerts');
    const sms = await screen.findByLabelText('SMS');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(sms); // email + sms, then at once email off: the half-way choice is dropped
    fireEvent.click(screen.getByLabelText('Email'));
    fireEvent.click(screen.getByLabelText('SMS'));
    expect(screen.getByText(messages.alertChannelRequired)).toBeTruthy();
    await pass(2_000);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("says 'Could not save preference' when the save fails", async () => {
    logIn();
    stubApi({
      'GET /common/settings/': { body: settings(1) },
      'POST /common/settings/': { status: 500 },
    });
    renderApp('/account/infocare/alerts');
    fireEvent.click(await screen.findByLabelText('SMS'));
    expect(await screen.findByText(messages.couldNotSavePreference, {}, slow)).toBeTruthy();
  });
});

describe('holiday mode (spec §2.4, §4, §9)', () => {
  it('shows the schedule only when SCHEDULED, from now to 14 days on, and sends it', async () => {
    logIn();
    const posts: URLSearchParams[] = [];
    stubApi({
      'GET /holiday_mode/': { body: { status: 'DISABLED', start_timestamp: null, end_timestamp: null } },
      'GET /suppliers/': { body: { time_zone: 'Europe/London', connections: [] } },
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
    const opened = Math.floor(Date.now() / 60_000) * 60; // the inputs show minutes
    renderApp('/account/homeview/holiday-mode');
    fireEvent.click(await screen.findByLabelText('Scheduled'));
    const start = fromDateTimeInput(
      (screen.getByLabelText('Start') as HTMLInputElement).value,
      'Europe/London',
    )!;
    const end = fromDateTimeInput((screen.getByLabelText('End') as HTMLInputElement).value, 'Europe/London')!;
    expect(start).toBeGreaterThanOrEqual(opened);
    expect(start).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(end - start).toBe(14 * 86_400);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.holidayModeSaved)).toBeTruthy();
    expect(Object.fromEntries(posts[0] ?? [])).toEqual({
      user_id: '11',
      status: 'SCHEDULED',
      start_timestamp: String(start),
      end_timestamp: String(end),
    });
    fireEvent.click(screen.getByLabelText('Off')); // a radio click clears the success message
    expect(screen.queryByText(messages.holidayModeSaved)).toBeNull();
    expect(screen.queryByLabelText('Start')).toBeNull();
  });

  it('refuses an end before the start without sending', async () => {
    logIn();
    const calls = stubApi({
      'GET /holiday_mode/': {
        body: { status: 'SCHEDULED', start_timestamp: 1_800_000_000, end_timestamp: 1_800_086_400 },
      },
      'GET /suppliers/': { body: { time_zone: 'Europe/London', connections: [] } },
    });
    renderApp('/account/homeview/holiday-mode');
    const end = await screen.findByLabelText('End');
    fireEvent.change(end, { target: { value: '2020-01-01T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('account cards (spec §2.4)', () => {
  it('links Tariff Details from both levels', async () => {
    logIn();
    stubApi({});
    renderApp('/account/infocare');
    expect((await screen.findByRole('link', { name: /Tariff Details/ })).getAttribute('href')).toBe(
      '/account/infocare/tariff',
    );
    expect(screen.getByRole('link', { name: /Alerts/ })).toBeTruthy();
  });

  it("says the carers' check-in texts the person looked after, not the other carers", async () => {
    logIn();
    stubApi({});
    renderApp('/account/infocare');
    const carers = await screen.findByRole('link', { name: /Carers/ });
    expect(carers.textContent).toContain('a text to the person you look after before an alert');
    expect(carers.textContent).not.toContain('them');
  });
});

describe('account appliances (spec §2.4)', () => {
  const item = (over: Partial<ApplianceListItem>): ApplianceListItem => ({
    appliance_type_id: 1,
    name: 'Kettle',
    appliance_label: 'Kettle',
    appliance_icon: 'kettle',
    show_appliance: true,
    number_of_appliances: 1,
    ...over,
  });

  it('lists each with its icon and label, naming the catalogue appliance only when the label is another', async () => {
    logIn();
    stubApi({
      'GET /list_appliances/': {
        body: {
          appliances: [
            item({}),
            item({
              appliance_type_id: 11,
              name: 'Television',
              appliance_label: 'Big telly',
              appliance_icon: 'tv',
              number_of_appliances: 2,
            }),
            item({
              appliance_type_id: 15,
              name: 'EV charger',
              appliance_label: 'EV charger',
              appliance_icon: 'ev-charger',
              number_of_appliances: 0,
            }),
          ],
        },
      },
    });
    renderApp('/account/homeview/appliances');
    const cards = await screen.findAllByRole('link', { name: /in the home/ });
    expect(cards.map((c) => c.textContent)).toEqual([
      'Kettle1 in the home',
      'Big tellyTelevision · 2 in the home',
      'EV chargerNone in the home',
    ]);
    expect(
      cards.map((c) => c.querySelector('.appliance-badge [data-icon]')?.getAttribute('data-icon')),
    ).toEqual(['kettle', 'tv', 'ev-charger']);
  });

  it("titles the edit page with the appliance's name", async () => {
    logIn();
    stubApi({
      'GET /appliance_settings/': {
        body: {
          appliance_type_id: 11,
          appliance_label: 'Big telly',
          appliance_icon: 'tv',
          show_appliance: true,
          number_of_appliances: 2,
          available_icons: ['tv', 'computer'],
        },
      },
    });
    renderApp('/account/homeview/appliance/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Big telly' })).toBeTruthy();
  });
});

describe("carer's phone for SMS alerts (issue 9)", () => {
  it("checks the number with the contract's rule and saves it, in E.164, on the carer's own id", async () => {
    logIn();
    const posts: URLSearchParams[] = [];
    stubApi({
      'GET /common/settings/': (call) => ({
        body: call.url.includes('user_id=11') ? { ...settings(3), phone: null } : settings(3),
      }),
      'POST /common/settings/': (call) => {
        posts.push(call.body);
        return { body: { ...settings(3), phone: call.body.get('phone') } };
      },
    });
    renderApp('/account/infocare/alerts');
    const phone = await screen.findByLabelText('Mobile number for SMS alerts');
    expect(screen.getByText(/SMS alerts cannot reach you/)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save number' }));
    expect(screen.getByText(PHONE_MESSAGE)).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.change(phone, { target: { value: '07700 900123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save number' }));
    expect(await screen.findByText('Mobile number saved')).toBeTruthy();
    expect(Object.fromEntries(posts[0] ?? [])).toEqual({ user_id: '11', phone: '+447700900123' });
    expect((phone as HTMLInputElement).value).toBe('+447700900123');
  });
});
