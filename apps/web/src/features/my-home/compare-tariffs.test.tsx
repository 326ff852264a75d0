import type { EnergyCompare } from '@homeview/contract/web';
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { differenceText, lastDayBefore, perCentText } from './compare';

// Issue 37: /my-home/tariffs from a canned /energy_info/compare/ answer. Every figure expected below was
// typed by hand from the fixture: the totals are the months added up on paper, the differences the totals
// subtracted, and the per cents rounded by hand to one decimal.

const E7_SOURCE = 'Economy 7 (published rates, Octopus Eastern; night 00:30–07:30 UTC)';
const GO_SOURCE = 'Go-style night (8.50p 00:30–05:30; day at the price cap)';
const FIX = (price: number) => [{ name: 'fix', start: '00:00', price }];

/**
 * Three complete months of an electricity home (12 asked), November missing 40 half-hours.
 *   Economy 7   40.10 + 45.25 + 52.30 = 137.65
 *   Your tariff 42.50 + 48.75 + 55.05 = 146.30
 *   Go-style    43.20 + 49.99 + 56.71 = 149.90
 *   Price cap   45.01 + 51.33 + 58.40 = 154.74
 * Against yours (146.30): E7 −8.65 (865/14630 = 5.91% → 5.9%), Go +3.60 (360/14630 = 2.46% → 2.5%),
 * cap +8.44 (844/14630 = 5.77% → 5.8%).
 */
const threeMonths: EnergyCompare = {
  months_asked: 12,
  months: [
    { month: '2026-09', slots: 1440, data_slots: { electricity: 1440 } },
    { month: '2026-10', slots: 1490, data_slots: { electricity: 1490 } },
    { month: '2026-11', slots: 1440, data_slots: { electricity: 1400 } },
  ],
  tariffs: [
    {
      name: 'Economy 7',
      current: false,
      total: 137.65,
      monthly: [
        { month: '2026-09', cost: 40.1 },
        { month: '2026-10', cost: 45.25 },
        { month: '2026-11', cost: 52.3 },
      ],
      rates: [
        {
          fuel: 'electricity',
          from: '2026-09-01',
          to: '2026-12-01',
          source: E7_SOURCE,
          clock: 'gmt',
          unit_rates: [
            { name: 'day', start: '00:00', price: 0.45504 },
            { name: 'night', start: '00:30', price: 0.17239 },
            { name: 'day', start: '07:30', price: 0.45504 },
          ],
          standing_charge: 0.5719,
        },
      ],
    },
    {
      name: 'Your tariff',
      current: true,
      total: 146.3,
      monthly: [
        { month: '2026-09', cost: 42.5 },
        { month: '2026-10', cost: 48.75 },
        { month: '2026-11', cost: 55.05 },
      ],
      rates: [
        {
          fuel: 'electricity',
          from: '2026-09-01',
          to: '2026-12-01',
          source: 'your tariff',
          clock: 'local',
          unit_rates: FIX(0.245),
          standing_charge: 0.5,
        },
      ],
    },
    {
      name: 'Go-style night',
      current: false,
      total: 149.9,
      monthly: [
        { month: '2026-09', cost: 43.2 },
        { month: '2026-10', cost: 49.99 },
        { month: '2026-11', cost: 56.71 },
      ],
      rates: [
        {
          fuel: 'electricity',
          from: '2026-09-01',
          to: '2026-10-01',
          source: GO_SOURCE,
          clock: 'local',
          unit_rates: [
            { name: 'day', start: '00:00', price: 0.2611 },
            { name: 'night', start: '00:30', price: 0.085 },
            { name: 'day', start: '05:30', price: 0.2611 },
          ],
          standing_charge: 0.5719,
        },
        {
          fuel: 'electricity',
          from: '2026-10-01',
          to: '2026-12-01',
          source: GO_SOURCE,
          clock: 'local',
          unit_rates: [
            { name: 'day', start: '00:00', price: 0.2503 },
            { name: 'night', start: '00:30', price: 0.085 },
            { name: 'day', start: '05:30', price: 0.2503 },
          ],
          standing_charge: 0.5375,
        },
      ],
    },
    {
      name: 'Price cap (the default tariff)',
      current: false,
      total: 154.74,
      monthly: [
        { month: '2026-09', cost: 45.01 },
        { month: '2026-10', cost: 51.33 },
        { month: '2026-11', cost: 58.4 },
      ],
      rates: [
        {
          fuel: 'electricity',
          from: '2026-09-01',
          to: '2026-12-01',
          source: 'price cap',
          clock: 'local',
          unit_rates: FIX(0.2611),
          standing_charge: 0.5719,
        },
      ],
    },
  ],
  notes: [
    'Your home has 3 complete months of data, not the 12 asked for.',
    'November 2026: 40 of 1440 electricity half-hours have no data; they are not filled in.',
    'If you had used energy exactly as you did: on a time-of-use tariff people often shift use.',
    'Agile, Tracker, Cosy, Flux and Intelligent Go are not compared yet.',
  ],
  fuels: ['electricity'],
  currency_unit: '£',
  time_zone: 'Europe/London',
};

const MONTHS_12 = [
  '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05',
  '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
]; // biome-ignore format: a table
const SLOTS_12 = [1488, 1488, 1344, 1486, 1440, 1488, 1440, 1488, 1488, 1440, 1490, 1440];
const OWN_12 = [80.12, 85.4, 75.33, 60.07, 45.5, 38.21, 35.99, 36.4, 40, 52.61, 66.66, 78.9];
const CAP_12 = [79, 84.1, 74.5, 59.9, 45, 38, 36.1, 36.5, 39.8, 52, 65.9, 78];

/**
 * A gas home's full 12 months, both fuels in each figure: yours £695.19 (added by hand: 80.12 + 85.40 +
 * 75.33 + 60.07 + 45.50 + 38.21 + 35.99 + 36.40 + 40.00 + 52.61 + 66.66 + 78.90), the cap £688.80
 * (79.00 + 84.10 + 74.50 + 59.90 + 45.00 + 38.00 + 36.10 + 36.50 + 39.80 + 52.00 + 65.90 + 78.00): £6.39 less,
 * 639/69519 = 0.92% → 0.9%.
 */
const twelveMonths: EnergyCompare = {
  months_asked: 12,
  months: MONTHS_12.map((month, i) => ({
    month,
    slots: SLOTS_12[i] as number,
    data_slots: { electricity: SLOTS_12[i] as number, gas: SLOTS_12[i] as number },
  })),
  tariffs: [
    {
      name: 'Price cap (the default tariff)',
      current: false,
      total: 688.8,
      monthly: MONTHS_12.map((month, i) => ({ month, cost: CAP_12[i] as number })),
      rates: [
        {
          fuel: 'electricity',
          from: '2025-12-01',
          to: '2026-12-01',
          source: 'price cap',
          clock: 'local',
          unit_rates: FIX(0.2611),
          standing_charge: 0.5719,
        },
        {
          fuel: 'gas',
          from: '2025-12-01',
          to: '2026-12-01',
          source: 'price cap',
          clock: 'local',
          unit_rates: FIX(0.0733),
          standing_charge: 0.2904,
        },
      ],
    },
    {
      name: 'Your tariff',
      current: true,
      total: 695.19,
      monthly: MONTHS_12.map((month, i) => ({ month, cost: OWN_12[i] as number })),
      rates: [
        {
          fuel: 'electricity',
          from: '2025-12-01',
          to: '2026-12-01',
          source: 'your tariff',
          clock: 'local',
          unit_rates: FIX(0.245),
          standing_charge: 0.5,
        },
        {
          fuel: 'gas',
          from: '2025-12-01',
          to: '2026-12-01',
          source: 'your tariff',
          clock: 'local',
          unit_rates: FIX(0.0633),
          standing_charge: 0.3,
        },
      ],
    },
  ],
  notes: ['If you had used energy exactly as you did: on a time-of-use tariff people often shift use.'],
  fuels: ['electricity', 'gas'],
  currency_unit: '£',
  time_zone: 'Europe/London',
};

/**
 * The server's own answer for its test home (apps/server/test/energy-compare.test.ts, figures worked out
 * there by hand), with each month's fuels. Per tariff, electricity Oct + Nov, gas Nov, total:
 *   Your tariff 11.84 + 15.90 = 27.74, gas 5.38, 33.12
 *   Go-style    13.29 + 18.33 = 31.62, gas 5.38, 37.00 (+3.88: 388/3312 = 11.71% → 11.7%)
 *   Cosy        13.67 + 18.12 = 31.79, gas 5.38, 37.17 (+4.05: 405/3312 = 12.23% → 12.2%)
 *   Price cap   13.68 + 18.33 = 32.01, gas 5.38, 37.39 (+4.27: 427/3312 = 12.89% → 12.9%)
 *   Economy 7   13.50 + 18.78 = 32.28, gas 5.38, 37.66 (+4.54: 454/3312 = 13.71% → 13.7%)
 */
const byFuel = (name: string, current: boolean, oct: number, nov: number, novE: number, total: number) => ({
  name,
  current,
  total,
  monthly: [
    { month: '2026-10', cost: oct, fuels: { electricity: oct, gas: 0 } },
    {
      month: '2026-11',
      cost: nov,
      fuels: { electricity: novE, gas: 5.38 },
    },
  ],
  rates: [],
});
const gasTwoMonths: EnergyCompare = {
  months_asked: 12,
  months: [
    { month: '2026-10', slots: 1490, data_slots: { electricity: 4, gas: 0 } },
    { month: '2026-11', slots: 1440, data_slots: { electricity: 2, gas: 1 } },
  ],
  tariffs: [
    byFuel('Your tariff', true, 11.84, 21.28, 15.9, 33.12),
    byFuel('Go-style night', false, 13.29, 23.71, 18.33, 37),
    byFuel('Cosy', false, 13.67, 23.5, 18.12, 37.17),
    byFuel('Price cap (the default tariff)', false, 13.68, 23.71, 18.33, 37.39),
    byFuel('Economy 7', false, 13.5, 24.16, 18.78, 37.66),
  ],
  notes: ['Your home has 2 complete months of data, not the 12 asked for.'],
  fuels: ['electricity', 'gas'],
  currency_unit: '£',
  time_zone: 'Europe/London',
};

const empty: EnergyCompare = {
  months_asked: 12,
  months: [],
  tariffs: ['Your tariff', 'Price cap (the default tariff)'].map((name, i) => ({
    name,
    current: i === 0,
    total: 0,
    monthly: [],
    rates: [],
  })),
  notes: ['Your home has no complete month of data yet, so there is nothing to compare.'],
  fuels: [],
  currency_unit: '£',
  time_zone: 'Europe/London',
};

/**
 * A home that exports, one month (November 2026), given unsorted: each tariff's cost, export income and
 * net (cost less income) by hand: Flux 52.00 − 6.50 = 45.50, cap 49.00 − 1.50 = 47.50, yours 50.00 − 2.00
 * = 48.00. Ranked by net: Flux, cap, yours; against yours' 48.00: Flux −2.50 (250/4800 = 5.21% → 5.2%),
 * cap −0.50 (50/4800 = 1.04% → 1.0%). By cost alone the cap would lead and Flux be dearest.
 */
const exporting: EnergyCompare = {
  months_asked: 1,
  months: [{ month: '2026-11', slots: 1440, data_slots: { electricity: 1440 } }],
  tariffs: [
    ['Your tariff', 50, 2, 48],
    ['Price cap (the default tariff)', 49, 1.5, 47.5],
    ['Flux', 52, 6.5, 45.5],
  ].map(([name, total, income, net], i) => ({
    name: name as string,
    current: i === 0,
    total: total as number,
    monthly: [{ month: '2026-11', cost: total as number, export_income: income as number }],
    export_income: income as number,
    net: net as number,
    rates:
      name === 'Flux'
        ? [
            {
              fuel: 'electricity' as const,
              from: '2026-11-01',
              to: '2026-12-01',
              source: 'Flux (published rates)',
              clock: 'local' as const,
              unit_rates: [{ name: 'day', start: '00:00', price: 0.3352 }],
              standing_charge: 0.5719,
              export_unit_rates: [
                { name: 'day', start: '00:00', price: 0.2252 },
                { name: 'peak', start: '16:00', price: 0.3593 },
              ],
            },
          ]
        : [],
  })),
  notes: ['Export income: …'],
  fuels: ['electricity'],
  currency_unit: '£',
  time_zone: 'Europe/London',
};

const text = (el: Element | null | undefined) => el?.textContent ?? '';

/** A table's body rows as [row header, ...cells]. */
function rowsOf(table: HTMLElement, part: 'tbody' | 'tfoot' = 'tbody'): string[][] {
  return [...table.querySelectorAll(`${part} tr`)].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((c) => text(c)),
  );
}

const pennies = (money: string) => Number(money.replace('£', '').replace('.', ''));

function renderCompare(answer: EnergyCompare) {
  logIn();
  const calls = stubApi({ 'GET /energy_info/compare/': { body: answer } });
  renderApp('/my-home/tariffs');
  return calls;
}

describe('/my-home/tariffs: tariffs compared on the home’s own months', () => {
  it('lists each tariff cheapest first with its total and the difference from yours in pounds and per cent', async () => {
    const calls = renderCompare(threeMonths);
    const summary = await screen.findByTestId('compare-summary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Compare tariffs');
    expect(
      within(summary)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tariff', 'Cost over 3 months', 'Against your tariff']);
    expect(rowsOf(summary)).toEqual([
      ['Economy 7', '£137.65Rates and dates', '£8.65 less (5.9%)'],
      ['Your tariff (yours now)', '£146.30Rates and dates', 'Yours now'],
      ['Go-style night', '£149.90Rates and dates', '£3.60 more (2.5%)'],
      ['Price cap (the default tariff)', '£154.74Rates and dates', '£8.44 more (5.8%)'],
    ]);
    // Asked for the last 12 months of the signed-in person's own home.
    expect(Object.fromEntries(new URL(calls[0]?.url ?? '', 'http://t').searchParams)).toEqual({
      user_id: '11',
      months: '12',
    });
  });

  it('says plainly that it is use as it was, over which months, and that the home has fewer than asked', async () => {
    renderCompare(threeMonths);
    expect(text(await screen.findByTestId('compare-lead'))).toBe(
      'If you had used energy exactly as you did over your last 3 complete months, September 2026 to ' +
        'November 2026, each tariff would have cost you this, standing charges included. Your home does ' +
        'not have 12 complete months of data yet, so only these are compared.',
    );
    const notes = within(screen.getByTestId('compare-notes')).getAllByRole('listitem');
    expect(notes.map((n) => n.textContent)).toEqual(threeMonths.notes);
  });

  it('shows each month per tariff, rows adding up to the total row, and names a month with missing data', async () => {
    renderCompare(threeMonths);
    const monthly = await screen.findByTestId('compare-monthly');
    expect(
      within(monthly)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Economy 7', 'Your tariff', 'Go-style night', 'Price cap (the default tariff)']);
    const rows = rowsOf(monthly);
    expect(rows).toEqual([
      ['September 2026', '£40.10', '£42.50', '£43.20', '£45.01'],
      ['October 2026', '£45.25', '£48.75', '£49.99', '£51.33'],
      [
        'November 2026 (electricity: 1400 of 1440 half-hours have data)',
        '£52.30',
        '£55.05',
        '£56.71',
        '£58.40',
      ],
    ]);
    const total = rowsOf(monthly, 'tfoot')[0] ?? [];
    expect(total).toEqual(['Total', '£137.65', '£146.30', '£149.90', '£154.74']);
    // The figures on the screen add up: each column's months to its total, as shown.
    for (let col = 1; col <= 4; col++)
      expect(rows.reduce((n, r) => n + pennies(r[col] ?? ''), 0)).toBe(pennies(total[col] ?? ''));
  });

  it('offers the monthly table as a CSV download of the same 12 months of the home', async () => {
    renderCompare(threeMonths);
    await screen.findByTestId('compare-monthly');
    const link = screen.getByRole('link', { name: 'Download the monthly table (CSV)' });
    expect(link.getAttribute('href')).toBe('/api/v3/energy_info/compare/?user_id=11&months=12&format=csv');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('charts the months per tariff with a table of the same figures as its text alternative', async () => {
    renderCompare(threeMonths);
    const figure = await screen.findByRole('figure', { name: 'Cost per month on each tariff' });
    const table = within(figure).getByRole('table');
    expect(rowsOf(table)[1]).toEqual(['October 2026', '£45.25', '£48.75', '£49.99', '£51.33']);
    expect(rowsOf(table, 'tfoot')).toEqual([['Total', '£137.65', '£146.30', '£149.90', '£154.74']]);
  });

  it('says for each tariff which rates it used over which dates, in pence per kWh and per day', async () => {
    renderCompare(threeMonths);
    const e7 = await screen.findByRole('region', { name: 'Economy 7: rates used' });
    expect(text(e7.querySelector('li p'))).toBe(
      `Electricity, 01-09-26 to 30-11-26: ${E7_SOURCE}. Times are UTC all year (an hour later on the ` +
        'clock in summer time). Standing charge 57.19p per day.',
    );
    expect(rowsOf(within(e7).getByRole('table'))).toEqual([
      ['Day', '00:00', '45.504p'],
      ['Night', '00:30', '17.239p'],
      ['Day', '07:30', '45.504p'],
    ]);
    const go = screen.getByRole('region', { name: 'Go-style night: rates used' });
    expect([...go.querySelectorAll('li p strong')].map(text)).toEqual([
      'Electricity, 01-09-26 to 30-09-26',
      'Electricity, 01-10-26 to 30-11-26',
    ]);
    expect(rowsOf(within(go).getAllByRole('table')[1] as HTMLElement)[0]).toEqual(['Day', '00:00', '25.03p']);
    expect(text(go.querySelectorAll('li p')[1])).toContain('Standing charge 53.75p per day.');
    const own = screen.getByRole('region', { name: 'Your tariff: rates used' });
    expect(rowsOf(within(own).getByRole('table'))).toEqual([['Fixed', '00:00', '24.50p']]);
    // Each summary row's link goes to its tariff's rates.
    const link = screen.getByRole('link', { name: 'Rates and dates for Economy 7' });
    expect(link.getAttribute('href')).toBe(`#${e7.id}`);
  });

  it('a gas home: 12 months, both fuels in each figure and each fuel’s rates, a saving said as less', async () => {
    renderCompare(twelveMonths);
    expect(text(await screen.findByTestId('compare-lead'))).toBe(
      'If you had used energy exactly as you did over your last 12 complete months, December 2025 to ' +
        'November 2026, each tariff would have cost you this, standing charges included, electricity and ' +
        'gas together.',
    );
    expect(rowsOf(screen.getByTestId('compare-summary'))).toEqual([
      ['Price cap (the default tariff)', '£688.80Rates and dates', '£6.39 less (0.9%)'],
      ['Your tariff (yours now)', '£695.19Rates and dates', 'Yours now'],
    ]);
    const monthly = screen.getByTestId('compare-monthly');
    expect(rowsOf(monthly)[2]).toEqual(['February 2026', '£74.50', '£75.33']);
    expect(rowsOf(monthly, 'tfoot')).toEqual([['Total', '£688.80', '£695.19']]);
    const own = screen.getByRole('region', { name: 'Your tariff: rates used' });
    expect([...own.querySelectorAll('li p strong')].map(text)).toEqual([
      'Electricity, 01-12-25 to 30-11-26',
      'Gas, 01-12-25 to 30-11-26',
    ]);
    expect(rowsOf(within(own).getAllByRole('table')[1] as HTMLElement)).toEqual([
      ['Fixed', '00:00', '6.33p'],
    ]);
    expect(text(own.querySelectorAll('li p')[1])).toContain('Standing charge 30.00p per day.');
  });

  it('a gas home with no gas tariff of its own: its gas, the same for every tariff, listed once', async () => {
    const capGas = twelveMonths.tariffs[0]!.rates[1]!;
    renderCompare({
      ...twelveMonths,
      tariffs: twelveMonths.tariffs.map((t) => ({
        ...t,
        rates: t.rates.map((r) => (r.fuel === 'gas' ? capGas : r)),
      })),
    });
    const gas = await screen.findByRole('region', { name: 'Gas, every tariff: rates used' });
    expect([...gas.querySelectorAll('li p strong')].map(text)).toEqual(['Gas, 01-12-25 to 30-11-26']);
    expect(rowsOf(within(gas).getByRole('table'))).toEqual([['Fixed', '00:00', '7.33p']]);
    for (const name of ['Your tariff', 'Price cap (the default tariff)']) {
      const own = screen.getByRole('region', { name: `${name}: rates used` });
      expect([...own.querySelectorAll('li p strong')].map(text)).toEqual([
        'Electricity, 01-12-25 to 30-11-26',
      ]);
      expect(text(own)).toContain('Gas: as listed above for every tariff.');
    }
  });

  it('a gas home: each total split into electricity and gas, the two adding up to it', async () => {
    renderCompare(gasTwoMonths);
    const summary = await screen.findByTestId('compare-summary');
    expect(rowsOf(summary)).toEqual([
      ['Your tariff (yours now)', '£33.12electricity £27.74 + gas £5.38Rates and dates', 'Yours now'],
      ['Go-style night', '£37.00electricity £31.62 + gas £5.38Rates and dates', '£3.88 more (11.7%)'],
      ['Cosy', '£37.17electricity £31.79 + gas £5.38Rates and dates', '£4.05 more (12.2%)'],
      [
        'Price cap (the default tariff)',
        '£37.39electricity £32.01 + gas £5.38Rates and dates',
        '£4.27 more (12.9%)',
      ],
      ['Economy 7', '£37.66electricity £32.28 + gas £5.38Rates and dates', '£4.54 more (13.7%)'],
    ]);
    const monthly = screen.getByTestId('compare-monthly');
    expect(rowsOf(monthly)).toEqual([
      [
        'October 2026 (electricity: 4 of 1490 half-hours have data; gas: 0 of 1490 half-hours have data)',
        '£11.84',
        '£13.29',
        '£13.67',
        '£13.68',
        '£13.50',
      ],
      [
        'November 2026 (electricity: 2 of 1440 half-hours have data; gas: 1 of 1440 half-hours have data)',
        '£21.28',
        '£23.71',
        '£23.50',
        '£23.71',
        '£24.16',
      ],
    ]);
    expect(rowsOf(monthly, 'tfoot')).toEqual([['Total', '£33.12', '£37.00', '£37.17', '£37.39', '£37.66']]);
  });

  it('a home that exports: each tariff’s export income and its cost less it, ranked and compared by that', async () => {
    renderCompare(exporting);
    const summary = await screen.findByTestId('compare-summary');
    expect(
      within(summary)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Tariff',
      'Cost over 1 month',
      'Export income',
      'Cost less export income',
      'Against your tariff',
    ]);
    expect(rowsOf(summary)).toEqual([
      ['Flux', '£52.00Rates and dates', '£6.50', '£45.50', '£2.50 less (5.2%)'],
      ['Price cap (the default tariff)', '£49.00Rates and dates', '£1.50', '£47.50', '£0.50 less (1.0%)'],
      ['Your tariff (yours now)', '£50.00Rates and dates', '£2.00', '£48.00', 'Yours now'],
    ]);
    // Flux's export windows are listed beside its import rate.
    const exportRates = screen.getByRole('table', { name: 'Export rates, 01-11-26 to 30-11-26' });
    expect(rowsOf(exportRates).map((r) => r.slice(1))).toEqual([
      ['00:00', '22.52p'],
      ['16:00', '35.93p'],
    ]);
  });

  it('a home that exports: the 15p most tariffs export at listed once, a tariff’s own export beside it', async () => {
    const fixed = [{ name: 'Fixed', start: '00:00', price: 0.15 }];
    const electricity = (name: string, exports: typeof fixed) => ({
      fuel: 'electricity' as const,
      from: '2026-11-01',
      to: '2026-12-01',
      source: name,
      clock: 'local' as const,
      unit_rates: [{ name: 'Fixed', start: '00:00', price: 0.2611 }],
      standing_charge: 0.5719,
      export_unit_rates: exports,
    });
    const flux = exporting.tariffs.find((t) => t.name === 'Flux')!;
    renderCompare({
      ...exporting,
      tariffs: [
        ...exporting.tariffs
          .filter((t) => t !== flux)
          .map((t) => ({ ...t, rates: [electricity(t.name, fixed)] })),
        { ...flux, name: 'Cosy', rates: [electricity('Cosy', fixed)] },
        flux,
      ],
    });
    const common = await screen.findByRole('region', { name: 'Export, most tariffs: rates used' });
    expect(rowsOf(within(common).getByRole('table'))).toEqual([['Fixed', '00:00', '15.00p']]);
    // Every tariff at 15p lists no export table of its own; Flux lists its windows.
    for (const name of ['Your tariff', 'Price cap (the default tariff)', 'Cosy']) {
      const own = screen.getByRole('region', { name: `${name}: rates used` });
      expect(within(own).queryByRole('table', { name: /^Export rates/ })).toBeNull();
    }
    const fluxRates = screen.getByRole('region', { name: 'Flux: rates used' });
    expect(
      rowsOf(within(fluxRates).getByRole('table', { name: 'Export rates, 01-11-26 to 30-11-26' })).map((r) =>
        r.slice(1),
      ),
    ).toEqual([
      ['00:00', '22.52p'],
      ['16:00', '35.93p'],
    ]);
  });

  it('a home with no complete month says so and shows no figures', async () => {
    renderCompare(empty);
    expect(text(await screen.findByTestId('compare-empty'))).toContain(
      'Your home has no complete calendar month of data yet, so there is nothing to compare.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'See your usage so far' }).getAttribute('href')).toBe(
      '/my-home/usage',
    );
  });

  it('says the home’s region and where Agile’s and Tracker’s prices came from', async () => {
    const source =
      'Agile and Tracker: Octopus’s published prices for region C (London), from the Octopus products API, kept on this server.';
    renderCompare({
      ...threeMonths,
      region: { letter: 'C', name: 'London', from: 'postcode' },
      rates_source: source,
    });
    expect(text(await screen.findByTestId('compare-region'))).toBe(
      `Your region: London (C), from your postcode. ${source}`,
    );
  });

  it('a home with no region is told how to give one', async () => {
    renderCompare({
      ...threeMonths,
      region: null,
      rates_source: 'Agile and Tracker: your home’s region is not known.',
    });
    const line = await screen.findByTestId('compare-region');
    expect(text(line)).toBe(
      'Your region is not known. Add your postcode to compare Agile, Tracker, Go, Intelligent Go, Cosy, Flux and Economy 7 at your region’s published prices. Agile and Tracker: your home’s region is not known.',
    );
    expect(within(line).getByRole('link', { name: 'Add your postcode' }).getAttribute('href')).toBe('/setup');
  });

  it('is reached from the usage screen by its link', async () => {
    logIn();
    stubApi({
      'GET /common/appliances/timeline/': { body: { events: [] } },
      'GET /energy_info/compare/': { body: threeMonths },
    });
    const { router } = renderApp('/my-home/usage');
    const link = await screen.findByRole('link', { name: 'Compare tariffs' });
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/my-home/tariffs');
    const figure = await screen.findByRole('figure', { name: 'Cost per month on each tariff' });
    expect(figure).toBeTruthy();
  });
});

describe('compare figures in words', () => {
  it('rounds and says differences and per cents', () => {
    expect(differenceText('£', -865)).toBe('£8.65 less');
    expect(differenceText('£', 5)).toBe('£0.05 more');
    expect(differenceText('£', 0)).toBe('Same as yours');
    expect(perCentText(59)).toBe('5.9%');
    expect(perCentText(-7)).toBe('0.7%');
    expect(perCentText(1234)).toBe('123.4%');
    expect(lastDayBefore('2026-03-01')).toBe('2026-02-28');
    expect(lastDayBefore('2028-03-01')).toBe('2028-02-29');
  });
});
