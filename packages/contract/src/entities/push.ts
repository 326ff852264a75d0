import { z } from 'zod';
import { epoch } from './common';
import { fieldMessage, formObject, jsonField } from '../form';

// Additive, not in §7 (issue 36): Web Push for carers. The server's VAPID public key, and the signed-in
// person's own browsers (subscribe, list, unsubscribe): no user_id, nobody reaches another's.

export const PushKeyResponse = z.object({
  /** The applicationServerKey (base64url), or null when this server has no push (VAPID_SUBJECT unset). */
  public_key: z.string().nullable(),
});
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

export const PUSH_ENDPOINT_MAX = 2048;
const ENDPOINT_MESSAGE = "endpoint must be the push service's https:// URL from PushSubscription";

const endpoint = z
  .string({ error: fieldMessage('endpoint', 'a URL') })
  .max(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .refine((s) => URL.canParse(s) && new URL(s).protocol === 'https:', ENDPOINT_MESSAGE);

// RFC 8291: p256dh is an uncompressed P-256 point (65 bytes, first 0x04: "B…"), auth 16 bytes; both
// base64url without padding, the last character's unused bits zero (the browser's own encoding).
const P256DH = /^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$/;
const AUTH = /^[A-Za-z0-9_-]{21}[AQgw]$/;

const Keys = z.strictObject(
  {
    p256dh: z
      .string({ error: 'keys.p256dh is required' })
      .regex(P256DH, 'keys.p256dh must be a P-256 public key: 65 bytes in base64url'),
    auth: z.string({ error: 'keys.auth is required' }).regex(AUTH, 'keys.auth must be 16 bytes in base64url'),
  },
  { error: 'keys must hold p256dh and auth only' },
);

/** PushSubscription.toJSON() as the browser gives it (expirationTime is read and ignored). */
export const PushSubscribeRequest = formObject({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: jsonField('keys', Keys, '{"p256dh": "…", "auth": "…"}'),
});
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequest>;

export const PushUnsubscribeRequest = formObject({ endpoint });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;

export const PushSubscription = z.object({
  endpoint: z.string(),
  created_at: epoch,
});
export const PushSubscriptionsResponse = z.object({ subscriptions: z.array(PushSubscription) });
export type PushSubscriptionsResponse = z.infer<typeof PushSubscriptionsResponse>;
