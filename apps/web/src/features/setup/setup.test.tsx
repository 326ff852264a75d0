import type { ApplianceSetting, SetupDetail } from '@homeview/contract';
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// The wizard's step 3 (how many of each appliance): the counts are saved through /appliance_settings/
// (spec-decisions "Setup": `number_of_appliances`) and shown back when the wizard opens again. Step 4's
// postcode area (issue 37): only the outward code is sent, nonsense is refused on the field.

/** A server that keeps what it is sent: the set_up answers and each appliance's count. */
function homeServer() {
  const counts: Record<string, number> = { '1': 1, '2': 0, '10': 1 };
  const names: Record<string, string> = { '1': 'Kettle', '2': 'Microwave', '10': 'Fridge freezer' };
  const posts: RecordedCall[] = [];
  const setups: RecordedCall[] = [];
  let postcode: string | null = 'LE11';
  const detail = (): SetupDetail => ({
    age_groups: { under10: 0, range10_17: 0, range18_64: 2, range65_74: 0, over74: 0 },
    employment_statuses: { full_time: 1, part_time: 0, unemployed: 0, pensioner: 0 },
    travel: { commuting: 1, stay_at_home: 1 },
    appliances: Object.fromEntries(
      Object.entries(counts).map(([id, number]) => [id, { name: names[id] ?? '', number }]),
    ),
    property_type: 'Flat',
    postcode,
  });
  const setting = (id: string): ApplianceSetting => ({
    appliance_type_id: Number(id),
    appliance_label: names[id] ?? '',
    appliance_icon: 'kettle',
    show_appliance: true,
    number_of_appliances: counts[id] ?? 0,
    available_icons: ['kettle'],
  });
  const handlers = {
    'GET /common/set_up/': () => ({ body: detail() }),
    'POST /common/set_up/': (call: RecordedCall) => {
      setups.push(call);
      if (call.body.get('postcode') === 'ZZ9') {
        const error = 'postcode must be a UK postcode such as SW1A 1AA, or its first half such as SW1A';
        return { status: 400, body: { error, field: 'postcode' } };
      }
      postcode = call.body.get('postcode') || null;
      return { body: detail() };
    },
    'POST /appliance_settings/': (call: RecordedCall) => {
      posts.push(call);
      const id = call.body.get('appliance_type_id') ?? '';
      counts[id] = Number(call.body.get('number_of_appliances'));
      return { body: setting(id) };
    },
  };
  return { handlers, posts, setups };
}

async function toStep3() {
  fireEvent.click(await screen.findByRole('button', { name: 'Start My Home Setup' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
  await screen.findByRole('heading', { name: 'How many of each appliance are there?' });
}

const countOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Setup step 3: appliance counts (spec §2.5, spec-decisions "Setup")', () => {
  it('saves the changed counts through /appliance_settings/ and shows them when the wizard opens again', async () => {
    logIn();
    const server = homeServer();
    stubApi(server.handlers);
    renderApp('/setup?type=main');
    await toStep3();
    expect([countOf('Kettle'), countOf('Microwave'), countOf('Fridge freezer')]).toEqual(['1', '0', '1']);
    fireEvent.click(screen.getByRole('button', { name: 'More: Kettle' }));
    fireEvent.click(screen.getByRole('button', { name: 'More: Microwave' }));
    fireEvent.click(screen.getByRole('button', { name: 'More: Microwave' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish Setup' }));
    expect(await screen.findByText('Setup Complete')).toBeTruthy();

    // One write per changed appliance, in the contract's fields (stubApi checks each against it).
    expect(server.posts.map((p) => Object.fromEntries(p.body))).toEqual([
      { user_id: '11', appliance_type_id: '1', number_of_appliances: '2' },
      { user_id: '11', appliance_type_id: '2', number_of_appliances: '2' },
    ]);
    expect(server.posts.every((p) => p.headers['X-CSRFToken'] === 'csrf-old')).toBe(true);

    // Opened again, step 3 shows what was saved.
    cleanup();
    stubApi(server.handlers);
    renderApp('/setup?type=main');
    await toStep3();
    expect([countOf('Kettle'), countOf('Microwave'), countOf('Fridge freezer')]).toEqual(['2', '2', '1']);
  });
});

async function toStep4() {
  await toStep3();
  fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
  await screen.findByRole('heading', { name: 'What kind of home is it, and where?' });
}

const postcodeBox = () => screen.getByLabelText('Postcode area') as HTMLInputElement;
const type = (text: string) => fireEvent.input(postcodeBox(), { target: { value: text } });

describe('Setup step 4: the postcode area (issue 37)', () => {
  it('shows the saved area, keeps only the first half of a full postcode, and sends only that', async () => {
    logIn();
    const server = homeServer();
    stubApi(server.handlers);
    renderApp('/setup?type=main');
    await toStep4();
    expect(postcodeBox().value).toBe('LE11');
    type('sw1a 1aa');
    expect(screen.getByText(/Only the first half \(SW1A\) is kept/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finish Setup' }));
    expect(await screen.findByText('Setup Complete')).toBeTruthy();
    expect(server.setups.map((c) => c.body.get('postcode'))).toEqual(['SW1A']);
    expect(server.setups[0]?.body.toString()).not.toContain('1AA');
  });

  it('refuses what is not a postcode on the field, sending nothing, and clears an emptied one', async () => {
    logIn();
    const server = homeServer();
    stubApi(server.handlers);
    renderApp('/setup?type=main');
    await toStep4();
    type('LONDON');
    fireEvent.click(screen.getByRole('button', { name: 'Finish Setup' }));
    expect(
      await screen.findByText('Type a UK postcode such as SW1A 1AA, or just its first half (SW1A).'),
    ).toBeTruthy();
    expect(postcodeBox().getAttribute('aria-invalid')).toBe('true');
    expect(server.setups).toEqual([]);

    type('');
    expect(screen.getByText(/Empty: Great Britain/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finish Setup' }));
    expect(await screen.findByText('Setup Complete')).toBeTruthy();
    expect(server.setups.map((c) => c.body.get('postcode'))).toEqual(['']);
  });

  it('shows the server’s refusal of the postcode on the field', async () => {
    logIn();
    const server = homeServer();
    stubApi(server.handlers);
    renderApp('/setup?type=main');
    await toStep4();
    type('ZZ9');
    fireEvent.click(screen.getByRole('button', { name: 'Finish Setup' }));
    expect(await screen.findByText(/postcode must be a UK postcode such as SW1A 1AA/)).toBeTruthy();
    expect(postcodeBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Setup Complete')).toBeNull();
  });
});
