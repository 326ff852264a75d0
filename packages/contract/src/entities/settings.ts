import { z } from 'zod';
import { AlertNotificationCode, AllIsWellCode, EmailReportCode } from './codes';
import { booleanField, formObject, id, integer, optionalField, freeText } from '../form';
import { E164, normalisePhone, PHONE_MESSAGE } from '../phone';

// §3 Settings and Account detail; §7 GET and POST /common/settings/.

export const Settings = z.object({
  name: z.string(),
  alert_notification: AlertNotificationCode,
  email_report: EmailReportCode,
  /**
   * Additive (issue 36): alerts also go as push notifications to the carer's subscribed browsers. Its own
   * field, beside alert_notification, which stays §3's 0–3 (email and SMS).
   */
  alert_push: z.boolean().optional(),
  /** The account's own mobile number for SMS alerts (E.164), null when none; answered for one's own id. */
  phone: z.string().nullable().optional(),
  /**
   * Issue 25, answered to a carer reading their dependant's settings: their own daily "all is well"
   * message about that dependant, as bits: 1 email, 2 SMS, 4 push (issue 36).
   */
  all_is_well: AllIsWellCode.optional(),
  /** Local time HH:MM in the dependant's zone from which it may go (default 10:00). */
  all_is_well_time: z.string().optional(),
});
export type Settings = z.infer<typeof Settings>;

/** The two codes; the web keeps one per dashboard type. */
export const AccountDetail = Settings.pick({ alert_notification: true, email_report: true });
export type AccountDetail = z.infer<typeof AccountDetail>;

export const SettingsRequest = formObject({ user_id: id('user_id') });
export type SettingsRequest = z.infer<typeof SettingsRequest>;

export const SETTINGS_NAME_MAX = 100;
const SETTINGS_FIELDS = ['name', 'alert_notification', 'alert_push', 'email_report', 'phone'] as const;

export const ALL_IS_WELL_TIME_DEFAULT = '10:00';
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = (field: string) => {
  const message = `${field} must be a time of day HH:MM, e.g. 10:00`;
  return z.string({ error: message }).trim().regex(CLOCK_TIME, message);
};

/** A mobile number as typed: stored as E.164; blank clears it (null). */
const phoneField = z.preprocess(
  (v) => (typeof v === 'string' ? (normalisePhone(v) === undefined ? v : normalisePhone(v)) : v),
  z.string({ error: PHONE_MESSAGE }).regex(E164, PHONE_MESSAGE).nullable().optional(),
);

/**
 * POST /common/settings/: user_id plus exactly one setting (each screen saves one). Answers Settings.
 * phone (the account's own id only) is a mobile number as typed; blank clears it. alert_push (additive,
 * issue 36) is true or false.
 */
export const SettingsWriteRequest = formObject({
  user_id: id('user_id'),
  name: optionalField(freeText('name', SETTINGS_NAME_MAX)),
  alert_notification: optionalField(integer('alert_notification', 0, 3).pipe(AlertNotificationCode)),
  alert_push: optionalField(booleanField('alert_push')),
  email_report: optionalField(integer('email_report', 0, 3).pipe(EmailReportCode)),
  phone: phoneField,
  all_is_well: optionalField(integer('all_is_well', 0, 7).pipe(AllIsWellCode)),
  all_is_well_time: optionalField(clockTime('all_is_well_time')),
}).superRefine((body, ctx) => {
  const given: string[] = SETTINGS_FIELDS.filter((field) => body[field] !== undefined);
  // The all-is-well message and its time are one setting: either, or both together.
  if (body.all_is_well !== undefined || body.all_is_well_time !== undefined) given.push('all_is_well');
  if (given.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [given[1] ?? 'name'],
      message: 'Send exactly one of name, alert_notification, alert_push, email_report, phone or all_is_well',
    });
  }
});
export type SettingsWriteRequest = z.infer<typeof SettingsWriteRequest>;
