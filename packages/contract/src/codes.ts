import { messages } from './messages';

// The coded values of spec §3, §4 and §9, with the mappings both sides display or store. Free of zod, so
// the web imports it (through web.ts); the schemas of these values are in entities/codes.ts.

/** alert_notification: a two-bit set, bit 0 = email, bit 1 = SMS (0 none, 1 email, 2 SMS, 3 both). */
export const ALERT_NOTIFICATION = { none: 0, emailOnly: 1, smsOnly: 2, both: 3 } as const;
export type AlertNotificationCode = 0 | 1 | 2 | 3;

/**
 * The alert channels a carer ticks. Push (issue 36) is not in §3's code: it is its own additive field,
 * `alert_push` (true/false), so alert_notification stays 0–3 as written.
 */
export interface AlertChannels {
  readonly email: boolean;
  readonly sms: boolean;
  readonly push?: boolean;
}

export const alertChannelsFromCode = (code: AlertNotificationCode): AlertChannels => ({
  email: (code & 1) === 1,
  sms: (code & 2) === 2,
});

/** The §3 code of the email and SMS ticks (push goes as alert_push). */
export const alertCodeFromChannels = ({ email, sms }: AlertChannels): AlertNotificationCode =>
  ((email ? 1 : 0) | (sms ? 2 : 0)) as AlertNotificationCode;

/** §5.2: the alerts screen refuses to save with no box ticked, push counted (0 only comes from elsewhere). */
export const alertChannelsMessage = ({ email, sms, push }: AlertChannels): string | undefined =>
  email || sms || push ? undefined : messages.alertChannelRequired;

/**
 * all_is_well (issue 25, our own field): the daily message's channels as bits, 1 email, 2 SMS and 4 push
 * (issue 36), so 0–7.
 */
export type AllIsWellCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const allIsWellChannels = (code: AllIsWellCode): Required<AlertChannels> => ({
  email: (code & 1) === 1,
  sms: (code & 2) === 2,
  push: (code & 4) === 4,
});

export const allIsWellCode = ({ email, sms, push }: AlertChannels): AllIsWellCode =>
  ((email ? 1 : 0) | (sms ? 2 : 0) | (push ? 4 : 0)) as AllIsWellCode;

/** email_report: 0 never, 1 daily, 2 weekly, 3 monthly. */
export const EMAIL_REPORTS = ['never', 'daily', 'weekly', 'monthly'] as const;
export type EmailReportName = (typeof EMAIL_REPORTS)[number];
export type EmailReportCode = 0 | 1 | 2 | 3;
export const emailReportName = (code: EmailReportCode): EmailReportName => EMAIL_REPORTS[code];
export const emailReportCode = (name: EmailReportName): EmailReportCode =>
  EMAIL_REPORTS.indexOf(name) as EmailReportCode;

export const PROPERTY_TYPES = [
  'Flat',
  'Detached',
  'Semi_detached',
  'Terraced',
  'End_of_terrace',
  'Bungalow',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const propertyTypeLabels: Readonly<Record<PropertyType, string>> = {
  Flat: 'Flat',
  Detached: 'Detached',
  Semi_detached: 'Semi Detached',
  Terraced: 'Terraced',
  End_of_terrace: 'End of Terrace',
  Bungalow: 'Bungalow',
};
export const propertyTypeLabel = (type: PropertyType): string => propertyTypeLabels[type];

/** Alert levels as stored; any other level is a plain message. */
export const ALERT_LEVELS = ['Urgent', 'Warning'] as const;
export type AlertLevelLabel = 'Urgent' | 'Investigate' | 'Message';
/** §9: Urgent shows as Urgent, Warning as Investigate, anything else as Message. */
export const alertLevelLabel = (level: string): AlertLevelLabel =>
  level === 'Urgent' ? 'Urgent' : level === 'Warning' ? 'Investigate' : 'Message';

/** Alert type: the appliance came on, or has stayed off (inactivity). */
export const ALERT_TYPES = ['On', 'Off'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * Additive (issue 33): a carer may take over an alert another carer took this long ago without resolving
 * it (they went quiet), with the alerts POST's `take_over=true`.
 */
export const TAKE_OVER_AFTER_S = 30 * 60;

/** Holiday mode and Do Not Disturb. */
export const MODE_STATUSES = ['DISABLED', 'ENABLED', 'SCHEDULED'] as const;
export type ModeStatus = (typeof MODE_STATUSES)[number];

export const RATE_DAYS = ['all', 'weekdays', 'weekend'] as const;
export type RateDays = (typeof RATE_DAYS)[number];

export const RATE_KINDS = ['import', 'export', 'generation'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** §3 period.time_unit; 'year' is additive (issue 38: the Usage screen's Yearly tab, months as details). */
export const TIME_UNITS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** Timescales a client may ask for: the usage tabs (and an hour), and the two ranking summaries. */
export const DETAIL_TIMESCALES = ['hour', 'day', 'week', 'month', 'year'] as const;
/** GET /common/used_appliances/ timescale: §3's four units, as before 'year' was added to the detail. */
export const USED_TIMESCALES = ['hour', 'day', 'week', 'month'] as const;
export const RANKING_TIMESCALES = ['week', 'month'] as const;

/** GET /common/appliances/ view_type; the Appliances tab defaults to most_used. */
export const VIEW_TYPES = ['most_used', 'most_costly', 'all'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** Password response detail.code (§4, §8). */
export const PASSWORD_RESPONSE_CODES = {
  ok: 0,
  invalidToken: 1,
  invalidPassword: 2,
  wrongCurrentPassword: 3,
} as const;
export type PasswordResponseCode = 0 | 1 | 2 | 3;

/** Dashboard types: 1 = HomeView (energy), 2 = InfoCare (assisted living). */
export const DASHBOARD_TYPES = { homeView: 1, infoCare: 2 } as const;
