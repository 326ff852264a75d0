import { instantOfLocal, localDate, localParts } from '../time/zone';
import type { ActivityOccurrence, ApplianceUse } from './activities';
import { notificationSuppressed, type QuietModes } from './quiet';
import { hhmm, type Routine } from './routine';
import { AS_USUAL_SLACK_MIN, USUAL_SHARE } from './today';

// "All is well" (issue 25): a carer may ask for a quiet daily message when nothing needs them. It says
// what was seen ("Kettle at 07:09, usual time; nothing needs you") and goes only when the morning has
// started as usual: the day's first usual activity (the earliest one on most ordinary days) happened by its
// usual time, data came in today, and no alert was open at any time today. Holiday mode and Do Not Disturb
// hold it back as they hold back an alert's notification.

export interface AllIsWellInput {
  now: number;
  zone: string;
  routine: Routine | undefined;
  /** Occurrences up to now (today's at least). */
  occurrences: readonly ActivityOccurrence[];
  /** Appliance runs up to now (today's at least): the sentence names the appliance. */
  uses: readonly ApplianceUse[];
  /** The end of the latest data received; null if the home never reported. */
  lastDataAt: number | null;
  /** Some alert of the home was open at some time today (raised today, or still open from before). */
  alertToday: boolean;
  /** The carer's quiet modes; null when never set. */
  modes: QuietModes | null;
}

export type AllIsWellOutcome =
  | { send: true; sentence: string }
  | {
      send: false;
      why: 'alert' | 'no_data' | 'learning' | 'not_started' | 'not_as_usual' | 'dnd' | 'holiday';
    };

/** 'electric_shower' → 'Electric shower'. */
const applianceName = (key: string) => {
  const words = key.replaceAll('_', ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

export function allIsWell(input: AllIsWellInput): AllIsWellOutcome {
  const { now, zone, routine } = input;
  if (input.alertToday) return { send: false, why: 'alert' };
  const midnight = instantOfLocal(localDate(now, zone), 0, zone);
  if (input.lastDataAt === null || input.lastDataAt < midnight) return { send: false, why: 'no_data' };
  const first = routine?.activities
    .filter((a) => a.share >= USUAL_SHARE)
    .sort((a, b) => a.usualByMinute - b.usualByMinute)[0];
  if (!first) return { send: false, why: 'learning' };
  const done = input.occurrences.find(
    (o) => o.activityId === first.activityId && o.start >= midnight && o.start <= now,
  );
  if (!done) return { send: false, why: 'not_started' };
  const minute = localParts(done.start, zone).minuteOfDay;
  if (minute > first.usualByMinute + AS_USUAL_SLACK_MIN) return { send: false, why: 'not_as_usual' };
  const quiet = notificationSuppressed(input.modes, 'Off', now, zone);
  if (quiet) return { send: false, why: quiet };
  const use = input.uses.find(
    (u) => u.start >= done.start && u.start < done.end && done.applianceTypeIds.includes(u.applianceTypeId),
  );
  const what = use ? applianceName(use.applianceKey) : 'First activity';
  return { send: true, sentence: `${what} at ${hhmm(minute)}, usual time; nothing needs you` };
}

/**
 * How the day-late judgement (issue 36) found yesterday: ordinary, a Warning, or not compared (fewer than
 * 14 ordinary days before it); null while not judged (its half-hours not all in, or before 07:00).
 */
export type YesterdayJudged = 'ordinary' | 'warning' | 'no_band' | null;

export interface YesterdayWellInput {
  now: number;
  zone: string;
  judged: YesterdayJudged;
  /** Yesterday in words (dayWords), what matters first. */
  words: readonly string[];
  /** Some alert of the home was open at some time today. */
  alertToday: boolean;
  modes: QuietModes | null;
}

/**
 * The daily message of a home known only from its meter's half-hours, a day late (issue 36): nothing of
 * today can be known, so it tells yesterday ("Mum's day yesterday"), once its half-hours are in and judged
 * an ordinary day against her band. A day with a Warning is told by the Warning; a day not in yet waits
 * (no data yet, never a quiet day); quiet modes hold it back as they hold back the all-is-well.
 */
export function yesterdayIsWell(input: YesterdayWellInput): AllIsWellOutcome {
  if (input.alertToday || input.judged === 'warning') return { send: false, why: 'alert' };
  if (input.judged === null) return { send: false, why: 'no_data' };
  if (input.judged === 'no_band' || input.words.length === 0) return { send: false, why: 'learning' };
  const quiet = notificationSuppressed(input.modes, 'Off', input.now, input.zone);
  if (quiet) return { send: false, why: quiet };
  // The words are sentences; the message's own full stop ends the last one.
  return { send: true, sentence: `Yesterday, from the meter: ${input.words.join(' ').replace(/\.$/, '')}` };
}
