import type { Device, DevicesResponse } from '@homeview/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn, session } from '../../test/fixtures';

// The Devices screens (issue 23) against the stub API (requests and answers checked against the contract).
// Runs in two browser zones (web and web-west): every time shown is the home's.

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0) / 1000; // Thursday 15 January 2026, 09:00 in London
const query = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the app render what the last event changed (Preact renders after the event, not inside it). */
const rendered = () => new Promise((resolve) => setTimeout(resolve, 0));

function pinClock(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
}

const glow: Device = {
  id: 1,
  kind: 'glow',
  device_id: 'AABBCCDDEEFF',
  appliance: null,
  created_at: NOW - 86_400,
  last_message_at: NOW - 130,
  readings_today: 540,
  state: 'receiving',
  state_since: NOW - 130,
  last_reject_reason: null,
  rejects: 0,
};
const kettle: Device = {
  id: 2,
  kind: 'tasmota',
  device_id: 'kettle_plug',
  appliance: { key: 'kettle', name: 'Kettle' },
  created_at: NOW - 86_400,
  last_message_at: NOW - 3 * 3600,
  readings_today: 3,
  state: 'silent',
  state_since: NOW - 3 * 3600,
  last_reject_reason: null,
  rejects: 0,
};
const APPLIANCES = [
  { key: 'kettle', name: 'Kettle' },
  { key: 'microwave', name: 'Microwave' },
];
const answer = (devices: Device[], time_zone = 'Europe/London', mqtt = true): DevicesResponse => ({
  time_zone,
  devices,
  appliances: APPLIANCES,
  mqtt,
});

describe('the Devices screen', () => {
  it('shows each device: kind, id, what it measures, last message, today and its state, in the home’s zone', async () => {
    logIn();
    pinClock();
    const rejecting: Device = {
      ...glow,
      id: 3,
      device_id: 'emontx4',
      kind: 'emon',
      state: 'rejecting',
      state_since: NOW - 60,
      last_reject_reason: 'a step of 40 kWh in 10 s is more than the house can draw',
      rejects: 7,
      last_reject_at: NOW - 60,
    };
    // Refused twice, the last at 23:00 yesterday in London: none today (issue 33 item 7).
    const refusedYesterday: Device = {
      ...kettle,
      rejects: 2,
      last_reject_reason: 'power -5 W is negative: a plug only draws power',
      last_reject_at: NOW - 10 * 3600,
    };
    const calls = stubApi({ 'GET /devices/': { body: answer([glow, refusedYesterday, rejecting]) } });
    renderApp('/account/homeview/devices');
    const card = await screen.findByRole('article', { name: /Hildebrand Glow display or CAD AABBCCDDEEFF/ });
    expect(screen.queryByText(/not receiving live devices/)).toBeNull(); // this server reads devices
    expect(query(calls[0]!.url)).toEqual({ user_id: String(session.userId) });
    const facts = (el: HTMLElement) =>
      Object.fromEntries(
        within(el)
          .getAllByRole('definition')
          .map((dd) => [dd.previousElementSibling?.textContent, dd.textContent]),
      );
    expect(facts(card)).toEqual({
      Measures: 'The whole house',
      'Last message accepted': '2 min ago (08:57 15-01-26)',
      Today: '540 readings of the home stored today',
      'Publishes to': 'glow/AABBCCDDEEFF/SENSOR/electricitymeter',
    });
    expect(within(card).getByText('Receiving')).toBeTruthy();

    const plug = screen.getByRole('article', { name: /Tasmota plug .* kettle_plug/ });
    expect(facts(plug)).toMatchObject({
      Measures: 'Kettle',
      'Last message accepted': '3 h ago (06:00 15-01-26)',
      Refused:
        'None refused today; 2 before, the last at 23:00 14-01-26: power -5 W is negative: a plug only draws power',
      Today: '3 kettle uses today',
      'Publishes to': 'tele/kettle_plug/SENSOR',
    });
    expect(within(plug).getByText('Silent')).toBeTruthy();
    expect(within(plug).getByText(/^Silent since 06:00 15-01-26/)).toBeTruthy();

    const emon = screen.getByRole('article', { name: /emonTx or emonPi emontx4/ });
    expect(within(emon).getByText('Rejecting')).toBeTruthy();
    expect(facts(emon)).toMatchObject({
      Refused:
        '7 refused since it was added, the last today at 08:59: a step of 40 kWh in 10 s is more than the house can draw',
    });
    expect(
      within(emon).getByText(
        'Its messages are being refused since 08:59 15-01-26: see Refused above for why.',
      ),
    ).toBeTruthy();
  });

  it('says the readings of a home whose meter display has not been heard from yet came from elsewhere', async () => {
    logIn();
    pinClock();
    const waiting = { ...glow, state: 'waiting', state_since: null, last_message_at: null } as const;
    stubApi({ 'GET /devices/': { body: answer([{ ...waiting, readings_today: 1135 }]) } });
    renderApp('/account/homeview/devices');
    const card = await screen.findByRole('article', { name: /AABBCCDDEEFF/ });
    expect(within(card).getByText('Never')).toBeTruthy();
    expect(
      within(card).getByText('None from it yet; 1135 readings of the home stored today from elsewhere'),
    ).toBeTruthy();
  });

  it('says in plain words when this server receives no devices at all, with a hint for whoever runs it', async () => {
    logIn();
    pinClock();
    const waiting = { ...glow, state: 'waiting', state_since: null, last_message_at: null } as const;
    stubApi({ 'GET /devices/': { body: answer([waiting], 'Europe/London', false) } });
    renderApp('/account/homeview/devices');
    await screen.findByRole('article', { name: /AABBCCDDEEFF/ });
    const notice = screen
      .getByText('This HomeView is not receiving live devices at the moment.')
      .closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain(
      'Nothing that a meter display or plug sends reaches it, so the devices below store no readings until it is. Readings imported from files are not affected.',
    );
    // The householder's sentence names no setting; the operator's hint does.
    expect(notice.querySelector('p')?.textContent).not.toContain('MQTT');
    expect(within(notice).getByText('MQTT_URL')).toBeTruthy();
  });

  it('tells a home with no devices on such a server that one added would store nothing yet', async () => {
    logIn();
    pinClock();
    stubApi({ 'GET /devices/': { body: answer([], 'Europe/London', false) } });
    renderApp('/account/infocare/devices');
    expect(await screen.findByText('No devices yet.')).toBeTruthy();
    expect(
      screen.getByText(/so a device added here stores no readings until it is\./, { exact: false }),
    ).toBeTruthy();
  });

  it('shows a home in Sydney at Sydney’s time, whatever the browser’s zone', async () => {
    logIn();
    pinClock();
    stubApi({ 'GET /devices/': { body: answer([glow], 'Australia/Sydney') } });
    renderApp('/account/infocare/devices');
    const card = await screen.findByRole('article', { name: /AABBCCDDEEFF/ });
    // 08:57:50 UTC is 19:57 in Sydney (summer, UTC+11).
    expect(within(card).getByText('2 min ago (19:57 15-01-26)')).toBeTruthy();
  });

  it('tells a person with no devices what to do, and adds a kettle plug with where its id is and its topic', async () => {
    logIn();
    pinClock();
    let listed: Device[] = [];
    const calls = stubApi({
      'GET /devices/': () => ({ body: answer(listed) }),
      'POST /devices/': () => {
        listed = [
          { ...kettle, state: 'waiting', state_since: null, last_message_at: null, readings_today: 0 },
        ];
        return { body: answer(listed) };
      },
    });
    renderApp('/account/infocare/devices');
    expect(await screen.findByText('No devices yet.')).toBeTruthy();
    // The Glow first: the MAC on its back; no appliance to choose for a meter display.
    expect(screen.getByText(/the 12-character MAC on the back of the display/)).toBeTruthy();
    expect(screen.queryByLabelText('What it measures')).toBeNull();

    // The kind select's names fit a phone: in chromium at 16 px, 30 characters ('Hildebrand Glow display
    // or CAD') took 271 of the 310 px a 390 px screen leaves it, and longer names were cut (issue 33 item
    // 16). The full name is under the select.
    const kinds = within(screen.getByLabelText('Kind of device')).getAllByRole('option');
    for (const option of kinds) expect(option.textContent?.length).toBeLessThanOrEqual(26);
    chooseOption(screen.getByLabelText('Kind of device'), 'tasmota');
    expect(
      await screen.findByText(/the Topic in the Tasmota web page under Configuration → MQTT/),
    ).toBeTruthy();
    expect(screen.getByText('Tasmota plug (Kettle Companion, Local Bytes, Sonoff POW)')).toBeTruthy();
    expect(screen.getByText('tele/<id>/SENSOR')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Device id'), { target: { value: 'kettle_plug' } });
    expect(await screen.findByText('tele/kettle_plug/SENSOR')).toBeTruthy();
    chooseOption(screen.getByLabelText('What it measures'), 'kettle');
    await rendered(); // the choice is in the form's state before the click submits it
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));

    expect(
      await screen.findByText('Added kettle_plug. Its readings appear as its messages arrive.'),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST') as RecordedCall;
    expect(Object.fromEntries(post.body)).toEqual({
      user_id: String(session.dependantUserId),
      kind: 'tasmota',
      device_id: 'kettle_plug',
      appliance: 'kettle',
    });
    expect(post.headers['X-CSRFToken']).toBe('csrf-old');
    const card = await screen.findByRole('article', { name: /kettle_plug/ });
    expect(within(card).getByText('Waiting')).toBeTruthy();
    expect(within(card).getByText('Never')).toBeTruthy();
  });

  it('shows the server’s refusal next to the field it names', async () => {
    logIn();
    pinClock();
    stubApi({
      'GET /devices/': { body: answer([]) },
      'POST /devices/': {
        status: 400,
        body: { error: 'The glow device "AABBCCDDEEFF" is already registered.', field: 'device_id' },
      },
    });
    renderApp('/account/homeview/devices');
    fireEvent.input(await screen.findByLabelText('Device id'), { target: { value: 'AABBCCDDEEFF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByText(/is already registered/)).toBeTruthy();
    expect(screen.getByLabelText('Device id').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the total a device already sending shows, next to its field (issue 34 item 3)', async () => {
    logIn();
    pinClock();
    const refusal =
      'This device is already sending, so its id alone does not show it is yours. Type Energy Total on its web page, in kWh, as it shows it now; or switch it off (unplug it) for 2 hours, add it while it is off, then switch it back on.';
    const calls = stubApi({
      'GET /devices/': { body: answer([]) },
      'POST /devices/': { status: 400, body: { error: refusal, field: 'reading' } },
    });
    renderApp('/account/homeview/devices');
    chooseOption(await screen.findByLabelText('Kind of device'), 'tasmota');
    await rendered();
    fireEvent.input(screen.getByLabelText('Device id'), { target: { value: 'kettle_plug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByText(`Bad Request: ${refusal}`)).toBeTruthy();
    const field = screen.getByLabelText('Energy total it shows now, in kWh');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The hint says where a Tasmota shows it, and the other way.
    expect(
      document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toBe(
      'Only if it is already sending: Energy Total on its web page, in kWh, to show it is yours. Or leave this empty, switch it off for 2 h, add it while it is off, then switch it back on.',
    );
    fireEvent.input(field, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(Object.fromEntries((calls.filter((c) => c.method === 'POST')[1] as RecordedCall).body)).toEqual({
      user_id: String(session.userId),
      kind: 'tasmota',
      device_id: 'kettle_plug',
      reading: '12.345',
    });
  });

  it('removes a device only once confirmed, saying its readings stay', async () => {
    logIn();
    pinClock();
    let listed = [glow, kettle];
    const calls = stubApi({
      'GET /devices/': () => ({ body: answer(listed) }),
      'POST /devices/remove/': () => {
        listed = [kettle];
        return { body: answer(listed) };
      },
    });
    renderApp('/account/homeview/devices');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove AABBCCDDEEFF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove AABBCCDDEEFF?' });
    expect(within(dialog).getByText(/The readings it already sent stay stored/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove AABBCCDDEEFF' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed AABBCCDDEEFF. Its readings stay stored.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST') as RecordedCall;
    expect(Object.fromEntries(post.body)).toEqual({ user_id: String(session.userId), id: '1' });
    expect(screen.queryByRole('article', { name: /AABBCCDDEEFF/ })).toBeNull();
  });

  it('looks up an unclaimed device by the id typed, and claims it', async () => {
    logIn();
    pinClock();
    let listed: Device[] = [];
    const calls = stubApi({
      'GET /devices/': () => ({ body: answer(listed) }),
      'GET /devices/unclaimed/': (call) => ({
        body: {
          devices:
            query(call.url).device_id === 'FFEEDDCCBBAA'
              ? [
                  {
                    kind: 'glow',
                    device_id: 'FFEEDDCCBBAA',
                    first_seen: NOW - 900,
                    last_seen: NOW - 20,
                    messages: 90,
                  },
                ]
              : [],
        },
      }),
      'POST /devices/claim/': () => {
        listed = [{ ...glow, device_id: 'FFEEDDCCBBAA' }];
        return { body: answer(listed) };
      },
    });
    renderApp('/account/homeview/devices');
    const idField = await screen.findByLabelText(/Id of a device already sending/);
    fireEvent.input(idField, { target: { value: 'ffeedd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(/No device with exactly the id/)).toBeTruthy();

    fireEvent.input(idField, { target: { value: ' FFEEDDCCBBAA ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(/90 messages, the last just now/)).toBeTruthy();
    expect(query(calls.filter((c) => c.url.includes('unclaimed'))[1]!.url)).toEqual({
      user_id: String(session.userId),
      device_id: 'FFEEDDCCBBAA',
    });
    // It is sending: claimed with the total it shows, and the screen says where a Glow's owner reads it.
    const reading = screen.getByLabelText('Energy total the found device shows now, in kWh');
    expect(document.getElementById(reading.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "Only if it is already sending: the reading on your electricity meter's display, in kWh (the Glowmarkt app shows it too), to show it is yours. Or leave this empty, switch it off for 15 min, add it while it is off, then switch it back on.",
    );
    fireEvent.input(reading, { target: { value: ' 6613.4 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim FFEEDDCCBBAA' }));
    expect(
      await screen.findByText('Claimed FFEEDDCCBBAA. Its readings are stored from now on.'),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST') as RecordedCall;
    expect(Object.fromEntries(post.body)).toEqual({
      user_id: String(session.userId),
      kind: 'glow',
      device_id: 'FFEEDDCCBBAA',
      reading: '6613.4',
    });
    expect(await screen.findByRole('article', { name: /FFEEDDCCBBAA/ })).toBeTruthy();
  });

  it('claims a plug as the appliance chosen', async () => {
    logIn();
    pinClock();
    const calls = stubApi({
      'GET /devices/': { body: answer([]) },
      'GET /devices/unclaimed/': {
        body: {
          devices: [
            {
              kind: 'zigbee2mqtt',
              device_id: 'Kettle plug',
              first_seen: NOW - 60,
              last_seen: NOW - 60,
              messages: 1,
            },
          ],
        },
      },
      'POST /devices/claim/': {
        body: answer([{ ...kettle, kind: 'zigbee2mqtt', device_id: 'Kettle plug' }]),
      },
    });
    renderApp('/account/infocare/devices');
    fireEvent.input(await screen.findByLabelText(/Id of a device already sending/), {
      target: { value: 'Kettle plug' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(/1 message, the last 1 min ago/)).toBeTruthy();
    // Only a plug offers the appliance (the add form's Glow has none, so this select is the claim's).
    chooseOption(screen.getByLabelText('What it measures'), 'kettle');
    await rendered();
    fireEvent.click(screen.getByRole('button', { name: 'Claim Kettle plug' }));
    expect(await screen.findByText('Claimed Kettle plug. Its readings are stored from now on.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST') as RecordedCall;
    expect(Object.fromEntries(post.body)).toEqual({
      user_id: String(session.dependantUserId),
      kind: 'zigbee2mqtt',
      device_id: 'Kettle plug',
      appliance: 'kettle',
    });
  });

  it('is a card on both account hubs', async () => {
    logIn();
    stubApi({});
    renderApp('/account/homeview');
    expect((await screen.findByRole('link', { name: /Devices/ })).getAttribute('href')).toBe(
      '/account/homeview/devices',
    );
    renderApp('/account/infocare');
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /Devices/ }).map((a) => a.getAttribute('href'))).toContain(
        '/account/infocare/devices',
      ),
    );
  });
});
