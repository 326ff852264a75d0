import { GB_ZONE, type RegionLetter, regionOfTariffCode, startOfLocalDate } from '@homeview/domain';
import { parseTariffCode } from '../../shared/octopus-rates';

// Which Octopus products price the regional candidates (issue 37): Agile (a price per half-hour) and
// Tracker (a price per local day), each a dated list of the product codes on sale, since the code changes
// when Octopus relaunches the product; a date is priced by the code on sale then. Codes as the products
// endpoints name them, E-1R-<code>-<region letter> for a region's electricity tariff. Sources: Agile
// AGILE-18-02-21 and Tracker SILVER-2017-1 (the first versions, 2018–2022: guylipman.com/octopus, the
// Octopus Tracker/Agile comparison pages' product lists), AGILE-22-07-22, SILVER-22-04-25, SILVER-22-07-22
// and the FLEX codes of 25 November 2022 (Octopus's products list as clients record it, e.g. the Home
// Assistant Octopus integration's tests and tracker price pages: "SILVER-FLEX-22-11-25 … November 2022
// v1 (original)"), SILVER-23-12-06, SILVER-24-04-03, SILVER-24-07-01, SILVER-24-10-01 and AGILE-23-12-06,
// AGILE-24-10-01 (the same lists, each code's name its launch date). ⚠ The first Tracker's start is the
// launch month, not checked against the products list's `available_from`. Go, Cosy, Flux, Intelligent Go
// and Economy 7 keep their dated tables in domain `tariff/published.ts` (their windows matter more than a
// region's penny); they are not fetched.

export const PUBLISHED_PRODUCTS = ['agile', 'tracker'] as const;
export type PublishedProduct = (typeof PUBLISHED_PRODUCTS)[number];

export const PRODUCT_NAMES: Record<PublishedProduct, string> = { agile: 'Agile', tracker: 'Tracker' };

interface CodeRow {
  /** Local date (Europe/London) the code went on sale. */
  readonly from: string;
  readonly code: string;
}

export const PRODUCT_CODES: Record<PublishedProduct, readonly CodeRow[]> = {
  agile: [
    { from: '2018-02-21', code: 'AGILE-18-02-21' },
    { from: '2022-07-22', code: 'AGILE-22-07-22' },
    { from: '2022-11-25', code: 'AGILE-FLEX-22-11-25' },
    { from: '2023-12-06', code: 'AGILE-23-12-06' },
    { from: '2024-10-01', code: 'AGILE-24-10-01' },
  ],
  tracker: [
    { from: '2018-12-01', code: 'SILVER-2017-1' },
    { from: '2022-04-25', code: 'SILVER-22-04-25' },
    { from: '2022-07-22', code: 'SILVER-22-07-22' },
    { from: '2022-11-25', code: 'SILVER-FLEX-22-11-25' },
    { from: '2023-12-06', code: 'SILVER-23-12-06' },
    { from: '2024-04-03', code: 'SILVER-24-04-03' },
    { from: '2024-07-01', code: 'SILVER-24-07-01' },
    { from: '2024-10-01', code: 'SILVER-24-10-01' },
  ],
};

/** Epoch seconds [from, to) a product's i-th code was on sale: until the next one (Infinity: the newest). */
function onSale(rows: readonly CodeRow[], i: number): { from: number; to: number } {
  const next = rows[i + 1];
  return {
    from: startOfLocalDate((rows[i] as CodeRow).from, GB_ZONE),
    to: next === undefined ? Number.POSITIVE_INFINITY : startOfLocalDate(next.from, GB_ZONE),
  };
}

export interface CodeSpan {
  product: string;
  tariffCode: string;
  /** Epoch seconds, [from, to). */
  from: number;
  to: number;
}

/** The product codes pricing [from, to) for a region, each with the part of the range it prices. */
export function codeSpans(
  product: PublishedProduct,
  region: RegionLetter,
  from: number,
  to: number,
): CodeSpan[] {
  const rows = PRODUCT_CODES[product];
  return rows.flatMap((row, i) => {
    const sale = onSale(rows, i);
    const start = Math.max(from, sale.from);
    const end = Math.min(to, sale.to);
    return start < end
      ? [{ product: row.code, tariffCode: `E-1R-${row.code}-${region}`, from: start, to: end }]
      : [];
  });
}

/** A tariff code whose published prices Compare tariffs reads: its product, region and the dates it priced. */
export interface KnownCode {
  tariffCode: string;
  /** The product code (AGILE-24-10-01). */
  code: string;
  product: PublishedProduct;
  region: RegionLetter;
  /** Epoch seconds [from, to) the code was on sale (to: Infinity while it is the newest). */
  from: number;
  to: number;
}

/** The code's product and dates, or why Compare tariffs would never read its prices (a sentence). */
export function knownTariffCode(tariffCode: string): KnownCode | string {
  const parsed = parseTariffCode(tariffCode);
  const region = regionOfTariffCode(tariffCode);
  if (parsed === null || parsed.fuel !== 'electricity' || parsed.registers !== 1 || region === null)
    return `${JSON.stringify(tariffCode)} is not an electricity tariff code of a region, such as E-1R-AGILE-24-10-01-C (E-1R-<product>-<region letter A–P>)`;
  const code = parsed.product;
  for (const product of PUBLISHED_PRODUCTS) {
    const rows = PRODUCT_CODES[product];
    const i = rows.findIndex((r) => r.code === code);
    if (i >= 0) return { tariffCode: parsed.code, code, product, region, ...onSale(rows, i) };
  }
  const all = PUBLISHED_PRODUCTS.flatMap((p) => PRODUCT_CODES[p].map((r) => r.code));
  return `${code} is not a product Compare tariffs prices; it knows ${all.join(', ')}`;
}
