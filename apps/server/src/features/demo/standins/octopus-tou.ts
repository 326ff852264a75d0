import { addDays, REGION_LETTERS, type RegionLetter, startOfLocalDate } from '@homeview/domain';
import type { RegionalRow } from './octopus-regional';

// The stand-in's time-of-use products (issue 37: Go, Intelligent Go, Cosy and Flux priced per region), as
// the products endpoints send them: standard-unit-rates one row per window per local day (Europe/London;
// valid_from/valid_to in UTC, so a window on the clock moves an hour in UTC with summer time), newest first
// (octopus-products.ts pages them), and a standing charge. The codes are Octopus's (energy/published-codes.ts);
// the windows are the products' (Go 00:30–05:30, Intelligent Go 23:30–05:30, Cosy cheap 04:00–07:00,
// 13:00–16:00, 22:00–00:00 and peak 16:00–19:00, Flux cheap 02:00–05:00 and peak 16:00–19:00); the prices
// are written for the tests, so they can work a region's day by hand — not Octopus's figures: each
// window's base price below plus 0.1p per region letter after A (B +0.1p … P +1.3p), the standing charge
// 50p plus 0.5p per letter, served for every day from 2018 to 2030 (whatever the code's launch).

/** A product's prices, p/kWh VAT included, for region A, by window name. */
interface TouProduct {
  /** [start minute on the local clock, window name], from 00:00; each runs until the next. */
  readonly windows: readonly (readonly [number, string])[];
  readonly pence: Readonly<Record<string, number>>;
}

/** Flux's import and export share their windows: cheap 02:00–05:00, peak 16:00–19:00. */
const FLUX_WINDOWS: TouProduct['windows'] = [
  [0, 'day'],
  [120, 'cheap'],
  [300, 'day'],
  [960, 'peak'],
  [1140, 'day'],
];

export const TOU_PRODUCTS: Record<string, TouProduct> = {
  'GO-VAR-22-10-14': {
    windows: [
      [0, 'day'],
      [30, 'night'],
      [330, 'day'],
    ],
    pence: { night: 8.5, day: 25 },
  },
  'INTELLI-VAR-22-10-14': {
    windows: [
      [0, 'night'],
      [330, 'day'],
      [1410, 'night'],
    ],
    pence: { night: 7.5, day: 26 },
  },
  'COSY-22-12-08': {
    windows: [
      [0, 'day'],
      [240, 'cosy'],
      [420, 'day'],
      [780, 'cosy'],
      [960, 'peak'],
      [1140, 'day'],
      [1320, 'cosy'],
    ],
    pence: { cosy: 12, day: 25, peak: 37 },
  },
  'FLUX-IMPORT-23-02-14': { windows: FLUX_WINDOWS, pence: { cheap: 20, day: 33, peak: 46 } },
  'FLUX-EXPORT-23-02-14': { windows: FLUX_WINDOWS, pence: { cheap: 9, day: 22, peak: 35 } },
};
TOU_PRODUCTS['INTELLI-VAR-24-10-29'] = TOU_PRODUCTS['INTELLI-VAR-22-10-14'] as TouProduct;

const index = (region: string) => REGION_LETTERS.indexOf(region as RegionLetter);
const round4 = (pence: number) => Math.round(pence * 10_000) / 10_000;

/** p/kWh VAT included: a product's window price in a region. */
export const touPence = (code: string, window: string, region: string): number =>
  round4((TOU_PRODUCTS[code]?.pence[window] as number) + 0.1 * index(region));
export const touStandingPence = (region: string): number => round4(50 + 0.5 * index(region));

const ZONE = 'Europe/London';
const FIRST_DAY = '2018-01-01';
const LAST_DAY = '2030-12-31';

/** A product's window rows overlapping [from, to): each window of each local day, adjacent equal ones joined. */
export function touRows(code: string, region: string, from: number, to: number): RegionalRow[] {
  const product = TOU_PRODUCTS[code];
  if (product === undefined) return [];
  const out: RegionalRow[] = [];
  const lo = Math.max(from, startOfLocalDate(FIRST_DAY, ZONE));
  const hi = Math.min(to, startOfLocalDate(addDays(LAST_DAY, 1), ZONE));
  if (!(lo < hi)) return out;
  // The local date holding `lo`: a day before its UTC date is early enough (and skipped if it ends before).
  let day = addDays(new Date(lo * 1000).toISOString().slice(0, 10), -1);
  for (; startOfLocalDate(day, ZONE) < hi; day = addDays(day, 1)) {
    const midnight = startOfLocalDate(day, ZONE);
    const next = startOfLocalDate(addDays(day, 1), ZONE);
    product.windows.forEach(([minute, name], i) => {
      const end = product.windows[i + 1]?.[0];
      // Minutes after local midnight on the clock: the skipped or repeated hour moves what follows it.
      const start = Math.min(
        midnight + minute * 60 + (next - midnight - 86_400) * (minute >= 120 ? 1 : 0),
        next,
      );
      const stop =
        end === undefined
          ? next
          : Math.min(midnight + end * 60 + (next - midnight - 86_400) * (end >= 120 ? 1 : 0), next);
      if (stop <= lo || start >= hi || stop <= start) return;
      const incVat = touPence(code, name, region);
      const last = out.at(-1);
      if (last !== undefined && last.to === start && last.incVat === incVat) last.to = stop;
      else out.push({ from: start, to: stop, incVat });
    });
  }
  return out;
}

/** Any of the products above, on its E-1R tariff of a region. */
export const TOU_PATH =
  /^\/v1\/products\/([A-Z0-9-]+)\/electricity-tariffs\/E-1R-([A-Z0-9-]+)-([A-P])\/(standard-unit-rates|standing-charges)\/$/;
