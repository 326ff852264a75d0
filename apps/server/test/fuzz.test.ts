import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEachDb } from './support/db';
import { login, makeTestApp, makeUser, type Session, type TestApp } from './support/app';

// VAL-04 (a quick version): random methods, paths, query strings, content types and bodies, with and
// without a session, through inject(). No answer may be a 5xx. The seed is printed so a failure replays.

const PATHS = [
  '/api/v3/accounts/login/',
  '/api/v3/accounts/logout/',
  '/api/v3/dashboard/',
  '/api/v3/common/popup/',
  '/api/v3/common/settings/',
  '/api/v3/nothing/',
  '/healthz',
  '/',
  '/parents-home',
];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    "' OR 1=1--",
    '$$',
    '__proto__',
    'constructor',
    'null',
    '[]',
    '{}',
    '1e309',
    'NaN',
    '-1',
    '0x10',
    '9'.repeat(40),
  ),
  fc.integer().map(String),
);
const key = fc.oneof(
  fc.constantFrom(
    'user_id',
    'username',
    'password',
    'popups_read',
    'name',
    'alert_notification',
    'email_report',
    '__proto__',
    'constructor',
    'a[b][c]',
    'x',
  ),
  fc.string({ maxLength: 12 }),
);
const fields = fc.dictionary(
  key,
  fc.oneof(nasty, fc.array(nasty, { maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 5 },
);
// A lone surrogate cannot be percent-encoded; send the bytes of one instead (invalid UTF-8), which is
// exactly the kind of broken input wanted here.
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};
const formBody = fc
  .array(fc.tuple(key, nasty), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
const rawQuery = fc.oneof(
  formBody,
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[#\s]/g, '')),
);

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
  path: fc.constantFrom(...PATHS),
  query: rawQuery,
  withSession: fc.boolean(),
  withCsrf: fc.boolean(),
  body: fc.oneof(
    fields.map((f) => ({ type: 'application/json', payload: JSON.stringify(f) })),
    formBody.map((b) => ({ type: 'application/x-www-form-urlencoded', payload: b })),
    fc.string().map((s) => ({ type: 'application/json', payload: s })),
    fc.string().map((s) => ({ type: 'text/plain', payload: s })),
    fc.constant({ type: 'application/json', payload: '{"a":'.repeat(50) }),
    fc.constant(null),
  ),
});

describeEachDb('fuzzing the routes', (suite) => {
  let t: TestApp;
  let session: Session;
  let dist: string;

  beforeAll(async () => {
    // A stand-in web build, so page paths reach the static files and the SPA fallback.
    dist = await mkdtemp(join(tmpdir(), 'homeview-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>HomeView</title>');
    t = await makeTestApp(suite.db, { env: { WEB_DIST: dist } });
    session = await login(t.app, await makeUser(suite.db, 'fuzzer'));
  });

  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('never answers 5xx to a few hundred generated requests', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
    const runs = Number(process.env.FUZZ_RUNS ?? 300);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        if (r.withSession) Object.assign(headers, session.headers(r.withCsrf));
        if (r.body) headers['content-type'] = r.body.type;
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.query ? `${r.path}?${r.query}` : r.path,
          headers,
          ...(r.body && r.method !== 'GET' && r.method !== 'HEAD' ? { payload: r.body.payload } : {}),
        });
        sent++;
        expect(res.statusCode, `${r.method} ${r.path}?${r.query} → ${res.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }),
      { seed, numRuns: runs },
    );
    console.log(`fuzz [${suite.kind}]: ${sent} requests over ${PATHS.length} paths, seed ${seed}`);
    // The session survived whatever was thrown at it (unless a fuzzed logout ended it, which is fine).
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
