import type { Period, SlotEnergy } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { type HomeRegion, homeRegion } from '../../shared/home-region';
import { Memo } from './memo';
import { type BuiltPublished, buildPublished, type PublishedBook, publishedBook } from './published-books';
import { codeSpans, PRODUCT_NAMES, PUBLISHED_PRODUCTS, type PublishedProduct } from './published-products';
import { fetchPublished, publishedPrices, type RatesOrigin } from './published-rates';
import { publishedFingerprint, storedCode } from './published-repository';

// The regional candidates of a comparison (issue 37): the home's region (shared/home-region.ts: postcode,
// else its Octopus tariff code's letter), then the published prices for it over the compared months of
// Agile, Tracker, Go, Intelligent Go, Cosy, Flux (with its export) and Economy 7, fetched where missing
// (published-rates.ts, on the primary: it writes) and turned into books (published-books.ts). A home with
// no region gets none, and the answer says why; compare.ts prices a time-of-use candidate from its table
// (domain tariff/published.ts) wherever its book does not cover every month.
//
// A year of Agile is ~17,500 stored prices: read and built into a book on every request, they were most of
// a comparison's time. So the built books are kept per process, keyed by product, region, zone, range
// and a fingerprint of the stored rows (count, newest fetched_at, weighted sum of prices, file rows: one index
// range read), which any row stored, re-sent or imported changes — on this server or another, so a
// server never prices from rows another has since replaced. Only each home's coverage is worked per request.

/**
 * Built books per database (one in a server; tests and benchmarks open several in one process), each
 * ~1–2 MB for a year of Agile: a few regions × 2 products × the ranges in use.
 */
const BUILT = new WeakMap<Queryable, Memo<BuiltPublished>>();
const builtFor = (db: Queryable) => {
  const memo = BUILT.get(db) ?? new Memo<BuiltPublished>(16);
  BUILT.set(db, memo);
  return memo;
};
/** Books built since the process started (tests: a second comparison builds none). */
export const publishedBuilds = { count: 0 };

/** Forgets a database's built books (the compare bench measures a request that builds them). */
export const forgetPublishedBooks = (db: Queryable) => BUILT.delete(db);

export interface Regional {
  region: HomeRegion | null;
  /** Per product, its book over the months (absent without a region; Flux's holds its export). */
  books: Partial<Record<PublishedProduct, PublishedBook>>;
  /** Whether the prices are Octopus's (fetched or imported) or the demo's stand-in's. */
  source: RatesOrigin['source'];
  /** Why the fetch failed just now, in words; null when it did not (or nothing needed asking). */
  problem: string | null;
}

export interface RegionalSource {
  /** The primary (published rates are written there, whatever the comparison reads). */
  primary: Queryable;
  /** OCTOPUS_API_URL, or the demo's stand-in for a demo home on a demo server (routes.ts). */
  origin: RatesOrigin;
}

/** The products built into books: Flux's export goes into Flux's. */
const BOOK_PRODUCTS = PUBLISHED_PRODUCTS.filter((p) => p !== 'fluxExport');

export async function regionalBooks(
  source: RegionalSource,
  houseId: number,
  zone: string,
  months: readonly Period[],
  slots: readonly SlotEnergy[],
  now: number,
): Promise<Regional> {
  const region = await homeRegion(source.primary, houseId);
  const first = months[0];
  const last = months[months.length - 1];
  const kept = source.origin.source;
  if (region === null || first === undefined || last === undefined)
    return { region, books: {}, problem: null, source: kept };
  const letter = region.region;
  const { problem } = await fetchPublished(
    source.primary,
    source.origin,
    letter,
    PUBLISHED_PRODUCTS,
    first.start,
    last.end,
    now,
  );
  const codesOf = (p: PublishedProduct) =>
    codeSpans(p, letter, first.start, last.end).map((s) => storedCode(s.tariffCode, kept));
  const books: Partial<Record<PublishedProduct, PublishedBook>> = {};
  for (const product of BOOK_PRODUCTS) {
    const codes = [...codesOf(product), ...(product === 'flux' ? codesOf('fluxExport') : [])];
    const print = await publishedFingerprint(source.primary, codes, first.start, last.end);
    const key = `${product}|${letter}|${kept}|${zone}|${first.start}|${last.end}|${print}`;
    const memo = builtFor(source.primary);
    let built = memo.peek(key);
    if (built === undefined) {
      const read = (p: PublishedProduct) =>
        publishedPrices(source.primary, p, letter, first.start, last.end, kept);
      const parts = await read(product);
      const exportParts = product === 'flux' ? await read('fluxExport') : undefined;
      const name = `${PRODUCT_NAMES[product]} ${letter}`;
      built = memo.get(key, () => {
        publishedBuilds.count += 1;
        return buildPublished(parts, name, zone, first.start, last.end, exportParts);
      });
    }
    books[product] = publishedBook(built, zone, months, slots);
  }
  return { region, books, problem, source: kept };
}
