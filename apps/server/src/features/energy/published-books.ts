import {
  addDays,
  compileTariffs,
  DEFAULT_TARIFFS,
  dynamicRate,
  ECONOMY_7_NIGHT_UTC,
  localDate,
  makeTariff,
  type Period,
  type SlotEnergy,
  startOfLocalDate,
  type Tariff,
  type TariffBook,
} from '@homeview/domain';
import { type DatedPrice, priceAt } from '../../shared/octopus-rates';
import type { PublishedPrices } from './published-rates';
import type { PriceSource } from './published-repository';

// A region's stored published prices (published-rates.ts) as the tariff engine's book for a comparison
// (issue 37): every unit-rate row gives each half-hour it covers its price (Agile: one half-hour a row;
// Tracker: one local day a row, so 46, 48 or 50 half-hours on a clock-change day; Go, Intelligent Go,
// Cosy, Flux: one window a row, its times UTC, so its windows move with the clock as Octopus sets them);
// Economy 7 gives each half-hour its dated night rate inside 00:30–07:30 UTC and its day rate outside.
// One dynamic import rate for the whole range (and Flux's export the same way from its export product);
// a version starts wherever a product code or its standing charge changes, on
// that instant's local date. Nothing is filled in: `covered` says per month whether every half-hour with
// data has a published price and every local day a published standing charge, and a month that is not
// covered is named by the answer, never priced by the book's fallback (the cap).

const SLOT_S = 1800;
/** An open-ended unit row prices one day at most (the API dates every Agile and Tracker row). */
const OPEN_ROW_S = 86_400;

export interface PublishedBook {
  book: TariffBook;
  /** Per month: every half-hour with data priced, every day's standing charge published. */
  covered: boolean[];
  /** The product codes whose prices were used (those with any stored). */
  codes: string[];
  /** The unit prices' sources over the compared range, in order: runs of one source, epoch seconds. */
  sources: SourceRun[];
}

export interface SourceRun {
  source: PriceSource;
  from: number;
  to: number;
}

/** The rows that date a part's unit prices: its unit rates, or Economy 7's day rates (open rows run on). */
const datingRows = (part: PublishedPrices) => (part.unit.length > 0 ? part.unit : part.day);
const rowEnd = (part: PublishedPrices, row: DatedPrice) =>
  Number.isFinite(row.to) ? row.to : part.unit.length > 0 ? row.from + OPEN_ROW_S : part.span.to;

/** Where the unit prices used over [from, to) came from: consecutive rows of one source joined. */
export function sourceRuns(parts: readonly PublishedPrices[], from: number, to: number): SourceRun[] {
  const runs: SourceRun[] = [];
  for (const part of parts)
    for (const row of datingRows(part)) {
      const { span } = part;
      const start = Math.max(row.from, span.from, from);
      const end = Math.min(rowEnd(part, row), span.to, to);
      if (start >= end) continue;
      const last = runs.at(-1);
      if (last !== undefined && last.source === row.source) last.to = Math.max(last.to, end);
      else runs.push({ source: row.source, from: start, to: end });
    }
  return runs;
}

/** Economy 7: each half-hour of [from, to) its night rate in 00:30–07:30 UTC, else its day rate. */
function dayNightPrices(part: PublishedPrices, from: number, to: number, prices: Map<number, number>): void {
  const start = Math.max(from, part.span.from);
  const end = Math.min(to, part.span.to);
  for (let slot = Math.ceil(start / SLOT_S) * SLOT_S; slot < end; slot += SLOT_S) {
    const minute = (slot % 86_400) / 60;
    const night = minute >= ECONOMY_7_NIGHT_UTC.from && minute < ECONOMY_7_NIGHT_UTC.to;
    const price = priceAt(night ? part.night : part.day, slot);
    if (price !== null) prices.set(slot, price);
  }
}

function slotPrices(parts: readonly PublishedPrices[], from: number, to: number): Map<number, number> {
  const prices = new Map<number, number>();
  for (const part of parts) {
    if (part.unit.length === 0) dayNightPrices(part, from, to, prices);
    for (const row of part.unit) {
      const start = Math.max(row.from, part.span.from);
      const end = Math.min(rowEnd(part, row), part.span.to);
      for (let slot = Math.ceil(start / SLOT_S) * SLOT_S; slot < end; slot += SLOT_S)
        prices.set(slot, row.price);
    }
  }
  return prices;
}

/** The standing charge in force at `t` under the code whose span holds it, or null. */
function standingAt(parts: readonly PublishedPrices[], t: number): number | null {
  const part = parts.find((p) => p.span.from <= t && t < p.span.to);
  return part === undefined ? null : priceAt(part.standing, t);
}

/** What a book is, whatever the home: built once per set of stored rows and kept (compare-regional.ts). */
export interface BuiltPublished {
  book: TariffBook;
  /** The unit price of each half-hour priced. */
  prices: ReadonlyMap<number, number>;
  /** Flux: the export price of each half-hour priced (its export product); absent for the others. */
  exportPrices?: ReadonlyMap<number, number>;
  parts: readonly PublishedPrices[];
  codes: string[];
  sources: SourceRun[];
  /** Per month of the book's range, whether every local day has a standing charge (publishedBook, once). */
  standingCovered?: boolean[];
}

/** The book of `parts` over [from, to) in the home's zone (its versions start on local dates). */
export function buildPublished(
  parts: readonly PublishedPrices[],
  name: string,
  zone: string,
  from: number,
  to: number,
  exportParts?: readonly PublishedPrices[],
): BuiltPublished {
  const prices = slotPrices(parts, from, to);
  const rate = dynamicRate(prices, name);
  const exportPrices = exportParts === undefined ? undefined : slotPrices(exportParts, from, to);
  const exportRate = exportPrices === undefined ? undefined : dynamicRate(exportPrices, `${name} export`);
  const changes = new Set<number>();
  for (const { span, standing } of parts) {
    changes.add(span.from);
    for (const p of standing as DatedPrice[])
      for (const t of [p.from, p.to]) if (t > span.from && t < span.to) changes.add(t);
  }
  const byDate = new Map<string, Tariff>();
  for (const t of [...changes].sort((a, b) => a - b))
    byDate.set(
      localDate(t, zone),
      makeTariff({
        startDate: localDate(t, zone),
        standingCharge: standingAt(parts, t),
        import: rate,
        ...(exportRate === undefined ? {} : { export: exportRate }),
      }),
    );
  const book = compileTariffs([...byDate.values()], zone, DEFAULT_TARIFFS);
  const codes = parts.filter((p) => datingRows(p).length > 0).map((p) => p.span.product);
  return { book, prices, exportPrices, parts, codes, sources: sourceRuns(parts, from, to) };
}

/** A built book for one home: per month, whether its half-hours with data and its days are all priced. */
export function publishedBook(
  built: BuiltPublished,
  zone: string,
  months: readonly Period[],
  slots: readonly SlotEnergy[],
): PublishedBook {
  // Every local day's standing charge: the same for every home (the book is kept per zone and range), so
  // worked once per book.
  built.standingCovered ??= months.map((month) => {
    const last = localDate(month.end - 1, zone);
    for (let day = localDate(month.start, zone); day <= last; day = addDays(day, 1))
      if (standingAt(built.parts, startOfLocalDate(day, zone)) === null) return false;
    return true;
  });
  const covered = [...built.standingCovered];
  // One pass over the half-hours: a slot without a price (Flux: an export without its price) uncovers its month.
  const exports = built.exportPrices;
  for (const s of slots) {
    const priced =
      built.prices.has(s.slot_start) &&
      (exports === undefined || s.export_wh === 0 || exports.has(s.slot_start));
    if (priced) continue;
    const i = months.findIndex((m) => s.slot_start >= m.start && s.slot_start < m.end);
    if (i >= 0) covered[i] = false;
  }
  return { book: built.book, covered, codes: built.codes, sources: built.sources };
}
