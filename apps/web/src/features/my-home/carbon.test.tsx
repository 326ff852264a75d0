import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Reply, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { carbonText } from './display';
import { DAY_START, energyView } from './fixtures';

// Issue 37: the Usage screen shows the period's electricity in CO₂ beside its kWh and pounds, with its
// source in small print; "no carbon figures" when a half-hour with data has no recorded intensity; nothing
// for a period without readings or for gas.

const NOW = DAY_START + 12 * 3600 + 20 * 60; // Tuesday 5 November 2024, 12:20 in London
const SOURCE = 'Carbon Intensity API (National Grid ESO, CC BY 4.0): Great Britain, recorded half-hourly';
const q = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);

afterEach(() => {
  vi.useRealTimers();
});

async function usageDay(reply: (fuel: string | undefined) => Reply) {
  logIn();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
  stubApi({
    'GET /common/appliances/timeline/': { body: { events: [] } },
    'GET /energy_info/detail/': (call): Reply => reply(q(call.url).fuel),
  });
  renderApp('/my-home/usage');
  fireEvent.click(screen.getByRole('tab', { name: 'Daily' }));
  return screen.findByTestId('balance-energy');
}

describe('the period’s carbon on the Usage screen', () => {
  it('grams under a kilogram, kilograms with one decimal above', () => {
    expect(carbonText(0)).toBe('0 g CO₂');
    expect(carbonText(218)).toBe('218 g CO₂');
    expect(carbonText(12_345)).toBe('12.3 kg CO₂');
  });

  it('shows the figure beside the kWh, its source in small print', async () => {
    const used = await usageDay(() => ({ body: energyView({ carbon_g: 2_468, carbon_source: SOURCE }) }));
    expect(used.textContent).toBe('Used 9.88 kWh, generated 1.20 kWh');
    expect(screen.getByTestId('balance-carbon').textContent).toBe(`From the grid: 2.5 kg CO₂${SOURCE}`);
    const source = screen.getByTestId('balance-carbon-source');
    expect(source.tagName).toBe('SMALL');
    expect(source.textContent).toBe(SOURCE);
  });

  it('says so when the dates have no recorded figures', async () => {
    await usageDay(() => ({ body: energyView({ carbon_g: null, carbon_source: SOURCE }) }));
    expect(screen.getByTestId('balance-carbon').textContent).toBe('No carbon figures for these dates.');
  });

  it('shows nothing for an answer without carbon (an older server) or a period without readings', async () => {
    await usageDay(() => ({ body: energyView() }));
    expect(screen.queryByTestId('balance-carbon')).toBeNull();
  });
});
