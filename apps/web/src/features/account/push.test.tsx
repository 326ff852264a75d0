import { messages, type Settings } from '@homeview/contract';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// Issue 36: "Notify this phone" on the InfoCare alert settings (this browser's push subscription, made
// with the server's key and handed to the server; stopped the same way), push as an alert channel, and
// the iPhone's steps written on the screen. The browser's push machinery is a stand-in here; the e2e
// suite registers the real service worker in Chromium.

const KEY = 'BB-geXw7aXgY0qrwanQioiEBn4mllpeR6Wa0zBUUxYKb3KdZhUW1g8_1VzGMm2II6L9anYS149EFI19mT5P1vaQ';
const HERE = {
  endpoint: 'https://push.example/send/this-phone',
  keys: { p256dh: KEY, auth: 'ZeG4kvjj8pS3BAIjzn8twQ' },
};
const OTHER = { endpoint: 'https://push.example/send/laptop', created_at: 1_700_000_000 };

const settings = (over: Partial<Settings> = {}): Settings => ({
  name: 'Mum',
  alert_notification: 1,
  email_report: 0,
  ...over,
});

/** A browser with service workers and push: `subscribed` is this browser's subscription, if any. */
function pushBrowser(options: { subscribed: boolean; permission?: NotificationPermission }) {
  let current: { endpoint: string; unsubscribe: () => Promise<boolean>; toJSON: () => unknown } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const make = () => ({ endpoint: HERE.endpoint, unsubscribe, toJSON: () => HERE });
  if (options.subscribed) current = make();
  const subscribe = vi.fn(async () => {
    current = make();
    return current;
  });
  const pushManager = { getSubscription: async () => current, subscribe };
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', { permission: options.permission ?? 'default', requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager }),
      getRegistration: async () => ({ pushManager }),
      register: vi.fn(async () => ({})),
    },
  });
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('Notify this phone (issue 36)', () => {
  it("subscribes this phone with the server's key, says so, and stops it again", async () => {
    logIn();
    const browser = pushBrowser({ subscribed: false });
    const posts: RecordedCall[] = [];
    const list = [OTHER];
    stubApi({
      'GET /common/settings/': { body: settings() },
      'GET /push/key/': { body: { public_key: KEY } },
      'GET /push/subscriptions/': () => ({ body: { subscriptions: list } }),
      'POST /push/subscriptions/': (call) => {
        posts.push(call);
        return { body: { subscriptions: [...list, { endpoint: HERE.endpoint, created_at: 1_700_000_100 }] } };
      },
      'POST /push/subscriptions/remove/': (call) => {
        posts.push(call);
        return { body: { subscriptions: list } };
      },
    });
    renderApp('/account/infocare/alerts');
    const button = await screen.findByRole('button', { name: 'Notify this phone' });
    expect(screen.getByText('This phone is not notified yet.')).toBeTruthy();
    expect(screen.getByText('1 other browser is notified too.')).toBeTruthy();
    fireEvent.click(button);
    await screen.findByText('This phone is notified of alerts.');
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(
      btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    ).toBe(KEY);
    expect(posts[0]?.url).toBe('/api/v3/push/subscriptions/');
    expect(posts[0]?.headers['X-CSRFToken']).toBeTruthy();
    expect(posts[0]?.body.get('endpoint')).toBe(HERE.endpoint);
    expect(JSON.parse(posts[0]?.body.get('keys') ?? '')).toEqual(HERE.keys);

    fireEvent.click(screen.getByRole('button', { name: 'Stop notifying this phone' }));
    await screen.findByRole('button', { name: 'Notify this phone' });
    expect(posts[1]?.url).toBe('/api/v3/push/subscriptions/remove/');
    expect(posts[1]?.body.get('endpoint')).toBe(HERE.endpoint);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('shows this phone as notified when the server has its subscription', async () => {
    logIn();
    pushBrowser({ subscribed: true });
    stubApi({
      'GET /common/settings/': { body: settings() },
      'GET /push/key/': { body: { public_key: KEY } },
      'GET /push/subscriptions/': { body: { subscriptions: [{ endpoint: HERE.endpoint, created_at: 1 }] } },
    });
    renderApp('/account/infocare/alerts');
    await screen.findByText('This phone is notified of alerts.');
    expect(screen.getByRole('button', { name: 'Stop notifying this phone' })).toBeTruthy();
    expect(screen.queryByText(/other browser/)).toBeNull();
  });

  it('says when notifications are blocked in this browser', async () => {
    logIn();
    pushBrowser({ subscribed: false, permission: 'denied' });
    stubApi({
      'GET /common/settings/': { body: settings() },
      'GET /push/key/': { body: { public_key: KEY } },
      'GET /push/subscriptions/': { body: { subscriptions: [] } },
    });
    renderApp('/account/infocare/alerts');
    await screen.findByText(/Notifications are blocked for InfoCare in this browser/);
    expect(screen.queryByRole('button', { name: 'Notify this phone' })).toBeNull();
  });

  it('says when the server has no push (VAPID_SUBJECT unset)', async () => {
    logIn();
    pushBrowser({ subscribed: false });
    stubApi({
      'GET /common/settings/': { body: settings() },
      'GET /push/key/': { body: { public_key: null } },
    });
    renderApp('/account/infocare/alerts');
    await screen.findByText(/Notifications are not set up on this server yet/);
    expect(screen.queryByRole('button', { name: 'Notify this phone' })).toBeNull();
  });

  it('writes the iPhone steps on the screen, and asks the server only its key where push is missing', async () => {
    logIn();
    const calls = stubApi({
      'GET /common/settings/': { body: settings() },
      'GET /push/key/': { body: { public_key: KEY } },
    });
    renderApp('/account/infocare/alerts');
    await screen.findByText('This browser cannot show notifications from InfoCare.');
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();
    expect(screen.getByText('Open this page in Safari.')).toBeTruthy();
    // The key says whether push can be chosen as a channel (for the carer's other phones): asked once.
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/push/'))).toBe(true));
    expect(calls.filter((c) => c.url.includes('/push/')).map((c) => c.url)).toEqual(['/api/v3/push/key/']);
  });

  it('offers no push channel a server without push cannot send, and lets a box ticked before be cleared', async () => {
    logIn();
    pushBrowser({ subscribed: false });
    const calls = stubApi({
      'GET /common/settings/': { body: settings({ alert_push: true, all_is_well: 0 }) },
      'GET /push/key/': { body: { public_key: null } },
    });
    renderApp('/account/infocare/alerts');
    await screen.findByText(/Notifications are not set up on this server yet/);
    const alertPush = (await screen.findByLabelText(
      'Push notification (not set up on this server)',
    )) as HTMLInputElement;
    const dailyPush = screen.getByLabelText(
      'By push notification (not set up on this server)',
    ) as HTMLInputElement;
    // Ticked before push was turned off: still there to clear. Never ticked: not offered.
    expect([alertPush.checked, alertPush.disabled]).toEqual([true, false]);
    expect([dailyPush.checked, dailyPush.disabled]).toEqual([false, true]);
    expect(screen.queryByLabelText('Push notification (to each phone set below)')).toBeNull();
    // One read of the key for the page, however many parts of it ask.
    expect(calls.filter((c) => c.url === '/api/v3/push/key/')).toHaveLength(1);
  });

  it('offers push as an alert channel, saved as its own field alert_push (alert_notification stays 0–3)', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /common/settings/': { body: settings() },
      'POST /common/settings/': (call) => {
        posts.push(call);
        return { body: settings({ alert_push: true }) };
      },
    });
    renderApp('/account/infocare/alerts');
    const push = await screen.findByLabelText(/^Push notification/);
    expect((push as HTMLInputElement).checked).toBe(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(push);
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({ user_id: '22', alert_push: 'true' });
  });

  it('swaps email for push in two saves, push first, so no save leaves no channel', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    let held = settings();
    stubApi({
      'GET /common/settings/': { body: held },
      'POST /common/settings/': (call) => {
        posts.push(call);
        const code = call.body.get('alert_notification');
        const push = call.body.get('alert_push');
        held = {
          ...held,
          ...(code === null ? {} : { alert_notification: Number(code) as Settings['alert_notification'] }),
          ...(push === null ? {} : { alert_push: push === 'true' }),
        };
        return { body: held };
      },
    });
    renderApp('/account/infocare/alerts');
    const push = await screen.findByLabelText(/^Push notification/);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(push);
    fireEvent.click(screen.getByLabelText('Email'));
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    expect(posts.map((p) => Object.fromEntries(p.body))).toEqual([
      { user_id: '22', alert_push: 'true' },
      { user_id: '22', alert_notification: '0' },
    ]);
    expect(held).toMatchObject({ alert_notification: 0, alert_push: true });
  });

  it('reads push from alert_push, and counts it as the one box left ticked', async () => {
    logIn();
    const calls = stubApi({
      'GET /common/settings/': { body: settings({ alert_notification: 0, alert_push: true }) },
    });
    renderApp('/account/infocare/alerts');
    const push = await screen.findByLabelText(/^Push notification/);
    expect((push as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(messages.alertChannelRequired)).toBeNull();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(push);
    expect(screen.getByText(messages.alertChannelRequired)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2000);
    vi.useRealTimers();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('signing out takes this browser off the person’s notifications, before the session ends', async () => {
    logIn();
    const browser = pushBrowser({ subscribed: true });
    const calls = stubApi({
      'POST /push/subscriptions/remove/': { body: { subscriptions: [] } },
      'POST /accounts/logout/': { body: { detail: 'Logged out' } },
    });
    renderApp('/login');
    await vi.waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toHaveLength(2));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v3/push/subscriptions/remove/',
      'POST /api/v3/accounts/logout/',
    ]);
    expect(calls[0]?.body.get('endpoint')).toBe(HERE.endpoint);
    expect(calls[0]?.headers['X-CSRFToken']).toBeTruthy();
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });
});
