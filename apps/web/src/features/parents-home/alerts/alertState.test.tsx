import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { anAlert, viewed } from '../testData';

// An alert's state in one line (issue 33 item 2): open, taken (by whom), resolved (by whom) or closed by
// itself when the situation ended; the header's open count agrees with the cards; a closed alert offers
// no "I'm on it"; a carer quiet for 30 minutes can be taken over.

const NOW = 1_764_003_600; // 17:00 in London (GMT)
const RAISED = 1_764_000_000; // 16:00

describe('Alert state', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives every card its state in one line, collapsed, and the header counts the open ones', async () => {
    logIn();
    const oven = anAlert({
      ...viewed,
      level: 'Urgent',
      type: 'On',
      name: 'Oven left on',
      closed: { at: RAISED + 52 * 60, reason: 'the oven went off' },
    });
    const hob = anAlert({ ...viewed, level: 'Urgent', type: 'On', name: 'Hob left on' });
    const taken = anAlert({ ...viewed, name: 'No activity', taken: { by: 'Ann', at: RAISED + 600 } });
    stubApi({
      'GET /assisted_living/alerts/': {
        body: {
          alerts: [oven, hob, taken],
          unviewed: { total: 0, urgent: 0, investigate: 0 },
          open: 1,
          time_zone: 'Europe/London',
        },
      },
    });
    renderApp('/parents-home');
    const cards = (await screen.findAllByRole('article')) as HTMLElement[];
    const lines = cards.map((c) => c.querySelector('.alert-card__handling')?.textContent);
    expect(lines).toEqual([
      'Closed by itself: the oven went off at 16:52',
      'Open: nobody has taken it yet',
      'Taken by Ann at 16:10',
    ]);
    expect(screen.getByRole('heading', { name: 'Nothing needs your attention' })).toBeTruthy();
    expect(screen.getByText('1 alert is open: nobody has taken it yet')).toBeTruthy();
    // Closed by itself: nothing to take.
    fireEvent.click(within(cards[0]!).getByRole('button', { name: /Show details/ }));
    expect(within(cards[0]!).queryByRole('button', { name: "I'm on it" })).toBeNull();
    fireEvent.click(within(cards[1]!).getByRole('button', { name: /Show details/ }));
    expect(within(cards[1]!).getByRole('button', { name: "I'm on it" })).toBeTruthy();
    // The note's example names no one: Dad's alerts too (issue 33 item 13).
    expect(within(cards[1]!).getByText(/^What you found or did/).textContent).toBe(
      'What you found or did, e.g. "Rang: all well, was in the garden".',
    );
  });

  it('offers "Take over from Ann" once Ann has been quiet for 30 minutes, and sends take_over', async () => {
    logIn();
    const recent = anAlert({ ...viewed, name: 'No activity', taken: { by: 'Ann', at: NOW - 29 * 60 } });
    const quiet = anAlert({ ...viewed, name: 'No activity', taken: { by: 'Ann', at: NOW - 30 * 60 } });
    const calls = stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [recent, quiet], time_zone: 'Europe/London' } },
      'POST /assisted_living/alerts/': {
        body: { ...quiet, taken: { by: 'Bob', at: NOW, by_you: true }, time_zone: 'Europe/London' },
      },
    });
    renderApp('/parents-home');
    const [first, second] = (await screen.findAllByRole('article')) as HTMLElement[];
    fireEvent.click(within(first!).getByRole('button', { name: /Show details/ }));
    expect(within(first!).queryByRole('button', { name: /Take over/ })).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: /Show details/ }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Take over from Ann' }));
    await waitFor(() => expect(within(second!).getByText('Taken by Bob at 17:00')).toBeTruthy());
    const post = calls.find((c) => c.method === 'POST');
    expect(Object.fromEntries(post!.body)).toMatchObject({ id: String(quiet.id), take_over: 'true' });
    expect(within(second!).getByRole('button', { name: 'Mark resolved' })).toBeTruthy();
  });
});
