import { MAX_ID } from '@homeview/contract';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/types';
import { describeEachDb } from './support/db';
import { login, makeTestApp, type TestApp, testConfig } from './support/app';
import {
  FUZZ_SMS_TOKEN,
  type FuzzIdentity,
  type FuzzRequest,
  type FuzzTarget,
  fuzzTargets,
  hasSuccessPath,
  requestsFor,
  seedFuzzData,
  send,
  validRequestsFor,
} from './support/fuzz';
import { makeHouse } from './support/ingest';

// VAL-04 and issue 11: every route of the contract (read from its endpoint list, so new calls are
// covered as they are added), the ingest routes and the pages, fuzzed through inject() with and without
// a session, CSRF token and ingest key. No answer may be a 5xx. FUZZ_SEED replays a failure (the seed
// is in the failure message); FUZZ_RUNS sets the count per route. `npm run fuzz` runs 10,000 per route.

const PAGES: FuzzTarget[] = [
  { name: 'page /', method: 'GET', path: '/', fields: [], kind: 'other' },
  { name: 'page /parents-home', method: 'GET', path: '/parents-home', fields: [], kind: 'other' },
];

/** The routes the app registers (built once, never queried), so routes outside the contract are fuzzed too. */
const registered = await (async () => {
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), db: { kind: 'postgres' } as Db });
  await app.ready();
  const routes = [...app.registeredRoutes];
  await app.close();
  return routes;
})();

describeEachDb('fuzzing every route', (suite) => {
  let t: TestApp;
  let identity: FuzzIdentity;
  let dist: string;
  // A fixed seed: CI runs the same requests each time, so a failure is the code's, not the draw's (FUZZ_SEED
  // explores others; a failure prints its seed). Seed 1's requests make both attacks of issue 34.8 (below);
  // some seeds' 2,000 samples hold no NUL in an SMS reply.
  const seed = Number(process.env.FUZZ_SEED ?? 1);
  const runs = Number(process.env.FUZZ_RUNS ?? 15);

  beforeAll(async () => {
    // A stand-in web build, so page paths reach the static files and the SPA fallback.
    dist = await mkdtemp(join(tmpdir(), 'homeview-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>HomeView</title>');
    t = await makeTestApp(suite.db, { env: { WEB_DIST: dist, SMS_INBOUND_TOKEN: FUZZ_SMS_TOKEN } });
    const house = await makeHouse(suite.db, 'fuzzer');
    const password = 'Test-Pass1!';
    const session = await login(t.app, { username: 'fuzzer', password });
    identity = {
      userId: house.userId,
      cookie: session.cookie,
      csrf: session.csrf,
      ingestKey: house.key,
      password,
      ...(await seedFuzzData(suite.db, house.houseId, Math.floor(t.clock.now().getTime() / 1000))),
    };
  });

  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('covers every call of the contract and the ingest routes', () => {
    const names = fuzzTargets().map((target) => target.name);
    expect(names).toEqual(expect.arrayContaining(['login', 'energyToday', 'tariffPost', 'ingestReadings']));
  });

  // Issue 34.8: two 500s the fuzz could not reach. Its requests now make both attacks.
  it('makes the attacks of issue 34.8: a link id past 2³¹−1, a NUL in a reply while a check-in waits', () => {
    const sample = (name: string) =>
      fc.sample(requestsFor(fuzzTargets().find((x) => x.name === name)!, identity), { seed, numRuns: 2000 });
    const fields = (r: FuzzRequest) => new URLSearchParams(r.payload ?? '');
    const ids = sample('carerAccept')
      .map((r) => /^([0-9a-z]{1,7})-[A-Za-z0-9_-]{43}$/.exec(fields(r).get('token') ?? '')?.[1])
      .filter((id) => id !== undefined)
      .map((id) => Number.parseInt(id, 36));
    expect(ids.some((id) => id > MAX_ID)).toBe(true);
    const replies = sample('smsInbound').filter(
      (r) => r.headers.authorization === `Bearer ${FUZZ_SMS_TOKEN}`,
    );
    expect(
      replies.some(
        (r) =>
          identity.checkInPhones.includes(fields(r).get('From') ?? '') &&
          (fields(r).get('Body') ?? '').includes('\u0000') &&
          /^SM[0-9a-f]{32}$/.test(fields(r).get('MessageSid') ?? ''),
      ),
    ).toBe(true);
  });

  it("fuzzes every route the app registers, not only the contract's", () => {
    const names = new Set(
      fuzzTargets(t.app.registeredRoutes).map((target) => `${target.method} ${target.path}`),
    );
    const missing = t.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/\*$/, 'x')}`)
      .filter((route) => !names.has(route));
    expect(missing).toEqual([]);
  });

  // The fuzz is only as deep as its requests get: each route's well-formed requests must pass validation,
  // authorisation and the handler, or the 10,000 of `npm run fuzz` would test the 400 path alone.
  it.each(
    fuzzTargets(registered)
      .filter(hasSuccessPath)
      .map((target) => [target.name, target] as const),
  )('reaches the success path: %s', async (_name, target) => {
    for (let i = 0; i < 3; i++) {
      // A session of its own: a logout or password change ends the one it is sent with.
      const session = await login(t.app, { username: 'fuzzer', password: identity.password });
      const valid = validRequestsFor(target, { ...identity, cookie: session.cookie, csrf: session.csrf });
      expect(valid, 'a well-formed request generator').not.toBeNull();
      const [r] = fc.sample(valid!, { seed: seed + i, numRuns: 1 });
      const res = await send(t.app, r!);
      expect(
        res.status,
        `${r!.method} ${r!.url} ${r!.payload ?? ''} → ${res.body.slice(0, 300)}`,
      ).toBeLessThan(300);
    }
  });

  it.each([...fuzzTargets(registered), ...PAGES].map((target) => [target.name, target] as const))(
    'never answers 5xx: %s',
    async (_name, target) => {
      try {
        await fc.assert(
          fc.asyncProperty(requestsFor(target, identity), async (r) => {
            const res = await send(t.app, r);
            expect(res.status, `${r.method} ${r.url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          }),
          { seed, numRuns: runs },
        );
      } catch (error) {
        throw new Error(`fuzz [${suite.kind}] ${target.name} failed; replay with FUZZ_SEED=${seed}`, {
          cause: error,
        });
      }
    },
  );

  it('still serves /healthz afterwards', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
