import { GAS_AGREEMENTS, type ProductFaults, REGION, VARIABLE } from './octopus-products';

// What the Octopus stand-in gets wrong on purpose, changeable while it runs (`OctopusStandin.faults`).

export interface Agreement {
  tariff_code: string;
  valid_from: string;
  valid_to: string | null;
}

/** Products and rates (no auth): octopus-products.ts. */
export interface StandinFaults extends ProductFaults {
  /** The import MPAN's agreements (default: the variable single-rate product since 2014). */
  agreements: Agreement[];
  /** The gas MPRN's agreements (default: the variable product's G-1R tariff since 2014). */
  gasAgreements: Agreement[];
  /** The next this many consumption requests answer 503. */
  errors5xx: number;
  /** The next this many consumption requests answer 429 with this Retry-After. */
  rateLimited: number;
  retryAfterS: number;
  /** The next this many consumption requests never answer. */
  hang: number;
  /** Consumption requests of this serial never answer while set. */
  hangSerial: string | null;
  /** The next this many consumption requests answer 200 with a body of another shape. */
  badShape: number;
  /** Rows a page holds at most (the API's 25,000, or fewer to make pages). */
  pageSize: number;
  /** Page 2 is sent twice (its `next` is another URL for the same page). */
  duplicatePage: boolean;
  /** A row before the asked range and one at its end are added to the answer. */
  outside: boolean;
  /** Slots not served (yet): late data, released by deleting them. */
  hidden: Set<number>;
  /** Hidden slots are hidden from this serial only; null: from every serial. */
  hiddenSerial: string | null;
  /** From this instant the import series comes from a second serial (a meter swap); null: one serial. */
  swapAt: number | null;
  /** An export MPAN on the account. */
  exportMpan: boolean;
  /** A gas MPRN on the account. */
  gasMprn: boolean;
  /** The next this many consumption requests (of `badJsonSerial`, or any) answer 200 with a body that is
   * not JSON (a literal NaN, as a Python server writes it). */
  badJson: number;
  badJsonSerial: string | null;
  /** Slots whose consumption is sent as this instead (a negative figure, a string): no energy. */
  figures: Map<number, unknown>;
  /** Every series moved by this many seconds (whole days: the demo and process tests' real clock). */
  shiftS: number;
  /** The gas series moved by this many seconds instead (its real data is of other years); null: shiftS. */
  gasShiftS: number | null;
  /** The current property's postcode as the account sends it (null, absent: undefined, or nonsense). */
  postcode: unknown;
  /** Every request answers 401 (the key was revoked). */
  refuseAll: boolean;
  /** Slots after this are not published yet. */
  publishedUntil: number;
}

/** The faults a stand-in starts with (tests reset to them between cases). */
export const NO_FAULTS = (): StandinFaults => ({
  agreements: [
    { tariff_code: `E-1R-${VARIABLE}-${REGION}`, valid_from: '2014-01-01T00:00:00Z', valid_to: null },
  ],
  gasAgreements: GAS_AGREEMENTS(),
  productErrors: 0,
  ratePageSize: 1500,
  agileUntil: Number.POSITIVE_INFINITY,
  replay: false,
  errors5xx: 0,
  rateLimited: 0,
  retryAfterS: 120,
  hang: 0,
  badShape: 0,
  hangSerial: null,
  pageSize: 25_000,
  duplicatePage: false,
  outside: false,
  hidden: new Set(),
  hiddenSerial: null,
  swapAt: null,
  exportMpan: false,
  gasMprn: false,
  badJson: 0,
  badJsonSerial: null,
  figures: new Map(),
  shiftS: 0,
  gasShiftS: null,
  postcode: 'LE11 2ZZ',
  refuseAll: false,
  publishedUntil: Number.POSITIVE_INFINITY,
});
