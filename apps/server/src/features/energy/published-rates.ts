import type { RegionLetter } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import {
  PublicRatesError,
  parseTariffCode,
  publicRates,
  type RateSeries,
  tariffRates,
} from '../../shared/octopus-rates';
import { type CodeSpan, codeSpans, type PublishedProduct, unitSeries } from './published-products';
import {
  readPublished,
  type StoredPrice,
  storedCode,
  storedUnitsEnd,
  storePublished,
} from './published-repository';

// The region's published prices for a comparison (issue 37: Agile, Tracker, Go, Intelligent Go, Cosy,
// Flux and its export, Economy 7's day and night; published-products.ts), fetched from the Octopus
// products endpoints (OCTOPUS_API_URL, no key, every answer checked by shared/octopus-rates.ts' schema) and
// kept in published_rates, then read from there. Only what is not stored yet is asked: a code's unit
// prices from the end of those stored (prices published late, or the days since the last look), the
// standing charges of the span each time (a few rows). A span asked within the last 10 minutes (this
// process, the request's clock) is not asked again, so a service that is down or prices not yet
// published cost one refused call, not one per request. A failure stores nothing and is said in the
// answer; what was stored before still prices the comparison. A demo server's demo homes ask the Octopus
// stand-in instead (source 'standin'): its rows are kept under their own key (storedCode, 0043) and read
// only by such homes, so a stand-in price never prices a real home, nor a real one a demo home.

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
  /** Economy 7 (E-2R) only: its dated day and night rates; `unit` is then empty. */
  day: StoredPrice[];
  night: StoredPrice[];
}

/** Where published prices are asked and under which source they are kept. */
export interface RatesOrigin {
  url: string;
  source: 'api' | 'standin';
}

const API_SERIES: Record<'unit' | 'day' | 'night', RateSeries> = {
  unit: 'standard-unit-rates',
  day: 'day-unit-rates',
  night: 'night-unit-rates',
};

export interface Fetched {
  /** Null when every asked span answered (or nothing needed asking); else the first failure, in words. */
  problem: string | null;
  /** Calls made to the API. */
  calls: number;
}

/** Fetches and stores what [from, to) lacks of the products' prices for a region. */
export async function fetchPublished(
  db: Queryable,
  origin: RatesOrigin,
  region: RegionLetter,
  products: readonly PublishedProduct[],
  from: number,
  to: number,
  now: number,
): Promise<Fetched> {
  const client = publicRates(origin.url, TIMEOUT_MS);
  let problem: string | null = null;
  for (const product of products)
    for (const span of codeSpans(product, region, from, to)) {
      const key = storedCode(span.tariffCode, origin.source);
      for (const series of unitSeries(product)) {
        const stored = await storedUnitsEnd(db, key, span.from, series);
        const askFrom = stored === null ? span.from : stored;
        if (askFrom >= span.to) continue;
        const asking = `${origin.url}|${key}|${series}|${askFrom}|${span.to}`;
        const last = asked.get(asking);
        if (last !== undefined && now - last.at < ASK_AGAIN_S && now >= last.at) {
          problem ??= last.problem;
          continue;
        }
        const tariff = parseTariffCode(span.tariffCode);
        if (tariff === null) continue;
        asked.set(asking, { at: now, problem: null });
        try {
          const unit = await tariffRates(client, tariff, API_SERIES[series], askFrom, span.to);
          const standing = await tariffRates(client, tariff, 'standing-charges', span.from, span.to);
          const code = { tariffCode: key, product: span.product, region };
          await storePublished(db, code, series, unit, now, origin.source);
          await storePublished(db, code, 'standing', standing, now, origin.source);
        } catch (error) {
          if (!(error instanceof PublicRatesError)) throw error;
          asked.set(asking, { at: now, problem: error.message });
          problem ??= error.message;
        }
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
  source: RatesOrigin['source'] = 'api',
): Promise<PublishedPrices[]> {
  const out: PublishedPrices[] = [];
  const dayNight = unitSeries(product).length === 2;
  for (const span of codeSpans(product, region, from, to)) {
    const key = [storedCode(span.tariffCode, source)];
    const read = (series: 'unit' | 'day' | 'night' | 'standing') =>
      readPublished(db, key, series, span.from, span.to);
    out.push({
      span,
      unit: dayNight ? [] : await read('unit'),
      standing: await read('standing'),
      day: dayNight ? await read('day') : [],
      night: dayNight ? await read('night') : [],
    });
  }
  return out;
}
