import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { homeItem, logIn } from '../../test/fixtures';

const popups = [
  { popup_id: 7, title: 'New tariffs', message: 'You can now enter a time-of-use tariff.' },
  { popup_id: 8, title: 'Planned maintenance', message: 'Readings pause on Sunday night.' },
];

function setUp() {
  logIn();
  const calls = stubApi({
    'GET /dashboard/': { body: [homeItem] },
    'GET /common/popup/': { body: popups },
    'POST /common/popup/': { body: { detail: 'ok' } },
  });
  renderApp('/');
  return { posts: () => calls.filter((c) => c.method === 'POST' && c.url === '/api/v3/common/popup/') };
}

describe('notice popup (spec §4 Popup)', () => {
  it('shows the first unread popup as a labelled modal dialog with focus on Okay', async () => {
    setUp();
    const dialog = await screen.findByRole('dialog', { name: 'New tariffs' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('You can now enter a time-of-use tariff.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('dialog', { name: 'Planned maintenance' })).toBeNull();
  });

  it('posts popups_read with show_again false and the CSRF token when Okay is pressed', async () => {
    const { posts } = setUp();
    await screen.findByRole('dialog', { name: 'New tariffs' });
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]?.body.get('popups_read') ?? 'null')).toEqual([
      { popup_id: 7, show_again: false },
    ]);
    expect(posts()[0]?.headers['X-CSRFToken']).toBe('csrf-old');
    expect(await screen.findByRole('dialog', { name: 'Planned maintenance' })).toBeTruthy();
  });

  it('closes on Escape and marks the popup read', async () => {
    const { posts } = setUp();
    const dialog = await screen.findByRole('dialog', { name: 'New tariffs' });
    // A browser turns Escape on a modal <dialog> into its `cancel` event (the e2e presses the key itself).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]?.body.get('popups_read') ?? 'null')).toEqual([
      { popup_id: 7, show_again: false },
    ]);
    expect(screen.queryByRole('dialog', { name: 'New tariffs' })).toBeNull();
  });

  it('opens as a native modal <dialog>, so the page behind is inert and focus stays inside', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    setUp();
    const dialog = await screen.findByRole('dialog', { name: 'New tariffs' });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    showModal.mockRestore();
  });
});
