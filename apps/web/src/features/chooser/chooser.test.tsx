import { messages } from '@homeview/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { getStoredUser } from '../../shared/storage';
import { deferred, type Reply, renderApp, stubApi } from '../../test/app';
import { careItem, homeItem, logIn } from '../../test/fixtures';

const noPopups = { 'GET /common/popup/': { body: [] } };

describe('dashboard chooser (spec §2.1)', () => {
  it("shows 'Fetching dashboards' as a status while the list loads", async () => {
    logIn();
    const answer = deferred<Reply>();
    stubApi({ 'GET /dashboard/': () => answer.promise, ...noPopups });
    renderApp('/');

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(messages.fetchingDashboards);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    answer.resolve({ body: [homeItem] });
    await screen.findByRole('link', { name: 'My Home' });
    expect(screen.queryByText(messages.fetchingDashboards)).toBeNull();
  });

  it('shows one tile per dashboard, linking type 1 to /my-home and type 2 to /parents-home', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [homeItem, careItem] }, ...noPopups });
    renderApp('/');

    const tiles = await screen.findAllByRole('listitem');
    expect(tiles).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'My Home' }).getAttribute('href')).toBe('/my-home');
    expect(screen.getByRole('link', { name: "Mum's Home" }).getAttribute('href')).toBe('/parents-home');
  });

  it("shows today's balance with the currency unit and 2 decimals only when messages exist", async () => {
    logIn();
    stubApi({
      'GET /dashboard/': {
        body: [{ ...homeItem, messages: [{ currency_unit: '£', value: -0.5 }] }, careItem],
      },
      ...noPopups,
    });
    renderApp('/');

    const [homeTile, careTile] = await screen.findAllByRole('listitem');
    expect(homeTile?.textContent).toContain(`${messages.todaysBalanceIs} -£0.50`);
    expect(careTile?.textContent).not.toContain(messages.todaysBalanceIs);
    expect(careTile?.textContent).not.toContain('£');
  });

  it('shows the InfoCare alert count when there are alerts', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [{ ...careItem, num_alerts: 3 }] }, ...noPopups });
    renderApp('/');
    const [tile] = await screen.findAllByRole('listitem');
    expect(within(tile as HTMLElement).getByText('3 alerts')).toBeTruthy();
  });

  it('shows the status text and server message as a danger alert, and can try again', async () => {
    logIn();
    let attempts = 0;
    stubApi({
      'GET /dashboard/': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: { error: 'Readings are late' } } : { body: [homeItem] };
      },
      ...noPopups,
    });
    renderApp('/');

    expect((await screen.findByRole('alert')).textContent).toBe('!Internal Server Error: Readings are late');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'My Home' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the stored user and goes to /login when a call answers 401', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { status: 401, body: { error: 'Not logged in' } }, ...noPopups });
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getStoredUser()).toBeNull();
  });

  it('offers a Sign Out link to /login, which ends the session', async () => {
    logIn();
    const calls = stubApi({
      'GET /dashboard/': { body: [homeItem] },
      'POST /accounts/logout/': { body: { detail: 'ok' } },
      ...noPopups,
    });
    const { router } = renderApp('/');
    const signOut = await screen.findByRole('link', { name: 'Sign Out' });
    expect(signOut.getAttribute('href')).toBe('/login');

    fireEvent.click(signOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v3/accounts/logout/')).toBe(true));
    expect(getStoredUser()).toBeNull();
  });

  it('applies the after-login rules on arrival from login, using the loaded dashboards', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [homeItem, { ...careItem, num_alerts: 1 }] }, ...noPopups });
    const { router } = renderApp('/', { from: 'login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents-home'));
  });

  it('does not apply them on a later visit', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [homeItem, { ...careItem, num_alerts: 1 }] }, ...noPopups });
    const { router } = renderApp('/');
    await screen.findByRole('link', { name: 'My Home' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the date as DD-MM-YY and the time as HH:mm', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [] }, ...noPopups });
    renderApp('/');
    const time = document.querySelector('time');
    expect(time?.textContent).toMatch(/^\d{2}:\d{2}[A-Za-z]+day \d{2}-\d{2}-\d{2}$/);
    expect(await screen.findByText('No dashboards are set up for this account yet.')).toBeTruthy();
  });
});
