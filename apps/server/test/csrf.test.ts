import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from './support/db';
import {
  login,
  loginRequest,
  makeTestApp,
  makeUser,
  type Person,
  type Session,
  type TestApp,
} from './support/app';

// CSRF-01/02/05: every unsafe route × {no token, another session's token, token in the query string,
// foreign Origin, cross-site Sec-Fetch-Site} → 403; the right token → 2xx.

interface WriteRoute {
  name: string;
  request(user: Person): Omit<InjectOptions, 'headers'>;
}

const WRITES: WriteRoute[] = [
  { name: 'logout', request: () => ({ method: 'POST', url: '/api/v3/accounts/logout/' }) },
  {
    name: 'popups',
    request: () => ({
      method: 'POST',
      url: '/api/v3/common/popup/',
      payload: { popups_read: JSON.stringify([{ popup_id: 1, show_again: false }]) },
    }),
  },
  {
    name: 'settings',
    request: (user) => ({
      method: 'POST',
      url: '/api/v3/common/settings/',
      payload: { user_id: user.id, email_report: 2 },
    }),
  },
];

describeEachDb('CSRF defence', (suite) => {
  let t: TestApp;
  let alice: Person;
  let mallory: Person;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    alice = await makeUser(suite.db, 'alice');
    mallory = await makeUser(suite.db, 'mallory');
  });

  const send = (route: WriteRoute, headers: Record<string, string>, query = '') => {
    const req = route.request(alice);
    return t.app.inject({ ...req, url: `${req.url}${query}`, headers } as InjectOptions);
  };

  const attacks: [string, (s: Session, other: Session) => [Record<string, string>, string?]][] = [
    ['no token', (s) => [{ cookie: s.cookie }]],
    ["another session's token", (s, other) => [{ cookie: s.cookie, 'x-csrftoken': other.csrf }]],
    [
      'a token in the query string',
      (s) => [{ cookie: s.cookie }, `?csrftoken=${s.csrf}&_csrf=${s.csrf}&csrfmiddlewaretoken=${s.csrf}`],
    ],
    ['a foreign Origin', (s) => [{ ...s.headers(true), origin: 'https://evil.example' }]],
    ['Origin null', (s) => [{ ...s.headers(true), origin: 'null' }]],
    ['Sec-Fetch-Site: cross-site', (s) => [{ ...s.headers(true), 'sec-fetch-site': 'cross-site' }]],
  ];

  for (const route of WRITES) {
    for (const [attack, make] of attacks) {
      it(`${route.name}: refuses ${attack} with 403 and keeps the session`, async () => {
        const session = await login(t.app, alice);
        const other = await login(t.app, mallory);
        const [headers, query] = make(session, other);
        const res = await send(route, headers, query);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error).toBeTypeOf('string');
        const still = await t.app.inject({
          method: 'GET',
          url: '/api/v3/dashboard/',
          headers: { cookie: session.cookie },
        });
        expect(still.statusCode).toBe(200);
      });
    }

    it(`${route.name}: accepts the session's own token (same-origin browser headers too)`, async () => {
      const session = await login(t.app, alice);
      const res = await send(route, {
        ...session.headers(true),
        origin: t.config.publicOrigin,
        'sec-fetch-site': 'same-origin',
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  }

  it('login refuses a foreign Origin or a cross-site fetch, and accepts our own', async () => {
    expect(
      (await loginRequest(t.app, 'alice', alice.password, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    expect(
      (await loginRequest(t.app, 'alice', alice.password, { 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403);
    expect(
      (await loginRequest(t.app, 'alice', alice.password, { origin: 'http://localhost:8080' })).statusCode,
    ).toBe(200);
    expect(
      (await loginRequest(t.app, 'alice', alice.password, { 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });

  it('without PUBLIC_ORIGIN accepts a loopback Origin matching Host on any port, nothing else', async () => {
    const ok = { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' };
    expect((await loginRequest(t.app, 'alice', alice.password, ok)).statusCode).toBe(200);
    const rebinding = { origin: 'http://evil.example:8080', host: 'evil.example:8080' };
    expect((await loginRequest(t.app, 'alice', alice.password, rebinding)).statusCode).toBe(403);
    const mismatch = { origin: 'http://localhost:9999', host: 'localhost:8080' };
    expect((await loginRequest(t.app, 'alice', alice.password, mismatch)).statusCode).toBe(403);
  });

  it('with PUBLIC_ORIGIN set accepts only that origin', async () => {
    const strict = await makeTestApp(suite.db, { env: { PUBLIC_ORIGIN: 'https://homeview.example' } });
    const loopback = { origin: 'http://localhost:8080', host: 'localhost:8080' };
    expect((await loginRequest(strict.app, 'alice', alice.password, loopback)).statusCode).toBe(403);
    expect(
      (await loginRequest(strict.app, 'alice', alice.password, { origin: 'https://homeview.example' }))
        .statusCode,
    ).toBe(200);
    await strict.app.close();
  });

  it('GET never changes state: no GET handler exists on write-only paths', async () => {
    const session = await login(t.app, alice);
    for (const url of ['/api/v3/accounts/logout/', '/api/v3/accounts/login/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: session.headers() });
      expect(res.statusCode).toBe(404);
    }
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/v3/dashboard/',
      headers: session.headers(),
    });
    expect(still.statusCode).toBe(200);
  });
});
