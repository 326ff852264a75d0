import {
  COSY_TARIFFS,
  compileTariffs,
  DEFAULT_GAS_TARIFFS,
  DEFAULT_TARIFFS,
  ECONOMY_7_TARIFFS,
  FLUX_TARIFFS,
  GO_TARIFFS,
  INTELLIGENT_GO_TARIFFS,
  monthlyCosts,
  monthlyExportIncome,
  dayHalvesOf,
  moveEveningUse,
  nanoToPennies,
  type Period,
  periodContaining,
  previousPeriod,
  type SlotEnergy,
  type TariffBook,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import type { Fuel } from '../../shared/fuel';
import { tariffsFor } from '../../shared/tariff-book';
import { type DynamicProduct, dynamicCoverage } from './compare-dynamic';
import { type Regional, type RegionalSource, regionalBooks } from './compare-regional';
import { compareSpan, halfHoursIn } from './compare-repository';
import type { EnergyHouse } from './repository';

// Tariffs compared (issue 37, first step): the home's last complete local calendar months priced on its
// own tariffs and on candidate shapes, every candidate slot by slot from the stored half-hours with the
// one formula (domain `monthlyCosts`: `priceSlot` + `periodCost`), in exact n£; a month's cost is the sum
// of its fuels' costs each rounded to the penny, as the usage screens show them (one month view per
// fuel), and a total is the sum of its months, so the current tariff's total is the screens' sum exactly.
//
// Economy 7, Go, Intelligent Go, Cosy and Flux are priced from their products' published rates for the
// home's region (compare-regional.ts) where those price every month compared, else from their dated table
// (domain tariff/published.ts, one region's rates), which the answer names as the fallback it is.
//
// Gas (a home that has it): every candidate keeps the home's own gas tariff (its versions, else Ofgem's
// gas cap) — Economy 7, Go, Intelligent Go, Cosy and Flux are electricity tariffs — except the price cap,
// the default tariff of both fuels, which prices gas at the gas cap of each date. Agile and Tracker are
// priced only from the published prices stored for the home, which are always its own tariff's: the answer
// says which months they cover (compare-dynamic.ts), never filling the rest.
//
// Export income (a home that exports): each candidate's own export rate per slot (Flux's three windows;
// the others the default's 15p, the home's own its own tariff's), each month rounded to the penny as the
// month view's income is; a cost stays import plus standing charge as on every screen, and `net` is the
// cost less that income, which ranks the candidates.

export type CandidateKind =
  | 'current'
  | 'cap'
  | 'economy7'
  | 'go'
  | 'intelligentGo'
  | 'cosy'
  | 'flux'
  | 'agile'
  | 'tracker';

export interface PricedCandidate {
  kind: CandidateKind;
  /** Per fuel, the book that priced it. */
  books: Partial<Record<Fuel, TariffBook>>;
  /** Pennies per month, fuels summed. */
  monthly: number[];
  /** Per fuel, pennies per month: the parts of `monthly`. */
  byFuel: Partial<Record<Fuel, number[]>>;
  total: number;
  /** A home that exports: pennies of export income per month, and their sum. */
  exportIncome?: { monthly: number[]; total: number };
  /** Economy 7, Go, Intelligent Go, Cosy, Flux: whether the region's published rates priced it (else its table). */
  published?: boolean;
  /** With a move asked, time-of-use candidates only: the same, had the evening's use moved (move.ts). */
  moved?: { monthly: number[]; total: number; movedWh: number };
}

export interface MonthData {
  period: Period;
  slots: number;
  dataSlots: Partial<Record<Fuel, number>>;
}

export interface Comparison {
  house: EnergyHouse;
  monthsAsked: number;
  months: MonthData[];
  fuels: Fuel[];
  candidates: PricedCandidate[];
  exports: boolean;
  /** Per month, whether the home's stored Agile / Tracker prices price all its electricity (compare-dynamic.ts). */
  dynamic: Record<DynamicProduct, boolean[]>;
  /** Wh a day moved for `moved`, when asked. */
  moveWh?: number;
  /** The home's region and its published Agile and Tracker books (compare-regional.ts). */
  regional: Regional;
}

/** The candidates whose cheap windows the moved-load column moves into (the cap and yours are flat or the home's own). */
const TIME_OF_USE: readonly CandidateKind[] = ['economy7', 'go', 'intelligentGo', 'cosy', 'flux'];

/** The `count` complete local months before the one containing `now`, oldest first. */
export function lastCompleteMonths(now: number, count: number, zone: string): Period[] {
  const out: Period[] = [];
  let month = periodContaining('month', now, zone);
  for (let i = 0; i < count; i++) {
    month = previousPeriod(month, zone);
    out.unshift(month);
  }
  return out;
}

const TABLES = {
  economy7: ECONOMY_7_TARIFFS,
  go: GO_TARIFFS,
  cosy: COSY_TARIFFS,
  intelligentGo: INTELLIGENT_GO_TARIFFS,
  flux: FLUX_TARIFFS,
} as const;

/** The region's published book of a time-of-use candidate when it prices every month, else undefined. */
const publishedBookOf = (kind: keyof typeof TABLES, regional: Regional, electricity: boolean) => {
  const book = regional.books[kind];
  return electricity && book !== undefined && book.covered.length > 0 && book.covered.every(Boolean)
    ? book.book
    : undefined;
};

function candidateBooks(
  kind: CandidateKind,
  own: Partial<Record<Fuel, TariffBook>>,
  zone: string,
  regional: Regional,
): Partial<Record<Fuel, TariffBook>> {
  const gas = own.gas === undefined ? {} : { gas: own.gas };
  switch (kind) {
    case 'current':
      return own;
    case 'cap':
      return {
        electricity: compileTariffs([], zone, DEFAULT_TARIFFS),
        ...(own.gas === undefined ? {} : { gas: compileTariffs([], zone, DEFAULT_GAS_TARIFFS) }),
      };
    case 'economy7':
    case 'go':
    case 'cosy':
    case 'intelligentGo':
    case 'flux': {
      const published = publishedBookOf(kind, regional, own.electricity !== undefined);
      return { electricity: published ?? compileTariffs(TABLES[kind], zone, DEFAULT_TARIFFS), ...gas };
    }
    case 'agile':
    case 'tracker': {
      const book = regional.books[kind]?.book;
      return book === undefined ? {} : { electricity: book, ...gas };
    }
  }
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export const CANDIDATES: readonly CandidateKind[] = [
  'current',
  'cap',
  'economy7',
  'go',
  'intelligentGo',
  'cosy',
  'flux',
];

export async function compareTariffs(
  db: Queryable,
  house: EnergyHouse,
  monthsAsked: number,
  now: number,
  source: RegionalSource,
  moveWh?: number,
): Promise<Comparison> {
  const zone = house.time_zone;
  const span = await compareSpan(db, house.id);
  const firsts = Object.values(span.first);
  const first = firsts.length === 0 ? undefined : Math.min(...firsts);
  // Months before the home's first reading are not compared (said in the answer), never filled.
  const months = lastCompleteMonths(now, monthsAsked, zone).filter(
    (m) => first !== undefined && m.end > first,
  );
  const fuels = span.fuels.filter((f) => span.first[f] !== undefined);
  const slots: Partial<Record<Fuel, SlotEnergy[]>> = {};
  const own: Partial<Record<Fuel, TariffBook>> = {};
  const start = months[0]?.start;
  const end = months[months.length - 1]?.end;
  for (const fuel of fuels) {
    slots[fuel] =
      start === undefined || end === undefined ? [] : await halfHoursIn(db, house.id, fuel, start, end);
    own[fuel] = (await tariffsFor(db, house.id, zone, span.tariffIds, fuel)).book;
  }
  const days = moveWh === undefined ? [] : dayHalvesOf(months, zone);
  const exports = (slots.electricity ?? []).some((s) => s.export_wh > 0);
  const regional = await regionalBooks(source, house.id, zone, months, slots.electricity ?? [], now);
  // Agile and Tracker join only where their published prices price every month (else the answer says which
  // months lack them): a partial figure beside whole ones would mislead.
  const regionalKinds = (['agile', 'tracker'] as const).filter(
    (p) => months.length > 0 && fuels.includes('electricity') && regional.books[p]?.covered.every(Boolean),
  );
  const candidates = [...CANDIDATES, ...regionalKinds].map((kind): PricedCandidate => {
    const books = candidateBooks(kind, own, zone, regional);
    const monthly = months.map(() => 0);
    const byFuel: Partial<Record<Fuel, number[]>> = {};
    for (const fuel of fuels) {
      const book = books[fuel] as TariffBook;
      const costs = monthlyCosts(book, slots[fuel] ?? [], months, { chargeFrom: span.first[fuel], now });
      const pennies = costs.map(nanoToPennies);
      byFuel[fuel] = pennies;
      pennies.forEach((p, i) => {
        monthly[i] = (monthly[i] as number) + p;
      });
    }
    const electricityBook = books.electricity;
    const priced: PricedCandidate = { kind, books, monthly, byFuel, total: sum(monthly) };
    if (kind in TABLES)
      priced.published =
        publishedBookOf(kind as keyof typeof TABLES, regional, fuels.includes('electricity')) !== undefined;
    if (exports && electricityBook !== undefined) {
      const income = monthlyExportIncome(electricityBook, slots.electricity ?? [], months).map(nanoToPennies);
      priced.exportIncome = { monthly: income, total: sum(income) };
    }
    if (moveWh === undefined || !TIME_OF_USE.includes(kind) || electricityBook === undefined) return priced;
    if (!fuels.includes('electricity')) return priced;
    // Electricity moves; gas (the home's own) stays as it was used.
    const moved = moveEveningUse(electricityBook, slots.electricity ?? [], days, moveWh);
    const charge = { chargeFrom: span.first.electricity, now };
    const electricity = monthlyCosts(electricityBook, moved.slots, months, charge).map(nanoToPennies);
    const movedMonthly = electricity.map(
      (p, i) => p + (monthly[i] as number) - (byFuel.electricity?.[i] as number),
    );
    return { ...priced, moved: { monthly: movedMonthly, total: sum(movedMonthly), movedWh: moved.movedWh } };
  });
  const monthData = months.map((period) => {
    const dataSlots: Partial<Record<Fuel, number>> = {};
    for (const fuel of fuels)
      dataSlots[fuel] = (slots[fuel] ?? []).filter(
        (s) => s.slot_start >= period.start && s.slot_start < period.end,
      ).length;
    return { period, slots: Math.round((period.end - period.start) / 1800), dataSlots };
  });
  const dynamic = dynamicCoverage(own.electricity, slots.electricity ?? [], months);
  return { house, monthsAsked, months: monthData, fuels, candidates, exports, dynamic, moveWh, regional };
}
