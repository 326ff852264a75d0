import type { EnergyDetail } from '@homeview/contract/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { CHART_UNIT_KEY } from './chartUnit';
import { energyView } from './fixtures';
import { chartContent } from './periodSeries';

// The Yearly tab (issue 38): a London home's year as twelve months in one request, the previous year's
// months beside them, the totals under them adding up, and the months before its readings begin said so.
// Runs in the browser zones of both web projects (London and Los Angeles): the screen keeps the home's.

const NOW = Date.parse('2026-11-15T12:20:00Z') / 1000;
const Y2025 = Date.parse('2025-01-01T00:00:00Z') / 1000;
const Y2026 = Date.parse('2026-01-01T00:00:00Z') / 1000;

/** London's local month starts: April to October begin at 00:00 BST, 23:00 UTC the day before. */
const monthStart = (year: number, m: number) => Date.UTC(year, m, 1) / 1000 - (m >= 3 && m <= 9 ? 3600 : 0);

function year(
  y: number,
  months: { cost: number; energy: number; slots: number }[],
  rest: Partial<EnergyDetail>,
): EnergyDetail {
  return energyView({
    subtitle: String(y),
    period: { time_unit: 'year', start_timestamp: monthStart(y, 0) },
    details: months.map((m, i) => ({
      period: { start_timestamp: monthStart(y, i) },
      balance: { income: 0, cost: m.cost, profit_loss: -m.cost },
      energy_balance: { generated: 0, consumed: m.energy * 5 },
      energy_cost: m.energy,
      slots: 1488,
      data_slots: m.slots,
    })),
    energy_balance: { generated: 0, consumed: 0 },
    available: [Y2026, Y2025],
    used_appliances: [],
    ...rest,
  });
}

const m = (cost: number, energy: number, slots = 1) => ({ cost, energy, slots });

// 2025: the readings begin in March; April has none (a gap, still charged). 2026: under way, December ahead.
const Y2025_VIEW = year(
  2025,
  [
    m(0, 0, 0),
    m(0, 0, 0),
    m(1.8, 0.3),
    m(15, 0, 0),
    m(15.91, 0.41),
    m(15, 0, 0),
    m(15.5, 0, 0),
    m(15.5, 0, 0),
    m(15, 0, 0),
    m(15.7, 0.2),
    m(15.63, 0.63),
    m(15.8, 0.3),
  ],
  {
    balance: { income: 0, cost: 140.84, profit_loss: -140.84 },
    standing_charge: 139,
    previous: null,
    next: Y2026,
    previous_so_far: null,
  },
);
const Y2026_VIEW = year(
  2026,
  [
    m(16.5, 1),
    m(15, 1),
    m(16.5, 1),
    m(16, 1),
    m(16.5, 1),
    m(16, 1),
    m(16.5, 1),
    m(16.5, 1),
    m(16, 1),
    m(16.5, 1),
    m(8, 0.5),
    m(0, 0, 0),
  ],
  {
    balance: { income: 0, cost: 170, profit_loss: -170 },
    standing_charge: 159.5,
    previous: Y2025,
    next: null,
    previous_so_far: {
      start_timestamp: Y2025,
      end_timestamp: Date.parse('2025-11-15T12:20:00Z') / 1000,
      cost: 117.34,
    },
  },
);

const rows = (figure: HTMLElement) =>
  within(within(figure).getByRole('table'))
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('the Yearly tab', () => {
  let calls: RecordedCall[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    logIn();
    window.localStorage.setItem(CHART_UNIT_KEY, 'money');
    calls = stubApi({
      'GET /energy_info/detail/': (call) => {
        const query = new URL(call.url, 'http://x').searchParams;
        const asked = query.get('timestamp');
        return { body: asked !== null && Number(asked) < Y2026 ? Y2025_VIEW : Y2026_VIEW };
      },
      'GET /common/appliances/timeline/': { body: { events: [] } },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is reached from Monthly with the arrow key, and asks for the year in one request', async () => {
    renderApp('/my-home/usage');
    fireEvent.click(await screen.findByRole('tab', { name: 'Monthly' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Monthly' }), { key: 'ArrowRight' });
    const yearly = screen.getByRole('tab', { name: 'Yearly' });
    expect(yearly.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(yearly);
    await screen.findByRole('region', { name: 'YEARLY chart' });
    const asked = () =>
      calls
        .filter((c) => c.url.includes('timescale=year'))
        .map((c) => new URL(c.url, 'http://x').searchParams.get('timestamp'));
    // This year without a timestamp (the server's clock), then last year's, drawn beside it.
    await waitFor(() => expect(asked()).toEqual([null, String(Y2025)]));
    const picker = screen.getByRole('combobox', { name: 'Period' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026', '2025']);
  });

  it("draws this year's months beside last year's, the totals under them adding up", async () => {
    renderApp('/my-home/usage');
    fireEvent.click(await screen.findByRole('tab', { name: 'Yearly' }));
    const figure = await screen.findByRole('figure', { name: 'Cost and income, 2026' });
    // Last year's column comes with its answer, a moment after this year's.
    await waitFor(() => expect(rows(figure)[0]).toBe('PeriodEnergy cost, 2026Energy cost, 2025Income, 2026'));
    expect(rows(figure)).toEqual([
      'PeriodEnergy cost, 2026Energy cost, 2025Income, 2026',
      'January£1.00No data£0.00',
      'February£1.00No data£0.00',
      'March£1.00£0.30£0.00',
      'April£1.00No data£0.00',
      'May£1.00£0.41£0.00',
      'June£1.00No data£0.00',
      'July£1.00No data£0.00',
      'August£1.00No data£0.00',
      'September£1.00No data£0.00',
      'October£1.00£0.20£0.00',
      'November£0.50£0.63£0.00',
      'DecemberNo data£0.30No data',
      'Standing charge£159.50£139.00',
      'Total£170.00£140.84£0.00',
    ]);
    expect(screen.getByTestId('balance-cost').textContent).toBe('£170.00');
    // The year under way against last year up to the same date and time: 170.00 − 117.34.
    expect(screen.getByTestId('period-change').textContent).toBe(
      'Cost: £52.66 more than last year by 15 November 12:20',
    );
    expect(screen.queryByTestId('before-readings')).toBeNull(); // its readings began before it
  });

  it('says which months come before the readings begin, and draws no year before them', async () => {
    renderApp('/my-home/usage');
    fireEvent.click(await screen.findByRole('tab', { name: 'Yearly' }));
    await screen.findByRole('figure', { name: 'Cost and income, 2026' });
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    const figure = await screen.findByRole('figure', { name: 'Cost and income, 2025' });
    expect(screen.getByTestId('before-readings').textContent).toBe(
      'Your readings begin in March 2025: January and February 2025 are before them, so they have no figures.',
    );
    const table = rows(figure);
    expect(table[0]).toBe('PeriodEnergy costIncome');
    expect(table.slice(1, 4)).toEqual(['JanuaryNo dataNo data', 'FebruaryNo dataNo data', 'March£0.30£0.00']);
    expect(table.slice(-2)).toEqual(['Standing charge£139.00', 'Total£140.84£0.00']);
    expect(screen.getByTestId('balance-cost').textContent).toBe('£140.84');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true),
    );
  });
});

describe("a gas home's year beside the last", () => {
  // Two months are enough to check the columns: each answer as the API gives it, by hand.
  const twoMonths = (
    y: number,
    costs: [number, number],
    energy: [number, number],
    rest: Partial<EnergyDetail>,
  ): EnergyDetail => year(y, [m(costs[0], energy[0]), m(costs[1], energy[1])], rest);

  it('draws each year’s total of both fuels per month, and each column adds up', () => {
    const electricity = twoMonths(2026, [16.5, 15], [1, 1], {
      balance: { income: 0, cost: 31.5, profit_loss: -31.5 },
      standing_charge: 29.5,
    });
    const gas = twoMonths(2026, [10.3, 9.1], [1.2, 0.7], {
      balance: { income: 0, cost: 19.4, profit_loss: -19.4 },
      standing_charge: 17.5,
    });
    const lastElectricity = twoMonths(2025, [15.91, 15], [0.41, 0], {
      balance: { income: 0, cost: 30.91, profit_loss: -30.91 },
      standing_charge: 30.5,
    });
    const lastGas = twoMonths(2025, [9.3, 9], [0.3, 0], {
      balance: { income: 0, cost: 18.3, profit_loss: -18.3 },
      standing_charge: 18,
    });
    const content = chartContent(electricity, gas, 'both', 'money', false, {
      view: lastElectricity,
      gas: lastGas,
    });
    expect(content.series.map((s) => [s.label, s.values])).toEqual([
      ['Electricity', [1, 1]],
      ['Gas', [1.2, 0.7]],
      ['Total, 2026', [2.2, 1.7]],
      ['Total, 2025', [0.71, 0]],
    ]);
    expect(content.footer).toEqual([
      { label: 'Standing charges', values: [29.5, 17.5, 47, 48.5] },
      { label: 'Total', values: [31.5, 19.4, 50.9, 49.21] },
    ]);
    // One fuel chosen: that fuel's two years side by side.
    const gasOnly = chartContent(electricity, gas, 'gas', 'money', false, {
      view: lastElectricity,
      gas: lastGas,
    });
    expect(gasOnly.series.map((s) => s.label)).toEqual(['Energy cost, 2026', 'Energy cost, 2025']);
    expect(gasOnly.footer.at(-1)).toEqual({ label: 'Total', values: [19.4, 18.3] });
  });
});
