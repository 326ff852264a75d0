import { beforeAll, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logging';
import { describeEachDb } from './support/db';
import { login, loginRequest, makeTestApp, makeUser, type Person, type TestApp } from './support/app';

// LOG-02/03: after a run of logins (good and bad), CSRF failures, writes, logout and a URL carrying a
// token, the captured log holds none of the secrets, and every line is one JSON object.

describeEachDb('secrets stay out of the logs', (suite) => {
  let t: TestApp;
  let alice: Person;

  beforeAll(async () => {
    t = await makeTestApp(suite.db, {
      env: { LOG_LEVEL: 'trace' },
      routes: [(app) => app.get('/api/v3/test/boom/', async () => Promise.reject(new Error('boom')))],
    });
    alice = await makeUser(suite.db, 'alice');
  });

  it('logs no password, session token, CSRF token or URL token', async () => {
    const secrets: string[] = [
      alice.password,
      'Wrong-Secret-9!',
      'reset-token-abcdef123456',
      'Nasty\nPass-1',
    ];
    const session = await login(t.app, alice);
    const cookieToken = session.cookie.split('=')[1]!;
    secrets.push(cookieToken, session.csrf);

    await loginRequest(t.app, 'alice', 'Wrong-Secret-9!');
    await loginRequest(t.app, 'Wrong-Secret-9!', 'Nasty\nPass-1'); // a password typed in the username box
    await t.app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: session.headers() });
    await t.app.inject({
      method: 'POST',
      url: '/api/v3/common/settings/',
      headers: session.headers(),
      payload: { user_id: 1, name: 'x' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/v3/test/boom/?token=reset-token-abcdef123456',
      headers: session.headers(),
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/v3/nothing/?csrftoken=${session.csrf}&password=${alice.password}`,
    });
    await t.app.inject({ method: 'POST', url: '/api/v3/accounts/logout/', headers: session.headers(true) });

    const log = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(8);
    // Only the unambiguous secret fragments: 'Wrong-Secret-9!' may appear percent-encoded too.
    for (const secret of secrets) {
      expect(log, `secret ${JSON.stringify(secret)} in the log`).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
      expect(log).not.toContain(JSON.stringify(secret).slice(1, -1)); // as escaped inside a JSON line
    }
    for (const line of t.logs) expect(() => JSON.parse(line)).not.toThrow();
    expect(t.logs.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true);
    expect(log).toContain('"event":"login_failed"');
    expect(log).toContain('"event":"login"');
    expect(log).toContain('"event":"logout"');
  });

  it('masks sensitive query values and keeps the rest', () => {
    expect(redactUrl('/reset/?token=abc&uid=4')).toBe('/reset/?token=[REDACTED]&uid=4');
    expect(redactUrl('/x/?CSRFToken=1&api_key=2&Password=3&page=2')).toBe(
      '/x/?CSRFToken=[REDACTED]&api_key=[REDACTED]&Password=[REDACTED]&page=2',
    );
    expect(redactUrl('/plain/')).toBe('/plain/');
    expect(redactUrl(`/long/?q=${'a'.repeat(2000)}`).length).toBeLessThanOrEqual(512);
  });

  it('writes each request at debug (a 5xx as a warning), so the default level shows events, not requests', async () => {
    const quiet = await makeTestApp(suite.db, {
      env: { LOG_LEVEL: 'info' },
      routes: [(app) => app.get('/api/v3/test/boom/', async () => Promise.reject(new Error('boom')))],
    });
    const chatty = await makeTestApp(suite.db, { env: { LOG_LEVEL: 'debug' } });
    try {
      for (const app of [quiet.app, chatty.app])
        await app.inject({ method: 'GET', url: '/api/v3/dashboard/' });
      await quiet.app.inject({ method: 'GET', url: '/api/v3/test/boom/' });
      const requests = (logs: string[]) =>
        logs
          .map((line) => JSON.parse(line) as { msg: string; level: number; url: string; statusCode: number })
          .filter((entry) => entry.msg === 'request')
          .map((entry) => [entry.level, entry.url, entry.statusCode]);
      expect(requests(quiet.logs)).toEqual([[40, '/api/v3/test/boom/', 500]]);
      expect(requests(chatty.logs)).toEqual([[20, '/api/v3/dashboard/', 401]]);
    } finally {
      await quiet.app.close();
      await chatty.app.close();
    }
  });
});
