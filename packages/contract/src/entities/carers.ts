import { z } from 'zod';
import { E164, normalisePhone, PHONE_MESSAGE } from '../phone';
import {
  blankToUndefined,
  booleanField,
  clockTime,
  fieldMessage,
  formObject,
  id,
  optionalField,
  freeText,
} from '../form';
import { epoch } from './common';
import { EMAIL_MAX } from './password';

// Additive (issue 25): the carers of a dependant's home, inviting another by email (a single-use signed
// link), accepting it, and "a word with the dependant first" (their mobile and a check-in window).

/** GET /assisted_living/carers/ and /assisted_living/check_in/: whose home. */
export const DependantRequest = formObject({ dependant_user_id: id('dependant_user_id') });
export type DependantRequest = z.infer<typeof DependantRequest>;

export const Carer = z.object({
  /** The carer's display name (their settings name, else their username). */
  name: z.string(),
  /** The asker themselves. */
  you: z.boolean(),
  /** When the link was made (epoch seconds). */
  since: epoch,
});
export type Carer = z.infer<typeof Carer>;

export const PendingInvite = z.object({ email: z.string(), expires_at: epoch });
export type PendingInvite = z.infer<typeof PendingInvite>;

/**
 * An invitation opened by an account whose address is not the one invited (issue 34.7): nobody joins
 * until the carer who sent it confirms; the home's carers were told by email.
 */
export const HeldInvite = z.object({
  id: z.number().int(),
  /** The address the invitation was sent to. */
  email: z.string(),
  /** Who opened it: their display name, username and account address. */
  name: z.string(),
  username: z.string(),
  account_email: z.string().nullable(),
  /** The carer who sent it (the one who may let them join), '' when that account is gone. */
  inviter: z.string(),
  /** The asker sent it: they may let the person join, or refuse. */
  yours: z.boolean(),
});
export type HeldInvite = z.infer<typeof HeldInvite>;

export const CarersResponse = z.object({
  /** The dependant's display name. */
  dependant: z.string(),
  carers: z.array(Carer),
  /** Invitations sent and neither used nor expired. */
  invites: z.array(PendingInvite),
  /** Invitations opened from another address, waiting for the inviter (issue 34.7). */
  held: z.array(HeldInvite),
});
export type CarersResponse = z.infer<typeof CarersResponse>;

/** POST /assisted_living/carers/invite/: emails a single-use link to join the dependant's carers. */
export const CarerInviteRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  email: z.preprocess(
    blankToUndefined,
    z
      .email({ error: fieldMessage('email', 'an email address') })
      .max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters`),
  ),
});
export type CarerInviteRequest = z.infer<typeof CarerInviteRequest>;

export const CarerInviteAnswer = z.object({ detail: z.string(), expires_at: epoch });
export type CarerInviteAnswer = z.infer<typeof CarerInviteAnswer>;

/** How long an invitation link works (seconds): a week. */
export const CARER_INVITE_SECONDS = 7 * 86_400;
export const CARER_INVITE_TOKEN_MAX = 100;

/** POST /assisted_living/carers/accept/: the signed-in account joins the carers named by the link. */
export const CarerAcceptRequest = formObject({
  token: z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldMessage('token', 'the token from the emailed link') })
      .max(CARER_INVITE_TOKEN_MAX, 'token is not a valid invitation link'),
  ),
});
export type CarerAcceptRequest = z.infer<typeof CarerAcceptRequest>;

export const CarerAcceptAnswer = z.object({
  dependant_user_id: z.number().int(),
  /** The dependant's display name. */
  dependant: z.string(),
  /**
   * false: the link was sent to another address than this account's, so it waits for the carer who sent
   * it to confirm (issue 34.7); nothing of the home is open to this account meanwhile.
   */
  joined: z.boolean(),
  detail: z.string(),
});
export type CarerAcceptAnswer = z.infer<typeof CarerAcceptAnswer>;

/** POST /assisted_living/carers/confirm/: the inviter lets the person who opened a held invitation join, or not. */
export const CarerConfirmRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  invite_id: id('invite_id'),
  confirm: booleanField('confirm'),
});
export type CarerConfirmRequest = z.infer<typeof CarerConfirmRequest>;

export const CarerConfirmAnswer = z.object({ detail: z.string() });
export type CarerConfirmAnswer = z.infer<typeof CarerConfirmAnswer>;

export const INVITE_EXPIRED_MESSAGE = 'This invitation has expired. Ask the carer who sent it for a new one.';
export const INVITE_USED_MESSAGE = 'This invitation has already been used. Ask for a new one if you need it.';
export const INVITE_INVALID_MESSAGE = 'This invitation link is not valid. Check that you copied all of it.';

/** The check-in text's greeting name. */
export const CHECK_IN_NAME_MAX = 40;

export const CheckInSettings = z.object({
  enabled: z.boolean(),
  /** The dependant's own mobile (E.164), null when none. */
  phone: z.string().nullable(),
  /** How the text greets them ("Hello Joan"). */
  name: z.string(),
  /** HH:MM in the home's zone: texts go out only from window_start to window_end. */
  window_start: z.string(),
  window_end: z.string(),
});
export type CheckInSettings = z.infer<typeof CheckInSettings>;

const phoneField = z.preprocess(
  (v) => (typeof v === 'string' ? (normalisePhone(v) === undefined ? v : normalisePhone(v)) : v),
  z.string({ error: PHONE_MESSAGE }).regex(E164, PHONE_MESSAGE).nullable().optional(),
);

/** POST /assisted_living/check_in/: the whole setting at once; enabling needs a phone number. */
export const CheckInWriteRequest = formObject({
  dependant_user_id: id('dependant_user_id'),
  enabled: booleanField('enabled'),
  phone: phoneField,
  name: optionalField(freeText('name', CHECK_IN_NAME_MAX)),
  window_start: clockTime('window_start'),
  window_end: clockTime('window_end'),
}).superRefine((body, ctx) => {
  if (body.enabled && !body.phone)
    ctx.addIssue({
      code: 'custom',
      path: ['phone'],
      message: 'phone is required to send them a check-in text: enter their mobile number',
    });
  if (body.window_start >= body.window_end)
    ctx.addIssue({
      code: 'custom',
      path: ['window_end'],
      message: 'window_end must be later in the day than window_start',
    });
});
export type CheckInWriteRequest = z.infer<typeof CheckInWriteRequest>;
