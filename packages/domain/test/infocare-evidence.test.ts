import { describe, expect, it } from 'vitest';
import {
  type ApplianceUse,
  activityOccurrences,
  type EvaluationInput,
  evaluateAlerts,
  learnRoutine,
} from '../src/index';
import { at, history, type Plan, usesOn, ZONE } from './infocare-support';

// Which appliance uses are evidence of a person (issue 36). A home with plugs also gets uses estimated from
// its whole-house meter; a load the meter cannot name (a timer, a thermostat) runs in an empty house, so it
// must neither start the morning nor end a silence there, and a plug's measured use outranks the meter's
// guess of the same appliance. A home with no kitchen plug keeps its unnamed loads as activity (issue 24).

const TODAY = '2024-11-20'; // a Wednesday
const estimated = (uses: ApplianceUse[]) => uses.map((u) => ({ ...u, estimated: true as const }));
/** A plug home's ordinary day: the kettle and microwave measured, the shower seen by the meter only. */
const plugDay: Plan = [
  ['kettle', 7 * 60, 3],
  ['microwave', 12 * 60 + 30, 4],
  ['kettle', 15 * 60 + 30, 3],
  ['microwave', 18 * 60, 5],
];
const past = history(TODAY, 28, () => plugDay);
const routine = learnRoutine(past, TODAY, ZONE);
const yesterday = past.at(-1)?.uses ?? [];

function input(now: number, uses: readonly ApplianceUse[]): EvaluationInput {
  return {
    now,
    zone: ZONE,
    routine,
    occurrences: activityOccurrences(uses),
    uses,
    lastDataAt: now - 60,
    readingIntervalS: 60,
    gaps: [],
  };
}

describe('a load the meter cannot name, in a home with plugs', () => {
  // A thermostat's 1.5 kW for 20 minutes at 06:40, before anyone is up (or with nobody home).
  const unnamed = estimated(usesOn(TODAY, [['activity', 6 * 60 + 40, 20]]));

  it('does not start the morning', () => {
    const late = at(TODAY, 9 * 60);
    const alerts = evaluateAlerts(input(late, [...yesterday, ...unnamed]));
    expect(alerts.map((a) => a.kind)).toEqual(['morning']);
    expect(alerts[0]?.text).toBe('No activity yet this morning. Usually the day starts by 07:00.');
  });

  it('does not end a silence: inactivity is counted from the last use a person made', () => {
    const morning = usesOn(TODAY, [['kettle', 7 * 60, 3]]);
    const timer = estimated(usesOn(TODAY, [['activity', 11 * 60 + 12, 22]]));
    const limit = routine?.longestGapS ?? 0;
    // Some time after the kettle's silence is long enough, and well before the timer's would be.
    const now = at(TODAY, 7 * 60 + 3) + 2 * limit + 3600;
    const [alert] = evaluateAlerts(input(now, [...yesterday, ...morning, ...timer]));
    expect(alert?.kind).toBe('inactivity');
    expect(alert?.evidence.last_seen_at).toBe(at(TODAY, 7 * 60 + 3));
  });

  it('still counts in a home with no plug at all (the meter is all it has)', () => {
    const meterOnly = estimated(usesOn(TODAY, [['activity', 6 * 60 + 40, 20]]));
    expect(activityOccurrences(meterOnly)).toMatchObject([{ activityId: 7, estimated: true }]);
  });

  it('and in a home whose plugs are not in the kitchen (IDEAL house 65: the shower and the laundry)', () => {
    const plugs = usesOn(TODAY, [['washing_machine', 9 * 60, 90]]);
    const kitchen = estimated(usesOn(TODAY, [['activity', 7 * 60, 4]]));
    expect(activityOccurrences([...plugs, ...kitchen]).map((o) => o.activityId)).toEqual([7, 3]);
  });
});

describe('a plug outranks the meter’s guess of the same appliance', () => {
  it('an estimated kettle overlapping a measured kettle adds nothing to it', () => {
    const plug = usesOn(TODAY, [['kettle', 7 * 60 + 1, 3]]);
    const guess = estimated(usesOn(TODAY, [['kettle', 7 * 60, 5]]));
    const occurrences = activityOccurrences([...guess, ...plug]);
    expect(occurrences).toEqual([
      { activityId: 1, start: at(TODAY, 7 * 60 + 1), end: at(TODAY, 7 * 60 + 4), applianceTypeIds: [1] },
    ]);
  });

  it('nor does one where the kettle’s plug saw nothing (another load of a kettle’s power)', () => {
    const plug = usesOn(TODAY, [['kettle', 7 * 60, 3]]);
    const guess = estimated(usesOn(TODAY, [['kettle', 11 * 60, 2]]));
    expect(activityOccurrences([...plug, ...guess]).map((o) => o.start)).toEqual([at(TODAY, 7 * 60)]);
  });

  it('while the meter’s guesses of appliances no plug measures still count', () => {
    const plug = usesOn(TODAY, [['kettle', 7 * 60, 3]]);
    const shower = estimated(usesOn(TODAY, [['electric_shower', 6 * 60 + 30, 8]]));
    expect(activityOccurrences([...plug, ...shower]).map((o) => [o.activityId, o.estimated])).toEqual([
      [4, true],
      [1, undefined],
    ]);
  });
});
