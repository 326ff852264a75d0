import { fixedRate } from '@homeview/domain';
import { expect, it } from 'vitest';
import { TOP_UP_S } from '../src/features/suppliers/pass';
import { writeTariff } from '../src/features/tariffs/service';
import { loadTariffs } from '../src/shared/tariff-book';
import { describeEachDb } from './support/db';
import { octopusHomes } from './support/suppliers';

// Agile from the account (issue 35): an Octopus agreement on E-1R-AGILE-18-02-21-A gives the home a
// price per half-hour, the stand-in's real Agile prices of 2020 (region A, ../shared/data/real), through
// the one tariff and repricing path. The stand-in's REFIT house 20 half-hours are moved 313 weeks on
// (2014-10-21 → 2020-10-20; 2014-10-26, a 50-half-hour day, → 2020-10-25, also one: both clock changes
// fall at 01:00 UTC on the last Sunday of October, so whole weeks keep the days aligned). Both databases,
// the clock pinned.
//
// Worked by hand (python over the two raw files, Decimal, joining each Agile row of the local date to
// REFIT's row of the same local clock label; on 25 October the repeated 01:00 and 01:30 each take REFIT's
// one row, as the stand-in serves it twice), standing charge 21p (the stand-in's):
//   2020-10-20: 48 half-hours, 7.9377 kWh, Σ kWh × p/kWh = 99.25661655p → 120.25661655p with standing
//   2020-10-25: 50 half-hours, 8.3542 kWh, Σ = 99.48392475p (its 00:30 and 01:00 UTC prices are below
//   zero: -6.615 and -1.239p) → 120.48392475p

const ZONE = 'Europe/London';
/** 2020-11-10 12:00 GMT. */
const NOW_MS = Date.UTC(2020, 10, 10, 12, 0);
const SHIFT_S = 313 * 7 * 86_400;
const AGILE_CODE = 'E-1R-AGILE-18-02-21-A';
const utc = (iso: string) => Date.parse(iso) / 1000;

describeEachDb('supplier tariff: Agile', (suite) => {
  const octo = octopusHomes(suite, {
    label: 'agile',
    nowMs: NOW_MS,
    zone: ZONE,
    faults: () => ({
      shiftS: SHIFT_S,
      agreements: [{ tariff_code: AGILE_CODE, valid_from: '2020-01-01T00:00:00Z', valid_to: null }],
    }),
  });
  const { job, home, connect } = octo;
  const day = (houseId: number, date: string) => octo.day(houseId, date);
  const versions = (houseId: number) => octo.versions(houseId);
  const storedPrices = async (houseId: number) =>
    Number(
      (
        await suite.db.query<{ n: string }>('select count(*) as n from tariff_prices where house_id = $1', [
          houseId,
        ])
      ).rows[0]!.n,
    );
  const unitRateCalls = () => octo.standin.calls.filter((c) => c.path.endsWith('/standard-unit-rates/'));

  it('an Agile home is priced per half-hour: a day costs Σ slot kWh × that slot’s price + standing charge, 48 and 50 half-hours', async () => {
    const houseId = await home();
    await connect(houseId);
    expect(await job().runDue()).toBe(1);

    // One supplier version from the agreement's start, its import a price per half-hour of 2020
    // (366 days × 48 = 17,568 rows in the file, asked in pages of 1,500: 12 calls).
    const [version, ...more] = await loadTariffs(suite.db, houseId);
    expect(more).toEqual([]);
    expect([version!.startDate, version!.standingCharge, version!.import?.type]).toEqual([
      '2020-01-01',
      210_000,
      'dynamic',
    ]);
    const prices = version!.import?.type === 'dynamic' ? version!.import.prices : new Map();
    expect(prices.size).toBe(17_568);
    expect(prices.get(utc('2020-10-20T16:00:00Z'))).toBe(242_340); // 24.234p, 17:00 BST
    expect(prices.get(utc('2020-10-25T00:30:00Z'))).toBe(-66_150); // -6.615p
    expect(unitRateCalls()).toHaveLength(12);
    expect((await versions(houseId)).map((v) => v.source)).toEqual(['supplier']);

    const ordinary = await day(houseId, '2020-10-20');
    expect(ordinary.slots).toBe(48);
    expect(Math.abs(ordinary.pence - 120.25661655)).toBeLessThan(1);
    const long = await day(houseId, '2020-10-25');
    expect(long.slots).toBe(50);
    expect(Math.abs(long.pence - 120.48392475)).toBeLessThan(1);

    // The next UTC day the rates are asked again, the same agreement's stored prices kept: only from two
    // days before the last stored one (2020-12-31 23:30 UTC → from 2020-12-29 23:30: 97 rows, one page).
    // The same prices write nothing and reprice nothing.
    const before = await versions(houseId);
    octo.clock.advance(6 * TOP_UP_S * 1000);
    expect(await job().runDue()).toBe(1);
    expect(unitRateCalls()).toHaveLength(13);
    expect(await versions(houseId)).toEqual(before);
    const pending = await suite.db.query('select 1 from reprice_pending where house_id = $1', [houseId]);
    expect(pending.rows).toHaveLength(0);
  });

  it('prices published later reprice from their own day, not from the agreement’s start', async () => {
    const houseId = await home();
    octo.standin.faults.agileUntil = utc('2020-10-24T23:00:00Z'); // priced up to 24 October, local
    await connect(houseId);
    expect(await job().runDue()).toBe(1);
    expect(Math.abs((await day(houseId, '2020-10-25')).pence - 120.48392475)).toBeGreaterThan(1); // the default
    expect(Math.abs((await day(houseId, '2020-10-20')).pence - 120.25661655)).toBeLessThan(1);

    // A mark on a day before the new prices: repricing from the agreement's start would write it again.
    await suite.db.query(
      `update daily_rollups set import_cost = 0 where house_id = $1 and fuel = 0 and day = '2020-10-20'`,
      [houseId],
    );
    octo.standin.faults.agileUntil = Number.POSITIVE_INFINITY;
    octo.clock.advance(6 * TOP_UP_S * 1000);
    expect(await job().runDue()).toBe(1);
    expect(Math.abs((await day(houseId, '2020-10-25')).pence - 120.48392475)).toBeLessThan(1);
    expect((await day(houseId, '2020-10-20')).pence).toBe(21); // untouched: the standing charge alone
    const pending = await suite.db.query('select 1 from reprice_pending where house_id = $1', [houseId]);
    expect(pending.rows).toHaveLength(0);
  });

  it('a switch from Agile to a fixed product dates the fixed tariff and drops the Agile prices after it', async () => {
    const houseId = await home();
    await connect(houseId);
    expect(await job().runDue()).toBe(1);
    // From 22 October, local (BST: 23:00 UTC the day before), the stand-in's fixed product: 13.65p, 19.95p.
    octo.standin.faults.agreements = [
      { tariff_code: AGILE_CODE, valid_from: '2020-01-01T00:00:00Z', valid_to: '2020-10-21T23:00:00Z' },
      { tariff_code: 'E-1R-FIX-12M-15-03-01-C', valid_from: '2020-10-21T23:00:00Z', valid_to: null },
    ];
    octo.clock.advance(TOP_UP_S * 1000);
    expect(await job().runDue()).toBe(1);
    expect((await versions(houseId)).map((v) => [v.start_date, v.source])).toEqual([
      ['2020-01-01', 'supplier'],
      ['2020-10-22', 'supplier'],
    ]);
    // Agile's half-hours from 00:00 UTC 1 January to 23:00 UTC 21 October 2020: 295 days less an hour.
    expect(await storedPrices(houseId)).toBe(295 * 48 - 2);
    // 8.3542 kWh × 13.65p + 19.95p = 133.98483p; 20 October still Agile's.
    expect(Math.abs((await day(houseId, '2020-10-25')).pence - 133.98483)).toBeLessThan(1);
    expect(Math.abs((await day(houseId, '2020-10-20')).pence - 120.25661655)).toBeLessThan(1);
  });

  it('a tariff the user set is never overwritten by Agile, before connecting or after', async () => {
    const own = await home();
    await writeTariff(
      suite.db,
      own,
      { import: fixedRate(300_000, 'mine'), standingCharge: 500_000 },
      '2020-01-01',
    );
    await connect(own);
    expect(await job().runDue()).toBe(1);
    expect((await versions(own)).map((v) => [v.start_date, v.source])).toEqual([['2020-01-01', 'user']]);
    expect(await storedPrices(own)).toBe(0);
    expect(unitRateCalls()).toHaveLength(0);
    // 7.9377 kWh × 30p + 50p = 288.131p
    expect(Math.abs((await day(own, '2020-10-20')).pence - 288.131)).toBeLessThan(1);

    // Agile from the account first, then the user's own from 22 October: the next day's sync writes
    // nothing, and the 50-half-hour day is the user's: 8.3542 kWh × 25p + 40p = 248.855p.
    const later = await home();
    await connect(later);
    expect(await job().runDue()).toBe(1);
    await writeTariff(
      suite.db,
      later,
      { import: fixedRate(250_000, 'mine'), standingCharge: 400_000 },
      '2020-10-22',
    );
    const before = await versions(later);
    expect(before.map((v) => [v.start_date, v.source])).toEqual([
      ['2020-01-01', 'supplier'],
      ['2020-10-22', 'user'],
    ]);
    octo.clock.advance(6 * TOP_UP_S * 1000);
    await job().runDue();
    expect(await versions(later)).toEqual(before);
    expect(Math.abs((await day(later, '2020-10-25')).pence - 248.855)).toBeLessThan(1);
    expect(Math.abs((await day(later, '2020-10-20')).pence - 120.25661655)).toBeLessThan(1);
  });
});
