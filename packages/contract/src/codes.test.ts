import { describe, expect, it } from 'vitest';
import {
  ALERT_NOTIFICATION,
  alertChannelsFromCode,
  alertChannelsMessage,
  alertCodeFromChannels,
  alertLevelLabel,
  allIsWellChannels,
  allIsWellCode,
  emailReportCode,
  emailReportName,
  MODE_STATUSES,
  PROPERTY_TYPES,
  propertyTypeLabel,
  RATE_DAYS,
  RATE_KINDS,
} from './codes';
import {
  AlertNotificationCode,
  AllIsWellCode,
  EmailReportCode,
  ModeStatus,
  PropertyType,
  RateDays,
  RateKind,
} from './entities/codes';
import { messages } from './messages';

describe('alert_notification', () => {
  const table = [
    [0, { email: false, sms: false }],
    [1, { email: true, sms: false }],
    [2, { email: false, sms: true }],
    [3, { email: true, sms: true }],
  ] as const;

  it.each(table)('code %i is %j, both ways', (code, channels) => {
    expect(alertChannelsFromCode(code)).toEqual(channels);
    expect(alertCodeFromChannels(channels)).toBe(code);
  });

  it('names the codes', () => {
    expect(ALERT_NOTIFICATION).toEqual({ none: 0, emailOnly: 1, smsOnly: 2, both: 3 });
  });

  it('accepts only 0–3 (§3): push is alert_push, never a code', () => {
    expect([0, 1, 2, 3].every((c) => AlertNotificationCode.safeParse(c).success)).toBe(true);
    expect(AlertNotificationCode.safeParse(4).success).toBe(false);
    expect(AlertNotificationCode.safeParse(-1).success).toBe(false);
    expect(alertCodeFromChannels({ email: true, sms: false, push: true })).toBe(1);
  });

  it('needs at least one channel on the alerts screen, push counted', () => {
    expect(alertChannelsMessage({ email: false, sms: false })).toBe(messages.alertChannelRequired);
    expect(alertChannelsMessage({ email: false, sms: false, push: false })).toBe(
      messages.alertChannelRequired,
    );
    expect(alertChannelsMessage({ email: true, sms: false })).toBeUndefined();
    expect(alertChannelsMessage({ email: false, sms: true })).toBeUndefined();
    expect(alertChannelsMessage({ email: false, sms: false, push: true })).toBeUndefined();
  });
});

describe('all_is_well (issue 25, ours): bits 1 email, 2 SMS, 4 push', () => {
  it.each([
    [0, { email: false, sms: false, push: false }],
    [3, { email: true, sms: true, push: false }],
    [4, { email: false, sms: false, push: true }],
    [7, { email: true, sms: true, push: true }],
  ] as const)('code %i is %j, both ways', (code, channels) => {
    expect(allIsWellChannels(code)).toEqual(channels);
    expect(allIsWellCode(channels)).toBe(code);
  });

  it('accepts only 0–7', () => {
    expect([0, 4, 7].every((c) => AllIsWellCode.safeParse(c).success)).toBe(true);
    expect(AllIsWellCode.safeParse(8).success).toBe(false);
  });
});

describe('email_report', () => {
  const table = [
    [0, 'never'],
    [1, 'daily'],
    [2, 'weekly'],
    [3, 'monthly'],
  ] as const;

  it.each(table)('code %i is %s, both ways', (code, name) => {
    expect(emailReportName(code)).toBe(name);
    expect(emailReportCode(name)).toBe(code);
  });

  it('accepts only 0–3', () => {
    expect(EmailReportCode.safeParse(3).success).toBe(true);
    expect(EmailReportCode.safeParse(4).success).toBe(false);
  });
});

describe('property types', () => {
  it('are the six values with their display names', () => {
    expect(PROPERTY_TYPES.map((t) => [t, propertyTypeLabel(t)])).toEqual([
      ['Flat', 'Flat'],
      ['Detached', 'Detached'],
      ['Semi_detached', 'Semi Detached'],
      ['Terraced', 'Terraced'],
      ['End_of_terrace', 'End of Terrace'],
      ['Bungalow', 'Bungalow'],
    ]);
    expect(PropertyType.safeParse('Semi Detached').success).toBe(false);
  });
});

describe('alert levels', () => {
  it.each([
    ['Urgent', 'Urgent'],
    ['Warning', 'Investigate'],
    ['Info', 'Message'],
    ['', 'Message'],
    ['urgent', 'Message'],
  ])('%j shows as %s', (level, label) => {
    expect(alertLevelLabel(level)).toBe(label);
  });
});

describe('enumerations', () => {
  it('have the spec values', () => {
    expect(MODE_STATUSES).toEqual(['DISABLED', 'ENABLED', 'SCHEDULED']);
    expect(RATE_DAYS).toEqual(['all', 'weekdays', 'weekend']);
    expect(RATE_KINDS).toEqual(['import', 'export', 'generation']);
    expect(ModeStatus.safeParse('enabled').success).toBe(false);
    expect(RateDays.safeParse('weekday').success).toBe(false);
    expect(RateKind.safeParse('standing_charge').success).toBe(false);
  });
});
