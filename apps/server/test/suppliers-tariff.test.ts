import { dayOf, fixedRate } from '@homeview/domain';
import { expect, it } from 'vitest';
import { monthsBefore } from '../src/features/suppliers/days';
import { TOP_UP_S } from '../src/features/suppliers/pass';
import { writeTariff } from '../src/features/tariffs/service';
import { loadTariffs } from '../src/shared/tariff-book';
import { describeEachDb } from './support/db';
import { FIXED, PRODUCT_RATES, REGION, VARIABLE } from './support/octopus-products-standin';
import { refitSeries } from './support/octopus-standin';
import { octopusHomes } from './support/suppliers';

// The tariff from the account (issue 35): the Octopus stand-in's agreement and its product's dated rates
// (pence, VAT included, direct debit chosen over the dearer other rows) become the home's dated tariffs;
// a day's cost equals one worked here by hand from the stand-in's numbers (kWh × p/kWh + standing charge);
// a tariff the user set is never overwritten; a products endpoint failing leaves the default and the next
// pass sets the tariff and reprices what was stored meanwhile. Both databases, the clock pinned.

const ZONE = 'Europe/London';
/** 2015-06-20 11:00 BST. */
const NOW_MS = Date.UTC(2015, 5, 20, 10, 0);
const NOW = NOW_MS / 1000;
const FILL_FROM = monthsBefore(NOW, 13, ZONE);
const rates = (product: string, series: string) => PRODUCT_RATES[product]![series]!;
/** µ£ from the stand-in's pence. */
const micro = (pence: number) => Math.round(pence * 10_000);

/** The day's half-hours of REFIT house 20 as the stand-in serves them. */
const dayRows = (date: string) => {
  const d = dayOf(date, ZONE);
  return refitSeries().filter((r) => r.start >= d.start && r.start < d.end);
};

describeEachDb('supplier tariff', (suite) => {
  const octo = octopusHomes(suite, { label: 'tariff', nowMs: NOW_MS, zone: ZONE });
  const { job, home, connect } = octo;
  /** The stored day's money in pence (n£ / 10⁷): import cost and standing charge. */
  const dayPence = async (houseId: number, date: string) => {
    const day = await octo.day(houseId, date);
    expect(day.slots).toBe(dayRows(date).length);
    return day.pence;
  };
  /** kWh × the single rate + the standing charge, from the stand-in's numbers. */
  const byHand = (date: string, unitPence: number, standingPence: number) =>
    dayRows(date).reduce((sum, r) => sum + r.kwh * unitPence, 0) + standingPence;
  const supplierVersions = async (houseId: number) =>
    (await octo.versions(houseId)).map(({ start_date, source }) => ({ start_date, source }));
  const productCalls = () => octo.standin.calls.filter((c) => c.kind === 'products');

  it('a connected home gets its dated tariff, and a day costs kWh × rate + standing charge as worked by hand', async () => {
    const houseId = await home();
    octo.standin.faults.ratePageSize = 1; // every rate its own page: `next` followed
    await connect(houseId);
    expect(await job().runDue()).toBe(1);

    const [old, current] = rates(VARIABLE, 'standard-unit-rates');
    const [standing] = rates(VARIABLE, 'standing-charges');
    const versions = await loadTariffs(suite.db, houseId);
    expect(versions.map((v) => [v.startDate, v.standingCharge, v.import])).toEqual([
      ['2014-05-20', micro(standing!.incVat), fixedRate(micro(old!.incVat), 'standard')],
      ['2015-01-01', micro(standing!.incVat), fixedRate(micro(current!.incVat), 'standard')],
    ]);
    expect(FILL_FROM).toBe(dayOf('2014-05-20', ZONE).start);
    expect((await supplierVersions(houseId)).every((v) => v.source === 'supplier')).toBe(true);
    expect(productCalls().length).toBeGreaterThan(2);

    for (const [date, unit] of [
      ['2014-11-12', old!.incVat],
      ['2015-01-15', current!.incVat],
      ['2015-03-29', current!.incVat], // 46 half-hours
    ] as const)
      expect(Math.abs((await dayPence(houseId, date)) - byHand(date, unit, standing!.incVat))).toBeLessThan(
        1,
      );

    // A top-up with the same agreement the same day asks no product again; the next day it does (a
    // variable product's rates change under one agreement), and the same rates write nothing.
    const asked = productCalls().length;
    const ids = await suite.db.query('select id from tariffs where house_id = $1 order by id', [houseId]);
    octo.clock.advance(TOP_UP_S * 1000);
    expect(await job().runDue()).toBe(1);
    expect(productCalls()).toHaveLength(asked);
    octo.clock.advance(4 * TOP_UP_S * 1000); // 2015-06-21 06:00 UTC
    expect(await job().runDue()).toBe(1);
    expect(productCalls().length).toBeGreaterThan(asked);
    expect(
      (await suite.db.query('select id from tariffs where house_id = $1 order by id', [houseId])).rows,
    ).toEqual(ids.rows);
  });

  it('a new agreement seen at a top-up dates a new tariff and reprices the days stored under the old one', async () => {
    const houseId = await home();
    await connect(houseId);
    expect(await job().runDue()).toBe(1);
    const [, variable] = rates(VARIABLE, 'standard-unit-rates');
    const [standing] = rates(VARIABLE, 'standing-charges');
    expect(
      Math.abs(
        (await dayPence(houseId, '2015-04-10')) - byHand('2015-04-10', variable!.incVat, standing!.incVat),
      ),
    ).toBeLessThan(1);

    // The switch to a fixed product from 1 March (BST not yet: 00:00 UTC is local midnight).
    octo.standin.faults.agreements = [
      {
        tariff_code: `E-1R-${VARIABLE}-${REGION}`,
        valid_from: '2014-01-01T00:00:00Z',
        valid_to: '2015-03-01T00:00:00Z',
      },
      { tariff_code: `E-1R-${FIXED}-${REGION}`, valid_from: '2015-03-01T00:00:00Z', valid_to: null },
    ];
    octo.clock.advance(TOP_UP_S * 1000);
    expect(await job().runDue()).toBe(1);
    expect((await loadTariffs(suite.db, houseId)).map((v) => v.startDate)).toEqual([
      '2014-05-20',
      '2015-01-01',
      '2015-03-01',
    ]);
    const [fixed] = rates(FIXED, 'standard-unit-rates');
    const [fixedStanding] = rates(FIXED, 'standing-charges');
    for (const date of ['2015-03-01', '2015-04-10', '2015-06-19'])
      expect(
        Math.abs((await dayPence(houseId, date)) - byHand(date, fixed!.incVat, fixedStanding!.incVat)),
      ).toBeLessThan(1);
    expect(
      Math.abs(
        (await dayPence(houseId, '2015-02-28')) - byHand('2015-02-28', variable!.incVat, standing!.incVat),
      ),
    ).toBeLessThan(1);
    const { rows } = await suite.db.query('select 1 from reprice_pending where house_id = $1', [houseId]);
    expect(rows).toHaveLength(0);
  });

  it('Economy 7: night 00:30–07:30 UTC at the night rate, the rest of the day at the day rate', async () => {
    const houseId = await home();
    octo.standin.faults.agreements = [
      { tariff_code: `E-2R-${VARIABLE}-${REGION}`, valid_from: '2014-01-01T00:00:00Z', valid_to: null },
    ];
    await connect(houseId);
    expect(await job().runDue()).toBe(1);
    const [day] = rates(VARIABLE, 'day-unit-rates');
    const [night] = rates(VARIABLE, 'night-unit-rates');
    const [standing] = rates(VARIABLE, 'standing-charges');
    // In winter and in summer (01:30–08:30 BST): the night found from the slot's UTC minute.
    for (const date of ['2015-01-15', '2015-06-10']) {
      const hand =
        dayRows(date).reduce((sum, r) => {
          const minute = (r.start % 86_400) / 60;
          return sum + r.kwh * (minute >= 30 && minute < 450 ? night!.incVat : day!.incVat);
        }, 0) + standing!.incVat;
      expect(Math.abs((await dayPence(houseId, date)) - hand)).toBeLessThan(1);
    }
  });

  it('a tariff the user set is never overwritten, before connecting or after', async () => {
    const own = await home();
    await writeTariff(
      suite.db,
      own,
      { import: fixedRate(300_000, 'mine'), standingCharge: 500_000 },
      '2014-01-01',
    );
    await connect(own);
    expect(await job().runDue()).toBe(1);
    expect(await supplierVersions(own)).toEqual([{ start_date: '2014-01-01', source: 'user' }]);
    expect(productCalls()).toHaveLength(0);
    expect(Math.abs((await dayPence(own, '2015-01-15')) - byHand('2015-01-15', 30, 50))).toBeLessThan(1);

    // Set from the account first, then by the user: an agreement change afterwards writes nothing.
    const later = await home();
    await connect(later);
    expect(await job().runDue()).toBe(1);
    await writeTariff(suite.db, later, { import: fixedRate(250_000, 'mine') }, '2015-05-01');
    octo.standin.faults.agreements = [
      { tariff_code: `E-1R-${FIXED}-${REGION}`, valid_from: '2015-03-01T00:00:00Z', valid_to: null },
    ];
    octo.clock.advance(TOP_UP_S * 1000);
    await job().runDue();
    expect(await supplierVersions(later)).toEqual([
      { start_date: '2014-05-20', source: 'supplier' },
      { start_date: '2015-01-01', source: 'supplier' },
      { start_date: '2015-05-01', source: 'user' },
    ]);
    const [standing] = rates(VARIABLE, 'standing-charges');
    expect(
      Math.abs((await dayPence(later, '2015-06-01')) - byHand('2015-06-01', 25, standing!.incVat)),
    ).toBeLessThan(1);
  });

  it('a products endpoint failing leaves the default, the readings are stored, and the next pass sets the tariff', async () => {
    const houseId = await home();
    await connect(houseId);
    octo.standin.faults.productErrors = 1_000;
    expect(await job().runDue()).toBe(1);
    expect(await supplierVersions(houseId)).toEqual([]);
    const defaultPence = await dayPence(houseId, '2015-01-15');
    const { rows } = await suite.db.query<{ state: string }>(
      'select state from supplier_connections where house_id = $1',
      [houseId],
    );
    expect(rows[0]!.state).toBe('up_to_date');

    octo.standin.faults.productErrors = 0;
    octo.clock.advance(TOP_UP_S * 1000);
    expect(await job().runDue()).toBe(1);
    const [, current] = rates(VARIABLE, 'standard-unit-rates');
    const [standing] = rates(VARIABLE, 'standing-charges');
    const hand = byHand('2015-01-15', current!.incVat, standing!.incVat);
    expect(Math.abs(defaultPence - hand)).toBeGreaterThan(1); // the default priced it before
    expect(Math.abs((await dayPence(houseId, '2015-01-15')) - hand)).toBeLessThan(1);
  });
});
