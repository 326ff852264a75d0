import type { SessionsResponse } from '@homeview/contract';
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// The password screen's list of the account's sessions and "Sign out everywhere else" (issue 27).

const at = (iso: string) => Date.parse(iso) / 1000;
const two: SessionsResponse = {
  sessions: [
    { created_at: at('2026-01-15T09:00:00Z'), last_seen_at: at('2026-01-15T09:30:00Z'), current: true },
    { created_at: at('2026-01-10T08:00:00Z'), last_seen_at: at('2026-01-12T18:15:00Z'), current: false },
  ],
};

describe('the sessions on the password screen', () => {
  it('lists this device and the others, and signs out everywhere else', async () => {
    logIn();
    let listed = two;
    const calls = stubApi({
      'GET /accounts/sessions/': () => ({ body: listed }),
      'POST /accounts/sessions/end_others/': () => {
        listed = { sessions: [two.sessions[0]!] };
        return { body: { ended: 1 } };
      },
    });
    renderApp('/account/password');
    expect(await screen.findByRole('heading', { name: 'Where you are signed in' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent?.split(':')[0])).toEqual(['This device', 'Another device']);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 1 other session.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/accounts/sessions/end_others/');
    expect(post?.headers['X-CSRFToken'] ?? post?.headers['x-csrftoken']).toBeTruthy();
    // The list read again: only this device, and nothing left to sign out of.
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull(),
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.split(':')[0])).toEqual([
      'This device',
    ]);
  });

  it('offers no button when this is the only session', async () => {
    logIn();
    stubApi({ 'GET /accounts/sessions/': { body: { sessions: [two.sessions[0]!] } } });
    renderApp('/account/password');
    expect(await screen.findByText(/This device/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});
