import { describe, expect, it } from 'vitest';
import { energyView } from './fixtures';
import { bothBalance, bothRows, sumKwh } from './fuels';

// The sums behind a gas home's screens (issue 35): each total is the sum of the figures shown beside it.

const day = (cost: number[], kwh: number[]) =>
  energyView({
    details: cost.map((c, h) => ({
      period: { start_timestamp: h * 3600 },
      balance: { income: 0, cost: c, profit_loss: -c },
      energy_balance: { generated: 0, consumed: kwh[h] ?? 0 },
      slots: 2,
      data_slots: 2,
      energy_cost: c,
    })),
  });

describe('electricity and gas added', () => {
  it('adds money in whole pennies: 7p + 11p is 18p, not 0.18000000000000002', () => {
    const rows = bothRows(day([0.07, 0.1], [0, 0]), day([0.11, 0.2], [0, 0]), 'money');
    expect(rows.map((r) => r.total)).toEqual([0.18, 0.3]);
  });

  it('adds kWh as shown (2 decimals): 0.114 + 0.184 is 0.11 + 0.18 = 0.29, not 0.30', () => {
    expect(sumKwh(0.114, 0.184)).toBe(0.29);
    const rows = bothRows(day([0], [0.114]), day([0], [0.184]), 'energy');
    expect(rows[0]?.total).toBe(0.29);
  });

  it('keeps a fuel with no reading in an hour a gap, and the total of the other alone', () => {
    const gas = day([0.11], [1]);
    const noGas = { ...gas, details: gas.details.map((d) => ({ ...d, data_slots: 0 })) };
    expect(bothRows(day([0.07], [0.5]), noGas, 'money')[0]).toMatchObject({
      electricity: 0.07,
      gas: null,
      total: 0.07,
    });
  });

  it("balances income against both fuels' cost, as shown", () => {
    const electricity = energyView({ balance: { income: 0.4, cost: 1.39, profit_loss: -0.99 } });
    const gas = energyView({ balance: { income: 0, cost: 1.66, profit_loss: -1.66 } });
    expect(bothBalance(electricity, gas)).toMatchObject({ cost: 3.05, profit_loss: -2.65, income: 0.4 });
  });
});
