import { GB_ZONE, type RegionLetter, regionOfTariffCode, startOfLocalDate } from '@homeview/domain';
import { parseTariffCode } from '../../shared/octopus-rates';
import {
  AGILE_CODES,
  COSY_CODES,
  type CodeRow,
  ECONOMY_7_CODES,
  FLUX_EXPORT_CODES,
  FLUX_IMPORT_CODES,
  GO_CODES,
  INTELLIGENT_GO_CODES,
  TRACKER_CODES,
} from './published-codes';

// Which Octopus products price the regional candidates (issue 37), each with the dated product codes on
// sale (published-codes.ts, sources there) and how its published rates are read:
// - 'slots': unit rates dated to the half-hour — Agile (a row per half-hour), Tracker (a row per local
//   day), and the time-of-use products Go, Intelligent Go, Cosy and Flux (a row per window per day: the
//   products endpoints give their windows as the rows' valid_from/valid_to, UTC) — each half-hour priced
//   by the row holding it;
// - 'day-night': Economy 7 (E-2R), dated day and night rates, the night being the smart meter's window
//   (00:30–07:30 UTC, domain ECONOMY_7_NIGHT_UTC).
// Flux's export ('fluxExport', FLUX-EXPORT-23-02-14) is fetched as a product of its own and priced with
// Flux's import; it is no candidate by itself. Each code is asked as E-<1|2>R-<code>-<region letter>.

export const PUBLISHED_PRODUCTS = [
  'agile',
  'tracker',
  'economy7',
  'go',
  'intelligentGo',
  'cosy',
  'flux',
  'fluxExport',
] as const;
export type PublishedProduct = (typeof PUBLISHED_PRODUCTS)[number];
/** The products priced from a time-of-use table (domain tariff/published.ts) when their rates are lacking. */
export type TableProduct = Exclude<PublishedProduct, 'agile' | 'tracker' | 'fluxExport'>;
export const TABLE_PRODUCTS: readonly TableProduct[] = ['economy7', 'go', 'intelligentGo', 'cosy', 'flux'];

interface ProductSpec {
  readonly name: string;
  readonly codes: readonly CodeRow[];
  readonly read: 'slots' | 'day-night';
}

export const PRODUCTS: Record<PublishedProduct, ProductSpec> = {
  agile: { name: 'Agile', codes: AGILE_CODES, read: 'slots' },
  tracker: { name: 'Tracker', codes: TRACKER_CODES, read: 'slots' },
  economy7: { name: 'Economy 7', codes: ECONOMY_7_CODES, read: 'day-night' },
  go: { name: 'Go', codes: GO_CODES, read: 'slots' },
  intelligentGo: { name: 'Intelligent Go', codes: INTELLIGENT_GO_CODES, read: 'slots' },
  cosy: { name: 'Cosy', codes: COSY_CODES, read: 'slots' },
  flux: { name: 'Flux', codes: FLUX_IMPORT_CODES, read: 'slots' },
  fluxExport: { name: 'Flux export', codes: FLUX_EXPORT_CODES, read: 'slots' },
};

export const PRODUCT_NAMES = Object.fromEntries(
  PUBLISHED_PRODUCTS.map((p) => [p, PRODUCTS[p].name]),
) as Record<PublishedProduct, string>;

/** The unit series a product's rates are stored under (published_rates.series). */
export const unitSeries = (product: PublishedProduct): readonly ('unit' | 'day' | 'night')[] =>
  PRODUCTS[product].read === 'day-night' ? ['day', 'night'] : ['unit'];

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

const registers = (product: PublishedProduct) => (PRODUCTS[product].read === 'day-night' ? 2 : 1);

/** The product codes pricing [from, to) for a region, each with the part of the range it prices. */
export function codeSpans(
  product: PublishedProduct,
  region: RegionLetter,
  from: number,
  to: number,
): CodeSpan[] {
  const rows = PRODUCTS[product].codes;
  return rows.flatMap((row, i) => {
    const sale = onSale(rows, i);
    const start = Math.max(from, sale.from);
    const end = Math.min(to, sale.to);
    return start < end
      ? [
          {
            product: row.code,
            tariffCode: `E-${registers(product)}R-${row.code}-${region}`,
            from: start,
            to: end,
          },
        ]
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
  if (parsed === null || parsed.fuel !== 'electricity' || region === null)
    return `${JSON.stringify(tariffCode)} is not an electricity tariff code of a region, such as E-1R-AGILE-24-10-01-C (E-1R-<product>-<region letter A–P>, E-2R-… for Economy 7)`;
  const code = parsed.product;
  for (const product of PUBLISHED_PRODUCTS) {
    const rows = PRODUCTS[product].codes;
    const i = rows.findIndex((r) => r.code === code);
    if (i < 0) continue;
    if (parsed.registers !== registers(product))
      return `${code} is priced as E-${registers(product)}R-${code}-<region> (${PRODUCTS[product].name}), not ${parsed.code}`;
    return { tariffCode: parsed.code, code, product, region, ...onSale(rows, i) };
  }
  const all = PUBLISHED_PRODUCTS.flatMap((p) => PRODUCTS[p].codes.map((r) => r.code));
  return `${code} is not a product Compare tariffs prices; it knows ${all.join(', ')}`;
}
