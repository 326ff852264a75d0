import { describe, expect, it } from 'vitest';
import {
  type ApplianceUse,
  activityOccurrences,
  addDays,
  type DayRecord,
  type EvaluationInput,
  evaluateAlerts,
  INACTIVITY_GAP_FACTOR,
  learnRoutine,
} from '../src/index';
import { at, dayRecord, history, type Plan, usesOn, ZONE } from './infocare-support';

// InfoCare on the whole-house meter alone (issue 24): uses estimated from the meter are activity like
// measured ones (an unrecognised load, 'activity', is "Other appliances"), the routine is learned from
// them, and the texts say no more than the meter shows. A home with measured uses keeps its wording.

const estimated = (uses: ApplianceUse[]) => uses.map((u) => ({ ...u, estimated: true }));
const meterDay = (date: string, plan: Plan): DayRecord => {
  const uses = estimated(usesOn(date, plan));
  return { date, coverage: 1, uses, occurrences: activityOccurrences(uses) };
};
/** What the meter sees of an ordinary day: the kettle at `first`, a shower, lunch as an unknown load. */
const meterPlan = (first: number): Plan => [
  ['kettle', first, 3],
  ['electric_shower', first + 20, 8],
  ['activity', 12 * 60 + 30, 20],
  ['kettle', 15 * 60 + 30, 3],
];

function input(
  now: number,
  over: Partial<EvaluationInput> & Pick<EvaluationInput, 'routine'>,
): EvaluationInput {
  return {
    now,
    zone: ZONE,
    occurrences: [],
    uses: [],
    lastDataAt: now - 60,
    readingIntervalS: 60,
    gaps: [],
    ...over,
  };
}

describe('InfoCare on a meter alone', () => {
  const today = '2024-11-20';
  const days: DayRecord[] = [];
  for (let i = 28; i >= 1; i--) days.push(meterDay(addDays(today, -i), meterPlan(7 * 60)));
  const routine = learnRoutine(days, today, ZONE);
  const past = days.flatMap((d) => d.occurrences);

  it("counts an unrecognised load as 'Other appliances', and marks occurrences only when all their uses are estimated", () => {
    const [other] = activityOccurrences(estimated(usesOn(today, [['activity', 600, 20]])));
    expect(other).toMatchObject({ activityId: 7, estimated: true });
    // An estimated kettle and a measured one within minutes: one occurrence, not all estimated.
    const mixed = activityOccurrences([
      ...estimated(usesOn(today, [['kettle', 420, 3]])),
      ...usesOn(today, [['kettle', 425, 3]]),
    ]);
    expect(mixed).toHaveLength(1);
    expect(mixed[0]?.estimated).toBeUndefined();
  });

  it('learns the routine from estimated uses and says what the meter did not see this morning', () => {
    expect(routine).toBeDefined();
    const late = evaluateAlerts(input(at(today, 9 * 60), { routine, occurrences: past }));
    const morning = late.find((a) => a.kind === 'morning');
    expect(morning?.text).toBe(
      'No kettle or other appliance use seen on the meter yet this morning. Usually the day starts by 07:00.',
    );
    expect(morning?.evidence.estimated).toBe(true);
    // The same routine from measured uses keeps the plain wording.
    const measured = history(today, 28, () => meterPlan(7 * 60)).flatMap((d) => d.occurrences);
    const plain = evaluateAlerts(input(at(today, 9 * 60), { routine, occurrences: measured }));
    expect(plain.find((a) => a.kind === 'morning')?.text).toMatch(/^No activity yet this morning\./);
    expect(plain.find((a) => a.kind === 'morning')?.evidence.estimated).toBeUndefined();
  });

  it('says what the meter did not see on a morning after a day away, with nothing of yesterday or today', () => {
    // The engine passes the occurrences from yesterday on: after a day with none (away, as REFIT house 2
    // over Easter 2014) there are none, and the text fell back to "No activity yet this morning".
    expect(routine?.estimated).toBe(true);
    const [morning] = evaluateAlerts(input(at(today, 9 * 60), { routine, occurrences: [] }));
    expect(morning?.kind).toBe('morning');
    expect(morning?.text).toMatch(/^No kettle or other appliance use seen on the meter yet this morning\./);
    expect(morning?.evidence.estimated).toBe(true);
    // A routine learned from measured uses keeps the plain wording.
    const measured = learnRoutine(
      history(today, 28, () => meterPlan(7 * 60)),
      today,
      ZONE,
    );
    expect(measured?.estimated).toBeUndefined();
    const [plain] = evaluateAlerts(input(at(today, 9 * 60), { routine: measured, occurrences: [] }));
    expect(plain?.text).toMatch(/^No activity yet this morning\./);
    expect(plain?.evidence.estimated).toBeUndefined();
  });

  it('raises no unusual-hour message for a load the meter could not name at night, but does for a kettle', () => {
    // A single 2.2 kW heat at 02:00 (a dishwasher's delayed heat looks just like it): no person is implied.
    const night = at(today, 2 * 60 + 30);
    const unnamed = meterDay(today, [['activity', 2 * 60, 12]]).occurrences;
    const quiet = evaluateAlerts(input(night, { routine, occurrences: [...past, ...unnamed] }));
    expect(quiet.filter((a) => a.kind === 'unusual_hour')).toEqual([]);
    const kettle = meterDay(today, [['kettle', 2 * 60, 3]]).occurrences;
    const [message] = evaluateAlerts(input(night, { routine, occurrences: [...past, ...kettle] }));
    expect(message).toMatchObject({ kind: 'unusual_hour', name: 'Hot drinks at an unusual hour' });
    expect(message?.evidence.estimated).toBe(true);
  });

  it('raises no unusual-hour message for a kettle-sized load the meter saw in one clock minute', () => {
    // REFIT house 20: 2–2.9 kW for exactly one minute at 01:27–03:20, no kettle channel on. The meter shows
    // a load, not someone making tea: it counts as activity, but tells the carer nothing at 02:00.
    const night = at(today, 2 * 60 + 30);
    const blip = meterDay(today, [['kettle', 2 * 60, 1]]).occurrences;
    expect(blip).toMatchObject([{ activityId: 1, estimated: true }]);
    const quiet = evaluateAlerts(input(night, { routine, occurrences: [...past, ...blip] }));
    expect(quiet.filter((a) => a.kind === 'unusual_hour')).toEqual([]);
    // Two minutes, a short boil as the meter sees it, is enough.
    const boil = meterDay(today, [['kettle', 2 * 60, 2]]).occurrences;
    const [message] = evaluateAlerts(input(night, { routine, occurrences: [...past, ...boil] }));
    expect(message).toMatchObject({ kind: 'unusual_hour', name: 'Hot drinks at an unusual hour' });
    // A kettle plug's one minute is measured, not guessed: it keeps its message.
    const plug = dayRecord(today, [['kettle', 2 * 60, 1]]).occurrences;
    const [measured] = evaluateAlerts(input(night, { routine, occurrences: [...past, ...plug] }));
    expect(measured).toMatchObject({ kind: 'unusual_hour', name: 'Hot drinks at an unusual hour' });
    expect(measured?.evidence.estimated).toBeUndefined();
  });

  it('words a silence after an estimated use as no kettle or other appliance use since then', () => {
    const morning = meterDay(today, [['kettle', 7 * 60, 3]]).occurrences;
    const lastSeen = at(today, 7 * 60 + 3);
    const short = { ...routine!, longestGapS: 3 * 3600 };
    const [alert] = evaluateAlerts(
      input(lastSeen + INACTIVITY_GAP_FACTOR * 3 * 3600 + 60, {
        routine: short,
        occurrences: [...past, ...morning],
      }),
    );
    expect(alert?.kind).toBe('inactivity');
    expect(alert?.text).toMatch(
      /^No kettle or other appliance use since 07:03 \(6 h 0 min as the meter shows\);/,
    );
    expect(alert?.evidence.estimated).toBe(true);
    const measured = dayRecord(today, [['kettle', 7 * 60, 3]]).occurrences;
    const [plain] = evaluateAlerts(
      input(lastSeen + INACTIVITY_GAP_FACTOR * 3 * 3600 + 60, {
        routine: short,
        occurrences: [...past, ...measured],
      }),
    );
    expect(plain?.text).toMatch(/^Nothing used for 6 h 0 min since 07:03;/);
  });
});

describe('an appliance left on, seen by the meter alone', () => {
  it('says the long run is what the meter shows, and marks the evidence', () => {
    const today = '2024-11-20';
    const uses = estimated(usesOn(today, [['hob', 17 * 60, 120]]));
    const now = at(today, 17 * 60 + 100);
    const [alert] = evaluateAlerts(
      input(now, { routine: undefined, uses, occurrences: activityOccurrences(uses) }),
    ).filter((a) => a.kind === 'long_on');
    expect(alert?.text).toMatch(
      /^The hob has been on since 17:00, .*\(As the whole-house meter shows it: no plug measures it\.\)$/,
    );
    expect(alert?.evidence.estimated).toBe(true);
    const measured = usesOn(today, [['hob', 17 * 60, 120]]);
    const [plain] = evaluateAlerts(
      input(now, { routine: undefined, uses: measured, occurrences: activityOccurrences(measured) }),
    ).filter((a) => a.kind === 'long_on');
    expect(plain?.text).not.toMatch(/meter/);
  });
});
