import type { ServerResponse } from 'node:http';
import {
  agileRegionRows,
  agileStandingPence,
  REGIONAL_PATH,
  trackerRows,
  trackerStandingPence,
} from './octopus-regional';
import { TOU_PATH, TOU_PRODUCTS, touRows, touStandingPence } from './octopus-tou';

// The Octopus stand-in's public products endpoints (../shared/design/suppliers.md): an electricity
// tariff's (E-1R, E-2R) standard-unit-rates, day-unit-rates, night-unit-rates and standing-charges, and a
// gas tariff's (G-1R, under gas-tariffs/) standard-unit-rates and standing-charges, as
// {count, next, previous, results:[{value_exc_vat, value_inc_vat, valid_from, valid_to, payment_method}]},
// pence, VAT (5%) included, times UTC, newest first, rows overlapping period_from/period_to, paged with
// `next`, each price listed for direct debit and (dearer) for other payment methods. Small fixed products
// written for the tests (no real rate file is read): the numbers are exported so tests work a day's cost
// by hand from them. And Agile (octopus-agile.ts): a real price per half-hour of 2020, region A, and
// every region's Agile and Tracker (octopus-regional.ts), Go, Intelligent Go, Cosy and Flux (octopus-tou.ts).
// Economy 7 (VARIABLE's E-2R tariff) is regional too: region C's day, night and standing charge are the
// table's below, each other region's those plus 0.1p/kWh (0.5p a day) per letter after C (less before it).

export const REGION = 'C';
/** The account's agreement by default: a variable product whose unit rate changed on 2015-01-01. */
export const VARIABLE = 'VAR-22-11-01';
/** A fixed product an agreement can switch to (tests). */
export const FIXED = 'FIX-12M-15-03-01';

export interface StandinRate {
  /** Pence VAT included, direct debit. */
  incVat: number;
  /** The same for other payment methods (listed too: the client must choose direct debit). */
  otherIncVat: number;
  from: string;
  to: string | null;
  /** One row with no payment method (Agile's unit rates), not a direct-debit and an other row. */
  anyMethod?: boolean;
}

const rate = (incVat: number, from: string, to: string | null = null): StandinRate => ({
  incVat,
  otherIncVat: Math.round(incVat * 1.05 * 10_000) / 10_000,
  from,
  to,
});

/** Product → series → rates. E-1R and E-2R tariffs of a product share its standing charge. */
export const PRODUCT_RATES: Record<string, Record<string, StandinRate[]>> = {
  [VARIABLE]: {
    'standard-unit-rates': [
      rate(15.12, '2014-01-01T00:00:00Z', '2015-01-01T00:00:00Z'),
      rate(16.275, '2015-01-01T00:00:00Z'),
    ],
    'day-unit-rates': [rate(18.9, '2014-01-01T00:00:00Z')],
    'night-unit-rates': [rate(9.45, '2014-01-01T00:00:00Z')],
    'standing-charges': [rate(21.21, '2014-01-01T00:00:00Z')],
  },
  [FIXED]: {
    'standard-unit-rates': [rate(13.65, '2015-03-01T00:00:00Z')],
    'standing-charges': [rate(19.95, '2015-03-01T00:00:00Z')],
  },
};

/** Gas (G-1R): product → series → rates, a unit rate and a standing charge of its own, as on a gas bill. */
export const GAS_PRODUCT_RATES: Record<string, Record<string, StandinRate[]>> = {
  [VARIABLE]: {
    'standard-unit-rates': [
      rate(4.368, '2014-01-01T00:00:00Z', '2015-01-01T00:00:00Z'),
      rate(4.032, '2015-01-01T00:00:00Z'),
    ],
    'standing-charges': [rate(26.04, '2014-01-01T00:00:00Z')],
  },
  [FIXED]: {
    'standard-unit-rates': [rate(3.675, '2015-03-01T00:00:00Z')],
    'standing-charges': [rate(24.15, '2015-03-01T00:00:00Z')],
  },
};

/** The account's gas agreement by default: the variable product's gas tariff since 2014. */
export const GAS_AGREEMENTS = () => [
  { tariff_code: `G-1R-${VARIABLE}-${REGION}`, valid_from: '2014-01-01T00:00:00Z', valid_to: null },
];

const GAS_PATH =
  /^\/v1\/products\/([^/]+)\/gas-tariffs\/G-1R-([^/]+)-([A-P])\/(standard-unit-rates|standing-charges)\/$/;

/** A gas tariff's rates, as the electricity match below does it for E-1R/E-2R; undefined: not gas's. */
function gasRates(path: string): StandinRate[] | undefined {
  const match = GAS_PATH.exec(path);
  if (match === null || match[2] !== match[1]) return undefined;
  return GAS_PRODUCT_RATES[decodeURIComponent(match[1] as string)]?.[match[4] as string];
}

const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** A time-of-use product's rows (octopus-tou.ts) overlapping the asked period, or its standing charge. */
function touRates(url: URL): StandinRate[] | undefined {
  const match = TOU_PATH.exec(url.pathname);
  if (match === null || match[1] !== match[2] || TOU_PRODUCTS[match[1] as string] === undefined)
    return undefined;
  const [, code = '', , region = '', series] = match;
  if (series === 'standing-charges') return [rate(touStandingPence(region), '2018-01-01T00:00:00Z')];
  const q = url.searchParams;
  const from = q.has('period_from') ? Date.parse(q.get('period_from') as string) / 1000 : -Infinity;
  const to = q.has('period_to') ? Date.parse(q.get('period_to') as string) / 1000 : Infinity;
  return touRows(code, region, from, to).map((r) => ({
    incVat: r.incVat,
    otherIncVat: r.incVat,
    from: iso(r.from),
    to: iso(r.to),
    anyMethod: true,
  }));
}

const LETTERS = 'ABCDEFGHJKLMNP';
/** VARIABLE's E-2R (Economy 7) rates in a region: region C's as the table, others offset per letter. */
function economy7Regional(rates: StandinRate[], region: string, series: string): StandinRate[] {
  const steps = LETTERS.indexOf(region) - LETTERS.indexOf(REGION);
  const step = series === 'standing-charges' ? 0.5 : 0.1;
  return rates.map((r) => ({
    ...r,
    incVat: Math.round((r.incVat + step * steps) * 10_000) / 10_000,
    otherIncVat: Math.round((r.otherIncVat + step * steps) * 10_000) / 10_000,
  }));
}

/**
 * A region's Agile or Tracker rates overlapping the asked period: a row per half-hour (Agile) or local day
 * (Tracker) published by `until` (Octopus publishes the next day's at about 16:00), or its standing charge.
 */
function regionalRates(url: URL, faults: ProductFaults): StandinRate[] | undefined {
  const match = REGIONAL_PATH.exec(url.pathname);
  if (match === null || match[1] !== match[2]) return undefined;
  const [, product, , region = '', series] = match;
  const tracker = product?.startsWith('SILVER-') === true;
  if (series === 'standing-charges')
    return [
      rate(tracker ? trackerStandingPence(region) : agileStandingPence(region), '2018-02-21T00:00:00Z'),
    ];
  const q = url.searchParams;
  const from = q.has('period_from')
    ? Date.parse(q.get('period_from') as string) / 1000
    : Number.NEGATIVE_INFINITY;
  const to = q.has('period_to') ? Date.parse(q.get('period_to') as string) / 1000 : Number.POSITIVE_INFINITY;
  const rows = (tracker ? trackerRows : agileRegionRows)(region, from, to, faults.agileUntil, faults.replay);
  return rows.map((r) => ({
    incVat: r.incVat,
    otherIncVat: r.incVat,
    from: iso(r.from),
    to: iso(r.to),
    anyMethod: true,
  }));
}

export interface ProductFaults {
  /** The next this many product requests answer 503. */
  productErrors: number;
  /** Rows a rate page holds at most. */
  ratePageSize: number;
  /** Agile's half-hours (and Tracker's days) starting from this instant are not priced yet (not published). */
  agileUntil: number;
  /** Agile and Tracker priced in every year, 2020's replayed (octopus-regional.ts): benchmarks, the demo. */
  replay: boolean;
}

const PATH =
  /^\/v1\/products\/([^/]+)\/electricity-tariffs\/E-([12])R-([^/]+)-([A-P])\/(standard-unit-rates|day-unit-rates|night-unit-rates|standing-charges)\/$/;

export const isProductPath = (path: string) => path.startsWith('/v1/products/');

/** An electricity tariff's rates (E-1R: standard; E-2R: day and night); undefined: not electricity's. */
function electricityRates(path: string): StandinRate[] | undefined {
  const match = PATH.exec(path);
  const product = match === null ? undefined : PRODUCT_RATES[decodeURIComponent(match[1] as string)];
  const [, , registers, tariffProduct, , series] = match ?? [];
  const single = registers === '1';
  const fits =
    series === 'standing-charges' ||
    (single ? series === 'standard-unit-rates' : series !== 'standard-unit-rates');
  const rates = product?.[series as string];
  if (match === null || tariffProduct !== match[1] || !fits || rates === undefined) return undefined;
  return registers === '2' ? economy7Regional(rates, match[4] as string, series as string) : rates;
}

/** Answers a products request; returns the status sent. */
export function answerProducts(res: ServerResponse, url: URL, faults: ProductFaults): number {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return status;
  };
  if (faults.productErrors > 0) {
    faults.productErrors -= 1;
    return send(503, { detail: 'Service unavailable' });
  }
  const rates =
    electricityRates(url.pathname) ?? gasRates(url.pathname) ?? regionalRates(url, faults) ?? touRates(url);
  if (rates === undefined) return send(404, { detail: 'No such tariff.' });
  const q = url.searchParams;
  const from = q.has('period_from') ? Date.parse(q.get('period_from') as string) : Number.NEGATIVE_INFINITY;
  const to = q.has('period_to') ? Date.parse(q.get('period_to') as string) : Number.POSITIVE_INFINITY;
  const rows = rates
    .filter((r) => Date.parse(r.from) < to && (r.to === null || Date.parse(r.to) > from))
    .flatMap((r) =>
      (r.anyMethod ? [null] : (['NON_DIRECT_DEBIT', 'DIRECT_DEBIT'] as const)).map((payment_method) => {
        const inc = payment_method === 'DIRECT_DEBIT' ? r.incVat : r.otherIncVat;
        return {
          value_exc_vat: Math.round((inc / 1.05) * 10_000) / 10_000,
          value_inc_vat: inc,
          valid_from: r.from,
          valid_to: r.to,
          payment_method,
        };
      }),
    )
    .reverse(); // newest first, each price's direct-debit row before the other
  // The API's page is at most 1,500 rows (a month of Agile half-hours).
  const size = Math.min(Number(q.get('page_size') ?? 100), faults.ratePageSize, 1500);
  const page = Number(q.get('page') ?? 1);
  const next = new URL(url.href);
  next.searchParams.set('page', String(page + 1));
  return send(200, {
    count: rows.length,
    next: page * size < rows.length ? next.href : null,
    previous: null,
    results: rows.slice((page - 1) * size, page * size),
  });
}
