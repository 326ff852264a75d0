import { CarersResponse, DashboardResponse } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { PasswordHasher } from '../src/features/accounts/password';
import {
  DEMO_CARER2_PASSWORD,
  DEMO_CARER2_USERNAME,
  DEMO_PASSWORD,
  DEMO_USERNAME,
  seedDemoIfEmpty,
} from '../src/features/demo/seed';
import { login, makeTestApp, TEST_ITERATIONS, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// The demo's Mum has two carers (issue 25): the demo account and `carer2`, who signs in with the password
// the README gives, lands on Mum's InfoCare tile and sees the same carers as the demo does.

describeEachDb('demo carers', (suite) => {
  let t: TestApp;

  beforeAll(async () => {
    await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS), new Date(), { neighbours: 0 });
    t = await makeTestApp(suite.db);
  });

  it("gives Mum two carers, each able to read her home's alerts", async () => {
    const carer2 = await login(t.app, { username: DEMO_CARER2_USERNAME, password: DEMO_CARER2_PASSWORD });
    const demo = await login(t.app, { username: DEMO_USERNAME, password: DEMO_PASSWORD });
    const tiles = DashboardResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: carer2.headers() })).json(),
    );
    expect(tiles.map((d) => d.dashboard_type)).toEqual([2]);
    const mumId = tiles[0]!.dependant_user_id!;
    for (const [session, you] of [
      [demo, 'demo'],
      [carer2, 'carer2'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/assisted_living/carers/?dependant_user_id=${mumId}`,
        headers: session.headers(),
      });
      const answer = CarersResponse.parse(res.json());
      expect(answer.carers.map((c) => c.name)).toEqual(['demo', 'carer2']);
      expect(answer.carers.find((c) => c.you)?.name).toBe(you);
      const alerts = await t.app.inject({
        method: 'GET',
        url: `/api/v3/assisted_living/alerts/?dependant_user_id=${mumId}`,
        headers: session.headers(),
      });
      expect(alerts.statusCode).toBe(200);
    }
  });
});
