import { isLocalDate } from '@homeview/contract/calendar';

// The internal tariff model. Unit prices are integer µ£/kWh, the standing charge integer µ£/day.

export type RateKind = 'import' | 'export' | 'generation';
export const RATE_KINDS: readonly RateKind[] = ['import', 'export', 'generation'];

/** Which local days an entry covers. A weekdays/weekend entry overrides an 'all' entry for its days. */
export type DaysSelector = 'all' | 'weekdays' | 'weekend';
export const DAYS_SELECTORS: readonly DaysSelector[] = ['all', 'weekdays', 'weekend'];

/**
 * The clock a schedule's times are read on: 'local' follows the house's zone; 'gmt' is fixed to UTC, as
 * Economy 7 meters are (00:00–07:00 GMT is 01:00–08:00 local in summer). Weekday/weekend is decided on
 * the same clock.
 */
export type ClockBasis = 'local' | 'gmt';

/** A rate that applies from startMinute (a half-hour step) until the next step's start, wrapping. */
export interface RateStep {
  readonly startMinute: number;
  readonly price: number; // µ£/kWh
  readonly name: string;
}

export interface ScheduleEntry {
  readonly days: DaysSelector;
  readonly steps: readonly RateStep[]; // sorted by startMinute, 1..48 steps
}

export interface ScheduledRate {
  readonly type: 'schedule';
  readonly basis: ClockBasis;
  readonly entries: readonly ScheduleEntry[];
}

/** Half-hourly prices keyed by slot start (epoch s), e.g. Octopus Agile. Missing slots use the default. */
export interface DynamicRate {
  readonly type: 'dynamic';
  readonly name: string;
  readonly prices: ReadonlyMap<number, number>; // slot start → µ£/kWh
}

export type Rate = ScheduledRate | DynamicRate;

/** One dated version of a house's tariff. null means "not set": the default tariff's figure applies. */
export interface Tariff {
  readonly startDate: string; // local YYYY-MM-DD from which it prices slots
  readonly standingCharge: number | null; // µ£/day
  readonly import: Rate | null;
  readonly export: Rate | null;
  readonly generation: Rate | null;
}

export type TariffKindName = 'Fixed' | 'Day' | 'TOU' | 'Day-TOU' | 'Dynamic';

export const MAX_STEPS_PER_DAY = 48;

function assertPrice(price: number, what: string): void {
  if (!Number.isSafeInteger(price))
    throw new RangeError(`${what}: price must be an integer µ£ amount, got ${price}`);
}

/** Checks a schedule entry's invariants: 1..48 steps, strictly increasing half-hour starts. */
export function validateEntry(entry: ScheduleEntry, what = 'entry'): void {
  if (!DAYS_SELECTORS.includes(entry.days))
    throw new RangeError(`${what}: unknown days ${String(entry.days)}`);
  if (entry.steps.length === 0) throw new RangeError(`${what}: needs at least one rate`);
  if (entry.steps.length > MAX_STEPS_PER_DAY)
    throw new RangeError(`${what}: at most ${MAX_STEPS_PER_DAY} rates a day`);
  let prev = -1;
  for (const [i, s] of entry.steps.entries()) {
    const at = `${what}.steps[${i}]`;
    if (
      !Number.isInteger(s.startMinute) ||
      s.startMinute < 0 ||
      s.startMinute > 1410 ||
      s.startMinute % 30 !== 0
    )
      throw new RangeError(`${at}: start must be a half-hour step from 00:00 to 23:30`);
    if (s.startMinute <= prev) throw new RangeError(`${at}: start times must be distinct and increasing`);
    prev = s.startMinute;
    assertPrice(s.price, at);
  }
}

export function scheduledRate(entries: readonly ScheduleEntry[], basis: ClockBasis = 'local'): ScheduledRate {
  if (entries.length === 0) throw new RangeError('a scheduled rate needs at least one entry');
  const seen = new Set<DaysSelector>();
  const sorted = entries.map((e, i) => {
    if (seen.has(e.days)) throw new RangeError(`entries[${i}]: days ${e.days} given twice`);
    seen.add(e.days);
    const steps = [...e.steps].sort((a, b) => a.startMinute - b.startMinute);
    const out = { days: e.days, steps };
    validateEntry(out, `entries[${i}]`);
    return out;
  });
  return { type: 'schedule', basis, entries: sorted };
}

/** Fixed: one rate from 00:00 every day. */
export function fixedRate(price: number, name = 'fix'): ScheduledRate {
  return scheduledRate([{ days: 'all', steps: [{ startMinute: 0, price, name }] }]);
}

/** Day: one rate on weekdays, another at the weekend. */
export function dayRate(weekdayPrice: number, weekendPrice: number): ScheduledRate {
  return scheduledRate([
    { days: 'weekdays', steps: [{ startMinute: 0, price: weekdayPrice, name: 'weekday' }] },
    { days: 'weekend', steps: [{ startMinute: 0, price: weekendPrice, name: 'weekend' }] },
  ]);
}

/** TOU: up to 48 steps a day, the same every day. */
export function touRate(steps: readonly RateStep[], basis: ClockBasis = 'local'): ScheduledRate {
  return scheduledRate([{ days: 'all', steps }], basis);
}

/** Day-TOU: one TOU day shape for weekdays and another for the weekend. */
export function dayTouRate(
  weekdays: readonly RateStep[],
  weekend: readonly RateStep[],
  basis: ClockBasis = 'local',
): ScheduledRate {
  return scheduledRate(
    [
      { days: 'weekdays', steps: weekdays },
      { days: 'weekend', steps: weekend },
    ],
    basis,
  );
}

/** Dynamic: a price per slot start; slots not in the series fall back to the default tariff's rate. */
export function dynamicRate(prices: Iterable<readonly [number, number]>, name = 'dynamic'): DynamicRate {
  const map = new Map<number, number>();
  for (const [slot, price] of prices) {
    if (!Number.isSafeInteger(slot))
      throw new RangeError(`slot start must be integer epoch seconds, got ${slot}`);
    assertPrice(price, `slot ${slot}`);
    map.set(slot, price);
  }
  return { type: 'dynamic', name, prices: map };
}

/** Classifies a rate into the spec's tariff kinds (plus Dynamic). */
export function tariffKind(rate: Rate): TariffKindName {
  if (rate.type === 'dynamic') return 'Dynamic';
  const byDay = rate.entries.some((e) => e.days !== 'all');
  const multi = rate.entries.some((e) => e.steps.length > 1);
  if (byDay) return multi ? 'Day-TOU' : 'Day';
  return multi ? 'TOU' : 'Fixed';
}

/** Builds a tariff version, checking the date and the standing charge. */
export function makeTariff(fields: {
  startDate: string;
  standingCharge?: number | null;
  import?: Rate | null;
  export?: Rate | null;
  generation?: Rate | null;
}): Tariff {
  if (!isLocalDate(fields.startDate))
    throw new RangeError(`startDate must be YYYY-MM-DD, got ${fields.startDate}`);
  const sc = fields.standingCharge ?? null;
  if (sc !== null) assertPrice(sc, 'standingCharge');
  return {
    startDate: fields.startDate,
    standingCharge: sc,
    import: fields.import ?? null,
    export: fields.export ?? null,
    generation: fields.generation ?? null,
  };
}

/** Adds a version to a list (replacing one with the same start date), sorted by start date. */
export function withTariffVersion(tariffs: readonly Tariff[], version: Tariff): Tariff[] {
  return [...tariffs.filter((t) => t.startDate !== version.startDate), version].sort((a, b) =>
    a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0,
  );
}

/** The version in force on a local date (the latest start date ≤ date), if any. */
export function tariffInForce(tariffs: readonly Tariff[], date: string): Tariff | undefined {
  let best: Tariff | undefined;
  for (const t of tariffs)
    if (t.startDate <= date && (best === undefined || t.startDate > best.startDate)) best = t;
  return best;
}
