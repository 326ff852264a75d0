import { screen } from '@testing-library/preact';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { energyView } from './features/my-home/fixtures';
import { PAGE_WAIT_MS, startFirstScreen } from './firstScreen';
import { startOpeningScreen } from './openingScreen';
import { routes } from './routes';
import { isLazyPage } from './shared/layout/lazyPage';
import { createQueryClient } from './shared/queryClient';
import { deferred, type Reply, renderApp, stubApi } from './test/app';
import { logIn, session } from './test/fixtures';

// The opened screen's read starts before the app's code is in (openingScreen.ts); the app hands it to the
// query cache and renders once it is back (firstScreen.ts), so the page shows its figures in its first
// render and never asks twice (the app's query client's staleTime is what keeps it from asking again).

afterEach(() => {
  vi.useRealTimers();
});

describe('startOpeningScreen and startFirstScreen', () => {
  it("sends /my-home's read at opening; the app's first render shows its answer, with no second call", async () => {
    logIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_730_809_200_000); // Tuesday 5 November 2024, 12:20 UTC
    const answer = deferred<Reply>();
    const calls = stubApi({ 'GET /energy_info/today/': () => answer.promise });
    const opened = startOpeningScreen('/my-home');
    // Today asked as spec §7 writes it: with now as `timestamp`.
    expect(calls.map((c) => c.url)).toEqual([
      `/api/v3/energy_info/today/?user_id=${session.userId}&timestamp=1730809200`,
    ]);
    const client = createQueryClient();
    const ready = startFirstScreen(routes, client, '/my-home', opened);
    answer.resolve({ body: energyView() });
    await ready;
    renderApp('/my-home', undefined, client);
    expect(screen.getByTestId('balance-cost').textContent).toBe('£2.35');
    // Today's read is not asked again; the one other call is the times card's own read, below the fold.
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/api/v3/energy_info/today/',
      '/api/v3/energy_info/times/',
    ]);
  });

  it(`draws what it has after ${PAGE_WAIT_MS} ms when the read is slow, and the figures when they come`, async () => {
    logIn();
    const answer = deferred<Reply>();
    const calls = stubApi({ 'GET /energy_info/today/': () => answer.promise });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const client = createQueryClient();
    let ready = false;
    void startFirstScreen(routes, client, '/my-home', startOpeningScreen('/my-home')).then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    vi.useRealTimers();
    renderApp('/my-home', undefined, client);
    expect((await screen.findByRole('status')).textContent).toContain("Fetching today's energy");
    answer.resolve({ body: energyView() });
    expect((await screen.findByTestId('balance-cost')).textContent).toBe('£2.35');
    expect(calls).toHaveLength(1);
  });

  it('reads nothing without a stored user, or on a screen without a first read', async () => {
    const calls = stubApi({});
    expect(startOpeningScreen('/my-home')).toBeUndefined();
    logIn();
    expect(startOpeningScreen('/my-home/usage')).toBeUndefined();
    expect(startOpeningScreen('/no-such-page')).toBeUndefined();
    await startFirstScreen(routes, createQueryClient(), '/no-such-page', undefined);
    expect(calls).toEqual([]);
  });

  it("knows a lazy page by its preload, whether React's lazy (an object) or Preact's (a function)", () => {
    const today = matchRoutes(routes, '/my-home')?.at(-1)?.route.element as { type: unknown };
    expect(isLazyPage(today.type)).toBe(true);
    expect(isLazyPage(Object.assign(() => null, { preload: () => Promise.resolve() }))).toBe(true);
    expect(isLazyPage({ preload: () => Promise.resolve() })).toBe(true);
    expect(isLazyPage(() => null)).toBe(false);
    expect(isLazyPage(null)).toBe(false);
  });
});
