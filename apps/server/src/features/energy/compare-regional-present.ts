import { localDate, REGION_NAMES } from '@homeview/domain';
import type { Comparison, PricedCandidate } from './compare';
import type { DynamicProduct } from './compare-dynamic';
import type { SourceRun } from './published-books';
import { codeSpans, PRODUCT_NAMES, TABLE_PRODUCTS, type TableProduct } from './published-products';

// What the answer says of the regional candidates (compare-regional.ts): the region and where the
// published prices came from (the products API, a rate file imported with `npm run import -- prices
// --tariff`, or on a demo server the Octopus stand-in: which dates each), each priced candidate's product
// codes and dates, for Agile or Tracker left out the months its published prices lack and why — named,
// never filled in — and for a time-of-use candidate priced from its built-in table instead, that it was
// and why.

const KIND = { Agile: 'agile', Tracker: 'tracker' } as const;

function regionName(c: Comparison): string {
  const region = c.regional.region;
  return region === null ? '' : `region ${region.region} (${REGION_NAMES[region.region]})`;
}

const SOURCE_NAMES = {
  api: 'Octopus products API',
  file: 'imported file',
  standin: 'Octopus stand-in (demo prices)',
} as const;
const SOURCE_WORDS = {
  api: 'the Octopus products API',
  file: 'an imported file',
  standin: 'the demo’s Octopus stand-in (made-up prices, not Octopus’s)',
} as const;
/** The products whose published prices the first sentence of `rates_source` is about. */
const SENTENCE_PRODUCTS = ['agile', 'tracker', ...TABLE_PRODUCTS] as const;

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
      return `${SOURCE_WORDS[run.source]} for ${d.from} to ${d.last}`;
    })
    .join(', ');
}

/** The answer's `rates_source`: where the published prices came from, or why there are none. */
export function ratesSourceOf(c: Comparison): string {
  if (c.regional.region === null)
    return 'Agile and Tracker: your home’s region is not known (no postcode, no Octopus tariff code), so no region’s published prices can be chosen.';
  const first = c.months[0]?.period.start ?? 0;
  const last = c.months.at(-1)?.period.end ?? 0;
  const letter = c.regional.region.region;
  const tables = tableSentence(c, (p) => codeSpans(p, letter, first, last).length > 0);
  if (c.regional.source === 'standin')
    return `${subject(c)}: a demo home, priced from the demo’s Octopus stand-in for ${regionName(c)} (made-up prices, not Octopus’s, kept apart from them on this server).${tables}`;
  const books = SENTENCE_PRODUCTS.map((p) => [p, c.regional.books[p]] as const);
  const who = subject(c);
  if (books.some(([, book]) => book?.sources.some((r) => r.source === 'file'))) {
    const now = c.regional.problem === null ? '' : ` (just now ${c.regional.problem})`;
    const each = books
      .filter(([, book]) => (book?.sources.length ?? 0) > 0)
      .map(([p, book]) => `${PRODUCT_NAMES[p]}’s: ${runsSentence(book?.sources ?? [], c.house.time_zone)}`);
    return `${who}: Octopus’s published prices for ${regionName(c)}, kept on this server${now}. ${each.join('. ')}.${tables}`;
  }
  if (c.regional.problem === null)
    return `${who}: Octopus’s published prices for ${regionName(c)}, from the Octopus products API, kept on this server.${tables}`;
  // Unreachable: say whether earlier prices stand in, never "only those kept" when there are none.
  const kept = books.some(([, book]) => (book?.sources.length ?? 0) > 0);
  return kept
    ? `${who}: Octopus’s published prices for ${regionName(c)}, only those kept on this server from earlier: just now ${c.regional.problem}.${tables}`
    : `${who}: no published prices for ${regionName(c)} are kept on this server, and just now ${c.regional.problem}.${tables}`;
}

/** 'Agile and Tracker', or with the time-of-use candidates priced from their region's rates: 'Agile, …'. */
function subject(c: Comparison): string {
  const published = TABLE_PRODUCTS.filter((p) => c.candidates.some((t) => t.kind === p && t.published));
  const names = ['Agile', 'Tracker', ...published.map((p) => PRODUCT_NAMES[p])];
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The time-of-use candidates priced from their built-in tables although Octopus sold them in some month
 * compared (their region's rates missing), and why; '' when none was (before a product's launch its table
 * stands in silently: `published` names it).
 */
function tableSentence(c: Comparison, sold: (p: TableProduct) => boolean): string {
  const onTable = TABLE_PRODUCTS.filter(
    (p) => sold(p) && c.candidates.some((t) => t.kind === p && t.published === false),
  );
  if (onTable.length === 0 || c.regional.region === null) return '';
  const names = onTable.map((p) => PRODUCT_NAMES[p]);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const why = c.regional.problem ?? 'not published for every month compared';
  return ` ${list}: priced from the built-in table (one customer’s published rates in one region, not ${regionName(c)}’s): ${regionName(c)}’s are missing for some of these months (${why}).`;
}

/** Whether a time-of-use candidate's `published` names its region's codes or its built-in table. */
function tableProduct(kind: string): TableProduct | null {
  return (TABLE_PRODUCTS as readonly string[]).includes(kind) ? (kind as TableProduct) : null;
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
    return c.regional.source === 'standin'
      ? `${product}: priced from the demo’s Octopus stand-in’s ${prices} prices for ${regionName(c)} (made-up, under ${book?.codes.join(', ')}), with its standing charge, over every month compared.`
      : `${product}: priced from its published ${prices} prices for ${regionName(c)} (${book?.codes.join(', ')}), with its standing charge, over every month compared.`;
  if (!c.fuels.includes('electricity'))
    return `${product} is not compared: your home has no electricity data.`;
  const missing = names.filter((_, i) => !covered[i]);
  const why = c.regional.problem ?? 'not published for those dates';
  return `${product} is not compared: its published ${prices} prices or standing charges for ${regionName(c)} are missing for ${monthList(missing, names.length)} (${why}); no price is made up.`;
}

/** A regional candidate's `published`: its product codes, region and local dates, or its built-in table. */
export function publishedOf(c: Comparison, t: PricedCandidate, from: string, to: string) {
  const table = tableProduct(t.kind);
  if ((t.kind !== 'agile' && t.kind !== 'tracker' && table === null) || c.regional.region === null) return {};
  if (table !== null && t.published !== true)
    return {
      published: {
        product: PRODUCT_NAMES[table],
        region: c.regional.region.region,
        codes: [],
        from,
        to,
        sources: [{ source: 'built-in table' as const, from, to }],
      },
    };
  const kind = table ?? (t.kind as 'agile' | 'tracker');
  const book = c.regional.books[kind];
  return {
    published: {
      product: PRODUCT_NAMES[kind],
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
