// What a synthetic home is: the inputs a caller chooses. Everything else (appliance ratings,
// baseload, habits) is drawn from the seed in home.ts.

import type { PropertyType } from '@homeview/contract';
import type { OwnableKey, UseKey } from './owned';

export const AGE_BANDS = ['under10', 'range10_17', 'range18_64', 'range65_74', 'over74'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export const WORK_PATTERNS = ['full_time', 'part_time', 'stay_at_home', 'pensioner'] as const;
export type WorkPattern = (typeof WORK_PATTERNS)[number];

// Property types are the product's (spec §3), so the simulator uses the contract's list.
export { PROPERTY_TYPES, type PropertyType } from '@homeview/contract';

export interface Occupant {
  age: AgeBand;
  /** Children (under 18) go to school in term time and ignore this. Adults default to stay_at_home. */
  work?: WorkPattern;
  /** Workers commute by default; false means they work from home. */
  commutes?: boolean;
}

/** Inclusive range of local dates, 'YYYY-MM-DD'. */
export interface DateSpan {
  from: string;
  to: string;
}

export interface HolidaySpec {
  /** Whole weeks away per calendar year, placed from the seed (one in the summer when ≥ 1). */
  weeksPerYear: number;
  /** Extra explicit spans away. */
  spans: readonly DateSpan[];
}

/** One fixed-time habit of a routine home (local clock time). */
export interface RoutineItem {
  appliance: UseKey;
  /** 'HH:MM' local. */
  at: string;
  /** Normal spread (sd is half of this), clipped at ± this many minutes. */
  jitterMinutes: number;
  /** Session length for TV / computer; programme appliances use their own. */
  minutes?: number;
  /** 0 = Sunday … 6 = Saturday; every day when absent. */
  weekdays?: readonly number[];
  /** Chance the habit happens on a given day; 1 when absent. */
  probability?: number;
}

/** A steady daily routine with occasional deviations (used for InfoCare's dependant). */
export interface RoutineSpec {
  /** 'HH:MM' local. */
  wake: string;
  sleep: string;
  items: readonly RoutineItem[];
  /** Mean days between late mornings (morning habits shift by ~2 h). 0 = never. */
  lateMorningEveryDays: number;
  /** Mean days between days with no kettle before 10:00. 0 = never. */
  noEarlyKettleEveryDays: number;
  /** Mean days between evenings with no activity at all from 18:00. 0 = never. */
  missingEveningEveryDays: number;
  /** Departures set on given dates rather than drawn (the demo's story for InfoCare). */
  departures?: readonly RoutineDeparture[];
}

/**
 * One day's set departure from the routine. Readings and uses are simulated with it, so the meter, the
 * appliance uses and anything judged from them tell the same story.
 */
export interface RoutineDeparture {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  /** No appliance use (of any habit) starts from `from` until `to`: 'HH:MM' local, '24:00' = midnight. */
  quiet?: { from: string; to: string };
  /** An appliance left on: it starts at `at` ('HH:MM' local) and runs `minutes` (within the day). */
  leftOn?: { appliance: 'oven'; at: string; minutes: number };
  /** Minutes the morning (waking, and the habits before 10:00) runs later than usual: a drift over weeks. */
  morningLater?: number;
}

export interface HomeSpec {
  seed: number;
  name?: string;
  occupants: readonly Occupant[];
  propertyType: PropertyType;
  floorAreaM2: number;
  /** How many of each appliance the home has; absent = none. */
  appliances: Partial<Record<OwnableKey, number>>;
  /** PV peak power, kWp; 0 = no PV. */
  pvKwp: number;
  /** Degrees from horizontal; default 35. */
  pvTiltDeg?: number;
  /** Degrees clockwise from north; default 180 (south). */
  pvAzimuthDeg?: number;
  ev: boolean;
  heatPump: boolean;
  holidays: HolidaySpec;
  /** Default 52.0 N, 1.5 W (English Midlands). */
  latitudeDeg?: number;
  longitudeDeg?: number;
  /** Homes sharing a weather seed see the same clouds and temperatures; default shared by all. */
  weatherSeed?: number;
  /** When present, the listed appliances follow this routine instead of random habits. */
  routine?: RoutineSpec;
}

export const DEFAULT_WEATHER_SEED = 20_240_601;

/** Parses 'HH:MM' into minutes after local midnight. */
export function clockMinutes(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`not an HH:MM time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function isChild(o: Occupant): boolean {
  return o.age === 'under10' || o.age === 'range10_17';
}

/** The home as the setup questionnaire counts it (spec §3 setup detail), for seeding. */
export function householdSummary(spec: HomeSpec): {
  age_groups: Record<AgeBand, number>;
  employment_statuses: { full_time: number; part_time: number; unemployed: number; pensioner: number };
  travel: { commuting: number; stay_at_home: number };
  property_type: PropertyType;
} {
  const age_groups: Record<AgeBand, number> = {
    under10: 0,
    range10_17: 0,
    range18_64: 0,
    range65_74: 0,
    over74: 0,
  };
  const employment_statuses = { full_time: 0, part_time: 0, unemployed: 0, pensioner: 0 };
  const travel = { commuting: 0, stay_at_home: 0 };
  for (const o of spec.occupants) {
    age_groups[o.age]++;
    if (isChild(o)) continue;
    const work = o.work ?? 'stay_at_home';
    if (work === 'stay_at_home') employment_statuses.unemployed++;
    else employment_statuses[work]++;
    const commutes = (work === 'full_time' || work === 'part_time') && o.commutes !== false;
    if (commutes) travel.commuting++;
    else travel.stay_at_home++;
  }
  return { age_groups, employment_statuses, travel, property_type: spec.propertyType };
}
