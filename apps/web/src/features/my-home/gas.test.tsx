import type { EnergyDetail } from '@homeview/contract/web';
import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Reply, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { CHART_FUEL_KEY, CHART_UNIT_KEY } from './chartUnit';
import { DAY_START, energyView } from './fixtures';

// Issue 35: a home with gas sees electricity, gas and their total on /my-home and every usage period,
// with a fuel switch over the chart and its table; the figures add up to the penny, each fuel's standing
// charge said once. A home without gas sees what it saw before and never asks for gas.

const NOW = DAY_START + 12 * 3600 + 20 * 60; // Tuesday 5 November 2024, 12:20 in London
const q = (url: string) => Object.fromEntries(new URL(url, 'http://test').searchParams);

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.removeItem(CHART_FUEL_KEY);
  window.localStorage.removeItem(CHART_UNIT_KEY);
});

function pinClock(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
}

/** 12 hours of readings to noon: electricity 7p an hour, gas 11p (7p + 11p is 0.18000000000000002 in floats). */
const hours = (pence: number, kwh: number) =>
  Array.from({ length: 24 }, (_, h) => ({
    period: { start_timestamp: DAY_START + h * 3600 },
    balance: { income: 0, cost: h < 12 ? pence + 0.01 : 0.01, profit_loss: 0 },
    energy_balance: { generated: 0, consumed: h < 12 ? kwh : 0 },
    slots: 2,
    data_slots: h < 12 ? 2 : 0,
    energy_cost: h < 12 ? pence : 0,
  }));

const FUELS: EnergyDetail['fuels'] = ['electricity', 'gas'];
// 12 × 7p = £0.84 + £0.55 standing = £1.39; 12 × 0.412 kWh = 4.944 kWh.
const electricity = energyView({
  balance: { income: 0.4, cost: 1.39, profit_loss: -0.99 },
  energy_balance: { generated: 1.2, consumed: 4.944 },
  standing_charge: 0.55,
  details: hours(0.07, 0.412),
  fuels: FUELS,
});
// 12 × 11p = £1.32 + £0.34 standing = £1.66; 12 × 1.9 kWh = 22.8 kWh; priced at the gas cap.
const gas = energyView({
  balance: { income: 0, cost: 1.66, profit_loss: -1.66 },
  energy_balance: { generated: 0, consumed: 22.8 },
  standing_charge: 0.34,
  details: hours(0.11, 1.9),
  used_appliances: [],
  most_used_appliances: [],
  most_costly_appliances: [],
  priced_at_default: { kind: 'cap', first_cap_from: '2022-10-01' },
  fuels: FUELS,
});

/** The chart's table as cells per row label. */
function cellsOf(figure: HTMLElement) {
  const rows = within(figure).getAllByRole('row');
  return (label: string) => {
    const row = rows.find((r) => r.querySelector('th')?.textContent === label);
    return [...(row?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
  };
}

function stubToday(answers: { electricity: EnergyDetail; gas?: EnergyDetail }) {
  return stubApi({
    'GET /energy_info/today/': (call): Reply => ({
      body: q(call.url).fuel === 'gas' ? answers.gas : answers.electricity,
    }),
  });
}

describe('/my-home for a home with gas', () => {
  it('adds both fuels in the balance, says each standing charge once, and asks for gas at fuel=gas', async () => {
    logIn();
    pinClock();
    const calls = stubToday({ electricity, gas });
    renderApp('/my-home');
    expect((await screen.findByTestId('balance-cost-fuels')).textContent).toBe(
      'Electricity £1.39 + gas £1.66 = total cost £3.05',
    );
    expect(screen.getByTestId('balance-cost').textContent).toBe('£3.05');
    expect(screen.getByText('Total cost')).toBeTruthy();
    expect(screen.getByTestId('balance-income').textContent).toBe('£0.40');
    expect(screen.getByTestId('balance-profit-loss').textContent).toBe('-£2.65');
    expect(screen.getByTestId('balance-outcome').textContent).toBe('Loss');
    expect(screen.getByTestId('balance-standing-charge').textContent).toBe(
      "Total cost includes today's standing charges of both fuels: electricity £0.55, gas £0.34.",
    );
    expect(screen.getByTestId('balance-default-tariff').textContent).toBe(
      "Gas is priced at Ofgem's default-tariff cap: this home has no gas tariff of its own. Set your tariff",
    );
    expect(screen.getByTestId('balance-energy').textContent).toBe(
      'Used 4.94 kWh of electricity and 22.80 kWh of gas, generated 1.20 kWh',
    );
    // Electricity asked as spec §7 writes it (no fuel), gas beside it (the coming times are another call).
    const todays = calls.filter((c) => c.url.includes('/energy_info/today/'));
    expect(todays.map((c) => q(c.url).fuel ?? '-')).toEqual(['-', 'gas']);
  });

  it('shows both fuels and their total per hour by default, each column adding up to the balance', async () => {
    logIn();
    pinClock();
    stubToday({ electricity, gas });
    renderApp('/my-home');
    const chart = await screen.findByRole('region', { name: "TODAY'S chart" });
    const figure = await within(chart).findByRole('figure', { name: /^Cost of electricity and gas/ });
    const cells = cellsOf(figure);
    expect(
      within(figure)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Electricity', 'Gas', 'Total']);
    expect(cells('09:00')).toEqual(['£0.07', '£0.11', '£0.18']);
    expect(cells('15:00')).toEqual(['No data', 'No data', 'No data']);
    expect(cells("Standing charges (today's, in full)")).toEqual(['£0.55', '£0.34', '£0.89']);
    expect(cells('Total')).toEqual(['£1.39', '£1.66', '£3.05']);
    // 12 × £0.18 + £0.89 = £3.05, the balance's total cost.
    const pennies = (text: string | null) => Math.round(Number(text?.replace('£', '')) * 100);
    const hourly = within(figure)
      .getAllByRole('row')
      .filter((r) => /^\d\d:00$/.test(r.querySelector('th')?.textContent ?? ''))
      .map((r) => pennies(r.querySelectorAll('td')[2]?.textContent ?? null) || 0);
    expect(hourly.reduce((a, b) => a + b, 0) + 89).toBe(305);

    fireEvent.click(within(chart).getByRole('radio', { name: 'kWh' }));
    const kwh = await within(chart).findByRole('figure', { name: /^Electricity and gas used/ });
    expect(cellsOf(kwh)('09:00')).toEqual(['0.41 kWh', '1.90 kWh', '2.31 kWh']);
    expect(cellsOf(kwh)('Total')).toEqual(['4.94 kWh', '22.80 kWh', '27.74 kWh']);
    // 0.412 + 1.9 = 2.312 and 4.944 + 22.8 = 27.744 agree either way; 3-decimal sums that round apart
    // are added as shown (fuels.test.ts).
  });

  it('switches the chart and table to one fuel with a labelled radio group, remembered', async () => {
    logIn();
    pinClock();
    stubToday({ electricity, gas });
    renderApp('/my-home');
    const chart = await screen.findByRole('region', { name: "TODAY'S chart" });
    const group = await within(chart).findByRole('group', { name: 'Show the chart for' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Electricity', 'Gas', 'Both']);
    expect((within(group).getByRole('radio', { name: 'Both' }) as HTMLInputElement).checked).toBe(true);
    // One name: the browser moves the choice with the arrow keys and tabs to the group once.
    expect(new Set(radios.map((r) => r.getAttribute('name'))).size).toBe(1);

    fireEvent.click(within(group).getByRole('radio', { name: 'Gas' }));
    const gasFigure = await within(chart).findByRole('figure', { name: /^Gas cost, / });
    expect(
      within(gasFigure)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Energy cost']);
    expect(cellsOf(gasFigure)('09:00')).toEqual(['£0.11']);
    expect(cellsOf(gasFigure)("Standing charge (today's, in full)")).toEqual(['£0.34']);
    expect(cellsOf(gasFigure)('Total')).toEqual(['£1.66']);
    expect(window.localStorage.getItem(CHART_FUEL_KEY)).toBe('gas');

    fireEvent.click(within(group).getByRole('radio', { name: 'Electricity' }));
    const elFigure = await within(chart).findByRole('figure', { name: /^Electricity cost and income, / });
    expect(cellsOf(elFigure)('09:00')).toEqual(['£0.07', '£0.00']);
    expect(cellsOf(elFigure)('Total')).toEqual(['£1.39', '£0.40']);
  });
});

// A guard, passing before issue 35 as after: nothing of the screen changes for a home without gas.
describe('a home without gas', () => {
  it('sees what it saw before: no fuel switch, no totals of two fuels, and gas never asked for', async () => {
    logIn();
    pinClock();
    const plain = { ...electricity, fuels: ['electricity' as const] };
    const calls = stubToday({ electricity: plain });
    renderApp('/my-home');
    expect((await screen.findByTestId('balance-cost')).textContent).toBe('£1.39');
    expect(screen.getByText('Cost')).toBeTruthy();
    expect(screen.queryByText('Total cost')).toBeNull();
    expect(screen.queryByTestId('balance-cost-fuels')).toBeNull();
    expect(screen.getByTestId('balance-standing-charge').textContent).toBe(
      "Cost includes today's standing charge, £0.55.",
    );
    expect(screen.getByText('Used 4.94 kWh, generated 1.20 kWh')).toBeTruthy();
    const chart = screen.getByRole('region', { name: "TODAY'S chart" });
    expect(within(chart).queryByRole('group', { name: 'Show the chart for' })).toBeNull();
    const figure = within(chart).getByRole('figure', { name: /^Cost and income, / });
    expect(cellsOf(figure)('Total')).toEqual(['£1.39', '£0.40']);
    expect(calls.map((c) => q(c.url).fuel ?? '-')).toEqual(['-']);
  });
});

describe('a usage period of a home with gas', () => {
  it('compares both fuels with the same part of yesterday', async () => {
    logIn();
    pinClock();
    const soFar = (cost: number) => ({
      start_timestamp: DAY_START - 86_400,
      end_timestamp: DAY_START - 86_400 + 12 * 3600 + 20 * 60,
      cost,
    });
    stubApi({
      'GET /common/appliances/timeline/': { body: { events: [] } },
      'GET /energy_info/detail/': (call): Reply => ({
        body:
          q(call.url).fuel === 'gas'
            ? { ...gas, previous_so_far: soFar(1.2) }
            : { ...electricity, previous_so_far: soFar(1.01) },
      }),
    });
    renderApp('/my-home/usage');
    fireEvent.click(screen.getByRole('tab', { name: 'Daily' }));
    // Now £1.39 + £1.66 = £3.05; yesterday by 12:20 £1.01 + £1.20 = £2.21: 84p more.
    expect((await screen.findByTestId('period-change')).textContent).toBe(
      'Cost of electricity and gas: £0.84 more than yesterday by 12:20',
    );
    expect(screen.getByTestId('balance-cost').textContent).toBe('£3.05');
  });
});
