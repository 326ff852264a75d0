import { z } from 'zod';
import { MODE_STATUSES } from '../codes';
import { ModeStatus } from './codes';
import { booleanField, clockTime, formObject, id, oneOf, optionalEpochSeconds, optionalField } from '../form';
import { epoch } from './common';

// §3 Holiday mode and Do not disturb; §7 GET and POST /holiday_mode/ and /no_disturb_mode/.

export const HolidayMode = z.object({
  status: ModeStatus,
  /** The schedule, kept even when not SCHEDULED; null when never set. */
  start_timestamp: epoch.nullable(),
  end_timestamp: epoch.nullable(),
});
export type HolidayMode = z.infer<typeof HolidayMode>;

/** Daily quiet window in the house's local time; end before start spans midnight. */
export const DoNotDisturb = z.object({
  status: ModeStatus,
  start_time: z.string(),
  end_time: z.string(),
  /** Additive (issue 33): Urgent alerts are still sent while Do Not Disturb is in force. */
  urgent_through: z.boolean().optional(),
});
export type DoNotDisturb = z.infer<typeof DoNotDisturb>;

/** GET of either mode. */
export const ModeRequest = formObject({ user_id: id('user_id') });
export type ModeRequest = z.infer<typeof ModeRequest>;

/** POST /holiday_mode/: the schedule is required, and must end after it starts, when SCHEDULED. */
export const HolidayModeWriteRequest = formObject({
  user_id: id('user_id'),
  status: oneOf('status', MODE_STATUSES),
  start_timestamp: optionalEpochSeconds('start_timestamp'),
  end_timestamp: optionalEpochSeconds('end_timestamp'),
}).superRefine((body, ctx) => {
  if (body.status !== 'SCHEDULED') return;
  const { start_timestamp: start, end_timestamp: end } = body;
  if (start === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['start_timestamp'],
      message: 'start_timestamp is required when SCHEDULED',
    });
  }
  if (end === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_timestamp'],
      message: 'end_timestamp is required when SCHEDULED',
    });
  }
  if (start !== undefined && end !== undefined && end <= start) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_timestamp'],
      message: 'end_timestamp must be after start_timestamp',
    });
  }
});
export type HolidayModeWriteRequest = z.infer<typeof HolidayModeWriteRequest>;

/** POST /no_disturb_mode/: both times are required when SCHEDULED. */
export const DoNotDisturbWriteRequest = formObject({
  user_id: id('user_id'),
  status: oneOf('status', MODE_STATUSES),
  start_time: optionalField(clockTime('start_time')),
  end_time: optionalField(clockTime('end_time')),
  /** Additive (issue 33): let Urgent alerts through; absent keeps the saved choice. */
  urgent_through: optionalField(booleanField('urgent_through')),
}).superRefine((body, ctx) => {
  if (body.status !== 'SCHEDULED') return;
  for (const field of ['start_time', 'end_time'] as const) {
    if (body[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required when SCHEDULED` });
    }
  }
});
export type DoNotDisturbWriteRequest = z.infer<typeof DoNotDisturbWriteRequest>;
