import { messages } from '@homeview/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import {
  getCsrfToken,
  getDependantUserId,
  getHouseId,
  getIsDemoUser,
  getStoredUser,
  storageKeys,
} from '../../shared/storage';
import { deferred, type RecordedCall, type Reply, renderApp, stubApi } from '../../test/app';
import { careItem, homeItem, logIn, loginResponse } from '../../test/fixtures';

const usernameInput = () => screen.getByLabelText('Username');
const passwordInput = () => screen.getByLabelText('Password', { selector: 'input' });
const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

function fillIn(username: string, password: string) {
  fireEvent.change(usernameInput(), { target: { value: username } });
  fireEvent.change(passwordInput(), { target: { value: password } });
}

const loginCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/v3/accounts/login/');

describe('login form validation (spec §5.2)', () => {
  it('shows both required messages, tied to their fields, and makes no call when both are empty', async () => {
    const calls = stubApi({});
    renderApp('/login');
    signIn();

    const usernameError = await screen.findByText(messages.usernameRequired);
    const passwordError = screen.getByText(messages.passwordRequired);
    expect(usernameInput().getAttribute('aria-invalid')).toBe('true');
    expect(usernameInput().getAttribute('aria-describedby')).toBe(usernameError.id);
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true');
    expect(passwordInput().getAttribute('aria-describedby')).toBe(passwordError.id);
    expect(document.activeElement).toBe(usernameInput());
    expect(loginCalls(calls)).toHaveLength(0);
  });

  it('shows only the password message when just the username is filled, and makes no call', async () => {
    const calls = stubApi({});
    renderApp('/login');
    fillIn('alice', '');
    signIn();

    expect(await screen.findByText(messages.passwordRequired)).toBeTruthy();
    expect(screen.queryByText(messages.usernameRequired)).toBeNull();
    expect(usernameInput().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(passwordInput());
    expect(loginCalls(calls)).toHaveLength(0);
  });

  it('treats a username of spaces as empty', async () => {
    const calls = stubApi({});
    renderApp('/login');
    fillIn('   ', 'secret');
    signIn();
    expect(await screen.findByText(messages.usernameRequired)).toBeTruthy();
    expect(loginCalls(calls)).toHaveLength(0);
  });

  it('clears a message as soon as the field is filled', async () => {
    stubApi({});
    renderApp('/login');
    signIn();
    await screen.findByText(messages.usernameRequired);
    fireEvent.change(usernameInput(), { target: { value: 'alice' } });
    expect(screen.queryByText(messages.usernameRequired)).toBeNull();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
  });
});

describe('logging in', () => {
  it('posts the form-encoded credentials with cookies and shows a loading indicator meanwhile', async () => {
    const answer = deferred<Reply>();
    const calls = stubApi({
      'POST /accounts/login/': () => answer.promise,
      'GET /common/popup/': { body: [] },
    });
    renderApp('/login');
    fillIn(' alice ', 'p@ss word');
    signIn();

    const button = await screen.findByRole('button', { name: /Signing in/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Signing in');

    const [call] = loginCalls(calls);
    expect(call).toBeDefined();
    expect(call?.body.get('username')).toBe('alice');
    expect(call?.body.get('password')).toBe('p@ss word');
    expect(call?.credentials).toBe('include');

    answer.resolve({ body: loginResponse() });
    expect(await screen.findByRole('link', { name: 'My Home' })).toBeTruthy();
  });

  it('shows the wrong-password message with a link to /forgot-password on 401, and stores nothing', async () => {
    stubApi({ 'POST /accounts/login/': { status: 401, body: { error: 'Invalid credentials' } } });
    renderApp('/login');
    fillIn('alice', 'wrong');
    signIn();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.loginFailed);
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/forgot-password');
    expect(getStoredUser()).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the status text and server message for other failures', async () => {
    stubApi({ 'POST /accounts/login/': { status: 500, body: { error: 'Database unavailable' } } });
    renderApp('/login');
    fillIn('alice', 'secret');
    signIn();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Internal Server Error: Database unavailable',
    );
  });

  it('stores the session user and the separate values from the login answer (spec §3)', async () => {
    stubApi({
      'POST /accounts/login/': {
        body: loginResponse({
          dashboard: [homeItem, { ...careItem, num_alerts: 0, demo_user: true }],
        }),
      },
      'GET /common/popup/': { body: [] },
    });
    renderApp('/login');
    fillIn('alice', 'secret');
    signIn();

    await screen.findByRole('link', { name: 'My Home' });
    expect(getStoredUser()).toEqual({
      username: 'alice',
      already_set_up: true,
      user_id: 11,
      user_title: 'My Home',
      dependant_user_id: 22,
      dependant_title: "Mum's Home",
      num_alerts: 0,
    });
    expect(getCsrfToken()).toBe('csrf-new');
    expect(window.localStorage.getItem(storageKeys.spId)).toBe('501');
    expect(getHouseId()).toBe(901);
    expect(getDependantUserId()).toBe(22);
    expect(getIsDemoUser()).toBe(true);
  });
});

describe('after login (spec-decisions "After login")', () => {
  async function logInWith(response: ReturnType<typeof loginResponse>) {
    stubApi({ 'POST /accounts/login/': { body: response }, 'GET /common/popup/': { body: [] } });
    const { router } = renderApp('/login');
    fillIn('alice', 'secret');
    signIn();
    return router;
  }

  it('sends a user who is not set up to /initial-setup, even with alerts', async () => {
    const router = await logInWith(
      loginResponse({ already_set_up: false, dashboard: [homeItem, { ...careItem, num_alerts: 3 }] }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/initial-setup'));
  });

  it('sends a set-up user with InfoCare alerts to /parents-home', async () => {
    const router = await logInWith(loginResponse({ dashboard: [homeItem, { ...careItem, num_alerts: 2 }] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents-home'));
  });

  it('keeps a set-up user without alerts on the chooser, and does not redirect again', async () => {
    const router = await logInWith(loginResponse());
    await screen.findByRole('link', { name: 'My Home' });
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('passes the previous path "login" to the chooser', async () => {
    const answer = deferred<Reply>();
    stubApi({ 'POST /accounts/login/': () => answer.promise, 'GET /common/popup/': { body: [] } });
    const { router } = renderApp('/login');
    const seen: unknown[] = [];
    router.subscribe((state) => seen.push(state.location.state));
    fillIn('alice', 'secret');
    signIn();
    answer.resolve({ body: loginResponse() });
    await waitFor(() => expect(seen).toContainEqual({ from: 'login' }));
  });
});

describe('opening /login ends the session (spec §4)', () => {
  it('posts logout with the stored CSRF token and clears every stored value', async () => {
    logIn();
    const calls = stubApi({ 'POST /accounts/logout/': { body: { detail: 'ok' } } });
    renderApp('/login');

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/v3/accounts/logout/');
    expect(calls[0]?.headers['X-CSRFToken']).toBe('csrf-old');
    for (const key of Object.values(storageKeys)) expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('clears storage even when the logout call fails', async () => {
    logIn();
    stubApi({ 'POST /accounts/logout/': { status: 500 } });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'HomeView & InfoCare' })).toBeTruthy();
    expect(getStoredUser()).toBeNull();
    expect(getCsrfToken()).toBeNull();
  });

  it('does not call logout when no CSRF token is stored', async () => {
    const calls = stubApi({});
    renderApp('/login');
    await screen.findByRole('heading', { name: 'HomeView & InfoCare' });
    expect(calls).toHaveLength(0);
  });
});

describe('coming back after signing in (?next=)', () => {
  const signInAt = async (path: string) => {
    stubApi({
      'POST /accounts/login/': { body: loginResponse() },
      'GET /common/popup/': { body: [] },
      'GET /dashboard/': { body: [] },
    });
    const { router } = renderApp(path);
    fillIn('alice', 'secret');
    signIn();
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
    return router;
  };

  it('goes back to the page of this site that sent the visitor, with its query', async () => {
    const router = await signInAt(
      `/login?next=${encodeURIComponent('/account/infocare/carers/accept?token=7-abc')}`,
    );
    expect(router.state.location.pathname).toBe('/account/infocare/carers/accept');
    expect(router.state.location.search).toBe('?token=7-abc');
  });

  for (const next of [
    'https://evil.example/account',
    '//evil.example/account',
    '/\\evil.example/account',
    '/\t/evil.example/account',
    'javascript:alert(1)',
    'account',
  ]) {
    it(`ignores a next that could leave the site (open redirect): ${JSON.stringify(next)}`, async () => {
      const router = await signInAt(`/login?next=${encodeURIComponent(next)}`);
      // The ordinary way after signing in: the chooser, on this site.
      expect(router.state.location.pathname).toBe('/');
      expect(await screen.findByRole('link', { name: 'My Home' })).toBeTruthy();
    });
  }
});
