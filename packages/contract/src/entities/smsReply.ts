import { z } from 'zod';
import { fieldMessage, freeText, optionalField, providerForm } from '../form';
import { E164, normalisePhone } from '../phone';

// The SMS provider's inbound webhook (POST /api/sms/v1/inbound, issue 25): a Twilio-style form. Not an
// /api/v3 call, but checked as one (issue 34.8): a NUL or a control character is a 400 naming the field.

/** The longest text a reply may carry: ten SMS segments. */
export const SMS_REPLY_MAX = 1600;

export const SmsReplyForm = providerForm({
  /** Who sent it, in international form. */
  From: z.preprocess(
    (v) => (typeof v === 'string' ? (normalisePhone(v) ?? v) : v),
    z.string({ error: fieldMessage('From', 'a phone number') }).regex(E164, 'From must be a phone number'),
  ),
  /** What they wrote: blank when they sent only a picture. */
  Body: optionalField(freeText('Body', SMS_REPLY_MAX)).transform((body) => body ?? ''),
  /**
   * The provider's id of the message: a delivery sent again (the provider retries after a timeout)
   * carries the same id, and counts once (issue 34.10).
   */
  MessageSid: z
    .string({ error: fieldMessage('MessageSid', "the provider's id of the message") })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "MessageSid must be the provider's id of the message"),
});
export type SmsReplyForm = z.infer<typeof SmsReplyForm>;
