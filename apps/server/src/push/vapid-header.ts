import webpush from 'web-push';

// The VAPID Authorization header (RFC 8292) names only the push service's origin, the subject and an
// expiry, so one signature serves every push to that origin while it is valid: an Urgent alert to 1,000
// carers signs once per push service, not 1,000 times (an ES256 signature each, bench/NOTES.md "push").

/** The token's life (RFC 8292 allows at most 24 h from when it is sent). */
export const VAPID_TOKEN_S = 12 * 3600;
/**
 * A header is reused until this long before its expiry, then signed again: a push held up (queued, retried
 * by a slow connection) never carries a token the push service already sees as expired.
 */
export const VAPID_RENEW_BEFORE_S = 3600;

export interface VapidSigner {
  /** The Authorization header for a push to `origin` at `now` (epoch seconds). */
  authorization(origin: string, now: number): string;
}

export function vapidSigner(subject: string, keys: { publicKey: string; privateKey: string }): VapidSigner {
  const signed = new Map<string, { header: string; expiresAt: number }>();
  return {
    authorization(origin, now) {
      const cached = signed.get(origin);
      if (cached && now < cached.expiresAt - VAPID_RENEW_BEFORE_S && now >= cached.expiresAt - VAPID_TOKEN_S)
        return cached.header;
      const expiresAt = now + VAPID_TOKEN_S;
      const { Authorization } = webpush.getVapidHeaders(
        origin,
        subject,
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
        expiresAt,
      );
      signed.set(origin, { header: Authorization, expiresAt });
      return Authorization;
    },
  };
}
