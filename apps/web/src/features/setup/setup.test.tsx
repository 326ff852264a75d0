import type { ApplianceSetting, SetupDetail } from '@homeview/contract';
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// The wizard's step 3 (how many of each appliance): the counts are saved through /appliance_settings/
// (spec-decisions "Setup": `number_of_appliances`) and shown back when the wizard opens again.

/** A server that keeps what it is sent: the set_up answers and each appliance's count. */
function homeServer() {
  const counts: Record<string, number> = { '1': 1, '2': 0, '10': 1 };
  const names: Record<string, string> = { '1': 'Kettle', '2': 'Microwave', '10': 'Fridge freezer' };
  const posts: RecordedCall[] = [];
  const detail = (): SetupDetail => ({
    age_groups: { under10: 0, range10_17: 0, range18_64: 2, range65_74: 0, over74: 0 },
    employment_statuses: { full_time: 1, part_time: 0, unemployed: 0, pensioner: 0 },
    travel: { commuting: 1, stay_at_home: 1 },
    appliances: Object.fromEntries(
      Object.entries(counts).map(([id, number]) => [id, { name: names[id] ?? '', number }]),
    ),
    property_type: 'Flat',
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
    'POST /common/set_up/': () => ({ body: detail() }),
    'POST /appliance_settings/': (call: RecordedCall) => {
      posts.push(call);
      const id = call.body.get('appliance_type_id') ?? '';
      counts[id] = Number(call.body.get('number_of_appliances'));
      return { body: setting(id) };
    },
  };
  return { handlers, posts };
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
