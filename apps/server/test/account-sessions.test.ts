import { SessionsResponse } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from './support/db';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';

// Additive (issue 27, ASVS level 2): the signed-in account's own sessions, and "sign out everywhere else".
// No user id is taken: one person can neither see nor end another's sessions.

const URL_LIST = '/api/v3/accounts/sessions/';
const URL_END = '/api/v3/accounts/sessions/end_others/';

describeEachDb('the account’s sessions', (suite) => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    ann = await makeUser(suite.db, 'ann-sessions');
    bob = await makeUser(suite.db, 'bob-sessions');
  });

  const list = async (s: Session) => {
    const res = await t.app.inject({ url: URL_LIST, headers: s.headers() });
    expect(res.statusCode, res.body).toBe(200);
    return SessionsResponse.parse(res.json()).sessions;
  };
  const endOthers = (s: Session, headers = s.headers(true)) =>
    t.app.inject({ method: 'POST', url: URL_END, headers });
  const live = async (s: Session) =>
    (await t.app.inject({ url: '/api/v3/dashboard/', headers: s.headers() })).statusCode === 200;

  it('lists only the account’s own live sessions, newest first, marking the current one', async () => {
    const first = await login(t.app, ann);
    t.clock.advance(60_000);
    const second = await login(t.app, ann);
    const bobs = await login(t.app, bob);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const seen = await list(second);
    expect(seen).toEqual([
      { created_at: now, last_seen_at: now, current: true },
      { created_at: now - 60, last_seen_at: now - 60, current: false },
    ]);
    expect((await list(first)).map((s) => s.current)).toEqual([false, true]);
    expect(await list(bobs)).toEqual([{ created_at: now, last_seen_at: now, current: true }]);
  });

  it('signs out everywhere else: the others end, this one and other people’s stay', async () => {
    const a1 = await login(t.app, ann);
    const a2 = await login(t.app, ann);
    const a3 = await login(t.app, ann);
    const b1 = await login(t.app, bob);
    const res = await endOthers(a3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(2);
    expect([await live(a1), await live(a2), await live(a3), await live(b1)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(await list(a3)).toHaveLength(1);
    // Bob signing out everywhere else leaves Ann's session alone.
    expect((await endOthers(b1)).statusCode).toBe(200);
    expect(await live(a3)).toBe(true);
  });

  it('refuses without a session (401), a write without the CSRF token (403), and any user id (400)', async () => {
    expect((await t.app.inject({ url: URL_LIST })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: URL_END })).statusCode).toBe(401);
    const a = await login(t.app, ann);
    const b = await login(t.app, bob);
    expect((await endOthers(a, a.headers(false))).statusCode).toBe(403);
    const other = await t.app.inject({ url: `${URL_LIST}?user_id=${bob.id}`, headers: a.headers() });
    expect([other.statusCode, other.json()]).toEqual([
      400,
      { error: 'Unknown field: user_id', field: 'user_id' },
    ]);
    const end = await t.app.inject({
      method: 'POST',
      url: URL_END,
      headers: { ...a.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_id=${bob.id}`,
    });
    expect(end.statusCode).toBe(400);
    expect(await live(b)).toBe(true);
  });
});
