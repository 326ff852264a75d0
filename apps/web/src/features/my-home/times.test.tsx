import type { EnergyTimes } from '@homeview/contract/web';
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { energyView } from './fixtures';
import { timesSentences } from './times';

// Issue 37's "Cheapest and greenest times" on My Home, from a canned /energy_info/times/ answer: a London
// home at 23:30 BST on Saturday 24 October 2026, the night the clocks go back (01:00–02:00 comes twice:
// 00:00Z and 01:00Z both read 01:00). Every sentence and band below was worked out by hand.

const at = (iso: string) => Date.parse(iso) / 1000;
const slot = (iso: string, price: number | null, carbon: number | null, index: string | null) => ({
  start: at(iso),
  price,
  carbon,
  carbon_index: index,
});

const night: EnergyTimes = {
  now: at('2026-10-24T22:30:00Z'),
  tariff: 'time_of_use',
  price_unit: 'µ£/kWh',
  carbon_unit: 'gCO2/kWh',
  slots: [
    slot('2026-10-24T22:30:00Z', 245_000, 250, 'high'), // 23:30 BST
    slot('2026-10-24T23:00:00Z', 245_000, 250, 'high'), // 00:00 BST
    slot('2026-10-24T23:30:00Z', 85_000, 180, 'moderate'), // 00:30 BST
    slot('2026-10-25T00:00:00Z', 85_000, 60, 'low'), // 01:00 BST
    slot('2026-10-25T00:30:00Z', 85_000, 60, 'low'), // 01:30 BST
    slot('2026-10-25T01:00:00Z', 85_000, 50, 'very low'), // 01:00 GMT
    slot('2026-10-25T01:30:00Z', 85_000, 50, 'very low'), // 01:30 GMT
    slot('2026-10-25T02:00:00Z', 85_000, null, null), // 02:00 GMT, beyond the forecast
  ],
  cheapest: { start: at('2026-10-24T23:30:00Z'), end: at('2026-10-25T02:30:00Z'), hours: 3, average: 85_000 },
  greenest: { start: at('2026-10-25T00:00:00Z'), end: at('2026-10-25T02:00:00Z'), hours: 2, average: 55 },
  appliance: {
    appliance_type_id: 6,
    name: 'Dishwasher',
    uses: 4,
    duration_minutes: 120,
    energy_wh: 4480,
    now_pence: 112,
    best_start: at('2026-10-24T23:30:00Z'),
    best_pence: 38,
  },
  carbon: { status: 'forecast', region: 'London', postcode: 'SW1A', source: 'Carbon Intensity API' },
  time_zone: 'Europe/London',
};

function show(answer: EnergyTimes) {
  logIn();
  stubApi({
    'GET /energy_info/today/': { body: energyView({ time_zone: 'Europe/London' }) },
    'GET /energy_info/times/': { body: answer },
  });
  renderApp('/my-home');
}

const classesOf = (row: Element) =>
  [...row.children].map((c) => /times-(?:price|carbon)--([a-z-]+)/.exec(c.className)?.[1]);

describe('Cheapest and greenest times on My Home', () => {
  it('says when to run things, in the home’s clock', async () => {
    show(night);
    const card = within(await screen.findByRole('region', { name: 'Cheapest and greenest times' }));
    expect((await card.findAllByRole('listitem')).map((li) => li.textContent)).toEqual([
      'Cheapest 3 hours from 00:30 tomorrow, 8.50p per kWh on average',
      'Greenest 2 hours from 01:00 tomorrow (before the clocks go back), 55 gCO₂/kWh on average',
      'Run the dishwasher at 00:30 tomorrow: 38p a run instead of £1.12 now',
    ]);
    expect(card.getByText(/the London region’s forecast/)).toBeTruthy();
  });

  it('draws a strip of the half-hours by price and by carbon, read aloud by the arrow keys and as a table', async () => {
    show(night);
    const card = await screen.findByRole('region', { name: 'Cheapest and greenest times' });
    const plot = await within(card).findByRole('group', { name: /The coming half-hours/ });
    const rows = card.querySelectorAll('.times-strip__row');
    expect(rows).toHaveLength(2);
    expect(classesOf(rows[0] as Element)).toEqual(['high', 'high', 'low', 'low', 'low', 'low', 'low', 'low']);
    expect(classesOf(rows[1] as Element)).toEqual([
      'high',
      'high',
      'moderate',
      'low',
      'low',
      'very-low',
      'very-low',
      'unknown',
    ]);
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(within(card).getByText('23:30: 24.50p per kWh, 250 gCO₂/kWh (high)')).toBeTruthy();
    fireEvent.keyDown(plot, { key: 'End' });
    expect(within(card).getByText('02:00: 8.50p per kWh, no carbon forecast')).toBeTruthy();

    fireEvent.click(within(card).getByText('Show the half-hours as a table'));
    const table = within(card).getByRole('table');
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['23:30', '24.50p', '250 (high)'],
      ['00:00', '24.50p', '250 (high)'],
      ['00:30', '8.50p', '180 (moderate)'],
      ['01:00', '8.50p', '60 (low)'],
      ['01:30', '8.50p', '60 (low)'],
      ['01:00', '8.50p', '50 (very low)'],
      ['01:30', '8.50p', '50 (very low)'],
      ['02:00', '8.50p', 'no forecast'],
    ]);
  });

  it('says so when there is no forecast now and the tariff has one price', async () => {
    show({
      ...night,
      tariff: 'single',
      slots: night.slots.map((s) => ({ ...s, price: 245_000, carbon: null, carbon_index: null })),
      cheapest: null,
      greenest: null,
      appliance: null,
      carbon: { status: 'unavailable', region: null, postcode: 'SW1A', source: 'Carbon Intensity API' },
    });
    const card = within(await screen.findByRole('region', { name: 'Cheapest and greenest times' }));
    expect(
      await card.findByText('No carbon forecast now: the Carbon Intensity service could not be reached.'),
    ).toBeTruthy();
    expect(
      card.getByText('Your tariff has one price all day, so no time is cheaper than another.'),
    ).toBeTruthy();
    expect(card.queryAllByRole('listitem')).toHaveLength(0);
  });
});

it('says which 01:00 it means on the night the clocks go back', () => {
  const later = {
    ...night,
    greenest: { start: at('2026-10-25T01:00:00Z'), end: at('2026-10-25T02:30:00Z'), hours: 2, average: 50 },
  };
  expect(timesSentences(later).greenest).toBe(
    'Greenest 2 hours from 01:00 tomorrow (after the clocks go back), 50 gCO₂/kWh on average',
  );
});
