import { z } from 'zod';
import type { Fuel } from './fuel';

// The public Octopus products endpoints (../shared/design/suppliers.md): a tariff code's dated rates, in
// pence VAT included (as on the bill), times UTC, paged with `next`. The one reader of them, for the
// suppliers feature (a connected home's own tariff, asked through the account's client: same checks,
// counted calls, its errors) and the energy feature (published rates of a region, asked through
// `publicRates`, no key). Where a product lists both direct-debit and other payment methods' rows, the
// direct-debit ones are kept.

/** What asks the endpoints: a checked GET, paths under the base URL, `next` kept on its origin. */
export interface RatesClient {
  url(path: string): URL;
  sameOrigin(next: string): URL;
  get<T>(url: URL, schema: z.ZodType<T>, what: string): Promise<T>;
  /** The error an answer of the wrong content is (a shape the schema passed but the figures refuse). */
  badAnswer(message: string): Error;
}

/** The rates a tariff is priced by: a single register's, or Economy 7's day and night. */
export type RateSeries = 'standard-unit-rates' | 'day-unit-rates' | 'night-unit-rates' | 'standing-charges';

export interface TariffCode {
  code: string;
  product: string;
  /** E-…: electricity-tariffs; G-…: gas-tariffs. */
  fuel: Fuel;
  /** E-1R and G-1R: one rate all day; E-2R: day and night registers (Economy 7). */
  registers: 1 | 2;
  /**
   * A product whose unit rate is its own per slot: Agile (AGILE-…, a price per half-hour) or Tracker
   * (SILVER-…, a price per local day); null: dated rates that hold until the product changes them.
   */
  dynamic: 'agile' | 'tracker' | null;
}

const DYNAMIC_PRODUCTS: readonly [RegExp, 'agile' | 'tracker'][] = [
  [/^AGILE-/, 'agile'],
  [/^SILVER-/, 'tracker'],
];

/** E-1R-<PRODUCT>-<region>, E-2R-… or G-1R-…; null for any other shape. */
export function parseTariffCode(code: string): TariffCode | null {
  const match = /^(E-([12])|G-1)R-(.+)-([A-P])$/.exec(code.trim());
  if (match === null) return null;
  const product = match[3] as string;
  return {
    code: code.trim(),
    product,
    fuel: match[1]?.startsWith('G') ? 'gas' : 'electricity',
    registers: match[2] === '2' ? 2 : 1,
    dynamic: DYNAMIC_PRODUCTS.find(([pattern]) => pattern.test(product))?.[1] ?? null,
  };
}

/** One dated price: µ£ per kWh (unit rates) or per day (standing charges). */
export interface DatedPrice {
  /** Epoch seconds; -Infinity when the product gives none (always). */
  from: number;
  /** Epoch seconds, exclusive; Infinity when open-ended. */
  to: number;
  price: number;
}

const RatePage = z.object({
  next: z.string().nullable(),
  results: z.array(
    z.object({
      // Agile's unit rate goes below zero in a glut of wind ("plunge pricing"); a standing charge never.
      value_inc_vat: z.number().finite(),
      valid_from: z.string().nullable(),
      valid_to: z.string().nullable(),
      payment_method: z.string().nullable().optional(),
    }),
  ),
});
type RateRow = z.infer<typeof RatePage>['results'][number];

const MAX_PAGES = 50;
const PAGE_SIZE = 1500;

/** Pence (a decimal the API sends with up to 4 places or float noise) → integer µ£ (1p = 10,000 µ£). */
export function penceToMicro(pence: number): number {
  return Math.round(Number((pence * 10_000).toPrecision(12)));
}

/** A row's time that is no time: turned into the client's own error by tariffRates. */
class BadRate extends Error {}

const instant = (text: string | null, open: number): number => {
  if (text === null) return open;
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new BadRate(`Octopus sent a rate time that is not one: ${text}`);
  return Math.floor(t / 1000);
};

/** Direct debit where the product lists it; rows without a payment method apply to every one. */
export function directDebit<R extends { payment_method?: string | null }>(rows: readonly R[]): R[] {
  const hasDd = rows.some((r) => r.payment_method === 'DIRECT_DEBIT');
  return hasDd ? rows.filter((r) => !r.payment_method || r.payment_method === 'DIRECT_DEBIT') : [...rows];
}

/** The dated prices of one series of a tariff overlapping [fromS, toS), oldest first. */
export async function tariffRates(
  source: RatesClient,
  tariff: TariffCode,
  series: RateSeries,
  fromS: number,
  toS: number,
): Promise<DatedPrice[]> {
  let url: URL | null = source.url(
    `v1/products/${encodeURIComponent(tariff.product)}/${tariff.fuel}-tariffs/${encodeURIComponent(tariff.code)}/${series}/`,
  );
  const query: Record<string, string> = { page_size: String(PAGE_SIZE) };
  if (Number.isFinite(fromS)) query.period_from = new Date(fromS * 1000).toISOString().replace('.000Z', 'Z');
  if (Number.isFinite(toS)) query.period_to = new Date(toS * 1000).toISOString().replace('.000Z', 'Z');
  url.search = new URLSearchParams(query).toString();
  const rows: RateRow[] = [];
  const seen = new Set<string>();
  while (url !== null) {
    if (seen.has(url.href) || seen.size >= MAX_PAGES)
      throw source.badAnswer('Octopus sent a chain of rate pages that does not end');
    seen.add(url.href);
    const page: z.infer<typeof RatePage> = await source.get(url, RatePage, 'tariff rates');
    rows.push(...page.results);
    url = page.next === null ? null : source.sameOrigin(page.next);
  }
  if (series === 'standing-charges' && rows.some((r) => r.value_inc_vat < 0))
    throw source.badAnswer(`Octopus sent a negative standing charge for ${tariff.code}`);
  let prices: DatedPrice[];
  try {
    prices = directDebit(rows).map((r) => ({
      from: instant(r.valid_from, Number.NEGATIVE_INFINITY),
      to: instant(r.valid_to, Number.POSITIVE_INFINITY),
      price: penceToMicro(r.value_inc_vat),
    }));
  } catch (error) {
    throw error instanceof BadRate ? source.badAnswer(error.message) : error;
  }
  // A page sent twice repeats rows: one per start.
  const byStart = new Map(prices.map((p) => [p.from, p]));
  return [...byStart.values()].filter((p) => p.to > p.from).sort((a, b) => a.from - b.from);
}

/** The price in force at `t` (the latest starting at or before it), or null. */
export function priceAt(prices: readonly DatedPrice[], t: number): number | null {
  let best: DatedPrice | undefined;
  for (const p of prices) if (p.from <= t && t < p.to && (best === undefined || p.from > best.from)) best = p;
  return best?.price ?? null;
}

/** Why the public products endpoints gave nothing usable: unreachable, an error status, or a bad answer. */
export class PublicRatesError extends Error {
  override name = 'PublicRatesError';
}

/**
 * The products endpoints with no key (they need none): for published rates of any region. Every answer is
 * checked by the caller's schema; any failure is a PublicRatesError, never a crash of the asking request.
 */
export function publicRates(baseUrl: string, timeoutMs: number): RatesClient & { calls: number } {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  return {
    calls: 0,
    url: (path) => new URL(path, base),
    sameOrigin(next) {
      let url: URL;
      try {
        url = new URL(next, base);
      } catch {
        throw new PublicRatesError('Octopus sent a next page that is not a URL');
      }
      if (url.origin !== base.origin)
        throw new PublicRatesError(`Octopus sent a next page on another host (${url.host})`);
      return url;
    },
    badAnswer: (message) => new PublicRatesError(message),
    async get(url, schema, what) {
      this.calls += 1;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new PublicRatesError('the Octopus products API could not be reached');
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new PublicRatesError(
          `the Octopus products API answered ${response.status} to the ${what} request`,
        );
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new PublicRatesError(`the Octopus products API sent a ${what} answer that is not JSON`);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        throw new PublicRatesError(`the Octopus products API sent a ${what} answer of an unexpected shape`);
      return parsed.data;
    },
  };
}
