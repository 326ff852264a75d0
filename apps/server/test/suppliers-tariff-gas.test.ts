import { fixedRate } from '@homeview/domain';
import { expect, it } from 'vitest';
import { TOP_UP_S } from '../src/features/suppliers/pass';
import { writeTariff } from '../src/features/tariffs/service';
import { loadTariffs } from '../src/shared/tariff-book';
import { describeEachDb } from './support/db';
import { FIXED, REGION, VARIABLE } from './support/octopus-products-standin';
import { octopusHomes } from './support/suppliers';

// The gas tariff from the account (issue 35): the Octopus account lists a G-1R agreement on its gas MPRN;
// the public products endpoints give its dated unit rate and standing charge (gas-tariffs/…, pence with
// VAT, direct debit), and they become the home's dated GAS tariffs (source 'supplier'), through the one
// tariff write and repricing path as electricity's; a user's own tariff of a fuel is never overwritten,
// and a user's own electricity tariff leaves the gas tariff to the account. Both databases, clock pinned.
//
// The stand-in's gas rates (octopus-products.ts): VARIABLE 4.032 p/kWh from 2015-01-01 and 26.04 p/day;
// FIXED 3.675 p/kWh and 24.15 p/day. A day's gas in the stand-in's m³ (wriggy's daily gas as an SMETS2
// meter counts it), at 39.5 MJ/m³, priced by hand with bc (kWh = m³ × 1.02264 × 39.5 ÷ 3.6):
//   2022-11-10: 1.674 m³ = 18.783336 kWh; × 4.032 + 26.04 = 101.774410 p
//   2022-11-15: 2.590 m³; × 4.032 + 26.04 = 143.215697 p; at FIXED × 3.675 + 24.15 = 130.950766 p
//   2021-12-01: 4.262 m³; × 4.032 + 26.04 = 218.859638 p

const ZONE = 'Europe/London';
/** 2022-11-20 11:00 GMT: inside the stand-in's gas (2021-03-15 → 2023-06-30). */
const NOW_MS = Date.UTC(2022, 10, 20, 11, 0);

describeEachDb('supplier gas tariff', (suite) => {
  const octo = octopusHomes(suite, {
    label: 'gas-tariff',
    nowMs: NOW_MS,
    zone: ZONE,
    faults: () => ({ gasMprn: true }),
  });
  const { job, home, connect } = octo;
  /** The stored gas day: its Wh, and its money in pence (import cost + standing charge, n£ / 10⁷). */
  const gasDay = async (houseId: number, date: string) => {
    const day = await octo.day(houseId, date, 1);
    expect(day.slots).toBe(48);
    return day;
  };
  const sources = async (houseId: number, fuel: 0 | 1) =>
    (await octo.versions(houseId, fuel)).map(({ start_date, source }) => ({ start_date, source }));
  const gasProductCalls = () =>
    octo.standin.calls.filter((c) => c.kind === 'products' && c.path.includes('/gas-tariffs/'));

  it("the stand-in answers a gas tariff's rates as the public API documents them, and nothing else", async () => {
    const base = `${octo.standin.url}/v1/products/${VARIABLE}`;
    const code = `G-1R-${VARIABLE}-${REGION}`;
    const rates = await fetch(`${base}/gas-tariffs/${code}/standard-unit-rates/?page_size=10`);
    expect(rates.status).toBe(200);
    const body = (await rates.json()) as { count: number; next: unknown; results: object[] };
    expect(body.count).toBe(4); // two prices, each for direct debit and for other payment methods
    expect(body.next).toBeNull();
    expect(body.results[0]).toEqual({
      value_exc_vat: 3.84,
      value_inc_vat: 4.032,
      valid_from: '2015-01-01T00:00:00Z',
      valid_to: null,
      payment_method: 'DIRECT_DEBIT',
    });
    for (const path of [
      `${base}/gas-tariffs/${code}/day-unit-rates/`,
      `${base}/electricity-tariffs/${code}/standard-unit-rates/`,
      `${base}/gas-tariffs/E-1R-${VARIABLE}-${REGION}/standard-unit-rates/`,
    ])
      expect((await fetch(path)).status, path).toBe(404);
  });

  it("a connected gas meter's home gets its dated gas tariff, and a gas day costs kWh × rate + standing charge", async () => {
    const houseId = await home();
    await connect(houseId);
    expect(await job().runDue()).toBe(1);
    // The fill starts 2021-10-20 (13 months back), under the 2015 rate.
    expect(
      (await loadTariffs(suite.db, houseId, 'gas')).map((v) => [v.startDate, v.standingCharge, v.import]),
    ).toEqual([['2021-10-20', 260_400, fixedRate(40_320, 'standard')]]);
    expect(await sources(houseId, 1)).toEqual([{ start_date: '2021-10-20', source: 'supplier' }]);
    expect(gasProductCalls().map((c) => c.path.split('/').at(-2))).toEqual([
      'standard-unit-rates',
      'standing-charges',
    ]);
    // Electricity's tariff is set as before, beside it.
    expect((await sources(houseId, 0)).every((v) => v.source === 'supplier')).toBe(true);

    const day = await gasDay(houseId, '2022-11-10');
    expect(day.cost).toBe(day.wh * 40_320); // every half-hour at 4.032 p/kWh, exactly
    expect(Math.abs(day.pence - 101.77441)).toBeLessThan(1);
    expect(Math.abs((await gasDay(houseId, '2021-12-01')).pence - 218.859638)).toBeLessThan(1);
  });

  it('a new gas agreement at a top-up dates a new gas tariff and reprices the gas days stored under the old', async () => {
    const houseId = await home();
    await connect(houseId);
    expect(await job().runDue()).toBe(1);
    expect(Math.abs((await gasDay(houseId, '2022-11-15')).pence - 143.215697)).toBeLessThan(1);
    const electricity = await loadTariffs(suite.db, houseId);

    octo.standin.faults.gasAgreements = [
      {
        tariff_code: `G-1R-${VARIABLE}-${REGION}`,
        valid_from: '2014-01-01T00:00:00Z',
        valid_to: '2022-11-01T00:00:00Z',
      },
      { tariff_code: `G-1R-${FIXED}-${REGION}`, valid_from: '2022-11-01T00:00:00Z', valid_to: null },
    ];
    octo.clock.advance(TOP_UP_S * 1000);
    expect(await job().runDue()).toBeGreaterThan(0); // this home, and the earlier tests' homes due again
    expect(
      (await loadTariffs(suite.db, houseId, 'gas')).map((v) => [v.startDate, v.standingCharge, v.import]),
    ).toEqual([
      ['2021-10-20', 260_400, fixedRate(40_320, 'standard')],
      ['2022-11-01', 241_500, fixedRate(36_750, 'standard')],
    ]);
    expect(Math.abs((await gasDay(houseId, '2022-11-15')).pence - 130.950766)).toBeLessThan(1);
    expect(Math.abs((await gasDay(houseId, '2021-12-01')).pence - 218.859638)).toBeLessThan(1);
    expect(await loadTariffs(suite.db, houseId)).toEqual(electricity);
    const { rows } = await suite.db.query('select 1 from reprice_pending where house_id = $1', [houseId]);
    expect(rows).toHaveLength(0);
  });

  it("a user's own gas tariff is never overwritten; a user's own electricity tariff leaves gas to the account", async () => {
    const ownGas = await home();
    await writeTariff(
      suite.db,
      ownGas,
      { import: fixedRate(50_000, 'mine'), standingCharge: 300_000 },
      '2021-01-01',
      undefined,
      'gas',
    );
    await connect(ownGas);
    expect(await job().runDue()).toBe(1);
    expect(await sources(ownGas, 1)).toEqual([{ start_date: '2021-01-01', source: 'user' }]);
    expect(gasProductCalls()).toHaveLength(0);
    const mine = await gasDay(ownGas, '2022-11-10');
    expect(mine.cost).toBe(mine.wh * 50_000);
    expect((await sources(ownGas, 0)).every((v) => v.source === 'supplier')).toBe(true);

    const ownElectricity = await home();
    await writeTariff(suite.db, ownElectricity, { import: fixedRate(300_000, 'mine') }, '2021-01-01');
    await connect(ownElectricity);
    expect(await job().runDue()).toBe(1);
    expect(await sources(ownElectricity, 0)).toEqual([{ start_date: '2021-01-01', source: 'user' }]);
    expect(await sources(ownElectricity, 1)).toEqual([{ start_date: '2021-10-20', source: 'supplier' }]);
    expect(Math.abs((await gasDay(ownElectricity, '2022-11-10')).pence - 101.77441)).toBeLessThan(1);

    // Set by the account first, then by the user from a date: a later agreement change writes no gas.
    await writeTariff(
      suite.db,
      ownElectricity,
      { import: fixedRate(45_000, 'mine') },
      '2022-11-05',
      undefined,
      'gas',
    );
    octo.standin.faults.gasAgreements = [
      { tariff_code: `G-1R-${FIXED}-${REGION}`, valid_from: '2022-11-01T00:00:00Z', valid_to: null },
    ];
    octo.clock.advance(TOP_UP_S * 1000);
    await job().runDue();
    expect(await sources(ownElectricity, 1)).toEqual([
      { start_date: '2021-10-20', source: 'supplier' },
      { start_date: '2022-11-05', source: 'user' },
    ]);
    const later = await gasDay(ownElectricity, '2022-11-15');
    expect(later.cost).toBe(later.wh * 45_000);
  });
});
