import { MAX_ID } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/types';
import { describeEachDb } from './support/db';
import { login, makeTestApp, type TestApp, testConfig } from './support/app';
import {
  type FuzzIdentity,
  fuzzTargets,
  hasSuccessPath,
  seedFuzzData,
  send,
  wellFormedWith,
} from './support/fuzz';
import { makeHouse } from './support/ingest';

// Issue 27.4: ids are stored in 32-bit columns, so an id past 2,147,483,647 cannot exist. Every route
// that takes an id (user, dependant, alert, appliance type, activity, popup, the path's :id) answers
// such an id with a 400 naming the field, never a 500 and an error-level stack in the log. The routes
// and their fields come from the app's registered routes and the contract's request schemas.

const ID_FIELDS = ['user_id', 'dependant_user_id', 'id', 'appliance_type_id', 'activity_id', 'path'];
const TOO_BIG = [String(MAX_ID + 1), '999999999999999'];

const registered = await (async () => {
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), db: { kind: 'postgres' } as Db });
  await app.ready();
  const routes = [...app.registeredRoutes];
  await app.close();
  return routes;
})();

const cases = fuzzTargets(registered)
  .filter(hasSuccessPath)
  .flatMap((target) =>
    ID_FIELDS.filter((field) =>
      field === 'path' ? target.path.includes('/:') : target.fields.includes(field),
    ).map((field) => [`${target.method} ${target.path} ${field}`, target, field] as const),
  );

describeEachDb('ids beyond 32 bits', (suite) => {
  let t: TestApp;
  let who: FuzzIdentity;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    const house = await makeHouse(suite.db, 'idrange');
    const session = await login(t.app, { username: 'idrange', password: 'Test-Pass1!' });
    who = {
      userId: house.userId,
      cookie: session.cookie,
      csrf: session.csrf,
      ingestKey: house.key,
      password: 'Test-Pass1!',
      ...(await seedFuzzData(suite.db, house.houseId, Math.floor(t.clock.now().getTime() / 1000))),
    };
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('finds every route with an id: user, dependant, alert, appliance, activity and popup ids', () => {
    expect(cases.length).toBeGreaterThanOrEqual(26);
  });

  it.each(cases)('%s: 400 naming the field', async (_name, target, field) => {
    for (const value of TOO_BIG) {
      const request = wellFormedWith(target, who, field, value);
      expect(request, 'a well-formed request to attack').not.toBeNull();
      const before = t.logs.length;
      const res = await send(t.app, request!);
      expect(res.status, `${request!.method} ${request!.url} ${request!.payload ?? ''} → ${res.body}`).toBe(
        400,
      );
      const body = JSON.parse(res.body) as { error: string; field?: string };
      expect(body.field).toBe(field === 'path' ? 'id' : field);
      expect(body.error).toBe(`${body.field} must be at most ${MAX_ID}`);
      expect(t.logs.slice(before).join('')).not.toMatch(/"level":50/);
    }
  });

  it('the largest id that can exist is an ordinary "not yours" or "not found"', async () => {
    const target = fuzzTargets(registered).find((x) => x.name === 'settingsGet')!;
    const res = await send(t.app, wellFormedWith(target, who, 'user_id', String(MAX_ID))!);
    expect(res.status).toBe(404);
  });

  it('a popup id beyond 32 bits in popups_read: 400 naming it', async () => {
    const target = fuzzTargets(registered).find((x) => x.name === 'popupsPost')!;
    const list = JSON.stringify([{ popup_id: MAX_ID + 1, show_again: false }]);
    const res = await send(t.app, wellFormedWith(target, who, 'popups_read', list)!);
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      field: 'popups_read.0.popup_id',
      error: `popups_read.0.popup_id: popup_id must be at most ${MAX_ID}`,
    });
  });
});
