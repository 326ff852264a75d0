import { shortDate } from '@homeview/contract/calendar';
import { instantOfLocal, localDate, localParts } from '../time/zone';
import type { ActivityOccurrence } from './activities';
import {
  type AlertCandidate,
  type DataGap,
  type EvaluationInput,
  MIN_INACTIVITY_S,
  margin,
  NO_DATA_MIN_S,
  DAY_LATE_INTERVAL_S,
} from './alert-input';
import { DEFAULT_PUBLICATION, overdueFrom, usualArrival } from './publication';
import { longOnAlerts, unusualHourAlerts } from './alerts-appliances';
import { hhmm, type Routine } from './routine';
import { quantile } from './stats';

// Alert rules: pure functions of what is known at `now` (the routine learned from earlier days, today's
// occurrences, the data gaps). Each candidate names its cause; the server keeps one alert per cause, so
// evaluating again (every minute, after a restart, in another process) never duplicates one. This file
// holds the rules about the day's shape (no data, the morning, silences); alerts-appliances.ts those about
// one appliance.

export * from './alert-input';
export { durationText } from './alerts-appliances';

/** Seconds of [from, to) not covered by data gaps. */
export function secondsWithData(from: number, to: number, gaps: readonly DataGap[], now: number): number {
  let missing = 0;
  for (const g of gaps) {
    const s = Math.max(from, g.start);
    const e = Math.min(to, g.end ?? now);
    if (e > s) missing += e - s;
  }
  return Math.max(0, to - from - missing);
}

/** The instant at which `seconds` of data have accumulated after `from` (gaps do not count). */
function afterDataSeconds(from: number, seconds: number, gaps: readonly DataGap[], now: number): number {
  let t = from + seconds;
  for (const g of [...gaps].sort((a, b) => a.start - b.start)) {
    const e = g.end ?? now;
    if (g.start < t && e > from) t += Math.min(e, Number.MAX_SAFE_INTEGER) - Math.max(from, g.start);
  }
  return t;
}

/**
 * How late a morning may be before it is alerted, in minutes after the usual (median) first activity: the
 * acceptance ceiling. Real homes start up to ~75 min after their usual time on ordinary days (REFIT house
 * 2, UK-DALE house 2), so the margin is wide, but a missed morning must still be reported within this.
 */
export const MORNING_MAX_LATE_MIN = 90;
/** Margin past the 75th percentile for a punctual home; it grows with the spread (1.5 × IQR) up to 90. */
export const MORNING_MIN_SLACK_MIN = 45;
/** Below this share of mornings within MORNING_MISSED_MIN of the usual, the first activity is no signal. */
export const MORNING_MIN_RELIABLE = 0.85;

/** Minute of the day by which the first activity is late (deadline), for a routine and margin factor. */
export function morningDeadlineMinute(routine: Routine, factor = 1): number {
  const base = Math.max(routine.firstP75, routine.firstRecent);
  // A day type learned from other days' mornings (a new home's first weekend) has no spread of its own:
  // only the ceiling applies.
  const slack = routine.fallback
    ? Number.POSITIVE_INFINITY
    : Math.min(MORNING_MAX_LATE_MIN, MORNING_MIN_SLACK_MIN + 1.5 * routine.firstIqr) * factor;
  // The ceiling follows a change of habit (the recent mornings plus the margin) but never their spread.
  const ceiling = Math.max(
    routine.firstUsual + MORNING_MAX_LATE_MIN * factor,
    routine.firstRecent + Math.min(slack, MORNING_MAX_LATE_MIN * factor),
  );
  return Math.min(base + slack, ceiling);
}

/**
 * Multiple of the usual longest gap (its 90th percentile) that a silence must reach. A 28-day window's
 * 90th percentile is about its third-longest day and cannot see a 1-in-70-days silence (≤ 0.10 alerts per
 * home-week): the working households replayed for issue 7 had ordinary days out, back at their usual
 * hour, of 1.53–1.97 × it (REFIT houses 2 and 20, UK-DALE house 2); 1.5 alerted on all four.
 */
export const INACTIVITY_GAP_FACTOR = 2;

/** The inactivity gap (seconds of data) that raises a Warning; Urgent when it goes on a quarter as long again. */
export function inactivityLimitS(routine: Routine, factor = 1): number {
  // Whole seconds: the instants derived from it are stored as epoch seconds.
  return Math.round(Math.max(MIN_INACTIVITY_S, INACTIVITY_GAP_FACTOR * routine.longestGapS) * factor);
}

/** Share of learned days allowed a silence at least as long over the same hours (1 in 10). */
export const SILENCE_QUANTILE = 0.9;
/** A learned day's silence counts if it began within this long after today's last activity. */
export const SILENCE_START_SLACK_MIN = 60;

/**
 * Minute of the day (may pass 1440: not before midnight) by which, on all but 1 in 10 learned days, some
 * activity ended a silence that began by `fromMinute` + SILENCE_START_SLACK_MIN. A working household is
 * out from 08:00 to 17:00 on many days: a silence over those hours is ordinary for it, one over the hours
 * it is always home is not.
 */
export function usualSilenceEndMinute(routine: Routine, fromMinute: number): number {
  const start = fromMinute + SILENCE_START_SLACK_MIN;
  const ends = routine.dayIntervals.map((day) => {
    for (const [s, e] of day) if (e > start) return Math.max(s, start);
    return 24 * 60;
  });
  return quantile(ends, SILENCE_QUANTILE) ?? start;
}

export function evaluateAlerts(input: EvaluationInput): AlertCandidate[] {
  const out: AlertCandidate[] = [];
  const noData = noDataAlert(input);
  if (noData) out.push(noData);
  // Missing data is never inactivity: while the home is silent, nothing is judged from silence; nor is
  // it from a day-late feed of half-hours, whose today is not known until tomorrow (issue 36: such homes
  // get the day's summary instead). Alerts from a use seen (left on, an unusual hour) stand either way.
  if (!noData && input.routine && !isDayLate(input)) {
    const morning = morningAlert(input, input.routine);
    if (morning) out.push(morning);
    else {
      const idle = inactivityAlert(input, input.routine);
      if (idle) out.push(idle);
    }
  }
  out.push(...longOnAlerts(input));
  if (input.routine) out.push(...unusualHourAlerts(input, input.routine));
  return out;
}

/** Whether the home's readings come as half-hours, a day late (a supplier's, half-hourly files). */
export const isDayLate = (input: EvaluationInput): boolean => input.readingIntervalS >= DAY_LATE_INTERVAL_S;

function noDataAlert(input: EvaluationInput): AlertCandidate | undefined {
  if (input.lastDataAt === null) return undefined;
  if (isDayLate(input)) return dayLateNoData(input, input.lastDataAt);
  const silence = Math.max(NO_DATA_MIN_S, 2 * input.readingIntervalS);
  if (input.now - input.lastDataAt < silence) return undefined;
  return {
    ...noData(input.lastDataAt, input.lastDataAt + silence),
    text: `No readings from the home since ${hhmm(localParts(input.lastDataAt, input.zone).minuteOfDay)}. The meter or its connection may be off.`,
    evidence: { last_data_at: input.lastDataAt, silence_s: silence },
  };
}

/**
 * A day-late feed: the first local day not wholly in (the one its newest data ends in; a newest end at
 * midnight starts the next) is normal until its usual time plus the margin (publication.ts), then
 * overdue: "no data", once per silence (the cause is the newest end).
 */
function dayLateNoData(input: EvaluationInput, lastDataAt: number): AlertCandidate | undefined {
  const publication = input.publication ?? DEFAULT_PUBLICATION;
  const missing = localDate(lastDataAt, input.zone);
  const overdue = overdueFrom(missing, publication, input.zone);
  if (input.now < overdue) return undefined;
  const since = hhmm(localParts(lastDataAt, input.zone).minuteOfDay);
  const usual = hhmm(localParts(usualArrival(missing, publication, input.zone), input.zone).minuteOfDay);
  return {
    ...noData(lastDataAt, overdue),
    text: `No half-hours from the meter since ${since} on ${shortDate(missing)}: they usually arrive by ${usual} ${publication.usualMinute < 1440 ? 'the next day' : 'the day after next'}. The supplier has not published them, or the connection needs attention.`,
    evidence: { last_data_at: lastDataAt, missing_day: missing, overdue_at: overdue },
  };
}

const noData = (lastDataAt: number, raisedAt: number) => ({
  cause: `no_data:${lastDataAt}`,
  kind: 'no_data' as const,
  type: 'Off' as const,
  level: 'Warning' as const,
  name: 'No data',
  icon: 'no-data',
  activityId: 0,
  raisedAt,
  instant: false,
});

function morningAlert(input: EvaluationInput, routine: Routine): AlertCandidate | undefined {
  const today = localDate(input.now, input.zone);
  const midnight = instantOfLocal(today, 0, input.zone);
  if (input.occurrences.some((o) => o.start >= midnight && o.start <= input.now)) return undefined;
  // A home whose first activity often comes in the afternoon or evening (a shower-only home that showers
  // at night) has no usual morning to miss; inactivity still watches it.
  if (routine.firstReliable < MORNING_MIN_RELIABLE) return undefined;
  const deadlineMinute = morningDeadlineMinute(routine, margin(input, 'morning'));
  if (deadlineMinute >= 24 * 60) return undefined;
  const wallDeadline = instantOfLocal(today, Math.round(deadlineMinute * 60), input.zone);
  // Data gaps this morning push the deadline back by their length: they prove nothing either way.
  const deadline = afterDataSeconds(midnight, wallDeadline - midnight, input.gaps, input.now);
  if (input.now < deadline) return undefined;
  return {
    cause: `morning:${today}`,
    kind: 'morning',
    type: 'Off',
    level: 'Warning',
    name: 'Morning not started',
    text: meterOnly(input.occurrences, routine)
      ? `No kettle or other appliance use seen on the meter yet this morning. Usually the day starts by ${hhmm(routine.firstUsual)}.`
      : `No activity yet this morning. Usually the day starts by ${hhmm(routine.firstUsual)}.`,
    icon: 'sunrise',
    activityId: usualFirstActivity(routine),
    raisedAt: deadline,
    instant: false,
    evidence: {
      expected_by: hhmm(deadlineMinute),
      usual_first: hhmm(routine.firstUsual),
      last_seen_at: lastBefore(input.occurrences, input.now),
      ...(meterOnly(input.occurrences, routine) ? { estimated: true } : {}),
    },
  };
}

/**
 * Whether what is known of the home's days is estimated from the whole-house meter only (issue 24): the
 * texts then say what the meter can see, "no kettle or other appliance use", not that nobody did anything.
 * Today's and yesterday's occurrences say so when there are any (a plug added since shows at once); when
 * there are none (a day away, then a morning not started) the days the routine was learned from do.
 */
function meterOnly(occurrences: readonly ActivityOccurrence[], routine: Routine): boolean {
  return occurrences.length > 0 ? occurrences.every((o) => o.estimated === true) : routine.estimated === true;
}

function lastBefore(occurrences: readonly ActivityOccurrence[], now: number): number | null {
  let last: number | null = null;
  for (const o of occurrences) if (o.start <= now) last = Math.max(last ?? 0, Math.min(o.end, now));
  return last;
}

function inactivityAlert(input: EvaluationInput, routine: Routine): AlertCandidate | undefined {
  const last = lastBefore(input.occurrences, input.now);
  if (last === null) return undefined;
  const today = localDate(input.now, input.zone);
  // Only in waking hours: after today's first activity, until an hour after the usual last one ends.
  if (localDate(last, input.zone) !== today) return undefined;
  const bedtime = instantOfLocal(
    today,
    Math.round(Math.min(routine.lastEndP90 + 60, 24 * 60 - 1) * 60),
    input.zone,
  );
  const factor = margin(input, 'inactivity');
  const limit = inactivityLimitS(routine, factor);
  // Never before the hour by which some activity usually ended a silence like this one (its margin widened
  // with the carer's incorrect marks like the gap's).
  const usualEnd = usualSilenceEndMinute(routine, localParts(last, input.zone).minuteOfDay);
  const usualEndAt = instantOfLocal(today, 0, input.zone) + Math.round((usualEnd + 60 * (factor - 1)) * 60);
  const warnAt = Math.max(afterDataSeconds(last, limit, input.gaps, input.now), usualEndAt);
  if (input.now < warnAt || warnAt > bedtime) return undefined;
  // Urgent when it goes on a quarter as long again (2.5 × the usual longest gap): the Warning already
  // waits for twice that gap, and a later escalation would pass the usual bedtime in a home that is in
  // all day.
  const urgentAt = Math.max(
    afterDataSeconds(last, Math.round(limit * 1.25), input.gaps, input.now),
    warnAt + Math.round(limit / 4),
  );
  const urgent = input.now >= urgentAt && urgentAt <= bedtime;
  const idleS = secondsWithData(last, input.now, input.gaps, input.now);
  // The text is true at the raising, whenever it is judged (a catch-up, a replay, an escalation keeping
  // the text): the time from the last use to the raising, as a person reads it on the clock.
  const silentMin = Math.floor((warnAt - last) / 60);
  const silence = `${Math.floor(silentMin / 60)} h ${silentMin % 60} min`;
  const since = hhmm(localParts(last, input.zone).minuteOfDay);
  const usualGap = Math.round(routine.longestGapS / 3600);
  // The use that ended the silence's start was estimated from the meter: say what the meter shows.
  const estimated = input.occurrences.some(
    (o) => o.start <= input.now && Math.min(o.end, input.now) === last && o.estimated === true,
  );
  return {
    cause: `inactivity:${last}`,
    kind: 'inactivity',
    type: 'Off',
    level: urgent ? 'Urgent' : 'Warning',
    name: 'No activity',
    text: estimated
      ? `No kettle or other appliance use since ${since} (${silence} as the meter shows); the usual longest gap is about ${usualGap} h.`
      : `Nothing used for ${silence} since ${since}; the usual longest gap is about ${usualGap} h.`,
    icon: 'hourglass',
    activityId: lastActivityId(input.occurrences, input.now),
    raisedAt: warnAt,
    instant: false,
    evidence: {
      last_seen_at: last,
      expected_gap_s: Math.round(limit),
      idle_s: idleS,
      ...(estimated ? { estimated: true } : {}),
    },
  };
}

/** The activity that usually opens the day (the morning alert belongs to it). */
function usualFirstActivity(routine: Routine): number {
  const usual = routine.activities
    .filter((a) => a.share >= 0.5)
    .sort((a, b) => a.usualMinute - b.usualMinute);
  return usual[0]?.activityId ?? 0;
}

function lastActivityId(occurrences: readonly ActivityOccurrence[], now: number): number {
  let best: ActivityOccurrence | undefined;
  for (const o of occurrences) if (o.start <= now && (!best || o.end > best.end)) best = o;
  return best?.activityId ?? 0;
}
