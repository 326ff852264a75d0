import type { RegionLetter } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { PublicRatesError, parseTariffCode, publicRates, tariffRates } from '../../shared/octopus-rates';
import { type CodeSpan, codeSpans, type PublishedProduct } from './published-products';
import { readPublished, type StoredPrice, storedUnitsEnd, storePublished } from './published-repository';

// The region's published Agile and Tracker prices for a comparison (issue 37), fetched from the Octopus
// products endpoints (OCTOPUS_API_URL, no key, every answer checked by shared/octopus-rates.ts' schema) and
// kept in published_rates, then read from there. Only what is not stored yet is asked: a code's unit
// prices from the end of those stored (prices published late, or the days since the last look), the
// standing charges of the span each time (a few rows). A span asked within the last 10 minutes (this
// process, the request's clock) is not asked again, so a service that is down or prices not yet
// published cost one refused call, not one per request. A failure stores nothing and is said in the
// answer; what was stored before still prices the comparison.

const TIMEOUT_MS = 10_000;
const ASK_AGAIN_S = 600;
/** Per span asked: when, and how it failed (null: it answered), so a skipped ask says the same. */
const asked = new Map<string, { at: number; problem: string | null }>();

/** One product code's stored prices, each row to be read only inside the code's span. */
export interface PublishedPrices {
  span: CodeSpan;
  /** Each with its source: fetched from the API or imported from a file (0041). */
  unit: StoredPrice[];
  standing: StoredPrice[];
}

export interface Fetched {
  /** Null when every asked span answered (or nothing needed asking); else the first failure, in words. */
  problem: string | null;
  /** Calls made to the API. */
  calls: number;
}

/** Fetches and stores what [from, to) lacks of both products' prices for a region. */
export async function fetchPublished(
  db: Queryable,
  baseUrl: string,
  region: RegionLetter,
  products: readonly PublishedProduct[],
  from: number,
  to: number,
  now: number,
): Promise<Fetched> {
  const client = publicRates(baseUrl, TIMEOUT_MS);
  let problem: string | null = null;
  for (const product of products)
    for (const span of codeSpans(product, region, from, to)) {
      const stored = await storedUnitsEnd(db, span.tariffCode, span.from);
      const askFrom = stored === null ? span.from : stored;
      if (askFrom >= span.to) continue;
      const key = `${baseUrl}|${span.tariffCode}|${askFrom}|${span.to}`;
      const last = asked.get(key);
      if (last !== undefined && now - last.at < ASK_AGAIN_S && now >= last.at) {
        problem ??= last.problem;
        continue;
      }
      const tariff = parseTariffCode(span.tariffCode);
      if (tariff === null) continue;
      asked.set(key, { at: now, problem: null });
      try {
        const unit = await tariffRates(client, tariff, 'standard-unit-rates', askFrom, span.to);
        const standing = await tariffRates(client, tariff, 'standing-charges', span.from, span.to);
        const code = { tariffCode: span.tariffCode, product: span.product, region };
        await storePublished(db, code, 'unit', unit, now);
        await storePublished(db, code, 'standing', standing, now);
      } catch (error) {
        if (!(error instanceof PublicRatesError)) throw error;
        asked.set(key, { at: now, problem: error.message });
        problem ??= error.message;
      }
    }
  return { problem, calls: client.calls };
}

/** The stored prices of a product for a region over [from, to), per product code. */
export async function publishedPrices(
  db: Queryable,
  product: PublishedProduct,
  region: RegionLetter,
  from: number,
  to: number,
): Promise<PublishedPrices[]> {
  const out: PublishedPrices[] = [];
  for (const span of codeSpans(product, region, from, to))
    out.push({
      span,
      unit: await readPublished(db, [span.tariffCode], 'unit', span.from, span.to),
      standing: await readPublished(db, [span.tariffCode], 'standing', span.from, span.to),
    });
  return out;
}
