import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn, session } from '../../test/fixtures';

// Issue 33 item 10: a carer with no home of their own opened /my-home and read "Bad Request: user_id
// must be a positive number"; /my-home/usage was an empty timeline; /account/homeview offered the whole
// HomeView menu. Each now says there is no home of their own and what to do, and asks the server nothing.

/** A carer who looks after Mum and has no home: the login answer had no HomeView (type 1) item. */
function logInCarer(): void {
  logIn({
    user: { ...session.user, user_id: null, user_title: null },
    houseId: null,
    userId: null,
    spId: null,
  });
}

describe('HomeView screens for an account with no home of its own', () => {
  for (const path of [
    '/my-home',
    '/my-home/usage',
    '/my-home/rankings',
    '/account/homeview',
    '/account/homeview/tariff',
  ]) {
    it(`${path} says so, points to the home they look after, and calls no API`, async () => {
      logInCarer();
      const calls = stubApi({});
      renderApp(path);
      expect(
        (await screen.findByRole('heading', { level: 1, name: 'You have no home of your own in HomeView' }))
          .textContent,
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: "Look in on Mum's Home" }).getAttribute('href')).toBe(
        '/parents-home',
      );
      expect(screen.getByText(/ask whoever runs this HomeView to add a home for your account/i)).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Tariff Details' })).toBeNull();
      expect(calls.filter((c) => !c.url.includes('/dashboard/'))).toEqual([]);
    });
  }

  it('/account/infocare is still there for the carer', async () => {
    logInCarer();
    stubApi({});
    renderApp('/account/infocare');
    expect(await screen.findByRole('link', { name: /Carers/ })).toBeTruthy();
  });
});
