import { fixedRate, makeTariff } from '@homeview/domain';
import { expect, it } from 'vitest';
import { directDebit, parseTariffCode, penceToMicro } from '../src/shared/octopus-rates';
import { buildVersions } from '../src/features/suppliers/tariff-build';

// The pure parts of the tariff from the account: tariff codes, pence to µ£, the direct-debit choice, and
// the dated versions an account's agreements make (a change of rate at BST's local midnight, an agreement
// ending into the default, a later one starting).

const ZONE = 'Europe/London';
const t = (iso: string) => Date.parse(iso) / 1000;

it('reads E-1R, E-2R and G-1R tariff codes, and no other; Agile and Tracker priced per slot', () => {
  expect(parseTariffCode('E-1R-AGILE-FLEX-22-11-25-C')).toEqual({
    code: 'E-1R-AGILE-FLEX-22-11-25-C',
    product: 'AGILE-FLEX-22-11-25',
    fuel: 'electricity',
    registers: 1,
    dynamic: 'agile',
  });
  expect(parseTariffCode('E-1R-AGILE-18-02-21-A')?.dynamic).toBe('agile');
  expect(parseTariffCode('E-1R-SILVER-FLEX-22-11-25-C')?.dynamic).toBe('tracker');
  expect(parseTariffCode('G-1R-SILVER-FLEX-22-11-25-C')?.dynamic).toBe('tracker');
  expect(parseTariffCode('E-1R-VAR-22-11-01-C')?.dynamic).toBeNull();
  expect(parseTariffCode('E-2R-VAR-22-11-01-A')?.registers).toBe(2);
  expect(parseTariffCode('G-1R-VAR-22-11-01-C')).toEqual({
    code: 'G-1R-VAR-22-11-01-C',
    product: 'VAR-22-11-01',
    fuel: 'gas',
    registers: 1,
    dynamic: null,
  });
  expect(parseTariffCode('G-2R-VAR-22-11-01-C')).toBeNull();
  expect(parseTariffCode('E-1R-VAR-22-11-01')).toBeNull();
});

it('turns pence with VAT into whole µ£, float noise included', () => {
  expect(penceToMicro(24.4755)).toBe(244_755);
  expect(penceToMicro(15.225000000000001)).toBe(152_250);
  expect(penceToMicro(0)).toBe(0);
});

it('keeps the direct-debit rows where the product lists both, and rows without a method', () => {
  const row = (value_inc_vat: number, payment_method: string | null) => ({
    value_inc_vat,
    valid_from: null,
    valid_to: null,
    payment_method,
  });
  expect(
    directDebit([row(2, 'NON_DIRECT_DEBIT'), row(1, 'DIRECT_DEBIT'), row(3, null)]).map(
      (r) => r.value_inc_vat,
    ),
  ).toEqual([1, 3]);
  expect(directDebit([row(2, 'NON_DIRECT_DEBIT')]).map((r) => r.value_inc_vat)).toEqual([2]);
});

it('dates versions on local dates: a BST change, an agreement ending into the default, the next starting', () => {
  const code = parseTariffCode('E-1R-VAR-22-11-01-C')!;
  const versions = buildVersions(
    [
      {
        tariff: code,
        from: t('2022-01-10T00:00:00Z'),
        to: t('2022-06-01T23:00:00Z'),
        standing: [{ from: -Infinity, to: Infinity, price: 400_000 }],
        units: [
          [
            { from: -Infinity, to: t('2022-03-31T23:00:00Z'), price: 200_000 },
            { from: t('2022-03-31T23:00:00Z'), to: Infinity, price: 280_000 },
          ],
        ],
      },
      {
        tariff: code,
        from: t('2022-07-01T23:00:00Z'),
        to: Infinity,
        standing: [{ from: -Infinity, to: Infinity, price: 450_000 }],
        units: [[{ from: -Infinity, to: Infinity, price: 300_000 }]],
      },
    ],
    ZONE,
  );
  expect(versions).toEqual([
    makeTariff({ startDate: '2022-01-10', standingCharge: 400_000, import: fixedRate(200_000, 'standard') }),
    makeTariff({ startDate: '2022-04-01', standingCharge: 400_000, import: fixedRate(280_000, 'standard') }),
    makeTariff({ startDate: '2022-06-02' }),
    makeTariff({ startDate: '2022-07-02', standingCharge: 450_000, import: fixedRate(300_000, 'standard') }),
  ]);
});

it('Tracker: a price per local day becomes a price for each of its half-hours, 46 on the spring day', () => {
  const versions = buildVersions(
    [
      {
        tariff: parseTariffCode('E-1R-SILVER-FLEX-22-11-25-C')!,
        from: t('2022-03-27T00:00:00Z'),
        to: Infinity,
        standing: [{ from: -Infinity, to: Infinity, price: 460_000 }],
        units: [
          [
            // Sunday 27 March 2022: 00:00 GMT → 00:00 BST the next day, 23 hours.
            { from: t('2022-03-27T00:00:00Z'), to: t('2022-03-27T23:00:00Z'), price: 300_000 },
            { from: t('2022-03-27T23:00:00Z'), to: t('2022-03-28T23:00:00Z'), price: 310_000 },
          ],
        ],
      },
    ],
    ZONE,
  );
  expect(versions.map((v) => [v.startDate, v.standingCharge, v.import?.type])).toEqual([
    ['2022-03-27', 460_000, 'dynamic'],
  ]);
  const prices = versions[0]!.import?.type === 'dynamic' ? versions[0]!.import.prices : new Map();
  expect(prices.size).toBe(46 + 48);
  expect(prices.get(t('2022-03-27T22:30:00Z'))).toBe(300_000);
  expect(prices.get(t('2022-03-27T23:00:00Z'))).toBe(310_000);
  expect(prices.get(t('2022-03-28T22:30:00Z'))).toBe(310_000);
  expect(prices.has(t('2022-03-28T23:00:00Z'))).toBe(false);
});
