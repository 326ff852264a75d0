import type { CompareRates, EnergyCompare } from '@homeview/contract';
import { localDate, PUBLISHED_SOURCES, type Rate, REGION_NAMES, ratesUsed } from '@homeview/domain';
import { CURRENCY_UNIT } from '../../shared/units';
import type { CandidateKind, Comparison, PricedCandidate } from './compare';
import { DYNAMIC_PRODUCTS } from './compare-dynamic';
import { publishedOf, ratesSourceOf, regionalNote } from './compare-regional-present';
import { PRODUCT_NAMES, type TableProduct } from './published-products';
import { windowRanges } from './compare-windows';

// GET /energy_info/compare/'s answer: pennies become pounds only here; each tariff lists the rates it
// used per fuel and over which local dates, and the notes say in words what the figures leave out.

const NAMES: Record<CandidateKind, string> = {
  current: 'Your tariff',
  cap: 'Price cap (the default tariff)',
  economy7: 'Economy 7',
  go: 'Go-style night',
  intelligentGo: 'Intelligent Go (fixed window)',
  cosy: 'Cosy',
  flux: 'Flux',
  agile: 'Agile (your region’s published prices)',
  tracker: 'Tracker (your region’s published prices)',
};

const SOURCES: Record<CandidateKind, string> = {
  current: 'your tariff',
  cap: 'price cap',
  economy7: PUBLISHED_SOURCES.economy7,
  go: PUBLISHED_SOURCES.go,
  intelligentGo: PUBLISHED_SOURCES.intelligentGo,
  cosy: PUBLISHED_SOURCES.cosy,
  flux: PUBLISHED_SOURCES.flux,
  agile: 'Octopus Agile, published half-hourly prices of your region',
  tracker: 'Octopus Tracker, published daily prices of your region',
};

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
]; // biome-ignore format: a table

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** µ£ → £ (exact: a µ£ integer has at most six decimals in pounds). */
const micro = (n: number) => n / 1_000_000;

function unitRates(rate: Rate | null): CompareRates['unit_rates'] {
  if (rate === null || rate.type === 'dynamic') return [];
  return rate.entries.flatMap((e) =>
    e.steps.map((s) => ({
      name: e.days === 'all' ? s.name : `${e.days} ${s.name}`,
      start: hhmm(s.startMinute),
      price: micro(s.price),
    })),
  );
}

/** What a demo server's stand-in priced, in its words (made-up prices, never passed off as Octopus's). */
const STANDIN_PRICES: Partial<Record<CandidateKind, string>> = {
  agile: 'Agile: the demo’s Octopus stand-in’s half-hourly prices',
  tracker: 'Tracker: the demo’s Octopus stand-in’s daily prices',
};

/** A candidate's rates' source: one priced from its region's published rates says whose. */
const sourceOf = (c: PricedCandidate, standin: boolean): string => {
  const table = c.published === true ? PRODUCT_NAMES[c.kind as TableProduct] : undefined;
  if (standin) {
    const prices = STANDIN_PRICES[c.kind] ?? (table && `${table}: the demo’s Octopus stand-in’s rates`);
    if (prices) return `${prices} for your region (made-up prices, not Octopus’s)`;
  }
  return table === undefined
    ? SOURCES[c.kind]
    : `Octopus ${table}: published rates of your region, each window as Octopus dates it`;
};

/**
 * Adjacent ranges whose rates read the same as one (a book's versions also change with what the screen
 * does not list, e.g. the cap's quarters under a published candidate: four identical entries read as noise).
 */
export function mergeSame(ranges: readonly CompareRates[]): CompareRates[] {
  const out: CompareRates[] = [];
  const same = (a: CompareRates, b: CompareRates) =>
    JSON.stringify({ ...a, from: '', to: '' }) === JSON.stringify({ ...b, from: '', to: '' });
  for (const r of ranges) {
    const last = out.at(-1);
    if (last !== undefined && same(last, r) && last.to === r.from)
      out[out.length - 1] = { ...last, to: r.to };
    else out.push(r);
  }
  return out;
}

function ratesOf(
  c: PricedCandidate,
  from: string,
  to: string,
  exports: boolean,
  standin: boolean,
): CompareRates[] {
  const ranges = Object.entries(c.books).flatMap(([fuel, book]) =>
    ratesUsed(book, from, to).flatMap((r) => {
      const range: CompareRates = {
        fuel: fuel as CompareRates['fuel'],
        from: r.from,
        to: r.to,
        // A candidate's gas is the home's own unless the candidate is the (dual-fuel) cap.
        source: !r.own
          ? 'price cap'
          : fuel === 'gas' && c.kind !== 'cap'
            ? 'your tariff'
            : sourceOf(c, standin),
        clock: r.import.type === 'schedule' ? r.import.basis : null,
        unit_rates: unitRates(r.import),
        standing_charge: micro(r.standingCharge),
        ...(exports && fuel === 'electricity' ? { export_unit_rates: unitRates(r.export) } : {}),
      };
      // A time-of-use product's published prices: its windows as a bill shows them (compare-windows.ts).
      if (c.published !== true || !r.own || r.import.type !== 'dynamic') return [range];
      const exportWindows = range.export_unit_rates !== undefined && r.export?.type === 'dynamic';
      const prices = [(slot: number) => book.rateAt('import', slot)];
      if (exportWindows) prices.push((slot: number) => book.rateAt('export', slot));
      return windowRanges(r.from, r.to, book.zone, prices).map((w) => ({
        ...range,
        from: w.from,
        to: w.to,
        clock: 'local' as const,
        unit_rates: w.windows[0] ?? [],
        ...(exportWindows ? { export_unit_rates: w.windows[1] ?? [] } : {}),
      }));
    }),
  );
  return mergeSame(ranges);
}

const monthKey = (date: string) => date.slice(0, 7);

/** A candidate's name as the answer, the screen and the CSV give it. */
export const candidateName = (kind: CandidateKind): string => NAMES[kind];

/** Pennies paid less export income earned: the total itself for a home that does not export. */
export const netOf = (t: PricedCandidate): number => t.total - (t.exportIncome?.total ?? 0);

/** The candidates cheapest first by net (the home's own first among equals): the answer's and the CSV's order. */
export const ranked = (c: Comparison): PricedCandidate[] =>
  [...c.candidates].sort(
    (a, b) => netOf(a) - netOf(b) || Number(b.kind === 'current') - Number(a.kind === 'current'),
  );

/** The compared months as YYYY-MM on the home's clock. */
export const monthKeys = (c: Comparison): string[] =>
  c.months.map((m) => monthKey(localDate(m.period.start, c.house.time_zone)));

/** 'October 2026 and November 2026'; every month of several: 'any of the 12 months'. */
function monthList(names: readonly string[], of: number): string {
  if (names.length === of && of > 2) return `any of the ${of} months`;
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What Agile and Tracker's figures are, or why they are left out, month by month (compare-dynamic.ts). */
function dynamicNotes(c: Comparison, names: readonly string[]): string[] {
  return DYNAMIC_PRODUCTS.map((product) => {
    const months = c.dynamic[product];
    if (!months.every(Boolean) && c.regional.region !== null)
      return regionalNote(c, product, names, monthList);
    if (months.every(Boolean))
      return `${product}: your own tariff is ${product} over these months, priced per half-hour from its published prices stored for your home, so “Your tariff” is the ${product} figure.`;
    const missing = names.filter((_, i) => !months[i]);
    const prices = product === 'Agile' ? 'half-hourly' : 'daily';
    return `${product} is not compared: its published ${prices} prices are not stored for your home for ${monthList(missing, names.length)} (import them with “npm run import -- prices”, or connect an Octopus account on ${product}); no price is made up.`;
  });
}

function notesOf(c: Comparison, names: readonly string[]): string[] {
  const notes: string[] = [];
  const n = c.months.length;
  if (n === 0) notes.push('Your home has no complete month of data yet, so there is nothing to compare.');
  else if (n < c.monthsAsked)
    notes.push(
      `Your home has ${n} complete month${n === 1 ? '' : 's'} of data, not the ${c.monthsAsked} asked for.`,
    );
  c.months.forEach((m, i) => {
    for (const [fuel, have] of Object.entries(m.dataSlots))
      if (have < m.slots)
        notes.push(
          `${names[i]}: ${m.slots - have} of ${m.slots} ${fuel} half-hours have no data; they are not filled in.`,
        );
  });
  if (n > 0)
    notes.push('If you had used energy exactly as you did: on a time-of-use tariff people often shift use.');
  if (c.moveWh !== undefined && n > 0)
    notes.push(
      `Moved: Economy 7, Go, Intelligent Go, Cosy and Flux also priced as if, each day, ${c.moveWh / 1000} kWh (or what you used 16:00–19:00 that day, if less) had been used in their cheapest half-hours of that day instead of 16:00–19:00.`,
    );
  if (c.fuels.includes('gas'))
    notes.push(
      'Gas stays on your own gas tariff in every comparison except the price cap, which prices both fuels at the cap.',
    );
  if (c.exports)
    notes.push(
      'Export income: Flux at its own export rates (cheap 02:00–05:00, peak 16:00–19:00); yours at your tariff’s export rate; every other tariff at 15p/kWh (Octopus Outgoing Fixed, which any of them can be paired with). Net is the cost less that income; the tariffs are ranked by it.',
    );
  if (n > 0)
    notes.push(
      'Intelligent Go is priced on its fixed night window (23:30–05:30) only: the extra cheap slots it may schedule for a car are not guessed.',
    );
  if (n > 0) notes.push(...dynamicNotes(c, names));
  return notes;
}

export function presentComparison(c: Comparison): EnergyCompare {
  const zone = c.house.time_zone;
  const keys = monthKeys(c);
  const from = c.months[0] === undefined ? '' : localDate(c.months[0].period.start, zone);
  const last = c.months[c.months.length - 1];
  const to = last === undefined ? '' : localDate(last.period.end, zone);
  const monthName = (key: string) => `${MONTH_NAMES[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`;
  const tariffs = ranked(c).map((t) => ({
    name: candidateName(t.kind),
    current: t.kind === 'current',
    total: t.total / 100,
    monthly: t.monthly.map((cost, i) => ({
      month: keys[i] as string,
      cost: cost / 100,
      fuels: Object.fromEntries(Object.entries(t.byFuel).map(([fuel, p]) => [fuel, (p[i] as number) / 100])),
      ...(t.exportIncome === undefined ? {} : { export_income: (t.exportIncome.monthly[i] as number) / 100 }),
    })),
    rates: from === '' ? [] : ratesOf(t, from, to, c.exports, c.regional.source === 'standin'),
    ...(t.exportIncome === undefined
      ? {}
      : { export_income: t.exportIncome.total / 100, net: netOf(t) / 100 }),
    ...publishedOf(c, t, from, to),
    ...(t.moved === undefined
      ? {}
      : {
          moved: {
            total: t.moved.total / 100,
            monthly: t.moved.monthly.map((cost, i) => ({ month: keys[i] as string, cost: cost / 100 })),
            moved_kwh: t.moved.movedWh / 1000,
          },
        }),
  }));
  return {
    months_asked: c.monthsAsked,
    months: c.months.map((m, i) => ({
      month: keys[i] as string,
      slots: m.slots,
      data_slots: m.dataSlots as Record<string, number>,
    })),
    tariffs,
    notes: notesOf(c, keys.map(monthName)),
    fuels: c.fuels,
    ...(c.moveWh === undefined ? {} : { move_kwh: c.moveWh / 1000 }),
    region:
      c.regional.region === null
        ? null
        : {
            letter: c.regional.region.region,
            name: REGION_NAMES[c.regional.region.region],
            from: c.regional.region.from,
          },
    rates_source: ratesSourceOf(c),
    currency_unit: CURRENCY_UNIT,
    time_zone: zone,
  };
}
