import type {
  ApplianceDetail,
  ApplianceEntry,
  ApplianceList,
  ApplianceUsage,
  TimeUnit,
  Timeline,
  ViewType,
} from '@homeview/contract';
import { localDate, type Period, periodContaining, previousPeriod, selectPeriod } from '@homeview/domain';
import { minuteCache } from '../../db/minute-cache';
import type { Queryable } from '../../db/types';
import { CURRENCY_UNIT, ENERGY_UNIT, kwh, pounds } from '../../shared/units';
import { by, entry, subtitleOf } from '../energy/present';
import type { EnergyHouse } from '../../shared/house';
import {
  type ApplianceUsageRow,
  applianceUsageIn,
  applianceUsageOf,
  appliancesOnBetween,
  PAST_HOUR_S,
} from '../energy/service';
import { chooseSimilar, groupRowsOf, inGroup } from '../rankings/groups';
import { MIN_COVERAGE } from '../rankings/service';
import {
  applianceOf,
  type HomeDays,
  homesWithAppliance,
  shownAppliances,
  timelineEvents,
  type UseTotals,
} from './repository';

// The /common/appliances calls, from the uses only (use_days). A use belongs to the period its start is in;
// 'on' means a use overlapping the past hour (continuous appliances are never 'on' nor "used"), as in
// /energy_info/today/ (features/energy/README "Appliances"), so every screen tells the same story.

/** Days of the appliance detail's time series (and of its rankings): the last 4 weeks, today included. */
export const DETAIL_DAYS = 28;
export const MINUTES = 'mins';

const minutes = (seconds: number): number => Math.round(seconds / 60);

async function onNow(db: Queryable, house: EnergyHouse, now: number): Promise<Set<number>> {
  const rows = await appliancesOnBetween(db, house.id, now - PAST_HOUR_S, now);
  return new Set(rows.map((r) => r.appliance_type_id));
}

/** §3 Appliance list for today: the most used, the most costly, or every appliance the home shows. */
export async function applianceList(
  db: Queryable,
  house: EnergyHouse,
  viewType: ViewType,
  now: number,
): Promise<ApplianceList> {
  const today = periodContaining('day', now, house.time_zone);
  const usage = await applianceUsageIn(db, house.id, today.start, today.end);
  const on = await onNow(db, house, now);
  let rows: ApplianceUsageRow[];
  if (viewType === 'most_used') rows = usage.filter((r) => !r.continuous).sort(by('seconds'));
  else if (viewType === 'most_costly') rows = [...usage].sort(by('cost'));
  else {
    // What the home has (at 0 when unused today), and whatever it used today even if said to have none.
    const used = new Map(usage.map((r) => [r.appliance_type_id, r]));
    const has = (await shownAppliances(db, house.id)).map(
      (a) => used.get(a.appliance_type_id) ?? { ...a, seconds: 0, energy_wh: 0, cost: 0 },
    );
    const listed = new Set(has.map((r) => r.appliance_type_id));
    rows = [...has, ...usage.filter((r) => !listed.has(r.appliance_type_id))].sort(
      (a, b) => a.appliance_type_id - b.appliance_type_id,
    );
  }
  return {
    subtitle: subtitleOf(today, house.time_zone, true),
    appliances: rows.map((r) => {
      const e = entry(r, on);
      return {
        name: e.name,
        appliance_type_id: e.appliance_type_id,
        icon: e.icon,
        status: e.status,
        cost: { unit: CURRENCY_UNIT, value: e.cost },
        duration: e.duration,
        ...(e.estimated ? { estimated: true as const } : {}),
      };
    }),
  };
}

/** Appliances used in the current period of `timescale` (the last 7 days for a week), longest first. */
export async function usedAppliances(
  db: Queryable,
  house: EnergyHouse,
  timescale: TimeUnit,
  now: number,
): Promise<ApplianceEntry[]> {
  const period = selectPeriod(timescale, undefined, now, house.time_zone);
  const usage = await applianceUsageOf(db, house.id, period, house.time_zone);
  const on = await onNow(db, house, now);
  return usage
    .filter((r) => !r.continuous)
    .sort(by('seconds'))
    .map((r) => entry(r, on));
}

/** The events of the local day containing `timestamp` (default today), oldest first. */
export async function timeline(
  db: Queryable,
  house: EnergyHouse,
  timestamp: number | undefined,
  now: number,
): Promise<Timeline> {
  const day = periodContaining('day', timestamp ?? now, house.time_zone);
  const rows = await timelineEvents(db, house.id, day.start, day.end);
  return {
    events: rows.map((r) => ({
      appliance_type_id: r.appliance_type_id,
      icon: r.icon,
      name: r.name,
      start_timestamp: r.start_ts,
      end_timestamp: Number(r.end_ts),
      ...(r.estimated ? { estimated: true as const } : {}),
    })),
    time_zone: house.time_zone,
  };
}

/** The last DETAIL_DAYS local days, oldest first, ending with today. */
export function detailDays(now: number, zone: string): Period[] {
  const days = [periodContaining('day', now, zone)];
  while (days.length < DETAIL_DAYS) days.unshift(previousPeriod(days[0] as Period, zone));
  return days;
}

function usage(t: UseTotals): ApplianceUsage {
  return { cost: pounds(t.cost), duration: minutes(t.seconds), consumed: kwh(t.energy_wh) };
}

const ZERO: UseTotals = { seconds: 0, energy_wh: 0, cost: 0 };

function averageOf(sum: UseTotals, homes: number): UseTotals {
  if (homes === 0) return ZERO;
  return {
    seconds: Math.round(sum.seconds / homes),
    energy_wh: Math.round(sum.energy_wh / homes),
    cost: Math.round(sum.cost / homes),
  };
}

/** 1 = the lowest figure among the homes (ties share the better place). */
function rankOf(mine: UseTotals, others: readonly UseTotals[], key: keyof UseTotals): number {
  return 1 + others.filter((o) => o[key] < mine[key]).length;
}

/**
 * How long the other homes' side of an appliance comparison is reused, per database, appliance type and
 * window: one read of every home's days of that type (≤ 28 rows per home) serves every request for that
 * minute; the asking home's own figures are always read fresh.
 */
export const COMPARABLES_TTL_S = 60;
const comparables = minuteCache<HomeDays[]>(COMPARABLES_TTL_S);

function comparableHomes(db: Queryable, typeId: number, from: string, to: string, now: number) {
  return comparables.get(db, `${typeId}|${from}|${to}`, now, () => homesWithAppliance(db, typeId, from, to));
}

const add = (a: UseTotals, b: UseTotals): UseTotals => ({
  seconds: a.seconds + b.seconds,
  energy_wh: a.energy_wh + b.energy_wh,
  cost: a.cost + b.cost,
});
const total = (h: HomeDays): UseTotals => [...h.days.values()].reduce(add, ZERO);

/**
 * One appliance over the last 4 weeks against the same appliance in comparable homes: the similar-homes
 * group of rankings (spec-decisions "Similar homes": same property type and occupants, widened to
 * occupants ±1, then the type alone, under 10 homes) among the homes that have this appliance and whose
 * readings covered ≥ 90% of what this home's covered in the window (coverage is measured against this
 * home's, not the fixed 28 days, so a home with a week of history still has neighbours to compare with).
 * This home's place on cost, duration and consumption (1 = lowest, out of every home compared, this one
 * included), the average comparable home's totals (`comparable_rankings`) and, per local day, this
 * home's use beside the average comparable home's; `compared` names the group. Reads appliance_daily
 * (never event rows): this home's rows fresh, the other homes' through `comparableHomes`. Null for an
 * unknown type.
 */
export async function applianceDetail(
  db: Queryable,
  house: EnergyHouse,
  typeId: number,
  now: number,
): Promise<ApplianceDetail | null> {
  const appliance = await applianceOf(db, house.id, typeId);
  if (!appliance) return null;
  const zone = house.time_zone;
  const days = detailDays(now, zone);
  const from = localDate((days[0] as Period).start, zone);
  const to = localDate((days.at(-1) as Period).end, zone);
  const [me] = await homesWithAppliance(db, typeId, from, to, house.id);
  if (me === undefined) return null;
  const minCovered = me.covered_s * MIN_COVERAGE;
  const candidates = (await comparableHomes(db, typeId, from, to, now)).filter(
    (h) => h.house_id !== house.id && h.covered_s >= minCovered,
  );
  const { compared } = chooseSimilar(me, groupRowsOf(candidates));
  const others = candidates.filter((h) => inGroup(compared.group, me, h));
  const mine = total(me);
  const totals = others.map(total);
  const comparable = averageOf(totals.reduce(add, ZERO), others.length);
  const dayOf = (i: number, homes: readonly HomeDays[]): UseTotals =>
    homes.reduce((sum, h) => add(sum, h.days.get(i) ?? ZERO), ZERO);
  return {
    name: appliance.name,
    currency_unit: CURRENCY_UNIT,
    time_unit: MINUTES,
    energy_unit: ENERGY_UNIT,
    appliance_rankings: {
      cost: rankOf(mine, totals, 'cost'),
      duration: rankOf(mine, totals, 'seconds'),
      consumption: rankOf(mine, totals, 'energy_wh'),
      out_of: others.length + 1,
    },
    comparable_rankings: {
      cost: pounds(comparable.cost),
      duration: minutes(comparable.seconds),
      consumption: kwh(comparable.energy_wh),
    },
    time_series: days.map((d, i) => ({
      timestamp: d.start,
      appliance: usage(dayOf(i, [me])),
      comparable: usage(averageOf(dayOf(i, others), others.length)),
    })),
    compared: { ...compared, homes: others.length },
    time_zone: zone,
    ...(appliance.estimated ? { estimated: true as const } : {}),
  };
}
