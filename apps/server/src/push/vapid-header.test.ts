import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { vapidSigner } from './vapid-header';

// One VAPID signature per push service while it is valid, renewed an hour before its 12 h run out. The
// clock is pinned (epoch seconds of 2026-03-29 00:30 UTC, the night the UK's clocks go forward: the header
// knows nothing of zones).

const T0 = 1_774_744_200;
const keys = webpush.generateVAPIDKeys();
const A = 'https://fcm.googleapis.com';
const B = 'https://updates.push.services.mozilla.com';

function claims(header: string): { aud: string; exp: number; sub: string } {
  const jwt = /^vapid t=([^,]+), k=/.exec(header)![1]!;
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
}

describe('vapidSigner', () => {
  it('reuses one origin’s header within its validity and signs again an hour before it ends', () => {
    const signer = vapidSigner('mailto:ops@example.com', keys);
    const first = signer.authorization(A, T0);
    expect(claims(first)).toEqual({ aud: A, exp: T0 + 43_200, sub: 'mailto:ops@example.com' });
    // ECDSA signatures are randomised: the same string again means the same signature, not a new one.
    expect(signer.authorization(A, T0 + 1)).toBe(first);
    expect(signer.authorization(A, T0 + 39_599)).toBe(first);
    const renewed = signer.authorization(A, T0 + 39_600);
    expect(renewed).not.toBe(first);
    expect(claims(renewed).exp).toBe(T0 + 39_600 + 43_200);
    expect(signer.authorization(A, T0 + 40_000)).toBe(renewed);
  });

  it('signs each push service origin for itself', () => {
    const signer = vapidSigner('mailto:ops@example.com', keys);
    const a = signer.authorization(A, T0);
    const b = signer.authorization(B, T0);
    expect(claims(b).aud).toBe(B);
    expect(b).not.toBe(a);
    expect(signer.authorization(A, T0 + 60)).toBe(a);
    expect(signer.authorization(B, T0 + 60)).toBe(b);
  });

  it('signs again when the clock went back before the cached header was signed', () => {
    const signer = vapidSigner('mailto:ops@example.com', keys);
    const later = signer.authorization(A, T0 + 3600);
    const earlier = signer.authorization(A, T0);
    expect(earlier).not.toBe(later);
    expect(claims(earlier).exp).toBe(T0 + 43_200);
  });
});
