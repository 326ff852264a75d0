import { createHook } from 'node:async_hooks';
import { messages } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { parseHash } from '../src/features/accounts/password';
import { findLoginUser, setDisabled, setPasswordHash } from '../src/features/accounts/repository';
import { PasswordHasher } from '../src/features/accounts/password';
import { describeEachDb } from './support/db';
import {
  login,
  loginRequest,
  makeTestApp,
  makeUser,
  type Person,
  sessionCookie,
  type TestApp,
  TEST_ITERATIONS,
} from './support/app';

const MINUTE = 60_000;
const dashboard = (t: TestApp, cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: cookie ? { cookie } : {} });

describeEachDb('login, sessions and logout', (suite) => {
  let t: TestApp;
  let alice: Person;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    alice = await makeUser(suite.db, 'alice');
  });

  it('logs in with JSON and answers already_set_up, a CSRF token and the dashboards', async () => {
    const res = await loginRequest(t.app, 'alice', alice.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.already_set_up).toBe(true);
    expect(body.csrftoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.dashboard).toEqual([
      expect.objectContaining({ dashboard_type: 1, title: "alice's home", user_id: alice.id }),
    ]);
    const cookie = res.cookies.find((c) => c.name === 'sessionid')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).toMatch(/Path=\//);
    expect(raw).not.toMatch(/Domain=/i);
    expect(raw).not.toMatch(/Secure/); // PUBLIC_ORIGIN is http here
  });

  it('logs in with a form body too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=alice&password=${encodeURIComponent(alice.password)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('uses a Secure __Host- cookie when PUBLIC_ORIGIN is https', async () => {
    const https = await makeTestApp(suite.db, { env: { PUBLIC_ORIGIN: 'https://homeview.example' } });
    const res = await loginRequest(https.app, 'alice', alice.password);
    expect(res.statusCode).toBe(200);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^__Host-sessionid=[A-Za-z0-9_-]{43}; /);
    expect(raw).toMatch(/Secure/);
    expect(raw).toMatch(/Path=\//);
    await https.app.close();
  });

  it('refuses a wrong password with 401 and the product message', async () => {
    const res = await loginRequest(t.app, 'alice', 'Wrong-Pass1!');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: messages.loginFailed });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{ username: '', password: 'x' }, 'username', messages.usernameRequired],
    [{ username: 'alice', password: '' }, 'password', messages.passwordRequired],
    [{ password: 'x' }, 'username', messages.usernameRequired],
    [{ username: 'alice' }, 'password', messages.passwordRequired],
  ])('answers 400 naming the empty field (%j)', async (payload, field, error) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v3/accounts/login/', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, field });
  });

  it('answers an unknown user exactly as a wrong password (status, body, headers)', async () => {
    const unknown = await loginRequest(t.app, 'nobody-here', 'Wrong-Pass1!');
    const wrong = await loginRequest(t.app, 'alice', 'Wrong-Pass1!');
    const strip = (h: Record<string, unknown>) => {
      const { date: _date, ...rest } = h;
      return rest;
    };
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(strip(unknown.headers)).toEqual(strip(wrong.headers));
  });

  it('derives one key for an unknown user as for a wrong password (the timing is in npm run bench hardening)', async () => {
    // Each PBKDF2 derivation on the thread pool is one PBKDF2REQUEST async resource: count them per login.
    const derivations = async (username: string) => {
      let count = 0;
      const hook = createHook({
        init: (_id, type) => {
          if (type === 'PBKDF2REQUEST') count += 1;
        },
      });
      hook.enable();
      try {
        expect((await loginRequest(t.app, username, 'Wrong-Pass1!')).statusCode).toBe(401);
      } finally {
        hook.disable();
      }
      return count;
    };
    await derivations('nobody-at-all'); // the dummy hash exists from now on
    expect(await derivations('nobody-at-all')).toBe(1);
    expect(await derivations('alice')).toBe(1);
  });

  it('refuses a disabled account with the same 401, and ends its open sessions at once', async () => {
    const bob = await makeUser(suite.db, 'bob-disabled');
    const session = await login(t.app, bob);
    expect((await dashboard(t, session.cookie)).statusCode).toBe(200);
    await setDisabled(suite.db, bob.id, true);
    expect((await dashboard(t, session.cookie)).statusCode).toBe(401);
    const res = await loginRequest(t.app, bob.username, bob.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: messages.loginFailed });
  });

  it('issues a new session id at every login and kills the one sent with it', async () => {
    const first = await login(t.app, alice);
    const res = await loginRequest(t.app, 'alice', alice.password, { cookie: first.cookie });
    expect(res.statusCode).toBe(200);
    const second = sessionCookie(res)!;
    expect(second).not.toBe(first.cookie);
    expect((await dashboard(t, first.cookie)).statusCode).toBe(401);
    expect((await dashboard(t, second)).statusCode).toBe(200);
  });

  it('rotates the CSRF token at login: the old one is refused', async () => {
    const first = await login(t.app, alice);
    const res = await loginRequest(t.app, 'alice', alice.password, { cookie: first.cookie });
    const cookie = sessionCookie(res)!;
    expect(res.json().csrftoken).not.toBe(first.csrf);
    const write = (csrf: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/common/popup/',
        headers: { cookie, 'x-csrftoken': csrf },
        payload: { popups_read: JSON.stringify([{ popup_id: 999_999, show_again: false }]) },
      });
    expect((await write(first.csrf)).statusCode).toBe(403);
    expect((await write(res.json().csrftoken)).statusCode).toBe(200);
  });

  it('logs out server-side: the copied cookie is dead afterwards', async () => {
    const session = await login(t.app, alice);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/logout/',
      headers: session.headers(true),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['clear-site-data']).toBe('"cookies", "storage"');
    expect(String(res.headers['set-cookie'])).toMatch(/^sessionid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await dashboard(t, session.cookie)).statusCode).toBe(401);
  });

  it('logout needs the CSRF token when a session exists, and is a harmless 200 without one', async () => {
    const session = await login(t.app, alice);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/logout/',
      headers: session.headers(),
    });
    expect(noToken.statusCode).toBe(403);
    expect((await dashboard(t, session.cookie)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v3/accounts/logout/' });
    expect(anonymous.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/logout/',
      headers: { cookie: 'sessionid=nonsense' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await dashboard(t);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeTypeOf('string');
  });

  it('ends a session idle for more than 30 minutes (29:59 fine, 30:01 not)', async () => {
    const a = await login(t.app, alice);
    t.clock.advance(29 * MINUTE + 59_000);
    expect((await dashboard(t, a.cookie)).statusCode).toBe(200);
    const b = await login(t.app, alice);
    t.clock.advance(30 * MINUTE + 1000);
    expect((await dashboard(t, b.cookie)).statusCode).toBe(401);
  });

  it("writes a session's last-seen time at most once a minute, and a session used every 50 s stays live", async () => {
    const session = await login(t.app, alice);
    const lastSeen = async () => {
      const { rows } = await suite.db.query<{ last_seen_at: Date }>(
        'select last_seen_at from sessions order by last_seen_at desc limit 1',
      );
      return new Date(rows[0]!.last_seen_at).getTime();
    };
    const loggedInAt = t.clock.now().getTime();
    expect(await lastSeen()).toBe(loggedInAt);
    t.clock.advance(30_000);
    expect((await dashboard(t, session.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(loggedInAt); // 30 s old: not written
    t.clock.advance(31_000);
    expect((await dashboard(t, session.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime()); // 61 s old: written
    for (let seconds = 0; seconds < 40 * 60; seconds += 50) {
      t.clock.advance(50_000);
      expect((await dashboard(t, session.cookie)).statusCode, `at ${seconds} s`).toBe(200);
    }
  });

  it('with SESSION_IDLE_MINUTES=1, a session used every 10 s lives on, and one idle over a minute ends', async () => {
    const short = await makeTestApp(suite.db, { env: { SESSION_IDLE_MINUTES: '1' } });
    const session = await login(short.app, alice);
    for (let seconds = 10; seconds <= 5 * 60; seconds += 10) {
      short.clock.advance(10_000);
      expect((await dashboard(short, session.cookie)).statusCode, `at ${seconds} s`).toBe(200);
    }
    // Used 45 s after its last use it still lives; 61 s after that use it has ended.
    short.clock.advance(45_000);
    expect((await dashboard(short, session.cookie)).statusCode).toBe(200);
    short.clock.advance(61_000);
    expect((await dashboard(short, session.cookie)).statusCode).toBe(401);
    await short.app.close();
  });

  it('ends a session 12 hours after login even when it is used all along', async () => {
    const session = await login(t.app, alice);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.advance(20 * MINUTE);
      expect((await dashboard(t, session.cookie)).statusCode, `at ${minutes} min`).toBe(200);
    }
    t.clock.advance(20 * MINUTE); // now exactly 12 h: still inside
    expect((await dashboard(t, session.cookie)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await dashboard(t, session.cookie)).statusCode).toBe(401);
  });

  it('upgrades an outdated hash at the next successful login', async () => {
    const carol = await makeUser(suite.db, 'carol-rehash');
    await setPasswordHash(suite.db, carol.id, await new PasswordHasher(100).hash(carol.password));
    await login(t.app, carol);
    const stored = parseHash((await findLoginUser(suite.db, 'carol-rehash'))!.password_hash)!;
    expect(stored.iterations).toBe(TEST_ITERATIONS);
  });

  it('verifies the password exactly (no truncation) and NFKC-normalised', async () => {
    const long = `Aa1!${'x'.repeat(96)}`;
    const dave = await makeUser(suite.db, 'dave-unicode');
    await setPasswordHash(suite.db, dave.id, await t.hasher.hash(long));
    expect((await loginRequest(t.app, 'dave-unicode', long)).statusCode).toBe(200);
    expect((await loginRequest(t.app, 'dave-unicode', long.slice(0, 99))).statusCode).toBe(401);
    await setPasswordHash(suite.db, dave.id, await t.hasher.hash('Caf\u00e9-Pass1'));
    expect((await loginRequest(t.app, 'dave-unicode', 'Cafe\u0301-Pass1')).statusCode).toBe(200);
  });
});
