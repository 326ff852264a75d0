import type { SupplierConnection, SupplierMeter, SuppliersResponse } from '@homeview/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, type RecordedCall, type Reply, renderApp, stubApi } from '../../test/app';
import { logIn, session } from '../../test/fixtures';

// The Supplier data screens (issue 35) against the stub API (requests and answers checked against the
// contract). Runs in two browser zones (web and web-west): every time and date shown is the home's.

const NOW = Date.UTC(2026, 11, 1, 13, 50, 0) / 1000; // Tuesday 1 December 2026, 13:50 in London (GMT)
/** The end of Sunday 29 November 2026 in London: its next midnight. */
const END_OF_29_NOV = Date.UTC(2026, 10, 30, 0, 0, 0) / 1000;
const query = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);

afterEach(() => {
  vi.useRealTimers();
});

function pinClock(fake: ('Date' | 'setInterval' | 'clearInterval')[] = ['Date']): void {
  vi.useFakeTimers({ toFake: fake });
  vi.setSystemTime(NOW * 1000);
}

const meter = (over: Partial<SupplierMeter> = {}): SupplierMeter => ({
  id: 1,
  fuel: 'electricity',
  direction: 'import',
  point_end: '4567',
  serial_end: '0A1B',
  unit: 'kWh',
  unit_set_by: 'supplier',
  rejected: 0,
  data_through: END_OF_29_NOV,
  stored: true,
  ...over,
});
const octopus: SupplierConnection = {
  id: 7,
  kind: 'octopus',
  account_end: 'ABCD',
  state: 'up_to_date',
  progress: null,
  problem: null,
  created_at: NOW - 10 * 86_400,
  last_fetch_at: NOW - 300, // 13:45
  next_fetch_at: NOW + 4 * 3600, // 17:50
  meters: [
    meter(),
    meter({ direction: 'export', point_end: '8901', serial_end: '0A1B' }),
    meter({ fuel: 'gas', point_end: '2345', serial_end: '9Z8Y', unit: 'm3' }),
  ],
};
const bright: SupplierConnection = {
  ...octopus,
  id: 8,
  kind: 'bright',
  account_end: 'anne',
  meters: [meter({ serial_end: null, point_end: 'f00d' })],
};
const answer = (connections: SupplierConnection[], time_zone = 'Europe/London'): SuppliersResponse => ({
  time_zone,
  connections,
});
const facts = (el: HTMLElement) =>
  Object.fromEntries(
    within(el)
      .getAllByRole('definition')
      .map((dd) => [dd.previousElementSibling?.textContent, dd.textContent]),
  );
const meterLines = (card: HTMLElement) =>
  within(within(card).getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');
/** The stub API, with the calorific value a home with an m³ gas meter reads (supplier-gas.test.tsx). */
const stub = (handlers: Parameters<typeof stubApi>[0]) =>
  stubApi({
    'GET /suppliers/calorific_values/': {
      body: { time_zone: 'Europe/London', default_mj_per_m3: 39.5, values: [] },
    },
    ...handlers,
  });

describe('the Supplier data screen', () => {
  it('shows an account up to date: its meters by fuel and direction, their ends, the day data reaches, in the home’s zone', async () => {
    logIn();
    pinClock();
    const calls = stub({ 'GET /suppliers/': { body: answer([octopus]) } });
    renderApp('/account/homeview/supplier');
    const card = await screen.findByRole('article', { name: 'Octopus Energy account …ABCD' });
    expect(query(calls[0]!.url)).toEqual({ user_id: String(session.userId) });
    expect(within(card).getByText('Up to date')).toBeTruthy();
    // Data to Sunday, seen on Tuesday: the usual 1–2 days, said with the day it reaches.
    expect(
      within(card).getByText(
        'Up to date: data up to 29-11-26, as Octopus Energy usually has it (a day comes 1–2 days later); ' +
          'topped up every few hours, and the last days read again until they are complete.',
      ),
    ).toBeTruthy();
    expect(facts(card)).toEqual({
      'Last fetch': '13:45 01-12-26',
      'Next fetch': '17:50 01-12-26',
      Connected: '21-11-26',
    });
    expect(meterLines(card)).toEqual([
      'Electricity (import)MPAN …4567serial …0A1Bdata up to 29-11-26',
      'Electricity (export)MPAN …8901serial …0A1Bdata up to 29-11-26',
      'GasMPRN …2345serial …9Z8Yreports in cubic metres (m³), as SMETS2 meters do; shown as kWhdata up to 29-11-26',
    ]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Only the ends: nothing longer than 4 characters of an account or a meter is on the screen.
    expect(card.textContent).not.toMatch(/A-\w{8}|\d{5,}/);
  });

  it('shows the first fill as a labelled progress bar with its percentage, and a meter found but not stored', async () => {
    logIn();
    pinClock();
    const filling: SupplierConnection = {
      ...octopus,
      state: 'filling',
      progress: 42,
      last_fetch_at: null,
      meters: [
        meter({ data_through: null }),
        meter({ fuel: 'gas', point_end: '2345', unit: 'm3', data_through: null, stored: false }),
      ],
    };
    stub({ 'GET /suppliers/': { body: answer([filling]) } });
    renderApp('/account/homeview/supplier');
    const card = await screen.findByRole('article', { name: 'Octopus Energy account …ABCD' });
    const bar = within(card).getByLabelText('Fetching the last 13 months') as HTMLProgressElement;
    expect(bar.tagName).toBe('PROGRESS');
    expect([bar.value, bar.max]).toEqual([42, 100]);
    expect(within(card).getByText('42%', { selector: 'span' })).toBeTruthy(); // beside the bar
    expect(
      within(card).getByText('Fetching the last 13 months from Octopus Energy, oldest first: 42% done.'),
    ).toBeTruthy();
    expect(facts(card)['Last fetch']).toBe('Not yet');
    expect(meterLines(card)).toEqual([
      'Electricity (import)MPAN …4567serial …0A1Bno complete day yet',
      // In m³ and not stored: nothing is "shown as kWh" yet.
      'GasMPRN …2345serial …0A1Breports in cubic metres (m³), as SMETS2 meters doGas is found but not shown yet: this HomeView does not store it yet.',
    ]);
  });

  it('says when the supplier did not answer and when it tries again, and when it refused the key', async () => {
    logIn();
    pinClock();
    const retrying: SupplierConnection = {
      ...octopus,
      state: 'retrying',
      problem: 'The server answered 503 three times.',
      next_fetch_at: NOW + 15 * 60, // 14:05 in London
    };
    const refused: SupplierConnection = {
      ...octopus,
      id: 9,
      account_end: 'WXYZ',
      state: 'credentials_refused',
      problem: 'Authentication credentials were not provided.',
    };
    const brightRefused: SupplierConnection = { ...bright, state: 'credentials_refused' };
    stub({ 'GET /suppliers/': { body: answer([retrying, refused, brightRefused]) } });
    renderApp('/account/homeview/supplier');
    const late = await screen.findByRole('article', { name: 'Octopus Energy account …ABCD' });
    expect(within(late).getByText('Retrying')).toBeTruthy();
    expect(
      within(late).getByText('Octopus Energy did not answer; trying again at 14:05. Nothing is lost.'),
    ).toBeTruthy();
    expect(within(late).getByText(/The server answered 503 three times\./)).toBeTruthy();

    const key = screen.getByRole('article', { name: 'Octopus Energy account …WXYZ' });
    expect(within(key).getByText('Refused')).toBeTruthy();
    expect(
      within(key).getByText('Octopus Energy refused the key: connect again with a new one.'),
    ).toBeTruthy();
    expect(facts(key)['Next fetch']).toBe('None until it is connected again');

    const app = screen.getByRole('article', { name: 'Bright (Glowmarkt) account …anne' });
    expect(
      within(app).getByText(
        'Bright (Glowmarkt) refused the email and password: connect again with the ones the Bright app takes.',
      ),
    ).toBeTruthy();
    expect(meterLines(app)).toEqual(['Electricity (import)Bright resource …f00ddata up to 29-11-26']);
  });

  it('shows a home in Sydney at Sydney’s time and date, whatever the browser’s zone', async () => {
    logIn();
    pinClock();
    // The end of 29 November in Sydney (UTC+11 in summer) is 13:00 UTC on the 29th.
    const sydneyEnd = Date.UTC(2026, 10, 29, 13, 0, 0) / 1000;
    const retrying: SupplierConnection = {
      ...octopus,
      state: 'retrying',
      next_fetch_at: NOW + 15 * 60, // 01:05 on 2 December in Sydney
      meters: [meter({ data_through: sydneyEnd })],
    };
    stub({ 'GET /suppliers/': { body: answer([retrying], 'Australia/Sydney') } });
    renderApp('/account/infocare/supplier');
    const card = await screen.findByRole('article', { name: /…ABCD/ });
    expect(facts(card)).toEqual({
      'Last fetch': '00:45 02-12-26',
      'Next fetch': '01:05 02-12-26',
      Connected: '22-11-26',
    });
    expect(within(card).getByText(/trying again at 01:05\./)).toBeTruthy();
    // 2 December in Sydney: 29 November is 3 days back on the home's calendar (2 in London's).
    expect(meterLines(card)).toEqual([
      'Electricity (import)MPAN …4567serial …0A1Bdata up to 29-11-26, 3 days ago',
    ]);
  });

  it('says an account whose data ends further back than the supplier’s usual 1–2 days is behind, never up to date', async () => {
    logIn();
    pinClock();
    // Ends of local days in London (GMT): 23, 26 and 30 November 2026; seen on Tuesday 1 December.
    const endOf = (day: number) => Date.UTC(2026, 10, day + 1, 0, 0, 0) / 1000;
    const behind: SupplierConnection = {
      ...octopus,
      meters: [
        meter({ data_through: endOf(23) }),
        meter({ fuel: 'gas', point_end: '2345', serial_end: '9Z8Y', unit: 'm3', data_through: endOf(26) }),
      ],
    };
    const gasOnly: SupplierConnection = {
      ...behind,
      id: 9,
      account_end: 'EFGH',
      meters: [meter({ data_through: endOf(30) }), behind.meters[1]!],
    };
    stub({ 'GET /suppliers/': { body: answer([behind, gasOnly]) } });
    renderApp('/account/homeview/supplier');
    const card = await screen.findByRole('article', { name: 'Octopus Energy account …ABCD' });
    expect(within(card).queryByText('Up to date')).toBeNull();
    expect(within(card).getByText('Behind')).toBeTruthy();
    expect(
      within(card).getByText(
        "Data up to 23-11-26, 8 days ago: later than Octopus Energy's usual 1–2 days. " +
          'Topped up every few hours; later days are stored as soon as Octopus Energy has them.',
      ),
    ).toBeTruthy();
    expect(meterLines(card)).toEqual([
      'Electricity (import)MPAN …4567serial …0A1Bdata up to 23-11-26, 8 days ago',
      'GasMPRN …2345serial …9Z8Yreports in cubic metres (m³), as SMETS2 meters do; shown as kWhdata up to 26-11-26, 5 days ago',
    ]);
    // Electricity to yesterday, gas behind: the meter behind is named.
    const second = screen.getByRole('article', { name: 'Octopus Energy account …EFGH' });
    expect(within(second).getByText('Behind')).toBeTruthy();
    expect(
      within(second).getByText(
        /^Gas data up to 26-11-26, 5 days ago: later than Octopus Energy's usual 1–2 days\./,
      ),
    ).toBeTruthy();
    expect(meterLines(second)[0]).toBe('Electricity (import)MPAN …4567serial …0A1Bdata up to 30-11-26');
  });

  it('connects Octopus with its key and account number, saying where the key is, busy while the server checks', async () => {
    logIn();
    pinClock();
    let listed: SupplierConnection[] = [];
    const checked = deferred<Reply>();
    const calls = stub({
      'GET /suppliers/': () => ({ body: answer(listed) }),
      'POST /suppliers/': () => checked.promise,
    });
    renderApp('/account/homeview/supplier');
    expect(await screen.findByText('No supplier account connected.')).toBeTruthy();
    expect(screen.getByText(/Personal details → API access/)).toBeTruthy();
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: ' sk_live_abcdef123 ' } });
    fireEvent.input(screen.getByLabelText('Account number'), { target: { value: 'A-1234ABCD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Octopus Energy' }));

    expect(await screen.findByText(/Checking with Octopus Energy…/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Checking…' }) as HTMLButtonElement).disabled).toBe(true);
    listed = [{ ...octopus, state: 'filling', progress: 0, last_fetch_at: null }];
    checked.resolve({ body: answer(listed) });

    expect(await screen.findByText(/^Connected to Octopus Energy\./)).toBeTruthy();
    expect(Object.fromEntries(posts(calls)[0]!.body)).toEqual({
      user_id: String(session.userId),
      kind: 'octopus',
      api_key: 'sk_live_abcdef123',
      account_number: 'A-1234ABCD',
    });
    expect(posts(calls)[0]!.headers['X-CSRFToken']).toBe('csrf-old');
    const card = await screen.findByRole('article', { name: 'Octopus Energy account …ABCD' });
    expect((within(card).getByRole('progressbar') as HTMLProgressElement).value).toBe(0);
    // The secrets are gone from the form once sent.
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
  });

  it('connects Bright with the app’s email and password, for the dependant’s home at the InfoCare level', async () => {
    logIn();
    pinClock();
    const calls = stub({
      'GET /suppliers/': { body: answer([]) },
      'POST /suppliers/': { body: answer([{ ...bright, state: 'filling', progress: 3 }]) },
    });
    renderApp('/account/infocare/supplier');
    fireEvent.click(await screen.findByRole('radio', { name: 'Bright (Glowmarkt)' }));
    fireEvent.input(await screen.findByLabelText('Email of your Bright app'), {
      target: { value: 'anne@example.com' },
    });
    fireEvent.input(screen.getByLabelText('Password of your Bright app'), {
      target: { value: ' pass word ' },
    });
    expect(screen.queryByLabelText('API key')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Bright (Glowmarkt)' }));
    expect(await screen.findByRole('article', { name: 'Bright (Glowmarkt) account …anne' })).toBeTruthy();
    expect(query(calls[0]!.url)).toEqual({ user_id: String(session.dependantUserId) });
    expect(Object.fromEntries(posts(calls)[0]!.body)).toEqual({
      user_id: String(session.dependantUserId),
      kind: 'bright',
      email: 'anne@example.com',
      password: ' pass word ', // a password is sent as typed
    });
  });

  it('shows the server’s refusal by the field it names, and asks for an empty field before sending', async () => {
    logIn();
    pinClock();
    const calls = stub({
      'GET /suppliers/': { body: answer([]) },
      'POST /suppliers/': {
        status: 400,
        body: { error: 'Octopus has no account A-0000ABCD for this key.', field: 'account_number' },
      },
    });
    renderApp('/account/homeview/supplier');
    fireEvent.input(await screen.findByLabelText('API key'), { target: { value: 'sk_live_abcdef123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Octopus Energy' }));
    expect(await screen.findByText('Type your Octopus account number.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.input(screen.getByLabelText('Account number'), { target: { value: 'A-0000ABCD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Octopus Energy' }));
    const field = screen.getByLabelText('Account number');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const said = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(said?.textContent).toBe('Bad Request: Octopus has no account A-0000ABCD for this key.');
    expect(screen.getByLabelText('API key').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull(); // by the field, not in a box of its own
  });

  it('shows a refusal that names no field in a box of its own, and keeps what was typed to try again', async () => {
    logIn();
    pinClock();
    stub({
      'GET /suppliers/': { body: answer([]) },
      'POST /suppliers/': {
        status: 502,
        statusText: 'Bad Gateway',
        body: { error: 'Bright did not answer. Try again in a few minutes.' },
      },
    });
    renderApp('/account/homeview/supplier');
    fireEvent.click(await screen.findByRole('radio', { name: 'Bright (Glowmarkt)' }));
    fireEvent.input(await screen.findByLabelText('Email of your Bright app'), {
      target: { value: 'anne@example.com' },
    });
    fireEvent.input(screen.getByLabelText('Password of your Bright app'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Bright (Glowmarkt)' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Bright did not answer. Try again in a few minutes.',
    );
    expect((screen.getByLabelText('Email of your Bright app') as HTMLInputElement).value).toBe(
      'anne@example.com',
    );
    expect(screen.getByRole('button', { name: 'Connect Bright (Glowmarkt)' })).toBeTruthy(); // no longer busy
  });

  it('disconnects only once confirmed, saying the stored readings stay', async () => {
    logIn();
    pinClock();
    let listed = [octopus, bright];
    const calls = stub({
      'GET /suppliers/': () => ({ body: answer(listed) }),
      'POST /suppliers/remove/': () => {
        listed = [bright];
        return { body: answer(listed) };
      },
    });
    renderApp('/account/homeview/supplier');
    const button = await screen.findByRole('button', { name: 'Disconnect Octopus Energy account …ABCD' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Octopus Energy account …ABCD?' });
    expect(within(dialog).getByText(/The readings already stored stay/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Octopus Energy account …ABCD' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    expect(
      await screen.findByText('Disconnected Octopus Energy account …ABCD. Its stored readings stay.'),
    ).toBeTruthy();
    expect(Object.fromEntries(posts(calls)[0]!.body)).toEqual({ user_id: String(session.userId), id: '7' });
    expect(screen.queryByRole('article', { name: /…ABCD/ })).toBeNull();
    expect(screen.getByRole('article', { name: /…anne/ })).toBeTruthy();
  });

  it('reads the list again every 5 s while an account fills, so the bar moves, and stops once none fills', async () => {
    logIn();
    pinClock(['Date', 'setInterval', 'clearInterval']);
    const progress = [40, 75, null];
    let reads = 0;
    stub({
      'GET /suppliers/': () => {
        const p = progress[Math.min(reads++, progress.length - 1)] ?? null;
        const state = p === null ? 'up_to_date' : 'filling';
        return { body: answer([{ ...octopus, state, progress: p }]) };
      },
    });
    renderApp('/account/homeview/supplier');
    const bar = (await screen.findByRole('progressbar')) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    await waitFor(() => expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(75));
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('Up to date')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(3);
  });

  it('is a card on both account hubs, beside Devices', async () => {
    logIn();
    stubApi({});
    renderApp('/account/homeview');
    expect((await screen.findByRole('link', { name: /Supplier data/ })).getAttribute('href')).toBe(
      '/account/homeview/supplier',
    );
    renderApp('/account/infocare');
    await waitFor(() =>
      expect(
        screen.getAllByRole('link', { name: /Supplier data/ }).map((a) => a.getAttribute('href')),
      ).toContain('/account/infocare/supplier'),
    );
  });
});
