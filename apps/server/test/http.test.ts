import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/types';
import { NOT_BUILT_MESSAGE } from '../src/http/web';
import { describeEachDb } from './support/db';
import {
  login,
  loginRequest,
  makeTestApp,
  makeUser,
  type Session,
  type TestApp,
  testConfig,
} from './support/app';

// HDR-01/02, LOG-04, AUTH-08, CSRF-04 and the static web app: headers on every kind of answer, generic
// errors without stacks, 404/413/415 as JSON, SPA fallback, and a plain message when the web is not built.

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
let inspected = 0;

function expectSecurityHeaders(res: LightMyRequestResponse, opts: { noStore: boolean }) {
  inspected++;
  const h = res.headers;
  expect(h['content-security-policy']).toBe(CSP);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(h['x-powered-by']).toBeUndefined();
  expect(h.server).toBeUndefined();
  if (opts.noStore) expect(h['cache-control']).toBe('no-store');
  const type = String(h['content-type'] ?? '');
  if (/json|text|html|javascript/.test(type)) expect(type).toMatch(/charset=utf-8/i);
}

describeEachDb('HTTP behaviour', (suite) => {
  let t: TestApp;
  let web: TestApp;
  let session: Session;
  let dist: string;

  beforeAll(async () => {
    inspected = 0;
    dist = await mkdtemp(join(tmpdir(), 'homeview-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>HomeView</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("hi")');
    const boom = [
      (app: TestApp['app']) =>
        app.get('/api/v3/test/boom/', async () => {
          throw new Error('kaboom: internal detail');
        }),
    ];
    t = await makeTestApp(suite.db, { routes: boom });
    web = await makeTestApp(suite.db, { env: { WEB_DIST: dist } });
    session = await login(t.app, await makeUser(suite.db, 'alice'));
  });

  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
    console.log(`headers checked on ${inspected} responses [${suite.kind}]`);
  });

  it('puts the security headers on API answers, errors and 404s, with no-store', async () => {
    const cases: [string, InjectOptions, number][] = [
      ['dashboard', { method: 'GET', url: '/api/v3/dashboard/', headers: session.headers() }, 200],
      ['no session', { method: 'GET', url: '/api/v3/dashboard/' }, 401],
      [
        'bad input',
        { method: 'GET', url: '/api/v3/common/settings/?user_id=x', headers: session.headers() },
        400,
      ],
      [
        'csrf',
        { method: 'POST', url: '/api/v3/common/settings/', headers: session.headers(), payload: {} },
        403,
      ],
      ['unknown api path', { method: 'GET', url: '/api/v3/nothing-here/' }, 404],
      [
        'unknown method',
        { method: 'DELETE', url: '/api/v3/dashboard/', headers: session.headers(true) },
        404,
      ],
      ['server error', { method: 'GET', url: '/api/v3/test/boom/' }, 500],
      ['health', { method: 'GET', url: '/healthz' }, 200],
      [
        'failed login',
        { method: 'POST', url: '/api/v3/accounts/login/', payload: { username: 'x', password: 'y' } },
        401,
      ],
    ];
    for (const [name, request, status] of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, name).toBe(status);
      expectSecurityHeaders(res, { noStore: true });
      expect(res.headers['content-type'], name).toMatch(/^application\/json/);
    }
  });

  it('answers an unexpected error with a generic body and a request id, never a stack', async () => {
    const before = t.logs.length;
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/test/boom/' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['error', 'requestId']);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toMatch(/kaboom|at |\.ts/);
    // The detail goes to the log, under the same request id.
    expect(t.logs.slice(before).some((l) => l.includes('kaboom') && l.includes(body.requestId))).toBe(true);
  });

  it('answers 404 JSON for unknown /api paths, even for a browser', async () => {
    const res = await web.app.inject({
      method: 'GET',
      url: '/api/v3/unknown/',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });

  it('refuses bodies over 1 MB with 413, not 500', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      payload: { username: 'a', password: big },
    });
    expect(json.statusCode).toBe(413);
    expectSecurityHeaders(json, { noStore: true });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=a&password=${big}`,
    });
    expect(form.statusCode).toBe(413);
    expect(form.json().error).toBeTypeOf('string');
  });

  it('refuses a password over 4,096 bytes with 400 (its latency is in npm run bench hardening)', async () => {
    const res = await loginRequest(t.app, 'alice', `Aa1!${'x'.repeat(5000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
  });

  it('refuses other content types with 415 and broken JSON with 400', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v3/accounts/login/',
        headers: { 'content-type': type },
        payload: 'username=a',
      });
      expect(res.statusCode, type).toBe(415);
      expectSecurityHeaders(res, { noStore: true });
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}, "username": "a", "password": "b"}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('serves the built web app with the same headers and sensible caching', async () => {
    const index = await web.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    expectSecurityHeaders(index, { noStore: false });
    expect(index.headers['cache-control']).toBe('no-cache');

    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset, { noStore: false });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // With a session cookie nothing is cached (HDR-02), static files included.
    const withCookie = await web.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { cookie: session.cookie },
    });
    expect(withCookie.headers['cache-control']).toBe('no-store');
  });

  it('falls back to index.html for client routes asked by a browser, and 404s otherwise', async () => {
    const page = await web.app.inject({
      method: 'GET',
      url: '/parents-home?x=1',
      headers: { accept: 'text/html,*/*' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expectSecurityHeaders(page, { noStore: false });
    const missingAsset = await web.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
    expectSecurityHeaders(missingAsset, { noStore: false });
    const traversal = await web.app.inject({ method: 'GET', url: '/../../../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
    const encoded = await web.app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(encoded.body).not.toContain('root:');
  });

  it('says how to build the web app when it is missing, and the API still works', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(NOT_BUILT_MESSAGE);
    expect(res.body).toContain('npm run build');
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expectSecurityHeaders(res, { noStore: false });
    const deep = await t.app.inject({
      method: 'GET',
      url: '/account/password',
      headers: { accept: 'text/html' },
    });
    expect(deep.body).toBe(NOT_BUILT_MESSAGE);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: session.headers() }))
        .statusCode,
    ).toBe(200);
  });

  it('sends no CORS headers, whatever the Origin', async () => {
    for (const origin of ['null', 'https://evil.example']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v3/dashboard/',
        headers: { ...session.headers(), origin },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

it('health answers 503 when the database does not', async () => {
  const broken: Db = {
    kind: 'postgres',
    query: async () => {
      throw new Error('connection refused');
    },
    exec: async () => undefined,
    transaction: async () => {
      throw new Error('connection refused');
    },
    close: async () => undefined,
  };
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), db: broken });
  const res = await app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: 'unavailable' });
  expectSecurityHeaders(res, { noStore: true });
  await app.close();
});
