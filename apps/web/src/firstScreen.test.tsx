import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { energyView } from './features/my-home/fixtures';
import { startFirstScreen, startOpeningScreen } from './firstScreen';
import { routes } from './routes';
import { createQueryClient } from './shared/queryClient';
import { deferred, type Reply, renderApp, stubApi } from './test/app';
import { logIn, session } from './test/fixtures';

// The first screen's read starts before the app renders, and the page uses it instead of asking again
// (with the app's own query client: its staleTime is what keeps the page from reading twice).

describe('startOpeningScreen and startFirstScreen', () => {
  it("starts /my-home's read for the stored user before rendering; the page shows it without a second call", async () => {
    logIn();
    const answer = deferred<Reply>();
    const calls = stubApi({ 'GET /energy_info/today/': () => answer.promise });
    const client = createQueryClient();
    await startFirstScreen(routes, client, '/my-home');
    expect(calls.map((c) => c.url)).toEqual([`/api/v3/energy_info/today/?user_id=${session.userId}`]);
    renderApp('/my-home', undefined, client);
    expect((await screen.findByRole('status')).textContent).toContain("Fetching today's energy");
    answer.resolve({ body: energyView() });
    expect((await screen.findByTestId('balance-cost')).textContent).toBe('£2.35');
    expect(calls).toHaveLength(1);
  });

  it('renders at once with the answer when the read came back first', async () => {
    logIn();
    const calls = stubApi({ 'GET /energy_info/today/': { body: energyView() } });
    const client = createQueryClient();
    await startFirstScreen(routes, client, '/my-home');
    await client.getQueryCache().find({ queryKey: ['energy-today', session.userId] })?.promise;
    renderApp('/my-home', undefined, client);
    expect(screen.getByTestId('balance-cost').textContent).toBe('£2.35');
    expect(calls).toHaveLength(1);
  });

  it('uses the read the opening started (before React): one call, handed out once', async () => {
    logIn();
    const answer = deferred<Reply>();
    const calls = stubApi({ 'GET /energy_info/today/': () => answer.promise });
    startOpeningScreen('/my-home');
    expect(calls).toHaveLength(1);
    const client = createQueryClient();
    await startFirstScreen(routes, client, '/my-home');
    renderApp('/my-home', undefined, client);
    answer.resolve({ body: energyView() });
    expect((await screen.findByTestId('balance-cost')).textContent).toBe('£2.35');
    expect(calls).toHaveLength(1);
    await startFirstScreen(routes, createQueryClient(), '/my-home'); // a later start asks again
    expect(calls).toHaveLength(2);
  });

  it('reads nothing without a stored user, or on a screen without a first read', async () => {
    const calls = stubApi({});
    startOpeningScreen('/my-home');
    await startFirstScreen(routes, createQueryClient(), '/my-home');
    logIn();
    startOpeningScreen('/my-home/usage');
    await startFirstScreen(routes, createQueryClient(), '/my-home/usage');
    await startFirstScreen(routes, createQueryClient(), '/no-such-page');
    expect(calls).toEqual([]);
  });
});
