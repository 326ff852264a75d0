import { z } from 'zod';
import { AlertType } from './codes';
import { booleanField, formObject, id, optionalEpochSeconds, optionalField, freeText } from '../form';
import { epoch } from './common';
import { RoutineToday } from './routine';
import { FEEDBACK_MAX } from '../limits';

// §3 Alert; §7 GET and POST /assisted_living/alerts/.

/** A carer opened the alert at this time. An alert with no viewings needs attention. */
export const AlertViewing = z.object({ timestamp: epoch });
export type AlertViewing = z.infer<typeof AlertViewing>;

/** A carer marked the alert correct or incorrect. */
export const AlertAssessment = z.object({ correct: z.boolean(), timestamp: epoch });
export type AlertAssessment = z.infer<typeof AlertAssessment>;

/**
 * Additive (issue 25): a carer said "I'm on it". `by` is the carer's display name; `by_you` (additive)
 * says whether that carer is the one asking, who alone may then resolve it.
 */
export const AlertTaken = z.object({ by: z.string(), at: epoch, by_you: z.boolean().optional() });
export type AlertTaken = z.infer<typeof AlertTaken>;

/**
 * Additive (issue 25): the alert was dealt with. `by` is the carer's display name, or the dependant's
 * when their own "OK" to the check-in text resolved it; `note` is what was said, null when nothing was.
 */
export const AlertResolved = z.object({ by: z.string(), at: epoch, note: z.string().nullable() });
export type AlertResolved = z.infer<typeof AlertResolved>;

/**
 * Additive (issue 33): the situation behind the alert ended by itself, nobody having resolved it: `at` when
 * (the oven's last use ended, the first use after a silence, else when the engine saw it end) and `reason`
 * in a few words ("the oven went off"). A closed alert is no longer open; it may still be resolved.
 */
export const AlertClosed = z.object({ at: epoch, reason: z.string() });
export type AlertClosed = z.infer<typeof AlertClosed>;

export const Alert = z.object({
  id: z.number().int(),
  timestamp: epoch,
  /** Urgent, Warning (shown as Investigate) or anything else (shown as Message): see alertLevelLabel. */
  level: z.string(),
  name: z.string(),
  text: z.string(),
  icon: z.string(),
  type: AlertType,
  viewings: z.array(AlertViewing),
  assessments: z.array(AlertAssessment),
  /** Whether feedback text has been sent for this alert. */
  feedback: z.boolean(),
  /** The latest assessment; null until the alert is marked. */
  correct: z.boolean().nullable(),
  /** Additive (issue 25): who took the alert and when; null until a carer does. */
  taken: AlertTaken.nullable().optional(),
  /** Additive (issue 25): who resolved it, when, and their note; null until then. */
  resolved: AlertResolved.nullable().optional(),
  /** Additive (issue 33): the situation ended by itself; null while it lasts. */
  closed: AlertClosed.nullable().optional(),
  /** Additive to §3 (issue 24): the uses it rests on were estimated from the whole-house meter. */
  estimated: z.literal(true).optional(),
});
export type Alert = z.infer<typeof Alert>;

/**
 * Alerts needing attention (no viewings), over all of the dependant's alerts, not one page: `total`
 * equals the dashboard item's num_alerts; `urgent` and `investigate` count the Urgent and Warning ones.
 */
export const UnviewedCounts = z.object({
  total: z.number().int().nonnegative(),
  urgent: z.number().int().nonnegative(),
  investigate: z.number().int().nonnegative(),
});
export type UnviewedCounts = z.infer<typeof UnviewedCounts>;

/**
 * Most recent first. Beyond the spec, the first page also carries `routine` (how today compares) and
 * `unviewed` (the counters of the Alerts screen); both optional so a client of the spec's server validates.
 */
export const AlertsResponse = z.object({
  alerts: z.array(Alert),
  routine: RoutineToday.optional(),
  unviewed: UnviewedCounts.optional(),
  /**
   * Additive (issue 33), first page: alerts still open over all pages (nobody has taken or resolved them
   * and they have not closed by themselves): what the cards show as "Open".
   */
  open: z.number().int().nonnegative().optional(),
  /** Additive to §3: the dependant house's IANA zone, in which screens show the alerts' times. */
  time_zone: z.string().optional(),
});
export type AlertsResponse = z.infer<typeof AlertsResponse>;

/** GET /assisted_living/alerts/: timestamp defaults to now. */
export const AlertsRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  timestamp: optionalEpochSeconds('timestamp'),
});
export type AlertsRequest = z.infer<typeof AlertsRequest>;

/** The longest note a carer may keep with a resolved alert. */
export const ALERT_NOTE_MAX = 1000;

/**
 * POST /assisted_living/alerts/: exactly one of feedback text, a correct/incorrect answer, or
 * `viewed=true` (the carer expanded the card: spec-decisions "Alert viewings"); additive (issue 25):
 * `take=true` ("I'm on it") or `resolve=true` with an optional `note`; (issue 33) `take_over=true`. The answer is the
 * updated Alert, which replaces the one with the same id.
 */
export const AlertFeedbackRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  id: id('id'),
  feedback: optionalField(freeText('feedback', FEEDBACK_MAX)),
  correct: optionalField(booleanField('correct')),
  viewed: optionalField(booleanField('viewed')),
  assessment_timestamp: optionalEpochSeconds('assessment_timestamp'),
  take: optionalField(booleanField('take')),
  resolve: optionalField(booleanField('resolve')),
  take_over: optionalField(booleanField('take_over')),
  note: optionalField(freeText('note', ALERT_NOTE_MAX)),
}).superRefine((body, ctx) => {
  const given = [body.feedback, body.correct, body.viewed, body.take, body.resolve, body.take_over].filter(
    (v) => v !== undefined,
  ).length;
  if (given !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['feedback'],
      message: 'Send exactly one of feedback, correct, viewed, take, take_over or resolve',
    });
  } else if (body.viewed === false) {
    ctx.addIssue({ code: 'custom', path: ['viewed'], message: 'viewed must be true' });
  } else if (body.take === false) {
    ctx.addIssue({ code: 'custom', path: ['take'], message: 'take must be true' });
  } else if (body.resolve === false) {
    ctx.addIssue({ code: 'custom', path: ['resolve'], message: 'resolve must be true' });
  } else if (body.take_over === false) {
    ctx.addIssue({ code: 'custom', path: ['take_over'], message: 'take_over must be true' });
  }
  if (body.note !== undefined && body.resolve !== true)
    ctx.addIssue({ code: 'custom', path: ['note'], message: 'A note goes with resolve=true' });
});
export type AlertFeedbackRequest = z.infer<typeof AlertFeedbackRequest>;

/** The POST's answer: the updated Alert and, additive to §3, the dependant house's zone (as every list). */
export const AlertFeedbackAnswer = Alert.extend({ time_zone: z.string().optional() });
export type AlertFeedbackAnswer = z.infer<typeof AlertFeedbackAnswer>;
