import { screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { DAY_START, energyView } from './fixtures';

// Issue 33 item 1: the balance said Cost £2.82 while the hourly table added up to £2.63, the standing
// charge counted whole in one and by the hour in the other. The screen now says what the cost includes,
// the bars are the energy's cost and the table ends with the standing charge and the totals.

const NOW = DAY_START + 14 * 3600 + 43 * 60; // Tuesday 5 November 2024, 14:43 in London

afterEach(() => {
  vi.useRealTimers();
});

/** Readings to 14:43: 19p of energy in each hour to 14:00 (14 × 19p = £2.66), the hour under way none yet. */
function today() {
  return energyView({
    balance: { income: 0, cost: 3.21, profit_loss: -3.21 },
    energy_balance: { generated: 0, consumed: 9.1 },
    standing_charge: 0.55,
    details: Array.from({ length: 24 }, (_, h) => ({
      period: { start_timestamp: DAY_START + h * 3600 },
      balance: { income: 0, cost: h < 15 ? 0.21 : 0.02, profit_loss: h < 15 ? -0.21 : -0.02 },
      energy_balance: { generated: 0, consumed: h < 15 ? 0.65 : 0 },
      slots: 2,
      data_slots: h < 15 ? 2 : 0,
      energy_cost: h < 14 ? 0.19 : 0,
    })),
  });
}

describe("/my-home: the standing charge in today's cost", () => {
  it('says the cost includes the whole day’s standing charge and the table adds up to it', async () => {
    logIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    stubApi({ 'GET /energy_info/today/': { body: today() } });
    renderApp('/my-home');
    expect((await screen.findByTestId('balance-cost')).textContent).toBe('£3.21');
    expect(screen.getByTestId('balance-standing-charge').textContent).toBe(
      "Cost includes today's standing charge, £0.55.",
    );
    const chart = screen.getByRole('figure', { name: /Cost and income/ });
    const rows = within(chart).getAllByRole('row');
    const cells = (name: string) => {
      const row = rows.find((r) => r.querySelector('th')?.textContent === name);
      return [...(row?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    };
    expect(within(chart).getByRole('columnheader', { name: 'Energy cost' })).toBeTruthy();
    expect(cells('09:00')).toEqual(['£0.19', '£0.00']);
    expect(cells("Standing charge (today's, in full)")).toEqual(['£0.55', '']);
    expect(cells('Total')).toEqual(['£3.21', '£0.00']);
  });

  it('a day with no readings says its cost is the standing charge alone, not a bare loss', async () => {
    logIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    const empty = energyView({
      subtitle: 'Tuesday 5 November 2024',
      balance: { income: 0, cost: 0.57, profit_loss: -0.57 },
      energy_balance: { generated: 0, consumed: 0 },
      standing_charge: 0.57,
      details: Array.from({ length: 24 }, (_, h) => ({
        period: { start_timestamp: DAY_START + h * 3600 },
        balance: { income: 0, cost: 0.02, profit_loss: -0.02 },
        energy_balance: { generated: 0, consumed: 0 },
        slots: 2,
        data_slots: 0,
        energy_cost: 0,
      })),
    });
    stubApi({ 'GET /energy_info/today/': { body: empty } });
    renderApp('/my-home');
    expect((await screen.findByTestId('balance-no-readings')).textContent).toBe(
      'No readings for this period: the cost is the standing charge alone, with no income to set against it.',
    );
    expect(screen.queryByText(/Used 0.00 kWh/)).toBeNull();
  });
});
