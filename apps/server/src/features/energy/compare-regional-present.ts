import { localDate, REGION_NAMES } from '@homeview/domain';
import type { Comparison, PricedCandidate } from './compare';
import type { DynamicProduct } from './compare-dynamic';
import type { SourceRun } from './published-books';
import { PRODUCT_NAMES, PUBLISHED_PRODUCTS } from './published-products';

// What the answer says of the regional candidates (compare-regional.ts): the region and where the
// published prices came from (the products API, or a rate file imported with `npm run import -- prices
// --tariff`: which dates each), each priced candidate's product codes and dates, and for a product left
// out the months its published prices lack and why — named, never filled in.

const KIND = { Agile: 'agile', Tracker: 'tracker' } as const;

function regionName(c: Comparison): string {
  const region = c.regional.region;
  return region === null ? '' : `region ${region.region} (${REGION_NAMES[region.region]})`;
}

const SOURCE_NAMES = { api: 'Octopus products API', file: 'imported file' } as const;

/** A run's local dates: [from, to) as the answer's dates are, and the last day for a sentence. */
function runDates(run: SourceRun, zone: string) {
  return { from: localDate(run.from, zone), to: localDate(run.to, zone), last: localDate(run.to - 1, zone) };
}

/** 'an imported file for 2026-01-01 to 2026-03-31, the Octopus products API for 2026-04-01 to …' */
function runsSentence(runs: readonly SourceRun[], zone: string): string {
  if (runs.length === 0) return 'none stored for these dates';
  return runs
    .map((run) => {
      const d = runDates(run, zone);
      return `${run.source === 'file' ? 'an imported file' : 'the Octopus products API'} for ${d.from} to ${d.last}`;
    })
    .join(', ');
}

/** The answer's `rates_source`: where Agile's and Tracker's prices came from, or why there are none. */
export function ratesSourceOf(c: Comparison): string {
  if (c.regional.region === null)
    return 'Agile and Tracker: your home’s region is not known (no postcode, no Octopus tariff code), so no region’s published prices can be chosen.';
  const books = PUBLISHED_PRODUCTS.map((p) => [p, c.regional.books[p]] as const);
  if (books.some(([, book]) => book?.sources.some((r) => r.source === 'file'))) {
    const now = c.regional.problem === null ? '' : ` (just now ${c.regional.problem})`;
    const each = books.map(
      ([p, book]) => `${PRODUCT_NAMES[p]}’s: ${runsSentence(book?.sources ?? [], c.house.time_zone)}`,
    );
    return `Agile and Tracker: Octopus’s published prices for ${regionName(c)}, kept on this server${now}. ${each.join('. ')}.`;
  }
  if (c.regional.problem === null)
    return `Agile and Tracker: Octopus’s published prices for ${regionName(c)}, from the Octopus products API, kept on this server.`;
  // Unreachable: say whether earlier prices stand in, never "only those kept" when there are none.
  const kept = books.some(([, book]) => (book?.sources.length ?? 0) > 0);
  return kept
    ? `Agile and Tracker: Octopus’s published prices for ${regionName(c)}, only those kept on this server from earlier: just now ${c.regional.problem}.`
    : `Agile and Tracker: no published prices for ${regionName(c)} are kept on this server, and just now ${c.regional.problem}.`;
}

/** The note on a product whose prices the home's own tariff does not give, for a home with a region. */
export function regionalNote(
  c: Comparison,
  product: DynamicProduct,
  names: readonly string[],
  monthList: (names: readonly string[], of: number) => string,
): string {
  const kind = KIND[product];
  const book = c.regional.books[kind];
  const covered = book?.covered ?? names.map(() => false);
  const prices = product === 'Agile' ? 'half-hourly' : 'daily';
  if (c.candidates.some((t) => t.kind === kind))
    return `${product}: priced from its published ${prices} prices for ${regionName(c)} (${book?.codes.join(', ')}), with its standing charge, over every month compared.`;
  if (!c.fuels.includes('electricity'))
    return `${product} is not compared: your home has no electricity data.`;
  const missing = names.filter((_, i) => !covered[i]);
  const why = c.regional.problem ?? 'not published for those dates';
  return `${product} is not compared: its published ${prices} prices or standing charges for ${regionName(c)} are missing for ${monthList(missing, names.length)} (${why}); no price is made up.`;
}

/** A regional candidate's `published`: its product codes, region and local dates. */
export function publishedOf(c: Comparison, t: PricedCandidate, from: string, to: string) {
  if ((t.kind !== 'agile' && t.kind !== 'tracker') || c.regional.region === null) return {};
  const book = c.regional.books[t.kind];
  return {
    published: {
      product: t.kind === 'agile' ? 'Agile' : 'Tracker',
      region: c.regional.region.region,
      codes: book?.codes ?? [],
      from,
      to,
      sources: (book?.sources ?? []).map((run) => {
        const d = runDates(run, c.house.time_zone);
        return { source: SOURCE_NAMES[run.source], from: d.from, to: d.to };
      }),
    },
  };
}
