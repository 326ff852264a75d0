import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn, loginResponse } from '../../test/fixtures';

// The carers screen (issue 25): the home's carers with "(you)", pending invitations, an invitation by
// email, and the check-in with the dependant, refused without a number when turned on.

const carers = {
  dependant: 'Mum',
  carers: [
    { name: 'demo', you: true, since: 1_764_000_000 },
    { name: 'carer2', you: false, since: 1_764_000_100 },
  ],
  invites: [{ email: 'sam@example.com', expires_at: 1_764_600_000 }],
  held: [],
};
const bobHeld = {
  id: 7,
  email: 'amy@example.com',
  name: 'Bob',
  username: 'bob',
  account_email: 'bob@example.com',
  inviter: 'demo',
  yours: true,
};
const checkIn = { enabled: false, phone: null, name: 'Mum', window_start: '08:00', window_end: '21:00' };

describe('Carers screen', () => {
  it('lists the carers and invitations, and sends an invitation', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /assisted_living/carers/': { body: carers },
      'GET /assisted_living/check_in/': { body: checkIn },
      'POST /assisted_living/carers/invite/': (call) => {
        posts.push(call);
        return { body: { detail: 'Invitation sent to bob@example.com.', expires_at: 1_764_600_000 } };
      },
    });
    renderApp('/account/infocare/carers');
    const list = (await screen.findByRole('heading', { name: 'Looking after Mum' }))
      .parentElement as HTMLElement;
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['demo(you)', 'carer2', 'sam@example.com']);
    fireEvent.input(screen.getByLabelText('Invite another carer by email'), {
      target: { value: ' bob@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to bob@example.com.')).toBeTruthy();
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({
      dependant_user_id: '22',
      email: 'bob@example.com',
    });
  });

  it('turns the check-in on with her number, and refuses it without one', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    stubApi({
      'GET /assisted_living/carers/': { body: carers },
      'GET /assisted_living/check_in/': { body: checkIn },
      'POST /assisted_living/check_in/': (call) => {
        posts.push(call);
        return { body: { ...checkIn, enabled: true, phone: '+447700900456', name: 'Joan' } };
      },
    });
    renderApp('/account/infocare/carers');
    const section = (await screen.findByRole('heading', { name: 'A word with Mum first' }))
      .parentElement as HTMLElement;
    const form = await within(section).findByRole('checkbox', { name: 'Text them first' });
    fireEvent.click(form);
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Enter their mobile number')).toBeTruthy();
    expect(posts).toHaveLength(0);
    // The field says which number and in what form, before and with its error (read with the field).
    const phone = within(section).getByLabelText('Their mobile number');
    const description = (phone.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(description).toEqual([
      'Their own mobile, which gets the text: like 07700 900123 or +44 7700 900123.',
      'Enter their mobile number',
    ]);
    fireEvent.input(within(section).getByLabelText('Their mobile number'), {
      target: { value: '07700 900456' },
    });
    fireEvent.input(within(section).getByLabelText('Greet them as'), { target: { value: 'Joan' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Saved: they will be texted first')).toBeTruthy();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({
      dependant_user_id: '22',
      enabled: 'true',
      phone: '+447700900456',
      name: 'Joan',
      window_start: '08:00',
      window_end: '21:00',
    });
  });

  it('asks a visitor who is not signed in to sign in first, and brings them back to the invitation', async () => {
    const posts: RecordedCall[] = [];
    const calls = stubApi({
      'POST /accounts/login/': { body: loginResponse() },
      'POST /assisted_living/carers/accept/': (call) => {
        posts.push(call);
        return {
          body: {
            dependant_user_id: 22,
            dependant: 'Mum',
            joined: true,
            detail: "You are now one of Mum's carers.",
          },
        };
      },
      'GET /dashboard/': { body: [] },
      'GET /common/popup/': { body: [] },
    });
    const { router } = renderApp('/account/infocare/carers/accept?token=7-abc');
    expect(
      await screen.findByText(/Sign in to your HomeView & InfoCare account first: you will come back/),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
    // Signed out, the page offers no dashboard they cannot open yet: past the header, Sign in is the way on.
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Skip to content',
      'HomeView & InfoCare',
      'Sign in',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // Signed in, the visitor is on the invitation again, token and all, and joins from there.
    fireEvent.click(await screen.findByRole('button', { name: 'Join as a carer' }));
    expect(router.state.location.pathname).toBe('/account/infocare/carers/accept');
    expect(await screen.findByText("You are now one of Mum's carers.")).toBeTruthy();
    expect(posts.map((p) => p.body.get('token'))).toEqual(['7-abc']);
  });

  it('joins when the signed-in carer presses the button, and says why a link is refused', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    stubApi({
      'POST /assisted_living/carers/accept/': (call) => {
        posts.push(call);
        return call.body.get('token') === 'good'
          ? {
              body: {
                dependant_user_id: 22,
                dependant: 'Mum',
                joined: true,
                detail: "You are now one of Mum's carers.",
              },
            }
          : { status: 400, body: { error: 'This invitation has already been used.', field: 'token' } };
      },
      'GET /dashboard/': { body: [] },
    });
    const { router } = renderApp('/account/infocare/carers/accept?token=used');
    fireEvent.click(await screen.findByRole('button', { name: 'Join as a carer' }));
    expect(await screen.findByText(/This invitation has already been used\./)).toBeTruthy();
    await router.navigate('/account/infocare/carers/accept?token=good');
    fireEvent.click(await screen.findByRole('button', { name: 'Join as a carer' }));
    expect(await screen.findByText("You are now one of Mum's carers.")).toBeTruthy();
    expect(posts.map((p) => p.body.get('token'))).toEqual(['used', 'good']);
  });
  // Issue 34.7: a link opened by an account whose address is not the invited one joins nobody.
  it('shows an invitation opened by someone else, and its sender lets them join or refuses', async () => {
    logIn();
    const posts: RecordedCall[] = [];
    let held = [bobHeld];
    stubApi({
      'GET /assisted_living/carers/': () => ({ body: { ...carers, held } }),
      'GET /assisted_living/check_in/': { body: checkIn },
      'POST /assisted_living/carers/confirm/': (call) => {
        posts.push(call);
        held = [];
        return { body: { detail: "Bob is now one of Mum's carers." } };
      },
    });
    renderApp('/account/infocare/carers');
    const section = (await screen.findByRole('heading', { name: 'Opened by someone else: not joined' }))
      .parentElement as HTMLElement;
    expect(within(section).getByRole('listitem').textContent).toBe(
      "Bob (username bob, bob@example.com) opened the invitation sent to amy@example.com. They see nothing of Mum's home until you let them join.Let Bob joinRefuse",
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Let Bob join' }));
    // The list refreshed holds nobody now; the answer stays (it went with the emptied list once).
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Opened by someone else: not joined' })).toBeNull(),
    );
    expect(screen.getByText("Bob is now one of Mum's carers.")).toBeTruthy();
    expect(Object.fromEntries(posts[0]?.body ?? [])).toEqual({
      dependant_user_id: '22',
      invite_id: '7',
      confirm: 'true',
    });
  });

  it('tells the other carers who is to decide, and gives them no buttons', async () => {
    logIn();
    stubApi({
      'GET /assisted_living/carers/': {
        body: { ...carers, held: [{ ...bobHeld, inviter: 'carer2', yours: false }] },
      },
      'GET /assisted_living/check_in/': { body: checkIn },
    });
    renderApp('/account/infocare/carers');
    const section = (await screen.findByRole('heading', { name: 'Opened by someone else: not joined' }))
      .parentElement as HTMLElement;
    expect(within(section).getByRole('listitem').textContent).toMatch(/until carer2 lets them join\.$/);
    expect(within(section).queryAllByRole('button')).toEqual([]);
  });

  it('says a link opened from another address waits for its sender, with no way into the home', async () => {
    logIn();
    stubApi({
      'POST /assisted_living/carers/accept/': {
        body: {
          dependant_user_id: 22,
          dependant: 'Mum',
          joined: false,
          detail:
            "This invitation was sent to another email address than your account's, so demo has been asked to confirm that it is for you. You will be one of Mum's carers once they do.",
        },
      },
      'GET /dashboard/': { body: [] },
    });
    renderApp('/account/infocare/carers/accept?token=7-abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Join as a carer' }));
    expect(await screen.findByText(/demo has been asked to confirm that it is for you/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: "See Mum's home" })).toBeNull();
  });
});
