import { z } from 'zod';
import { AlertNotificationCode, EmailReportCode } from './codes';
import { formObject, id, integer, optionalField, requiredText } from '../form';
import { E164, normalisePhone, PHONE_MESSAGE } from '../phone';

// §3 Settings and Account detail; §7 GET and POST /common/settings/.

export const Settings = z.object({
  name: z.string(),
  alert_notification: AlertNotificationCode,
  email_report: EmailReportCode,
  /** The account's own mobile number for SMS alerts (E.164), null when none; answered for one's own id. */
  phone: z.string().nullable().optional(),
});
export type Settings = z.infer<typeof Settings>;

/** The two codes; the web keeps one per dashboard type. */
export const AccountDetail = Settings.pick({ alert_notification: true, email_report: true });
export type AccountDetail = z.infer<typeof AccountDetail>;

export const SettingsRequest = formObject({ user_id: id('user_id') });
export type SettingsRequest = z.infer<typeof SettingsRequest>;

export const SETTINGS_NAME_MAX = 100;
const SETTINGS_FIELDS = ['name', 'alert_notification', 'email_report', 'phone'] as const;

/** A mobile number as typed: stored as E.164; blank clears it (null). */
const phoneField = z.preprocess(
  (v) => (typeof v === 'string' ? (normalisePhone(v) === undefined ? v : normalisePhone(v)) : v),
  z.string({ error: PHONE_MESSAGE }).regex(E164, PHONE_MESSAGE).nullable().optional(),
);

/**
 * POST /common/settings/: user_id plus exactly one setting (each screen saves one). Answers Settings.
 * phone (the account's own id only) is a mobile number as typed; blank clears it.
 */
export const SettingsWriteRequest = formObject({
  user_id: id('user_id'),
  name: optionalField(requiredText('name', SETTINGS_NAME_MAX)),
  alert_notification: optionalField(integer('alert_notification', 0, 3).pipe(AlertNotificationCode)),
  email_report: optionalField(integer('email_report', 0, 3).pipe(EmailReportCode)),
  phone: phoneField,
}).superRefine((body, ctx) => {
  const given = SETTINGS_FIELDS.filter((field) => body[field] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [given[1] ?? 'name'],
      message: 'Send exactly one of name, alert_notification, email_report or phone',
    });
  }
});
export type SettingsWriteRequest = z.infer<typeof SettingsWriteRequest>;
