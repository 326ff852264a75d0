import { instantOfLocal, localDate, localParts } from '../time/zone';
import type { ActivityOccurrence } from './activities';
import { activityById } from './activities';
import { hhmm, type Routine } from './routine';

// "How is today going?" in one sentence for the top of the carer's Alerts screen: each activity that
// happens on most ordinary days, done (at what time), not yet due, or late against its usual time.

export interface RoutineTodayItem {
  activity: string;
  status: 'done' | 'pending' | 'late';
  at: string | null;
  usual_by: string | null;
}

/** Activities that happen on at least this share of ordinary days are part of the usual day. */
export const USUAL_SHARE = 0.5;
/** Minutes past the usual-by time that still read "as usual". */
export const AS_USUAL_SLACK_MIN = 30;

/**
 * The sentence of a home known only from its meter's half-hours, a day late (issue 36): nothing of today
 * is known yet, so nothing is said of it (not "no activity yet today", which half-hours cannot show).
 */
export function dayLateToday(): { sentence: string; items: RoutineTodayItem[] } {
  return {
    sentence: "From the meter's half-hours, a day late: today is known tomorrow morning, once they arrive.",
    items: [],
  };
}

export function routineToday(
  routine: Routine | undefined,
  occurrences: readonly ActivityOccurrence[],
  now: number,
  zone: string,
): { sentence: string; items: RoutineTodayItem[]; estimated?: true } {
  const today = localDate(now, zone);
  const midnight = instantOfLocal(today, 0, zone);
  const todays = occurrences.filter((o) => o.start >= midnight && o.start <= now);
  if (!routine) {
    const first = todays[0];
    return {
      sentence: first
        ? `Still learning the usual day; first activity today at ${hhmm(localParts(first.start, zone).minuteOfDay)}.`
        : 'Still learning the usual day; no activity yet today.',
      items: [],
    };
  }
  const nowMinute = localParts(now, zone).minuteOfDay;
  const items: RoutineTodayItem[] = [];
  const parts: string[] = [];
  const usual = routine.activities
    .filter((a) => a.share >= USUAL_SHARE)
    .sort((a, b) => a.usualByMinute - b.usualByMinute);
  for (const learned of usual) {
    const name = activityById(learned.activityId)?.name ?? 'Activity';
    const done = todays.find((o) => o.activityId === learned.activityId);
    const usualBy = hhmm(learned.usualByMinute);
    if (done) {
      const minute = localParts(done.start, zone).minuteOfDay;
      items.push({ activity: name, status: 'done', at: hhmm(minute), usual_by: usualBy });
      parts.push(
        `${name.toLowerCase()} at ${hhmm(minute)}${minute <= learned.usualByMinute + AS_USUAL_SLACK_MIN ? ' as usual' : `, later than usual (${usualBy})`}`,
      );
    } else {
      const late = nowMinute > learned.usualByMinute;
      items.push({ activity: name, status: late ? 'late' : 'pending', at: null, usual_by: usualBy });
      parts.push(`${name.toLowerCase()} not yet, usually by ${usualBy}`);
    }
  }
  if (parts.length === 0) return { sentence: 'No usual activities learned yet.', items };
  // Names are lower case inside the sentence ("Hot drinks …; meals at …"); only its first letter is capital.
  const sentence = parts.join('; ');
  // A home known from its whole-house meter alone (issue 24): the sentence's activities are estimates.
  return {
    sentence: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`,
    items,
    ...(routine.estimated ? { estimated: true as const } : {}),
  };
}
