import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { RESET_ACCOUNT_LIMIT } from '../src/features/accounts/password-reset';
import { defaultThrottleLimits } from '../src/features/accounts/throttle';
import { login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { createPostgresDatabase, dbKinds, type TestDatabase } from './support/db';

// Several server processes on one PostgreSQL (issue 26): what one server knows that another must know too
// lives in the database, never in a process. Two apps here, each with its own connection pool on the same
// database, as two servers behind a proxy: a session made on one works on the other and ends on both,
// failed logins and reset requests sent to both are counted as if sent to one.

describe.runIf(dbKinds.includes('postgres'))('state shared by servers on one PostgreSQL', () => {
  let database: TestDatabase & { url: string };
  let second: Db;
  let a: TestApp;
  let b: TestApp;
  let alice: Person;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    second = await openPostgres(database.url, 5);
    a = await makeTestApp(database.db, { throttleLimits: defaultThrottleLimits });
    b = await makeTestApp(second, { throttleLimits: defaultThrottleLimits });
    alice = await makeUser(database.db, 'alice');
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await second?.close();
    await database?.drop();
  });

  /** Both servers' clocks move together (they read one wall clock). */
  const advance = (ms: number) => {
    a.clock.advance(ms);
    b.clock.advance(ms);
  };

  it('a session made through one server works through the other, and a logout on either ends it', async () => {
    const session = await login(a.app, alice);
    const onB = await b.app.inject({ url: '/api/v3/dashboard/', headers: session.headers() });
    expect(onB.statusCode, onB.body).toBe(200);
    // A write on B with the CSRF token A issued (the token is the session's, stored with it).
    const logout = await b.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/logout/',
      headers: { ...session.headers(true), origin: 'http://localhost:8080' },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await a.app.inject({ url: '/api/v3/dashboard/', headers: session.headers() })).statusCode).toBe(
      401,
    );
  });

  it('60 wrong passwords from one address spread over both servers, all at once: 20 counted, as on one', async () => {
    advance(3_600_000); // past the windows of the test before
    const attempt = (app: TestApp, i: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/v3/accounts/login/',
        remoteAddress: '10.66.0.1',
        payload: { username: `user${i % 7}`, password: 'Wrong-Pass1!' },
      });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(i % 2 ? b : a, i)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(defaultThrottleLimits.addressFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - defaultThrottleLimits.addressFailures);
    // The right password from that address waits too, on either server.
    const right = await b.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      remoteAddress: '10.66.0.1',
      payload: { username: alice.username, password: alice.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('reset requests for one address sent to both servers send at most the limit of emails', async () => {
    advance(3_600_000);
    const before = await outboxCount();
    for (let i = 0; i < 2 * RESET_ACCOUNT_LIMIT + 2; i++) {
      const res = await (i % 2 ? b : a).app.inject({
        method: 'POST',
        url: '/api/v3/accounts/reset_password/',
        remoteAddress: `10.77.0.${i}`,
        headers: { origin: 'http://localhost:8080' },
        payload: { email: 'alice@example.com' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The emails go out after the answers: wait until no more come.
    let sent = -1;
    for (let n = await outboxCount(); n !== sent; n = await outboxCount()) {
      sent = n;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(sent - before).toBe(RESET_ACCOUNT_LIMIT);
  });

  const outboxCount = async () =>
    (
      await database.db.query<{ n: number }>(
        "select count(*)::int as n from outbox_messages where recipient = 'alice@example.com'",
      )
    ).rows[0]!.n;
});
