import { messages } from '@homeview/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { anAlert, viewed } from '../testData';

const dashboard = { 'GET /dashboard/': { body: [] } };
/** The browser's clock, pinned: the first page is asked with now (spec §7), a later one with an alert's time. */
const NOW = 1_764_003_600;
const FIRST_PAGE = String(NOW);

/** A card's expand/collapse button (an open card also shows Correct and Incorrect). */
function toggleOf(card: HTMLElement | undefined): HTMLElement {
  return card?.querySelector<HTMLElement>('.alert-card__toggle') as HTMLElement;
}

function attention() {
  return screen.getByRole('region', { name: /attention/ });
}

describe('InfoCare alerts (spec §2.3)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the routine sentence, the counters of unviewed alerts per level, and the list', async () => {
    logIn();
    const alerts = [
      anAlert({ level: 'Urgent', name: 'Front door open' }, 1),
      anAlert({ level: 'Warning' }, 2),
      anAlert({ level: 'Warning', ...viewed }, 3),
      anAlert({ level: 'Info', name: 'Lights on late' }, 4),
    ];
    const sentence = 'Kettle at 07:12 as usual; lunch not yet, usually by 13:00.';
    const calls = stubApi({
      'GET /assisted_living/alerts/': {
        body: {
          alerts,
          routine: {
            sentence,
            items: [{ activity: 'Kettle', status: 'done', at: '07:12', usual_by: '08:00' }],
          },
          time_zone: 'Europe/London',
        },
      },
    });
    renderApp('/parents-home');

    expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByRole('region', { name: "Today's routine" }).textContent).toBe(sentence);
    expect(within(attention()).getByRole('heading').textContent).toBe('3 alerts need your attention');
    expect(within(attention()).getByRole('button', { name: /1 Urgent/ })).toBeTruthy();
    expect(within(attention()).getByRole('button', { name: /1 Investigate/ })).toBeTruthy();
    const list = screen.getByRole('region', { name: 'All alerts' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => toggleOf(c).textContent)).toEqual([
      expect.stringMatching(/^Hide details and mark as seen: Urgent Front door open .* Needs attention$/),
      expect.stringMatching(
        /^Hide details and mark as seen: Investigate Kettle not used .* Needs attention$/,
      ),
      // 15:57 UTC on 24 November 2025, London's clock (GMT) whatever the browser's.
      'Show details: Investigate Kettle not used 24-11-25 15:57',
      expect.stringMatching(/^Hide details and mark as seen: Message Lights on late .* Needs attention$/),
    ]);
    expect(screen.getByText(messages.noMoreAlerts)).toBeTruthy();
    expect(Object.fromEntries(new URL(calls[0]?.url ?? '', 'http://x').searchParams)).toEqual({
      dependant_user_id: '22',
      timestamp: FIRST_PAGE,
    });
  });

  it("dates each card on the dependant's clock, as the alert's own text does", async () => {
    logIn();
    // 16:00 UTC on Monday 24 November 2025: 03:00 on Tuesday 25th in Sydney (UTC+11).
    const alert = anAlert({ name: 'Kettle left on', text: 'The kettle has been on since 02:35.', ...viewed });
    stubApi({
      ...dashboard,
      'GET /assisted_living/alerts/': { body: { alerts: [alert], time_zone: 'Australia/Sydney' } },
    });
    const { router } = renderApp('/parents-home');
    const card = within(await screen.findByRole('region', { name: 'All alerts' })).getByRole('article');
    expect(toggleOf(card).textContent).toBe('Show details: Investigate Kettle left on 25-11-25 03:00');
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe('2025-11-24T16:00:00.000Z');
    await router.navigate(`/parents-home/alert-feedback/${alert.id}`);
    expect((await screen.findByText(/About the alert/)).textContent).toBe(
      'About the alert Kettle left on of 25-11-25 03:00: The kettle has been on since 02:35.',
    );
  });

  it("says the routine sentence is estimated from the meter on a meter-only home's screen, and only then", async () => {
    logIn();
    const sentence = 'Hot drinks at 07:15 as usual; personal care at 07:54 as usual.';
    const items = [{ activity: 'Hot drinks', status: 'done', at: '07:15', usual_by: '07:23' }] as const;
    stubApi({
      ...dashboard,
      'GET /assisted_living/alerts/': {
        body: { alerts: [], routine: { sentence, items, estimated: true }, time_zone: 'Europe/London' },
      },
    });
    renderApp('/parents-home');
    const routine = await screen.findByRole('region', { name: "Today's routine" });
    expect(routine.textContent).toBe(`${sentence} estimated from the meter`);
  });

  it('says when the uses behind an alert were estimated from the meter, and only then', async () => {
    logIn();
    const estimated = anAlert(
      {
        name: 'Morning not started',
        text: 'No kettle or other appliance use seen on the meter yet this morning.',
        estimated: true,
      },
      1,
    );
    const measured = anAlert({ name: 'No activity' }, 2);
    stubApi({ ...dashboard, 'GET /assisted_living/alerts/': { body: { alerts: [estimated, measured] } } });
    renderApp('/parents-home');
    const [first, second] = await screen.findAllByRole('article');
    expect(first?.textContent).toContain('estimated from the meter');
    expect(second?.textContent).not.toContain('estimated');
  });

  it("is calm with no alerts: 'Nothing needs your attention' and 'No alerts to show'", async () => {
    logIn();
    stubApi({ 'GET /assisted_living/alerts/': { body: { alerts: [] } } });
    renderApp('/parents-home');
    expect(await screen.findByText(messages.noAlerts)).toBeTruthy();
    expect(within(attention()).getByRole('heading').textContent).toBe('Nothing needs your attention');
    expect(within(attention()).queryAllByRole('button')).toHaveLength(0);
  });

  it('opens unviewed cards and closes viewed ones; showing one open records nothing', async () => {
    logIn();
    const fresh = anAlert({ level: 'Urgent' }, 1);
    const seen = anAlert({ level: 'Warning', ...viewed }, 2);
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [fresh, seen] } },
      'POST /assisted_living/alerts/': (call) => {
        posts.push(call);
        return { body: { ...fresh, viewings: [{ timestamp: 1_764_000_500 }] } };
      },
      ...dashboard,
    });
    renderApp('/parents-home');
    const [first, second] = await screen.findAllByRole('article');
    expect(toggleOf(first).getAttribute('aria-expanded')).toBe('true');
    expect(within(first as HTMLElement).getByText(fresh.text)).toBeTruthy();
    expect(toggleOf(second).getAttribute('aria-expanded')).toBe('false');
    expect(within(second as HTMLElement).queryByText(seen.text)).toBeNull();
    // Opening a viewed card records nothing either.
    fireEvent.click(toggleOf(second));
    expect(within(second as HTMLElement).getByText(seen.text)).toBeTruthy();
    expect(posts).toHaveLength(0);
    expect(within(attention()).getByRole('heading').textContent).toBe('1 alert needs your attention');
  });

  it('records the viewing when the carer folds away an unviewed card that came open; the server counters fall', async () => {
    logIn();
    const fresh = anAlert({ level: 'Urgent', name: 'Front door open' }, 1);
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /assisted_living/alerts/': {
        // The server counts every unviewed alert, including older pages not loaded yet.
        body: { alerts: [fresh], unviewed: { total: 7, urgent: 3, investigate: 4 } },
      },
      'POST /assisted_living/alerts/': (call) => {
        posts.push(call);
        return { body: { ...fresh, viewings: [{ timestamp: 1_764_000_500 }] } };
      },
      ...dashboard,
    });
    renderApp('/parents-home');
    const card = await screen.findByRole('article');
    // The toggle's name says what pressing it does, then the card's text.
    const toggle = within(card).getByRole('button', {
      name: /^Hide details and mark as seen: Urgent Front door open .* Needs attention$/,
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(attention()).getByRole('heading').textContent).toBe('7 alerts need your attention');
    expect(within(attention()).getByRole('button', { name: /3 Urgent/ })).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.click(toggle); // the carer has read it and folds it away
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() =>
      expect(within(attention()).getByRole('heading').textContent).toBe('6 alerts need your attention'),
    );
    expect(within(attention()).getByRole('button', { name: /2 Urgent/ })).toBeTruthy();
    expect(within(attention()).getByRole('button', { name: /4 Investigate/ })).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({
      dependant_user_id: '22',
      id: String(fresh.id),
      viewed: 'true',
    });
    expect(posts[0]?.headers['X-CSRFToken']).toBe('csrf-old');
    expect(within(card).queryByText('Needs attention')).toBeNull();
    expect(toggle.textContent).toMatch(/^Show details: Urgent/);

    // Opening and folding it again records nothing more: it has been seen.
    fireEvent.click(toggle);
    expect(within(card).getByText(fresh.text)).toBeTruthy();
    expect(toggle.textContent).toMatch(/^Hide details: Urgent/);
    fireEvent.click(toggle);
    expect(posts).toHaveLength(1);
    expect(within(attention()).getByRole('heading').textContent).toBe('6 alerts need your attention');
  });

  it('says when a viewing fails on folding a card away, and records it when the carer expands it again', async () => {
    logIn();
    const fresh = anAlert({ level: 'Warning' }, 1);
    let attempts = 0;
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [fresh] } },
      'POST /assisted_living/alerts/': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { error: 'Try later' } }
          : { body: { ...fresh, viewings: [{ timestamp: 1_764_000_500 }] } };
      },
      ...dashboard,
    });
    renderApp('/parents-home');
    const card = await screen.findByRole('article');
    fireEvent.click(toggleOf(card)); // fold away: the viewing fails
    expect((await within(card).findByRole('alert')).textContent).toContain('Try later');
    expect(toggleOf(card).getAttribute('aria-expanded')).toBe('false');
    // Still unviewed, so expanding the collapsed card is what records the viewing now.
    expect(toggleOf(card).textContent).toMatch(/^Show details and mark as seen: .* Needs attention$/);
    expect(within(attention()).getByRole('heading').textContent).toBe('1 alert needs your attention');
    fireEvent.click(toggleOf(card));
    await waitFor(() =>
      expect(within(attention()).getByRole('heading').textContent).toBe('Nothing needs your attention'),
    );
    expect(attempts).toBe(2);
    expect(toggleOf(card).getAttribute('aria-expanded')).toBe('true');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('loads older pages from a lozenge until the first unviewed alert of its level is there', async () => {
    logIn();
    const first = Array.from({ length: 20 }, (_, i) => anAlert({ ...viewed }, i + 1));
    const older = [anAlert({ name: 'Oven left on', level: 'Urgent' }, 90)];
    stubApi({
      'GET /assisted_living/alerts/': (call) => {
        const timestamp = new URL(call.url, 'http://x').searchParams.get('timestamp');
        return {
          body:
            timestamp === FIRST_PAGE
              ? { alerts: first, unviewed: { total: 1, urgent: 1, investigate: 0 } }
              : { alerts: older },
        };
      },
    });
    renderApp('/parents-home');
    fireEvent.click(await screen.findByRole('button', { name: /1 Urgent/ }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Oven left on'));
    expect(screen.getAllByRole('article')).toHaveLength(21);
  });

  it('marks an alert Correct, then shows the after-state and the Send Feedback link', async () => {
    logIn();
    const alert = anAlert({ ...viewed });
    const posts: URLSearchParams[] = [];
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [alert] } },
      'POST /assisted_living/alerts/': (call) => {
        posts.push(call.body);
        return {
          body: { ...alert, correct: true, assessments: [{ correct: true, timestamp: 1_764_000_900 }] },
        };
      },
      ...dashboard,
    });
    renderApp('/parents-home');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button'));
    fireEvent.click(screen.getByRole('button', { name: 'Correct' }));

    expect(await screen.findByText('Marked as correct or incorrect')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send Feedback' }).getAttribute('href')).toBe(
      `/parents-home/alert-feedback/${alert.id}`,
    );
    expect(posts[0]?.get('correct')).toBe('true');
    expect(posts[0]?.get('id')).toBe(String(alert.id));
    expect(posts[0]?.get('assessment_timestamp')).toBe(String(NOW));
  });

  it('shows the failure of a Correct/Incorrect answer and keeps the buttons', async () => {
    logIn();
    const alert = anAlert({ ...viewed });
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [alert] } },
      'POST /assisted_living/alerts/': { status: 500, body: { error: 'Try later' } },
    });
    renderApp('/parents-home');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button'));
    fireEvent.click(screen.getByRole('button', { name: 'Incorrect' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Internal Server Error: Try later');
    expect(screen.getByRole('button', { name: 'Incorrect' })).toBeTruthy();
  });

  it('does not offer Correct/Incorrect to the demo user', async () => {
    logIn({ isDemoUser: true });
    stubApi({ 'GET /assisted_living/alerts/': { body: { alerts: [anAlert({ ...viewed })] } } });
    renderApp('/parents-home');
    fireEvent.click(within(await screen.findByRole('article')).getByRole('button'));
    expect(screen.getByText('The kettle has not been used since 07:00.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Incorrect' })).toBeNull();
  });

  it('loads older pages with the oldest alert timestamp until a short page', async () => {
    logIn();
    const first = Array.from({ length: 20 }, (_, i) => anAlert({ ...viewed }, i + 1));
    const older = [anAlert({ name: 'Oven left on', level: 'Urgent' }, 90)];
    const asked: (string | null)[] = [];
    stubApi({
      'GET /assisted_living/alerts/': (call) => {
        const timestamp = new URL(call.url, 'http://x').searchParams.get('timestamp');
        asked.push(timestamp);
        return { body: { alerts: timestamp === FIRST_PAGE ? first : older } };
      },
    });
    renderApp('/parents-home');
    fireEvent.click(await screen.findByRole('button', { name: 'Show older alerts' }));
    expect(await screen.findByText(messages.noMoreAlerts)).toBeTruthy();
    expect(asked).toEqual([FIRST_PAGE, String(first[19]?.timestamp)]);
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(within(attention()).getByRole('button', { name: /1 Urgent/ })).toBeTruthy();
  });

  it('moves to the first unviewed alert of a level from its lozenge', async () => {
    logIn();
    const alerts = [
      anAlert({ level: 'Warning' }, 1),
      anAlert({ level: 'Urgent', name: 'Fridge door' }, 2),
      anAlert({ level: 'Urgent' }, 3),
    ];
    stubApi({ 'GET /assisted_living/alerts/': { body: { alerts } } });
    renderApp('/parents-home');
    fireEvent.click(await screen.findByRole('button', { name: /2 Urgent/ }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Fridge door'));
  });

  it("opens on the alert a push notification links to (?alert=<id>), its I'm on it at hand", async () => {
    logIn();
    const alerts = [anAlert({ level: 'Urgent', name: 'Fridge door' }, 2), anAlert({ level: 'Urgent' }, 3)];
    stubApi({ 'GET /assisted_living/alerts/': { body: { alerts } } });
    renderApp(`/parents-home?alert=${alerts[1]?.id}`);
    await waitFor(() =>
      expect(document.activeElement?.closest('article')?.id).toBe(`alert-${alerts[1]?.id}`),
    );
    const card = document.activeElement?.closest('article') as HTMLElement;
    expect(within(card).getByRole('button', { name: "I'm on it" })).toBeTruthy();
  });

  it('shows the status text when the alerts cannot be fetched, and can try again', async () => {
    logIn();
    let attempts = 0;
    stubApi({
      'GET /assisted_living/alerts/': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500 } : { body: { alerts: [] } };
      },
    });
    renderApp('/parents-home');
    expect((await screen.findByRole('alert')).textContent).toContain('Internal Server Error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(messages.noAlerts)).toBeTruthy();
  });
});
