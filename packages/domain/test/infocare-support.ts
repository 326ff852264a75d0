import {
  type ActivityOccurrence,
  type ApplianceUse,
  activityOccurrences,
  addDays,
  type DayRecord,
  instantOfLocal,
} from '../src/index';

// A synthetic dependant for the InfoCare tests: each day a list of (appliance, local minute, minutes
// run), turned into stored-like uses, occurrences and day records with full coverage.

export const ZONE = 'Europe/London';
export const KEYS: Record<string, number> = {
  kettle: 1,
  microwave: 2,
  oven: 3,
  hob: 4,
  toaster: 5,
  washing_machine: 7,
  electric_shower: 9,
  fridge_freezer: 10,
  television: 11,
  iron: 13,
  activity: 19,
};

export type Plan = [key: string, minuteOfDay: number, minutes: number][];

export function usesOn(date: string, plan: Plan): ApplianceUse[] {
  return plan.map(([key, minute, minutes]) => {
    const start = instantOfLocal(date, minute * 60, ZONE);
    return { applianceTypeId: KEYS[key] as number, applianceKey: key, start, end: start + minutes * 60 };
  });
}

/** An ordinary day: kettle at `first`, lunch, afternoon tea, TV in the evening, the fridge all day. */
export function ordinaryPlan(first: number): Plan {
  return [
    ['fridge_freezer', 0, 24 * 60 - 1],
    ['kettle', first, 3],
    ['toaster', first + 10, 3],
    ['microwave', 12 * 60 + 30, 4],
    ['kettle', 15 * 60 + 30, 3],
    ['hob', 17 * 60 + 30, 25],
    ['television', 18 * 60 + 30, 150],
  ];
}

export function dayRecord(date: string, plan: Plan, coverage = 1): DayRecord {
  const uses = usesOn(date, plan);
  return { date, coverage, uses, occurrences: activityOccurrences(uses) };
}

/** `n` days ending the day before `today`, the plan chosen per date. */
export function history(
  today: string,
  n: number,
  planOf: (date: string, i: number) => Plan | null,
): DayRecord[] {
  const out: DayRecord[] = [];
  for (let i = n; i >= 1; i--) {
    const date = addDays(today, -i);
    const plan = planOf(date, i);
    out.push(plan ? dayRecord(date, plan) : { date, coverage: 1, uses: [], occurrences: [] });
  }
  return out;
}

export function occurrencesOf(uses: ApplianceUse[]): ActivityOccurrence[] {
  return activityOccurrences(uses);
}

export const at = (date: string, minute: number) => instantOfLocal(date, minute * 60, ZONE);
