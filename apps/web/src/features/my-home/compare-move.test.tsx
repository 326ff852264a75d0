import type { EnergyCompare } from '@homeview/contract/web';
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';

// Issue 37's second column on /my-home/tariffs: the person types how many kWh a day to move from
// 16:00–19:00, the screen asks again with move_kwh and shows each time-of-use tariff's moved total beside
// the rest. Figures typed by hand from the fixture:
//   Cosy        22.00 + 26.00 = 48.00, moved 20.10 + 25.45 = 45.55; against yours −2.00 (200/5000 = 4.0%)
//   Your tariff 23.00 + 27.00 = 50.00
//   Price cap   24.05 + 28.05 = 52.10; +2.10 (210/5000 = 4.2%)

const month = (m: string, cost: number) => ({ month: m, cost });
const MOVED = { total: 45.55, monthly: [month('2026-10', 20.1), month('2026-11', 25.45)], moved_kwh: 61 };

function answer(moved: boolean): EnergyCompare {
  return {
    months_asked: 12,
    months: [
      { month: '2026-10', slots: 1490, data_slots: { electricity: 1490 } },
      { month: '2026-11', slots: 1440, data_slots: { electricity: 1440 } },
    ],
    tariffs: [
      {
        name: 'Cosy',
        current: false,
        total: 48,
        monthly: [month('2026-10', 22), month('2026-11', 26)],
        rates: [],
        ...(moved ? { moved: MOVED } : {}),
      },
      {
        name: 'Your tariff',
        current: true,
        total: 50,
        monthly: [month('2026-10', 23), month('2026-11', 27)],
        rates: [],
      },
      {
        name: 'Price cap (the default tariff)',
        current: false,
        total: 52.1,
        monthly: [month('2026-10', 24.05), month('2026-11', 28.05)],
        rates: [],
      },
    ],
    notes: [],
    fuels: ['electricity'],
    ...(moved ? { move_kwh: 2.5 } : {}),
    currency_unit: '£',
    time_zone: 'Europe/London',
  };
}

const rows = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? ''),
  );

function renderMove() {
  logIn();
  const calls = stubApi({
    'GET /energy_info/compare/': (call) => ({
      body: answer(new URL(call.url, 'http://t').searchParams.has('move_kwh')),
    }),
  });
  renderApp('/my-home/tariffs');
  return calls;
}

const field = () => screen.getByLabelText(/kWh a day moved from 16:00–19:00/);

describe('/my-home/tariffs: moving use out of the evening', () => {
  it('asks with the kWh typed and shows each time-of-use tariff’s moved total in its own column', async () => {
    const calls = renderMove();
    await screen.findByTestId('compare-summary');
    fireEvent.input(field(), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price the move' }));
    await screen.findByRole('columnheader', { name: 'If you moved 2.5 kWh a day from 16:00–19:00' });
    expect(rows(screen.getByTestId('compare-summary'))).toEqual([
      ['Cosy', '£48.00Rates and dates', '£2.00 less (4.0%)', '£45.55'],
      ['Your tariff (yours now)', '£50.00Rates and dates', 'Yours now', 'Not a time-of-use candidate'],
      [
        'Price cap (the default tariff)',
        '£52.10Rates and dates',
        '£2.10 more (4.2%)',
        'Not a time-of-use candidate',
      ],
    ]);
    expect(Object.fromEntries(new URL(calls.at(-1)?.url ?? '', 'http://t').searchParams)).toEqual({
      user_id: '11',
      months: '12',
      move_kwh: '2.5',
    });
    // The moved column month by month, for the time-of-use tariff only, adding up to its moved total.
    const movedMonthly = screen.getByTestId('compare-moved-monthly');
    expect(rows(movedMonthly)).toEqual([
      ['October 2026', '£20.10'],
      ['November 2026', '£25.45'],
    ]);
    expect([...movedMonthly.querySelectorAll('tfoot th, tfoot td')].map((c) => c.textContent)).toEqual([
      'Total',
      '£45.55',
    ]);
    // The field keeps what was asked.
    expect((field() as HTMLInputElement).value).toBe('2.5');
  });

  it('says beside the field what it takes, and asks nothing, for a figure outside 0–10 or finer than 0.1', async () => {
    const calls = renderMove();
    await screen.findByTestId('compare-summary');
    for (const bad of ['12', '1.25', 'two']) {
      fireEvent.input(field(), { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Price the move' }));
      expect(
        await screen.findByText(
          'Type the kWh a day to move, from 0 to 10 with at most one decimal (such as 2.5).',
        ),
      ).toBeTruthy();
    }
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('columnheader', { name: /If you moved/ })).toBeNull();
    expect(screen.queryByTestId('compare-moved-monthly')).toBeNull();
  });
});
