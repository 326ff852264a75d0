import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../../test/app';
import { logIn } from '../../../test/fixtures';
import { anAlert, viewed } from '../testData';

// Several carers, one alert (issue 25) on the alert card: who is on it and who resolved it, in the home's
// clock, seen on the closed card; "I'm on it" and resolving with a note from the open card.

const NOW = 1_764_003_600;
const TAKEN_AT = 1_764_000_120; // 16:02 in London (GMT), 03:02 in Sydney
const RESOLVED_AT = 1_764_000_600; // 16:10 in London

describe('Alert card: taking and resolving', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows who took and who resolved an alert, in the home clock, and the note kept with it', async () => {
    logIn();
    const taken = anAlert({
      ...viewed,
      name: 'No activity',
      taken: { by: 'Ann', at: TAKEN_AT, by_you: false },
      resolved: null,
    });
    const resolved = anAlert({
      ...viewed,
      taken: { by: 'Bob', at: TAKEN_AT },
      resolved: { by: 'Bob', at: RESOLVED_AT, note: 'Rang her: she was in the garden' },
    });
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [taken, resolved], time_zone: 'Europe/London' } },
    });
    renderApp('/parents-home');
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first as HTMLElement).getByText('Taken by Ann at 16:02')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Resolved by Bob at 16:10')).toBeTruthy();
    // The toggle of each card is described by that line: a screen reader hears it card by card.
    const described = (card: HTMLElement) => {
      const ids = within(card)
        .getByRole('button', { name: /Show details/ })
        .getAttribute('aria-describedby');
      return ids === null ? null : document.getElementById(ids)?.textContent;
    };
    expect(described(first as HTMLElement)).toBe('Taken by Ann at 16:02');
    expect(described(second as HTMLElement)).toBe('Resolved by Bob at 16:10');
    // Closed cards show the line and nothing else of the body.
    expect(within(second as HTMLElement).queryByText('Rang her: she was in the garden')).toBeNull();
    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: /Show details/ }));
    expect(within(second as HTMLElement).getByText('Rang her: she was in the garden')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Note from Bob')).toBeTruthy();
    // A resolved alert offers no more actions.
    expect(within(second as HTMLElement).queryByRole('button', { name: "I'm on it" })).toBeNull();
    expect(within(second as HTMLElement).queryByRole('button', { name: 'Mark resolved' })).toBeNull();
    // One another carer took is not offered to be taken again, nor resolved: it says who is on it.
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: /Show details/ }));
    expect(within(first as HTMLElement).queryByRole('button', { name: "I'm on it" })).toBeNull();
    expect(within(first as HTMLElement).queryByRole('button', { name: 'Mark resolved' })).toBeNull();
    expect(within(first as HTMLElement).queryByLabelText(/Note for the other carers/)).toBeNull();
    expect(
      within(first as HTMLElement).getByText(
        'Ann is dealing with this alert; only they can mark it resolved.',
      ),
    ).toBeTruthy();
  });

  it('names the day of a take or resolve that came after the day the alert was raised', async () => {
    logIn();
    // Raised on 24-11-25 at 16:00 in London; taken and resolved the next morning.
    const late = anAlert({
      ...viewed,
      taken: { by: 'Ann', at: TAKEN_AT + 17 * 3600, by_you: false },
      resolved: null,
    });
    const closed = anAlert({
      ...viewed,
      taken: { by: 'Bob', at: TAKEN_AT },
      resolved: { by: 'Bob', at: TAKEN_AT + 17 * 3600 + 600, note: null },
    });
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [late, closed], time_zone: 'Europe/London' } },
    });
    renderApp('/parents-home');
    const [first, second] = (await screen.findAllByRole('article')) as HTMLElement[];
    expect(within(first!).getByText('Taken by Ann on 25-11-25 at 09:02')).toBeTruthy();
    expect(within(second!).getByText('Resolved by Bob on 25-11-25 at 09:12')).toBeTruthy();
  });

  it('offers "Mark resolved" to the carer who took the alert, and to anyone while nobody has', async () => {
    logIn();
    const mine = anAlert({
      ...viewed,
      name: 'No activity',
      taken: { by: 'Ann', at: TAKEN_AT, by_you: true },
    });
    const nobodys = anAlert({ ...viewed, name: 'Morning not started', taken: null, resolved: null });
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [mine, nobodys], time_zone: 'Europe/London' } },
    });
    renderApp('/parents-home');
    const [first, second] = (await screen.findAllByRole('article')) as HTMLElement[];
    // A card nobody took is described as open (issue 33).
    const describedBy = within(second!)
      .getByRole('button', { name: /Show details/ })
      .getAttribute('aria-describedby');
    expect(document.getElementById(describedBy!)?.textContent).toBe('Open: nobody has taken it yet');
    fireEvent.click(within(first!).getByRole('button', { name: /Show details/ }));
    expect(within(first!).getByText('Taken by Ann at 16:02')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Mark resolved' })).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: "I'm on it" })).toBeNull();
    expect(within(first!).queryByText(/only they can mark it resolved/)).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: /Show details/ }));
    expect(within(second!).getByRole('button', { name: "I'm on it" })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Mark resolved' })).toBeTruthy();
  });

  it("dates a take or resolve made on another day than the alert's, in the home clock", async () => {
    logIn();
    // Raised at 20:00 the evening before (23-11-25 in London), taken and resolved the next day.
    const lastNight = anAlert({
      ...viewed,
      timestamp: 1_764_000_000 - 20 * 3600,
      taken: { by: 'Ann', at: TAKEN_AT },
      resolved: null,
    });
    const resolved = {
      ...lastNight,
      id: lastNight.id + 1,
      resolved: { by: 'Ann', at: RESOLVED_AT, note: '' },
    };
    stubApi({
      'GET /assisted_living/alerts/': {
        body: { alerts: [lastNight, resolved], time_zone: 'Europe/London' },
      },
    });
    renderApp('/parents-home');
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first as HTMLElement).getByText('Taken by Ann on 24-11-25 at 16:02')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Resolved by Ann on 24-11-25 at 16:10')).toBeTruthy();
  });

  it('"I\'m on it" sends take=true and shows the server\'s answer; resolving sends the note', async () => {
    logIn();
    const alert = anAlert({ ...viewed, taken: null, resolved: null });
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [alert], time_zone: 'Europe/London' } },
      'POST /assisted_living/alerts/': (call) => {
        posts.push(call);
        const take = call.body.get('take') === 'true';
        return {
          body: take
            ? { ...alert, taken: { by: 'Ann', at: TAKEN_AT, by_you: true } }
            : {
                ...alert,
                taken: { by: 'Ann', at: TAKEN_AT, by_you: true },
                resolved: { by: 'Ann', at: RESOLVED_AT, note: call.body.get('note') },
              },
        };
      },
      'GET /dashboard/': { body: [] },
    });
    renderApp('/parents-home');
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: /Show details/ }));
    fireEvent.click(within(card).getByRole('button', { name: "I'm on it" }));
    expect(await within(card).findByText('Taken by Ann at 16:02')).toBeTruthy();
    // The pressed button is gone: keyboard focus moves on to the note, the next thing to do.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByLabelText('Note for the other carers (optional)'),
      ),
    );
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({
      dependant_user_id: '22',
      id: String(alert.id),
      take: 'true',
    });
    const note = within(card).getByLabelText('Note for the other carers (optional)');
    fireEvent.input(note, { target: { value: '  Rang her: all fine  ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(card).findByText('Resolved by Ann at 16:10')).toBeTruthy();
    // The form is gone with its button: focus is on the card's toggle, described by "Resolved by …".
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('button', { name: /details/ })),
    );
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(Object.fromEntries(posts[1]?.body ?? [])).toEqual({
      dependant_user_id: '22',
      id: String(alert.id),
      resolve: 'true',
      note: 'Rang her: all fine',
    });
  });

  it('says why a resolve was refused (another carer took it meanwhile)', async () => {
    logIn();
    const alert = anAlert({ ...viewed, taken: null, resolved: null });
    stubApi({
      'GET /assisted_living/alerts/': { body: { alerts: [alert], time_zone: 'Europe/London' } },
      'POST /assisted_living/alerts/': {
        status: 400,
        body: { error: 'Bob is on this alert: only they can resolve it', field: 'resolve' },
      },
    });
    renderApp('/parents-home');
    const card = (await screen.findByRole('article')) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: /Show details/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(card).findByText(/Bob is on this alert: only they can resolve it/)).toBeTruthy();
  });
});
