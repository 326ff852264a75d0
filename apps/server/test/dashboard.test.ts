import { DashboardResponse, PopupsResponse } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { insertLink } from '../src/shared/carer-links';
import {
  DEMO_CARER2_PASSWORD,
  DEMO_CARER3_PASSWORD,
  DEMO_PASSWORD,
  seedDemoIfEmpty,
} from '../src/features/demo/seed';
import { PasswordHasher } from '../src/features/accounts/password';
import { describeEachDb } from './support/db';
import {
  link,
  login,
  loginRequest,
  makeTestApp,
  makeUser,
  type Session,
  type TestApp,
  TEST_ITERATIONS,
} from './support/app';

describeEachDb('dashboard and popups', (suite) => {
  let t: TestApp;
  let demo: Session;

  beforeAll(async () => {
    expect(await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS))).toBe(true);
    expect(await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS))).toBe(false);
    t = await makeTestApp(suite.db);
    demo = await login(t.app, { username: 'demo', password: DEMO_PASSWORD });
  });

  const get = (url: string, session: Session) =>
    t.app.inject({ method: 'GET', url, headers: session.headers() });

  it('gives the demo a type-1 card for its home and a type-2 card for Mum, with no invented figures', async () => {
    const res = await get('/api/v3/dashboard/', demo);
    expect(res.statusCode).toBe(200);
    const items = DashboardResponse.parse(res.json());
    expect(items).toEqual([
      {
        dashboard_type: 1,
        title: 'My Home',
        user_id: 1,
        dependant_user_id: null,
        num_alerts: 0,
        sp_id: null,
        user_house_id: 1,
        icon: 'my-home',
        messages: [],
        demo_user: true,
      },
      {
        dashboard_type: 2,
        title: "Mum's home",
        user_id: 1,
        dependant_user_id: 2,
        num_alerts: 0,
        sp_id: null,
        user_house_id: 2,
        icon: 'parents-home',
        messages: [],
        demo_user: true,
      },
    ]);
  });

  it('flags the demo account, not its homes: a real carer of the demo’s Mum is no demo user and may mark her alerts', async () => {
    const mumId = 2;
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, activity_id, name, text, icon, raised_at, evidence)
       values (2, 'morning:2026-01-14', 'morning', 'Off', 'Warning', 1, 'Morning not started',
               'No activity yet this morning.', 'sunrise', 1768380000, '{}'::jsonb) returning id`,
    );
    const alertId = rows[0]!.id;
    const withHome = await makeUser(suite.db, 'daughter');
    const withoutHome = await makeUser(suite.db, 'son', { house: null });
    for (const carer of [withHome, withoutHome]) {
      await link(suite.db, carer, { id: mumId, username: 'mum', password: '' });
      // What the web stores as the demo flag comes from the login answer's dashboard.
      const answer = await loginRequest(t.app, carer.username, carer.password);
      const onLogin = DashboardResponse.parse(answer.json().dashboard);
      expect(onLogin.map((d) => [d.dashboard_type, d.dependant_user_id, d.demo_user])).toEqual([
        ...(carer === withHome ? [[1, null, false]] : []),
        [2, mumId, false],
      ]);
      const session = await login(t.app, carer);
      const items = DashboardResponse.parse((await get('/api/v3/dashboard/', session)).json());
      expect(items.every((d) => !d.demo_user)).toBe(true);
      const marked = await t.app.inject({
        method: 'POST',
        url: '/api/v3/assisted_living/alerts/',
        headers: session.headers(true),
        payload: { dependant_user_id: mumId, id: alertId, correct: true },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().correct).toBe(true);
    }
    // The demo login keeps its flag on both of its cards.
    const items = DashboardResponse.parse((await get('/api/v3/dashboard/', demo)).json());
    expect(items.map((d) => d.demo_user)).toEqual([true, true]);
  });

  it('lists nothing for an account without a home or dependants, and ignores pending links', async () => {
    const carer = await makeUser(suite.db, 'lonely', { house: null });
    const dependant = await makeUser(suite.db, 'pending-dependant');
    await insertLink(suite.db, carer.id, dependant.id, null);
    const session = await login(t.app, carer);
    const res = await get('/api/v3/dashboard/', session);
    expect(res.json()).toEqual([]);
  });

  it('refuses unknown query fields with 400', async () => {
    const res = await get('/api/v3/dashboard/?user_id=2', demo);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('user_id');
  });

  it('shows the welcome popup until it is read with show_again=false', async () => {
    const first = PopupsResponse.parse((await get('/api/v3/common/popup/', demo)).json());
    expect(first.map((p) => p.message)).toEqual([
      "This is a demo with sample homes. Explore the energy use of My Home, or look in on Mum's home.",
    ]);
    const id = first[0]!.popup_id;
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/common/popup/',
        headers: { ...demo.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const again = await post(
      `popups_read=${encodeURIComponent(JSON.stringify([{ popup_id: id, show_again: true }]))}`,
    );
    expect(again.statusCode).toBe(200);
    expect((await get('/api/v3/common/popup/', demo)).json()).toHaveLength(1);
    const done = await post(
      `popups_read=${encodeURIComponent(JSON.stringify([{ popup_id: id, show_again: false }]))}`,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'ok' });
    expect((await get('/api/v3/common/popup/', demo)).json()).toEqual([]);
    // Reads are per user: the demo reading its welcome does not hide carer2's.
    const carer2 = await login(t.app, { username: 'carer2', password: DEMO_CARER2_PASSWORD });
    expect((await get('/api/v3/common/popup/', carer2)).json()).toHaveLength(1);
  });

  it('welcomes each demo login to the homes it can open, and nobody else to any (issue 33)', async () => {
    const welcome = async (username: string, password: string) =>
      PopupsResponse.parse(
        (await get('/api/v3/common/popup/', await login(t.app, { username, password }))).json(),
      ).map(({ title, message }) => ({ title, message }));
    expect(await welcome('carer2', DEMO_CARER2_PASSWORD)).toEqual([
      {
        title: 'Welcome to InfoCare',
        message: "This is a demo with sample homes. Look in on Mum's home.",
      },
    ]);
    expect(await welcome('carer3', DEMO_CARER3_PASSWORD)).toEqual([
      {
        title: 'Welcome to InfoCare',
        message: "This is a demo with sample homes. Look in on Dad's house.",
      },
    ]);
    const stranger = await login(t.app, await makeUser(suite.db, 'popup-reader'));
    expect((await get('/api/v3/common/popup/', stranger)).json()).toEqual([]);
  });

  it.each([
    ['popups_read=not-json', 'popups_read'],
    ['popups_read=%5B%5D', 'popups_read'],
    [`popups_read=${encodeURIComponent('[{"popup_id":"x","show_again":false}]')}`, 'popups_read.0.popup_id'],
    [`popups_read=${encodeURIComponent('[{"popup_id":1}]')}`, 'popups_read.0.show_again'],
    [
      `popups_read=${encodeURIComponent('[{"popup_id":1,"show_again":false,"admin":true}]')}`,
      'popups_read.0.admin',
    ],
    ['popups_read=%5B%5D&popups_read=%5B%5D', 'popups_read'],
    [`popups_read=${encodeURIComponent('[{"popup_id":1,"show_again":false}]')}&extra=1`, 'extra'],
    [`popups_read=${encodeURIComponent('[{"popup_id":1,"show_again":false}]')}&__proto__=1`, '__proto__'],
    ['', 'popups_read'],
  ])('refuses a bad popups_read (%s) with 400 naming %s', async (payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/common/popup/',
      headers: { ...demo.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toBeTypeOf('string');
  });
});
