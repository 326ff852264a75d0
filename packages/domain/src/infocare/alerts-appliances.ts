import { localParts } from '../time/zone';
import { activityById, activityOfAppliance, applianceSessions, HAZARD_DEFAULT_LIMIT_S } from './activities';
import {
  type AlertCandidate,
  type EvaluationInput,
  MIN_UNUSUAL_DAYS,
  margin,
  UNUSUAL_ESTIMATED_MIN_S,
  UNUSUAL_LOOKBACK_S,
} from './alert-input';
import { hhmm, type Routine } from './routine';

// The alerts about one appliance's use rather than the day's shape: left on far longer than usual, and
// used at an hour this home is not usually up.

export function longOnAlerts(input: EvaluationInput): AlertCandidate[] {
  const out: AlertCandidate[] = [];
  const learned = input.routine?.sessionP95 ?? {};
  for (const s of applianceSessions(input.uses.filter((u) => u.start <= input.now))) {
    const fallback = HAZARD_DEFAULT_LIMIT_S[s.applianceKey];
    if (fallback === undefined) continue;
    const usual = learned[s.applianceKey];
    // Twice the usual long run, never below the hazard default: a home that usually microwaves for 4 min
    // still heats a ready meal for 20 now and then (REFIT house 20), and a kettle stops by itself.
    const limit = (usual === undefined ? fallback : Math.max(2 * usual, fallback)) * margin(input, 'long_on');
    const runningFor = Math.min(s.end, input.now) - s.start;
    if (runningFor < limit || s.end <= input.now) continue;
    const name = activityById(activityIdOf(s.applianceKey))?.name ?? s.applianceKey;
    // A session seen only in the whole-house meter: the alert says it is the meter's estimate.
    const estimated = input.uses.some(
      (u) => u.applianceTypeId === s.applianceTypeId && u.start >= s.start && u.start < s.end && u.estimated,
    );
    out.push({
      cause: `long_on:${s.applianceTypeId}:${s.start}`,
      kind: 'long_on',
      type: 'On',
      level: 'Urgent',
      name: `${label(s.applianceKey)} left on`,
      text: `${longOnText(
        label(s.applianceKey).toLowerCase(),
        hhmm(localParts(s.start, input.zone).minuteOfDay),
        usual,
        limit,
      )}${estimated ? ' (As the whole-house meter shows it: no plug measures it.)' : ''}`,
      icon: s.applianceKey,
      activityId: activityIdOf(s.applianceKey),
      raisedAt: s.start + Math.round(limit),
      instant: false,
      evidence: {
        on_since: s.start,
        usual_run_s: usual === undefined ? null : Math.round(usual),
        activity: name,
        ...(estimated ? { estimated: true } : {}),
      },
    });
  }
  return out;
}

/** "2 h", "1 h 30 min", "45 min". */
export function durationText(seconds: number): string {
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  return m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

function longOnText(appliance: string, since: string, usualS: number | undefined, limitS: number): string {
  // Before the home's own runs are learned there is no "usual" to quote: say how long it has been on
  // and why that is enough to alert, nothing more.
  if (usualS === undefined)
    return `The ${appliance} has been on since ${since}, over ${durationText(limitS)}: longer than ${/^[aeiou]/.test(appliance) ? 'an' : 'a'} ${appliance} is normally left on (this home's usual use is not learned yet).`;
  return `The ${appliance} has been on since ${since}, far longer than usual (its long uses last about ${durationText(usualS)}).`;
}

export function unusualHourAlerts(input: EvaluationInput, routine: Routine): AlertCandidate[] {
  if (routine.days < MIN_UNUSUAL_DAYS / 2) return [];
  const out: AlertCandidate[] = [];
  for (const o of input.occurrences) {
    if (o.start > input.now || o.start < input.now - UNUSUAL_LOOKBACK_S) continue;
    const p = localParts(o.start, input.zone);
    const earliest = routine.firstUsual - 120 * margin(input, 'unusual_hour');
    const latest = routine.lastP90 + 120 * margin(input, 'unusual_hour');
    const share = routine.hourShare[p.hour] ?? 0;
    if (share > 0.05 || (p.minuteOfDay >= earliest && p.minuteOfDay <= latest)) continue;
    const activity = activityById(o.activityId);
    // A load the meter saw and could not name, at night, is as often a timer as a person (a dishwasher's
    // or washing machine's delayed heat: REFIT house 2 at 22:15, UK-DALE house 2 at 00:03): it still
    // counts as activity for the morning and silences, but says nothing of someone up at an odd hour.
    if (activity?.key === 'other_appliances') continue;
    // One clock minute of 2.5 kW at 02:00 is about as often something else as a kettle (REFIT house 20's
    // four night-time "Hot drinks" at 01:27–03:20, no kettle channel on): the meter shows a load, not a
    // person making tea.
    if (o.estimated && o.end - o.start < UNUSUAL_ESTIMATED_MIN_S) continue;
    out.push({
      cause: `unusual:${o.activityId}:${o.start}`,
      kind: 'unusual_hour',
      type: 'On',
      level: 'Message',
      name: `${activity?.name ?? 'Activity'} at an unusual hour`,
      text: `${activity?.name ?? 'Activity'} at ${hhmm(p.minuteOfDay)}, outside the usual day (${hhmm(routine.firstUsual)}–${hhmm(routine.lastUsual)}).`,
      icon: activity?.icon ?? 'clock',
      activityId: o.activityId,
      raisedAt: o.start,
      instant: true,
      evidence: {
        at: o.start,
        usual_first: hhmm(routine.firstUsual),
        usual_last: hhmm(routine.lastUsual),
        ...(o.estimated ? { estimated: true } : {}),
      },
    });
  }
  return out;
}

const LABELS: Record<string, string> = {
  oven: 'Oven',
  hob: 'Hob',
  iron: 'Iron',
  toaster: 'Toaster',
  microwave: 'Microwave',
  kettle: 'Kettle',
};
const label = (key: string) => LABELS[key] ?? key;

function activityIdOf(applianceKey: string): number {
  return activityOfAppliance(applianceKey)?.id ?? 0;
}
