import type { Period, SlotEnergy } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { type HomeRegion, homeRegion } from '../../shared/home-region';
import { type PublishedBook, publishedBook } from './published-books';
import { PRODUCT_NAMES, PUBLISHED_PRODUCTS, type PublishedProduct } from './published-products';
import { fetchPublished, publishedPrices } from './published-rates';

// The regional candidates of a comparison (issue 37): the home's region (shared/home-region.ts: postcode,
// else its Octopus tariff code's letter), then Agile's and Tracker's published prices for it over the
// compared months, fetched where missing (published-rates.ts, on the primary: it writes) and turned into
// books (published-books.ts). A home with no region gets none, and the answer says why.

export interface Regional {
  region: HomeRegion | null;
  /** Per product, its book over the months (absent without a region). */
  books: Partial<Record<PublishedProduct, PublishedBook>>;
  /** Why the fetch failed just now, in words; null when it did not (or nothing needed asking). */
  problem: string | null;
}

export interface RegionalSource {
  /** The primary (published rates are written there, whatever the comparison reads). */
  primary: Queryable;
  octopusApiUrl: string;
}

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
  if (region === null || first === undefined || last === undefined)
    return { region, books: {}, problem: null };
  const { problem } = await fetchPublished(
    source.primary,
    source.octopusApiUrl,
    region.region,
    PUBLISHED_PRODUCTS,
    first.start,
    last.end,
    now,
  );
  const books: Partial<Record<PublishedProduct, PublishedBook>> = {};
  for (const product of PUBLISHED_PRODUCTS) {
    const parts = await publishedPrices(source.primary, product, region.region, first.start, last.end);
    books[product] = publishedBook(parts, `${PRODUCT_NAMES[product]} ${region.region}`, zone, months, slots);
  }
  return { region, books, problem };
}
