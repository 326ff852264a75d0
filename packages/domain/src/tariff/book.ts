import { clockAt, localDate, offsetAt, startOfLocalDate } from '../time/zone';
import { DEFAULT_TARIFFS } from './defaults';
import type { Rate, RateKind, ScheduledRate, Tariff } from './model';

// A house's dated tariffs compiled for fast lookups: each schedule becomes two 48-entry tables
// (weekday, weekend) and each version's start date becomes an instant in the house's zone.

interface CompiledSchedule {
  readonly weekday: readonly number[] | null; // µ£/kWh per half-hour of the day; null → default applies
  readonly weekend: readonly number[] | null;
}

const compiled = new WeakMap<ScheduledRate, CompiledSchedule>();

function tableFor(rate: ScheduledRate, weekend: boolean): number[] | null {
  const specific = rate.entries.find((e) => e.days === (weekend ? 'weekend' : 'weekdays'));
  const entry = specific ?? rate.entries.find((e) => e.days === 'all');
  if (entry === undefined) return null;
  const table: number[] = [];
  const last = entry.steps[entry.steps.length - 1];
  for (let i = 0; i < 48; i++) {
    // The step in force is the last one starting at or before this half-hour; before the first start the
    // day's last step is still running (the schedule wraps round midnight).
    let price = last?.price ?? 0;
    for (const s of entry.steps) if (s.startMinute <= i * 30) price = s.price;
    table.push(price);
  }
  return table;
}

function compileSchedule(rate: ScheduledRate): CompiledSchedule {
  let c = compiled.get(rate);
  if (c === undefined) {
    c = { weekday: tableFor(rate, false), weekend: tableFor(rate, true) };
    compiled.set(rate, c);
  }
  return c;
}

/** Price of one slot under one rate, or undefined when the rate does not cover it. */
function priceUnder(rate: Rate, slotStart: number, zone: string): number | undefined {
  if (rate.type === 'dynamic') return rate.prices.get(slotStart);
  const c = compileSchedule(rate);
  const { weekday, minuteOfDay } = clockAt(slotStart, rate.basis === 'gmt' ? 0 : offsetAt(slotStart, zone));
  const table = weekday >= 6 ? c.weekend : c.weekday;
  return table?.[Math.floor(minuteOfDay / 30)];
}

export interface TariffBook {
  readonly zone: string;
  readonly versions: readonly Tariff[];
  /** The dated default (oldest first); its first version also covers every earlier instant. */
  readonly fallback: readonly Tariff[];
  /** The version in force at an instant (by its local start date), if any. */
  versionAt(ts: number): Tariff | undefined;
  /** µ£/kWh for the slot starting at slotStart. */
  rateAt(kind: RateKind, slotStart: number): number;
  /** µ£/day for a local date. */
  standingChargeOn(date: string): number;
}

/** Versions sorted by start date, refusing two on the same date. */
function sortedVersions(tariffs: readonly Tariff[]): Tariff[] {
  const versions = [...tariffs].sort((a, b) =>
    a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0,
  );
  for (let i = 1; i < versions.length; i++)
    if (versions[i]?.startDate === versions[i - 1]?.startDate)
      throw new RangeError(`two tariff versions start on ${versions[i]?.startDate}`);
  return versions;
}

/** Index of the last start ≤ ts, or -1 (binary search over ascending starts). */
function lastStartAtOrBefore(starts: readonly number[], ts: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= ts) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

interface CompiledSeries {
  readonly versions: readonly Tariff[];
  readonly starts: readonly number[];
}

// The default series is shared by every house: its start instants are compiled once per zone.
const seriesByZone = new WeakMap<readonly Tariff[], Map<string, CompiledSeries>>();

function compileSeries(series: readonly Tariff[], zone: string): CompiledSeries {
  let byZone = seriesByZone.get(series);
  if (byZone === undefined) {
    byZone = new Map();
    seriesByZone.set(series, byZone);
  }
  let c = byZone.get(zone);
  if (c === undefined) {
    const versions = sortedVersions(series);
    if (versions.length === 0) throw new RangeError('the fallback tariff series is empty');
    c = { versions, starts: versions.map((v) => startOfLocalDate(v.startDate, zone)) };
    byZone.set(zone, c);
  }
  return c;
}

/**
 * Compiles a house's tariff versions. A slot is priced by the version in force on its local start date;
 * a rate that version leaves unset (null), a weekday/weekend it does not cover, or a dynamic slot that
 * is missing is priced by the fallback: the default version in force on that local date (the dated
 * price-cap series), or its first version before the series starts.
 */
export function compileTariffs(
  tariffs: readonly Tariff[],
  zone: string,
  fallback: readonly Tariff[] = DEFAULT_TARIFFS,
): TariffBook {
  const versions = sortedVersions(tariffs);
  const starts = versions.map((v) => startOfLocalDate(v.startDate, zone));
  const defaults = compileSeries(fallback, zone);

  const versionAt = (ts: number): Tariff | undefined => versions[lastStartAtOrBefore(starts, ts)];
  const defaultAt = (ts: number): Tariff =>
    defaults.versions[Math.max(0, lastStartAtOrBefore(defaults.starts, ts))] as Tariff;

  return {
    zone,
    versions,
    fallback,
    versionAt,
    rateAt(kind, slotStart) {
      const rate = versionAt(slotStart)?.[kind] ?? null;
      const own = rate === null ? undefined : priceUnder(rate, slotStart, zone);
      if (own !== undefined) return own;
      const fb = defaultAt(slotStart)[kind];
      const price = fb === null ? undefined : priceUnder(fb, slotStart, zone);
      if (price === undefined)
        throw new RangeError(`the fallback tariff has no ${kind} rate for slot ${slotStart}`);
      return price;
    },
    standingChargeOn(date) {
      let own: number | null = null;
      for (const v of versions) if (v.startDate <= date) own = v.standingCharge;
      let sc = own;
      if (sc === null) {
        sc = defaults.versions[0]?.standingCharge ?? null;
        for (const v of defaults.versions) if (v.startDate <= date) sc = v.standingCharge;
      }
      if (sc === null) throw new RangeError('the fallback tariff has no standing charge');
      return sc;
    },
  };
}

const books = new WeakMap<readonly Tariff[], Map<string, TariffBook>>();

/** µ£/kWh for one slot; compiles (and caches per tariffs array and zone) on first use. */
export function rateAt(
  tariffs: readonly Tariff[],
  kind: RateKind,
  slotStart: number,
  zone: string,
  fallback: readonly Tariff[] = DEFAULT_TARIFFS,
): number {
  let byZone = books.get(tariffs);
  if (byZone === undefined) {
    byZone = new Map();
    books.set(tariffs, byZone);
  }
  let book = byZone.get(zone);
  if (book === undefined || book.fallback !== fallback) {
    book = compileTariffs(tariffs, zone, fallback);
    byZone.set(zone, book);
  }
  return book.rateAt(kind, slotStart);
}

/** µ£/day standing charge in force on the local date of ts. */
export function standingChargeAt(book: TariffBook, ts: number): number {
  return book.standingChargeOn(localDate(ts, book.zone));
}
