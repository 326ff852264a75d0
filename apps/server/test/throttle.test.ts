import { messages } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { HashPool } from '../src/features/accounts/hash-pool';
import { PasswordHasher } from '../src/features/accounts/password';
import { defaultThrottleLimits, LoginThrottle } from '../src/features/accounts/throttle';
import type { Db } from '../src/db/types';
import { createAccount } from '../src/features/accounts/users';
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

  it('a success does not reset the account window (an attack in progress keeps its count)', async () => {
    t.clock.advance(HOUR);
    for (let i = 0; i < 99; i++) await attempt('alice', 'Wrong-Pass1!', `10.3.${i % 50}.1`);
    expect((await attempt('alice', alice.password, '10.4.0.1')).statusCode).toBe(200);
    expect((await attempt('alice', 'Wrong-Pass1!', '10.4.0.2')).statusCode).toBe(401);
    expect((await attempt('alice', 'Wrong-Pass1!', '10.4.0.3')).statusCode).toBe(429);
    t.clock.advance(HOUR);
  });

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('60 wrong passwords at once from one address: exactly 20 are checked, 40 get 429', async () => {
    const statuses = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => attempt(`name${i}`, 'Wrong-Pass1!', '10.60.0.1')),
      )
    ).map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(20);
    expect(count(statuses, 429)).toBe(40);
    t.clock.advance(HOUR);
  });

  it('150 wrong passwords at once at one account from 15 addresses: exactly 100 are checked', async () => {
    const bob = await makeUser(suite.db, 'bob');
    const statuses = (
      await Promise.all(
        Array.from({ length: 150 }, (_, i) => attempt('bob', `Wrong-Pass${i}!`, `10.150.${i % 15}.1`)),
      )
    ).map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(100);
    expect(count(statuses, 429)).toBe(50);
    // A new address waits like everyone else…
    expect((await attempt('bob', bob.password, '10.151.0.1')).statusCode).toBe(429);
    t.clock.advance(HOUR);
  });

  it('the owner logs in from an address they used before while the account is under attack', async () => {
    const carol = await makeUser(suite.db, 'carol');
    expect((await attempt('carol', carol.password, '192.168.1.10')).statusCode).toBe(200);
    const attack = Promise.all(
      Array.from({ length: 150 }, (_, i) => attempt('carol', `Wrong-Pass${i}!`, `10.77.${i % 15}.1`)),
    );
    const owner = attempt('carol', carol.password, '192.168.1.10');
    const statuses = (await attack).map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(100);
    expect((await owner).statusCode).toBe(200);
    expect((await attempt('carol', carol.password, '192.168.1.10')).statusCode).toBe(200);
    // …but only that address is exempt from the account-wide window: a new one is refused.
    expect((await attempt('carol', carol.password, '192.168.1.11')).statusCode).toBe(429);
    t.clock.advance(HOUR);
  });

  it('150 attempts at once read the known addresses in a few statements, not one each', async () => {
    // Each read was a statement of its own; PGlite runs one per turn of the event loop, so a /healthz
    // `select 1` behind 150 of them waited 150 turns. The hint is still right for each attempt.
    const gina = await makeUser(suite.db, 'gina');
    expect((await attempt('gina', gina.password, '192.168.9.90')).statusCode).toBe(200);
    let reads = 0;
    const counting = Object.assign(Object.create(suite.db) as Db, {
      query: ((sql: string, params?: unknown[]) => {
        if (/^\s*select[\s\S]*login_known_addresses/i.test(sql)) reads++;
        return suite.db.query(sql, params as never);
      }) as Db['query'],
    });
    const throttle = new LoginThrottle(counting, defaultThrottleLimits, t.clock);
    const keys = Array.from({ length: 150 }, (_, i) => ({ account: 'gina', address: `10.88.${i % 15}.1` }));
    keys.splice(75, 0, { account: 'gina', address: '192.168.9.90' });
    const reservations = await Promise.all(keys.map((k) => throttle.reserve(k)));
    expect(reads).toBeLessThanOrEqual(3);
    const known = reservations.map((r) => r.retryAfter === undefined && r.knownAddress);
    expect(known.filter(Boolean)).toHaveLength(1);
    expect(known[75]).toBe(true);
    t.clock.advance(HOUR);
  });

  it("the owner's attempt is counted ahead of an attack's queued ones, which take turns in memory", async () => {
    // 150 attempts at once used to wait on the account's lock in the database, in arrival order, each
    // holding a connection (PGlite: its one backend): the owner's came after all 100 in-limit ones.
    const frank = await makeUser(suite.db, 'frank');
    expect((await attempt('frank', frank.password, '192.168.6.60')).statusCode).toBe(200);
    const attack = Promise.all(
      Array.from({ length: 150 }, (_, i) => attempt('frank', `Wrong-Pass${i}!`, `10.66.${i % 15}.1`)),
    );
    const owner = await attempt('frank', frank.password, '192.168.6.60');
    const { rows } = await suite.db.query<{ n: number }>(
      "select count(*)::int as n from login_attempts where account = 'frank'",
    );
    expect(owner.statusCode).toBe(200);
    expect(rows[0]!.n).toBeLessThan(50);
    // Taking turns changes no limit: exactly 100 are checked.
    const statuses = (await attack).map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(100);
    expect(count(statuses, 429)).toBe(50);
    t.clock.advance(HOUR);
  });

  it("guessing from the owner's own address stays limited to 100 failures an hour", async () => {
    const dave = await makeUser(suite.db, 'dave');
    expect((await attempt('dave', dave.password, '192.168.2.20')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) {
      statuses.push((await attempt('dave', `Wrong-Pass${i}!`, '192.168.2.20')).statusCode);
      if (i % 19 === 18) t.clock.advance(60_000); // stay under the address's 20 a minute
    }
    expect(count(statuses, 401)).toBe(100);
    expect(count(statuses, 429)).toBe(10);
    t.clock.advance(HOUR);
  });

  it("the owner's login from a known address is answered before the attackers' queued hashes finish", async () => {
    // A real cost per hash (so a queue builds up behind the reservations, which take turns too) and a
    // pool of 2: one slot for untrusted work, one kept.
    const pool = new HashPool(2);
    const hasher = new PasswordHasher(150_000, pool);
    const own = await makeTestApp(suite.db, { throttleLimits: defaultThrottleLimits, hasher });
    await createAccount(suite.db, hasher, {
      username: 'erin',
      email: 'erin@example.com',
      password: 'Erin-Pass1!',
      setupDone: true,
    });
    const login = (password: string, address: string) =>
      own.app.inject({
        method: 'POST',
        url: '/api/v3/accounts/login/',
        remoteAddress: address,
        payload: { username: 'erin', password },
      });
    expect((await login('Erin-Pass1!', '192.168.5.50')).statusCode).toBe(200);
    const before = pool.stats();

    const answered: number[] = [];
    const attack = Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        login(`Wrong-Pass${i}!`, `10.88.${i % 15}.1`).then((r) => {
          answered.push(r.statusCode);
          return r.statusCode;
        }),
      ),
    );
    // Wait (with a deadline) until the 50 over the limit are refused and a queue of checks has formed.
    const deadline = Date.now() + 20_000;
    while (count(answered, 429) < 50 || pool.stats().queued.other < 40) {
      if (Date.now() > deadline) throw new Error(`no queue formed: ${JSON.stringify(pool.stats())}`);
      await new Promise((r) => setImmediate(r));
    }
    const queuedAtSend = pool.stats().queued.other;
    const owner = await login('Erin-Pass1!', '192.168.5.50');
    const attackersWaiting = 150 - answered.length;
    expect(owner.statusCode).toBe(200);
    // A FIFO would answer the owner after (nearly) every queued attacker; here most are still waiting.
    expect(attackersWaiting).toBeGreaterThanOrEqual(queuedAtSend / 2);

    const statuses = await attack;
    expect(count(statuses, 401)).toBe(100);
    expect(count(statuses, 429)).toBe(50);
    // Hashes performed: one per counted attacker attempt (the refused ones took no slot) and the owner's.
    const after = pool.stats();
    expect(after.started.other - before.started.other).toBe(100);
    expect(after.started.trusted - before.started.trusted).toBe(1);
    expect(after.running).toBe(0);
    await own.app.close();
    t.clock.advance(HOUR);
  });
});
