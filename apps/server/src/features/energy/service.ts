import {
  availablePeriods,
  compileTariffs,
  type DataRange,
  detailUnit,
  localDate,
  neighbours,
  type Period,
  type PeriodSummary,
  periodContaining,
  roundDiv,
  type SummaryEntry,
  samePointBefore,
  selectPeriod,
  slotStartOf,
  type TariffBook,
  subPeriods,
  summarizePeriod,
  summaryEntry,
  summaryOfDetails,
  type ViewUnit,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { ELECTRICITY, type Fuel } from '../../shared/fuel';
import { defaultSeriesOf, tariffsFor } from '../../shared/tariff-book';
import { type PastCarbon, pastCarbon } from '../carbon/past';
import { Memo } from './memo';
import {
  type ApplianceLists,
  type ApplianceUsageRow,
  type BucketSums,
  type Buckets,
  type CostTiers,
  type EnergyHouse,
  importCostUntil,
  type ListsAsked,
  periodSums,
} from './repository';

// The appliance uses the energy views read, for the appliance screens (features/appliances).
export {
  type ApplianceUsageRow,
  applianceUsageIn,
  applianceUsageOf,
  appliancesOnBetween,
} from './repository';

// One energy view (§3 Energy today/detail) of one house: the selected period summarised by @homeview/domain
// from half-hour rollups, its navigation, and appliance use. /energy_info/today/, /energy_info/detail/ and
// the dashboard's "Today's balance" all come from `summarise`, so they cannot disagree. A view is of one
// fuel (default electricity): gas reads its own rows, priced by its own tariff, in the same shapes; the
// appliance lists are electricity's uses, so a gas view has none.

/** The API's timescales: hour, day, week, month and year (months as details; issue 38). */
export type SummaryUnit = ViewUnit;

export interface Summary {
  house: EnergyHouse;
  unit: SummaryUnit;
  period: Period;
  summary: PeriodSummary;
  range: DataRange;
  /** End of the newest data (epoch s); null before the first reading. */
  latestEnd: number | null;
  /** True when the house has no tariff of its own: every figure is priced at the default (the cap). */
  defaultTariff: boolean;
  /** The fuels the house has any reading of, whichever this summary is of (issue 35). */
  fuels: Fuel[];
}

export interface EnergyView extends Summary {
  available: readonly (number | null)[];
  previous: number | null;
  next: number | null;
  /** Non-continuous appliances with a use overlapping the hour before now. */
  onInPastHour: ApplianceUsageRow[];
  /** Per appliance, uses that started in the period. */
  usage: ApplianceUsageRow[];
  /** While the period is under way: the previous period's cost (n£) up to the same point. */
  previousSoFar: PreviousSoFar | null;
  /** Electricity: the entries' grams of CO₂ (features/carbon/past.ts); null for gas. */
  carbon: PastCarbon | null;
}

export interface PreviousSoFar {
  start: number;
  end: number;
  /** n£: import over [start, end) plus the standing charge of each local day begun by `end`, in full. */
  cost: number;
}

export const PAST_HOUR_S = 3600;

function periodFor(unit: SummaryUnit, timestamp: number | undefined, now: number, zone: string): Period {
  return selectPeriod(unit, timestamp, now, zone);
}

/** A detail entry: the domain's standing-charge share and slot count, plus the SQL sums of its rollups. */
function withSums(skeleton: SummaryEntry, sums: BucketSums): SummaryEntry {
  const { standing_charge, slots } = skeleton.totals;
  return summaryEntry(skeleton.period, { ...sums, standing_charge }, slots);
}

/**
 * How SQL buckets the period's rows: details shorter than a day by instant over the half-hour rollups;
 * days by local date over the daily rollups, months over the monthly ones (a detail's date is its start's).
 */
interface BucketPlan {
  range: { start: number | string; end: number | string };
  buckets: Buckets;
}

function bucketPlan(period: Period, zone: string): BucketPlan {
  const details = subPeriods(period, detailUnit(period.unit), zone);
  const unit = details[0]?.unit;
  if (unit === 'hour' || unit === 'half-hour') {
    return { range: period, buckets: { slots: details.map((d) => d.start) } };
  }
  const dates = details.map((d) => localDate(d.start, zone));
  return {
    range: { start: localDate(period.start, zone), end: localDate(period.end, zone) },
    buckets: unit === 'month' ? { months: dates } : { days: dates },
  };
}

const bucketPlans = new Memo<BucketPlan>(2000);
const skeletons = new WeakMap<TariffBook, Memo<PeriodSummary>>();
const defaultBooks = new Memo<TariffBook>(50);
const availableLists = new Memo<(number | null)[]>(2000);

/**
 * The domain's summary of the period with no rows: its details and each one's standing charge. It depends
 * on `now` only through which local days have started, so it is memoised per tariff book and local day.
 */
function skeletonOf(book: TariffBook, period: Period, chargeFrom: number, now: number): PeriodSummary {
  let memo = skeletons.get(book);
  if (memo === undefined) {
    memo = new Memo(500);
    skeletons.set(book, memo);
  }
  const today = periodContaining('day', now, book.zone).start;
  const key = `${period.unit}|${period.start}|${chargeFrom}|${today}`;
  return memo.get(key, () => summarizePeriod(period, { book, rows: [], chargeFrom, now }));
}

/**
 * The period containing `timestamp` (default: the one containing now; for weeks the last 7 days),
 * summarised. @homeview/domain decides the detail periods and each one's standing charge (each local day
 * from the house's first reading up to today, once, split exactly over hours); SQL sums the rollups per
 * detail (half-hour rollups for hours and half-hours, daily for days, monthly for months). Same figures as domain's summarizePeriod over the rows (a test holds them equal). A house with
 * no data yet is charged nothing (every figure 0, every entry data_slots 0).
 */
export async function summarise(
  db: Queryable,
  house: EnergyHouse,
  unit: SummaryUnit,
  timestamp: number | undefined,
  now: number,
  fuel: Fuel = ELECTRICITY,
): Promise<Summary> {
  const period = periodFor(unit, timestamp, now, house.time_zone);
  return (await summaryOf(db, house, unit, period, now, undefined, fuel)).base;
}

/** `summarise` of a chosen period, with the view's appliance lists read in the same statement when asked. */
async function summaryOf(
  db: Queryable,
  house: EnergyHouse,
  unit: SummaryUnit,
  period: Period,
  now: number,
  lists?: ListsAsked,
  fuel: Fuel = ELECTRICITY,
): Promise<{ base: Summary; lists: ApplianceLists; book: TariffBook; carbonMg: (bigint | null)[] }> {
  const zone = house.time_zone;
  const plan = bucketPlans.get(`${zone}|${period.unit}|${period.start}`, () => bucketPlan(period, zone));
  // One statement reads the sums, the data span, the tariff key (and a view's appliance lists); the
  // compiled tariffs then come from the write side's per-house cache (no query when warm). A house with
  // no versions prices at the default.
  const read = await periodSums(db, house.id, plan.range, plan.buckets, lists, fuel);
  const { span, sums, tariffIds } = read;
  const book =
    tariffIds === ''
      ? defaultBooks.get(`${zone}|${fuel}`, () => compileTariffs([], zone, defaultSeriesOf(fuel)))
      : (await tariffsFor(db, house.id, zone, tariffIds, fuel)).book;
  const skeleton = skeletonOf(book, period, span.first ?? Number.POSITIVE_INFINITY, now);
  const details = skeleton.details.map((d, i) => withSums(d, sums[i] as BucketSums));
  const summary = summaryOfDetails(period, details);
  const range = { first: span.first, now };
  const base = {
    house,
    unit,
    period,
    summary,
    range,
    latestEnd: span.latestEnd,
    // No versions of this fuel's own (the key lists every fuel's versions).
    defaultTariff: tariffIds === '' || book.versions.length === 0,
    fuels: read.fuels,
  };
  return { base, lists: read.lists, book, carbonMg: read.carbonMg };
}

/** The hours a day view offers: those of the selected hour's local day that overlap the data, newest first. */
function availableHours(period: Period, range: DataRange, zone: string): number[] {
  const { first } = range;
  if (first === null) return [];
  const day = periodContaining('day', period.start, zone);
  return subPeriods(day, 'hour', zone)
    .filter((h) => h.end > first && h.start <= range.now)
    .map((h) => h.start)
    .reverse();
}

export async function energyView(
  db: Queryable,
  house: EnergyHouse,
  unit: ViewUnit,
  timestamp: number | undefined,
  now: number,
  fuel: Fuel = ELECTRICITY,
): Promise<EnergyView> {
  const zone = house.time_zone;
  const selected = periodFor(unit, timestamp, now, zone);
  const on = { from: now - PAST_HOUR_S, to: now };
  const asked = fuel === 'electricity' ? { on, period: selected, zone } : undefined;
  const { base, lists, book, carbonMg } = await summaryOf(db, house, unit, selected, now, asked, fuel);
  const { period, range } = base;
  const { on: onInPastHour, usage } = lists;
  const { previous, next } = neighbours(period, range, zone);
  // The list changes only when a new period begins or the first reading moves.
  const current = periodContaining(unit, now, zone).start;
  const selectedHour = unit === 'hour' ? period.start : '';
  const available = availableLists.get(`${zone}|${unit}|${range.first}|${current}|${selectedHour}`, () =>
    unit === 'hour' ? availableHours(period, range, zone) : availablePeriods(unit, range, zone),
  );
  // The rolling 7 days have a previous (the week before) but no same part of it to compare with.
  const previousSoFar =
    previous !== null &&
    period.unit !== 'last-7-days' &&
    range.first !== null &&
    period.start <= now &&
    now < period.end
      ? await previousSoFarOf(db, house.id, book, period, range.first, now, fuel)
      : null;
  // Read with the sums, stored figures only: the read never waits for the Carbon Intensity API.
  const carbon = fuel === 'electricity' ? pastCarbon(carbonMg) : null;
  return { ...base, available, previous, next, onInPastHour, usage, previousSoFar, carbon };
}

/**
 * The previous period's cost up to the point `now` is at in `period` (samePointBefore: same local time
 * of day, weekday, day of the month), the way the period's own cost is counted so far: every half-hour
 * before that point, the one it falls in by its share of seconds (rollups are half-hourly; exact integer
 * division, half away from zero), and each local day begun by then charged in full, as today is.
 */
async function previousSoFarOf(
  db: Queryable,
  houseId: number,
  book: TariffBook,
  period: Period,
  first: number,
  now: number,
  fuel: Fuel,
): Promise<PreviousSoFar> {
  const { previous, at } = samePointBefore(period, now, book.zone);
  const slot = slotStartOf(at, book.zone);
  const { whole, part } = await importCostUntil(
    db,
    houseId,
    costTiers(previous, slot, book.zone),
    slot,
    fuel,
  );
  // Memoised per local day of `at` (a year's days took ~1 ms to walk each view).
  const standing = skeletonOf(book, previous, first, at).totals.standing_charge;
  return { start: previous.start, end: at, cost: whole + roundDiv(part * (at - slot), 1800) + standing };
}

/**
 * How [previous.start, slot] is read: whole local months (when it starts on the 1st), then whole local days
 * (when it starts at midnight: not an hour), then the half-hours of the slot's own day.
 */
function costTiers(previous: Period, slot: number, zone: string): CostTiers {
  const fromDate = localDate(previous.start, zone);
  if (periodContaining('day', previous.start, zone).start !== previous.start) {
    const none = { from: fromDate, to: fromDate };
    return { months: none, days: none, slotsFrom: previous.start };
  }
  const day = periodContaining('day', slot, zone);
  const month = periodContaining('month', slot, zone);
  const wholeMonths = fromDate.endsWith('-01') && month.start > previous.start;
  const daysFrom = wholeMonths ? localDate(month.start, zone) : fromDate;
  return {
    months: { from: fromDate, to: daysFrom },
    days: { from: daysFrom, to: localDate(Math.max(day.start, previous.start), zone) },
    slotsFrom: Math.max(day.start, previous.start),
  };
}

/** Today's balance (n£) of one fuel for the dashboard card, whether today has data of it yet, and the home's fuels. */
export async function todaysBalance(
  db: Queryable,
  house: EnergyHouse,
  now: number,
  fuel: Fuel = ELECTRICITY,
): Promise<{ balance: PeriodSummary['balance']; hasData: boolean; fuels: Fuel[] }> {
  const { summary, fuels } = await summarise(db, house, 'day', undefined, now, fuel);
  return { balance: summary.balance, hasData: summary.totals.data_slots > 0, fuels };
}
