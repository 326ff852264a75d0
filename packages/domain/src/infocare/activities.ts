import type { ApplianceKey } from '../appliances/catalogue';
import { localDate } from '../time/zone';

// InfoCare activities: which appliance uses say that someone is up and about. The mapping is data (one
// row per activity type, naming catalogue appliance keys), so a new appliance type is one line here.
// Background loads (fridge-freezer, heat pump, always-on, lighting, EV charger) are in no row: they run
// whether or not anyone is home and never count as activity.

export interface ActivityType {
  /** Stable id on the wire (activity_id). */
  id: number;
  key: string;
  /** activity_type on the wire. */
  name: string;
  icon: string;
  applianceKeys: readonly ApplianceKey[];
}

export const ACTIVITY_TYPES: readonly ActivityType[] = [
  { id: 1, key: 'hot_drinks', name: 'Hot drinks', icon: 'kettle', applianceKeys: ['kettle'] },
  {
    id: 2,
    key: 'meals',
    name: 'Meals',
    icon: 'microwave',
    applianceKeys: ['microwave', 'oven', 'hob', 'toaster'],
  },
  {
    id: 3,
    key: 'laundry',
    name: 'Laundry',
    icon: 'washing-machine',
    applianceKeys: ['washing_machine', 'tumble_dryer', 'iron'],
  },
  { id: 4, key: 'personal_care', name: 'Personal care', icon: 'shower', applianceKeys: ['electric_shower'] },
  {
    id: 5,
    key: 'entertainment',
    name: 'Entertainment',
    icon: 'tv',
    applianceKeys: ['television', 'computer'],
  },
  { id: 6, key: 'housework', name: 'Housework', icon: 'vacuum', applianceKeys: ['dishwasher', 'vacuum'] },
  // A load over ~1.3 kW that the whole-house meter saw start and stop and could not name (issue 24):
  // someone switched something on.
  { id: 7, key: 'other_appliances', name: 'Other appliances', icon: 'plug', applianceKeys: ['activity'] },
];

/**
 * Appliances whose long run is a hazard (left on), with the length of a run beyond which, with nothing
 * learned, it is "far longer than usual" (seconds). Thermostat loads cycle, so their runs are sessions.
 */
export const HAZARD_DEFAULT_LIMIT_S: Readonly<Record<string, number>> = {
  oven: 3 * 3600,
  hob: 90 * 60,
  iron: 60 * 60,
  toaster: 15 * 60,
  microwave: 30 * 60,
  kettle: 20 * 60,
} satisfies Partial<Record<ApplianceKey, number>>;

const byApplianceKey = new Map<string, ActivityType>(
  ACTIVITY_TYPES.flatMap((a) => a.applianceKeys.map((k) => [k, a] as const)),
);
const byId = new Map(ACTIVITY_TYPES.map((a) => [a.id, a]));

/** The activity an appliance's use stands for, or undefined for a background load. */
export function activityOfAppliance(applianceKey: string): ActivityType | undefined {
  return byApplianceKey.get(applianceKey);
}

export function activityById(id: number): ActivityType | undefined {
  return byId.get(id);
}

/** One appliance run as stored: [start, end) epoch seconds. */
export interface ApplianceUse {
  applianceTypeId: number;
  applianceKey: string;
  start: number;
  end: number;
  /** Estimated from the whole-house meter, not measured by a plug or channel (issue 24). */
  estimated?: boolean;
}

/** One occurrence of an activity: [start, end) with the appliance runs it merges. */
export interface ActivityOccurrence {
  activityId: number;
  start: number;
  end: number;
  applianceTypeIds: number[];
  /** Every run it merges was estimated from the whole-house meter. */
  estimated?: boolean;
}

/** Runs of one activity closer than this merge into one occurrence (a hob cycling, toast then kettle). */
export const OCCURRENCE_JOIN_S = 10 * 60;

/** The appliance key of a load the whole-house meter saw start and stop and could not name (issue 24). */
export const UNNAMED_LOAD = 'activity';

/** The appliances a person operates that `uses` measure (a plug or a channel, not the meter's estimate). */
export function measuredKeys(uses: readonly ApplianceUse[]): Set<string> {
  const keys = new Set<string>();
  for (const u of uses)
    if (!u.estimated && u.applianceKey !== UNNAMED_LOAD && activityOfAppliance(u.applianceKey))
      keys.add(u.applianceKey);
  return keys;
}

/**
 * The uses that are evidence of a person (issue 36): the one rule of what InfoCare counts. `measured` is
 * what the home measures (measuredKeys over what the caller knows of it: the engine passes the 28 days a
 * routine is learned from and the uses since yesterday, so a home away for days is still a plug home).
 * - A use of an appliance a person operates counts, measured or estimated (background loads never do).
 * - A plug outranks the meter's guess of its appliance over that whole span, not only where they overlap:
 *   where the plug saw the use, counting the estimate too would double it; where it saw nothing, the
 *   meter's "kettle" was another load of a kettle's power (REFIT house 2, 27 June 2014 05:59, the tail of
 *   a shower). The write path stores no such estimate within 28 days of a measured use (estimates.ts);
 *   this rule holds for whatever reaches InfoCare all the same.
 * - A load the meter cannot name is no evidence of a person in a home whose kitchen is on plugs
 *   (KITCHEN_KEYS): it may as well be a timer or a thermostat (four of them at 11:12–11:34 in REFIT house
 *   2's empty house, 27 June 2014, hid a departure until the next morning). In a home with no plug at all
 *   (or none in the kitchen) it still counts: there the meter is all there is, and its unnamed loads are
 *   mostly a person's (a microwave, a toaster, an iron: the
 *   detector has no name for them). Dropped there too, real departures seen on the meter alone were
 *   alerted hours later or not at all (REFIT house 20's missed mornings of 14–16 May 2014 at 10:19,
 *   10:34 and 08:12 instead of 06:50–06:51; UK-DALE house 2's of 19 July 2013 not at all), for one seen
 *   sooner (REFIT house 2, 27 June 2014, at 21:22); bench/NOTES.md, issue 36.
 */
export function evidenceUses(
  uses: readonly ApplianceUse[],
  measured: ReadonlySet<string> = measuredKeys(uses),
): ApplianceUse[] {
  const kitchen = KITCHEN_KEYS.some((k) => measured.has(k));
  return uses.filter(
    (u) => !u.estimated || (u.applianceKey === UNNAMED_LOAD ? !kitchen : !measured.has(u.applianceKey)),
  );
}

/**
 * A home measuring one of these has its kitchen on a plug: the meter's unnamed loads, which stand mostly
 * for the small kitchen appliances it cannot name (a microwave, a toaster), then add nothing a person did.
 * A home whose plugs are elsewhere (IDEAL house 65: shower, washing machine, dishwasher) sees its kitchen
 * on the meter alone; without its unnamed loads its plug-based replay raised six mornings and silences in
 * April 2018 that the meter-only replay of the same meter did not (bench/NOTES.md, issue 36).
 */
const KITCHEN_KEYS = [
  ...(ACTIVITY_TYPES.find((a) => a.key === 'hot_drinks')?.applianceKeys ?? []),
  ...(ACTIVITY_TYPES.find((a) => a.key === 'meals')?.applianceKeys ?? []),
];

/**
 * The activity occurrences of a list of appliance uses, ordered by start: only the evidence of a person
 * (evidenceUses, with what the home measures: by default, what `uses` measure).
 */
export function activityOccurrences(
  uses: readonly ApplianceUse[],
  measured: ReadonlySet<string> = measuredKeys(uses),
): ActivityOccurrence[] {
  const perActivity = new Map<number, ApplianceUse[]>();
  for (const use of evidenceUses(uses, measured)) {
    const activity = activityOfAppliance(use.applianceKey);
    if (!activity || use.end <= use.start) continue;
    const list = perActivity.get(activity.id) ?? [];
    list.push(use);
    perActivity.set(activity.id, list);
  }
  const out: ActivityOccurrence[] = [];
  for (const [activityId, list] of perActivity) {
    list.sort((a, b) => a.start - b.start);
    let current: ActivityOccurrence | undefined;
    for (const use of list) {
      if (current && use.start <= current.end + OCCURRENCE_JOIN_S) {
        current.end = Math.max(current.end, use.end);
        if (!use.estimated) delete current.estimated;
        if (!current.applianceTypeIds.includes(use.applianceTypeId))
          current.applianceTypeIds.push(use.applianceTypeId);
      } else {
        current = { activityId, start: use.start, end: use.end, applianceTypeIds: [use.applianceTypeId] };
        if (use.estimated) current.estimated = true;
        out.push(current);
      }
    }
  }
  return out.sort((a, b) => a.start - b.start || a.activityId - b.activityId);
}

/** Occurrences grouped by the local calendar day of their start, in zone. */
export function occurrencesByLocalDay(
  occurrences: readonly ActivityOccurrence[],
  zone: string,
): Map<string, ActivityOccurrence[]> {
  const days = new Map<string, ActivityOccurrence[]>();
  for (const o of occurrences) {
    const date = localDate(o.start, zone);
    const list = days.get(date) ?? [];
    list.push(o);
    days.set(date, list);
  }
  return days;
}

/** Thermostat loads: their heating element cycles on and off while the appliance is in use. */
export const CYCLING_APPLIANCES: ReadonlySet<string> = new Set(['oven', 'hob', 'iron']);

/**
 * Sessions of one appliance: runs of a thermostat load (hob, oven, iron) separated by less than `joinS`
 * are one session, so its cycling counts as one long use, not many short ones. Other appliances' runs
 * stay apart: a kettle boiled again five minutes later was not on for ten minutes (UK-DALE house 2).
 */
export function applianceSessions(
  uses: readonly ApplianceUse[],
  joinS = OCCURRENCE_JOIN_S,
): { applianceTypeId: number; applianceKey: string; start: number; end: number }[] {
  const byType = new Map<number, ApplianceUse[]>();
  for (const u of uses) {
    const list = byType.get(u.applianceTypeId) ?? [];
    list.push(u);
    byType.set(u.applianceTypeId, list);
  }
  const out: { applianceTypeId: number; applianceKey: string; start: number; end: number }[] = [];
  for (const list of byType.values()) {
    list.sort((a, b) => a.start - b.start);
    let cur: (typeof out)[number] | undefined;
    for (const u of list) {
      const join = CYCLING_APPLIANCES.has(u.applianceKey) ? joinS : 0;
      if (cur && u.start <= cur.end + join) cur.end = Math.max(cur.end, u.end);
      else {
        cur = {
          applianceTypeId: u.applianceTypeId,
          applianceKey: u.applianceKey,
          start: u.start,
          end: u.end,
        };
        out.push(cur);
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
