import type {
  ApplianceDetail,
  ApplianceEntry,
  ApplianceList,
  ApplianceUsage,
  TimeUnit,
  Timeline,
  ViewType,
} from '@homeview/contract';
import { type Period, periodContaining, previousPeriod, selectPeriod } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { by, CURRENCY_UNIT, ENERGY_UNIT, entry, kwh, pounds, subtitleOf } from '../energy/present';
import {
  type ApplianceUsageRow,
  applianceUsageIn,
  appliancesOnBetween,
  type EnergyHouse,
} from '../energy/repository';
import { PAST_HOUR_S } from '../energy/service';
import {
  applianceOf,
  type BucketUse,
  shownAppliances,
  timelineEvents,
  type UseTotals,
  useByBucket,
  useByHome,
} from './repository';

// The /common/appliances calls, from appliance_events only. A use belongs to the period its start is in;
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
    const used = new Map(usage.map((r) => [r.appliance_type_id, r]));
    rows = (await shownAppliances(db, house.id)).map(
      (a) => used.get(a.appliance_type_id) ?? { ...a, seconds: 0, energy_wh: 0, cost: 0 },
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
  const usage = await applianceUsageIn(db, house.id, period.start, period.end);
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
    })),
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
 * One appliance over the last 4 weeks against the same appliance in the other homes that used it then
 * ("comparable homes"): this home's place on cost, duration and consumption (1 = lowest, out of every
 * home compared, this one included), the average comparable home's totals (`comparable_rankings`) and,
 * per local day, this home's use beside the average comparable home's. Null for an unknown type.
 */
export async function applianceDetail(
  db: Queryable,
  house: EnergyHouse,
  typeId: number,
  now: number,
): Promise<ApplianceDetail | null> {
  const appliance = await applianceOf(db, house.id, typeId);
  if (!appliance) return null;
  const days = detailDays(now, house.time_zone);
  const start = (days[0] as Period).start;
  const end = (days.at(-1) as Period).end;
  const homes = await useByHome(db, typeId, start, end);
  const mine = homes.find((h) => h.house_id === house.id) ?? ZERO;
  const others = homes.filter((h) => h.house_id !== house.id);
  const othersSum = others.reduce(
    (s, o) => ({
      seconds: s.seconds + o.seconds,
      energy_wh: s.energy_wh + o.energy_wh,
      cost: s.cost + o.cost,
    }),
    ZERO,
  );
  const bounds = [...days.map((d) => d.start), end];
  const buckets = await useByBucket(db, house.id, typeId, bounds);
  const at = (list: readonly BucketUse[], i: number): UseTotals =>
    list.find((b) => b.bucket === i + 1) ?? ZERO;
  const comparable = averageOf(othersSum, others.length);
  return {
    name: appliance.name,
    currency_unit: CURRENCY_UNIT,
    time_unit: MINUTES,
    energy_unit: ENERGY_UNIT,
    appliance_rankings: {
      cost: rankOf(mine, others, 'cost'),
      duration: rankOf(mine, others, 'seconds'),
      consumption: rankOf(mine, others, 'energy_wh'),
      out_of: others.length + 1,
    },
    comparable_rankings: {
      cost: pounds(comparable.cost),
      duration: minutes(comparable.seconds),
      consumption: kwh(comparable.energy_wh),
    },
    time_series: days.map((d, i) => ({
      timestamp: d.start,
      appliance: usage(at(buckets.mine, i)),
      comparable: usage(averageOf(at(buckets.others, i), others.length)),
    })),
  };
}
