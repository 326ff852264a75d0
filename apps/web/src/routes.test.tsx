import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from './test/app';
import { homeItem, logIn } from './test/fixtures';

describe('routes (spec §2)', () => {
  it('redirects a protected route to /login when no user is stored', async () => {
    const calls = stubApi({});
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/v3/dashboard/')).toHaveLength(0);
  });

  it('lets a stored user in', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [homeItem] }, 'GET /common/popup/': { body: [] } });
    const { router } = renderApp('/');
    await screen.findByRole('link', { name: 'My Home' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a not-found page for unknown paths', async () => {
    stubApi({});
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my dashboards' }).getAttribute('href')).toBe('/');
  });

  it('scrolls to the top on every route change', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [homeItem] }, 'GET /common/popup/': { body: [] } });
    const scrolls: unknown[][] = [];
    const original = window.scrollTo;
    window.scrollTo = ((...args: unknown[]) => scrolls.push(args)) as typeof window.scrollTo;
    try {
      const { router } = renderApp('/');
      await screen.findByRole('link', { name: 'My Home' });
      scrolls.length = 0;
      await router.navigate('/elsewhere');
      await screen.findByRole('heading', { name: "We couldn't find that page" });
      expect(scrolls).toEqual([[0, 0]]);
    } finally {
      window.scrollTo = original;
    }
  });
});
