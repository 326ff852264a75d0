import { messages } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { defaultThrottleLimits } from '../src/features/accounts/throttle';
import { describeEachDb } from './support/db';
import { makeTestApp, makeUser, type Person, type TestApp } from './support/app';

// RL-01/02/03: failed logins are throttled per account (100 an hour, then 429 + Retry-After, no lockout)
// and per client address (20 a minute); X-Forwarded-For is not trusted.

const HOUR = 3_600_000;

describeEachDb('failed-login throttling', (suite) => {
  let t: TestApp;
  let alice: Person;

  beforeAll(async () => {
    t = await makeTestApp(suite.db, { throttleLimits: defaultThrottleLimits });
    alice = await makeUser(suite.db, 'alice');
  });

  const attempt = (
    username: string,
    password: string,
    address: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      remoteAddress: address,
      headers,
      payload: { username, password },
    });

  it('allows 100 failures an hour per account from many addresses, then 429 until the window moves', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await attempt('alice', `Wrong-Pass${i}!`, `10.0.${i % 50}.1`);
      statuses.push(res.statusCode);
      if (i % 10 === 9) t.clock.advance(60_000); // spread over 12 minutes
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);

    // Throttled means throttled: even the right password waits, with a Retry-After.
    const blocked = await attempt('alice', alice.password, '192.168.7.7');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // No permanent lockout: after the window the real user gets in.
    t.clock.advance(HOUR);
    const res = await attempt('alice', alice.password, '192.168.7.7');
    expect(res.statusCode).toBe(200);
  });

  it('throttles unknown names the same way (a 429 does not reveal an account)', async () => {
    for (let i = 0; i < 100; i++) {
      expect((await attempt('ghost', 'Wrong-Pass1!', `10.1.${i % 50}.1`)).statusCode).toBe(401);
    }
    const res = await attempt('ghost', 'Wrong-Pass1!', '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    t.clock.advance(HOUR);
  });

  it('allows 20 failures a minute per address; X-Forwarded-For does not change the key', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await attempt(`user${i}`, 'Wrong-Pass1!', '10.20.30.40', {
        'x-forwarded-for': `1.2.3.${i}`,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: messages.loginFailed });
    }
    const res = await attempt('alice', alice.password, '10.20.30.40', { 'x-forwarded-for': '9.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is unaffected; the same one recovers after the minute.
    expect((await attempt('alice', alice.password, '10.20.30.41')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await attempt('alice', alice.password, '10.20.30.40')).statusCode).toBe(200);
  });

  it('a successful login clears the account counter (only consecutive failures count)', async () => {
    t.clock.advance(HOUR);
    for (let i = 0; i < 99; i++) await attempt('alice', 'Wrong-Pass1!', `10.3.${i % 50}.1`);
    expect((await attempt('alice', alice.password, '10.4.0.1')).statusCode).toBe(200);
    expect((await attempt('alice', 'Wrong-Pass1!', '10.4.0.2')).statusCode).toBe(401);
    expect((await attempt('alice', alice.password, '10.4.0.3')).statusCode).toBe(200);
  });
});
