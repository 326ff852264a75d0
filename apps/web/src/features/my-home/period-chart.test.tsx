import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { CHART_UNIT_KEY } from './chartUnit';
import { DAY_START, energyView } from './fixtures';

// The usage chart's £ / kWh switch (issue 21 item 9): a labelled radio pair, operable from the keyboard,
// drawing each entry's energy_balance in kWh, and remembered in this browser.

/** The chart's table as text, row by row (the test DOM draws no canvas, so the table is open). */
const tableRows = (figure: HTMLElement) =>
  within(within(figure).getByRole('table'))
    .getAllByRole('row')
    .map((r) => r.textContent);

const view = energyView({
  details: [0, 1, 2].map((h) => ({
    period: { start_timestamp: DAY_START + h * 3600 },
    balance: { income: 0.02, cost: 0.1 * (h + 1), profit_loss: 0.02 - 0.1 * (h + 1) },
    energy_balance: { generated: h === 1 ? 0.3 : 0, consumed: [0.412, 1.5, 0][h]! },
    slots: 2,
    data_slots: h < 2 ? 2 : 0,
  })),
});

describe('the usage chart in £ or kWh', () => {
  it('shows money first, switches to each entry’s kWh, and says a gap as no data', async () => {
    logIn();
    stubApi({ 'GET /energy_info/today/': { body: view } });
    renderApp('/my-home');
    const chart = await screen.findByRole('region', { name: "TODAY'S chart" });
    const switcher = within(chart).getByRole('group', { name: 'Show the chart in' });
    const pounds = within(switcher).getByRole('radio', { name: '£' });
    const kwh = within(switcher).getByRole('radio', { name: 'kWh' });
    expect((pounds as HTMLInputElement).checked).toBe(true);
    expect(tableRows(within(chart).getByRole('figure', { name: /^Cost and income/ }))).toEqual([
      'PeriodCostIncome',
      '00:00£0.10£0.02',
      '01:00£0.20£0.02',
      '02:00No dataNo data',
    ]);

    fireEvent.click(kwh);
    const energy = await within(chart).findByRole('figure', { name: /^Energy used and generated/ });
    expect((kwh as HTMLInputElement).checked).toBe(true);
    expect(tableRows(energy)).toEqual([
      'PeriodUsedGenerated',
      '00:000.41 kWh0.00 kWh',
      '01:001.50 kWh0.30 kWh',
      '02:00No dataNo data',
    ]);
    expect(within(chart).queryByRole('figure', { name: /^Cost and income/ })).toBeNull();
  });

  it('leaves "generated" out for a home that generates nothing', async () => {
    logIn();
    window.localStorage.setItem(CHART_UNIT_KEY, 'energy');
    stubApi({
      'GET /energy_info/today/': {
        body: energyView({ energy_balance: { generated: 0, consumed: 9.876 } }),
      },
    });
    renderApp('/my-home');
    const energy = await screen.findByRole('figure', { name: /^Energy used, / });
    expect(tableRows(energy)[0]).toBe('PeriodUsed');
  });

  it('remembers the choice on the next visit, and on the Usage tabs', async () => {
    logIn();
    stubApi({
      'GET /energy_info/today/': { body: view },
      'GET /energy_info/detail/': { body: view },
    });
    renderApp('/my-home');
    fireEvent.click(await screen.findByRole('radio', { name: 'kWh' }));
    expect(window.localStorage.getItem(CHART_UNIT_KEY)).toBe('energy');
    cleanup();

    renderApp('/my-home/usage');
    fireEvent.click(await screen.findByRole('tab', { name: 'Daily' }));
    await waitFor(() => expect(screen.getByRole('figure', { name: /^Energy used/ })).toBeTruthy());
    expect((screen.getByRole('radio', { name: 'kWh' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '£' }));
    expect(window.localStorage.getItem(CHART_UNIT_KEY)).toBe('money');
    expect(screen.getByRole('figure', { name: /^Cost and income/ })).toBeTruthy();
  });
});

describe("the usage chart in the answer's own units", () => {
  it('names the switch in the currency the house is priced in, not a hard-coded £ (issue 32)', async () => {
    logIn();
    stubApi({ 'GET /energy_info/today/': { body: { ...view, currency_unit: '€' } } });
    renderApp('/my-home');
    const chart = await screen.findByRole('region', { name: "TODAY'S chart" });
    const switcher = within(chart).getByRole('group', { name: 'Show the chart in' });
    expect(within(switcher).getByRole('radio', { name: '€' })).toBeTruthy();
    expect(within(switcher).queryByRole('radio', { name: '£' })).toBeNull();
    cleanup();
  });
});
