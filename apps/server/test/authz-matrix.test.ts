import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deleteLink, insertLink } from '../src/shared/carer-links';
import { describeEachDb } from './support/db';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';

// AZ-01/02/06, SES-07, AZ-05: principals × every route taking a user id × ids → the expected status,
// written down as data. Any cell that differs fails the run; denials must each leave one log line.

type Principal = 'carer' | 'dependant' | 'other' | 'pending' | 'disabled' | 'anonymous';
type Target = 'self' | 'carer' | 'dependant' | 'stranger' | 'nonexistent' | 'malformed';

const EXPECTED: Record<Principal, Record<Target, number>> = {
  carer: { self: 200, carer: 200, dependant: 200, stranger: 403, nonexistent: 404, malformed: 400 },
  dependant: { self: 200, carer: 403, dependant: 200, stranger: 403, nonexistent: 404, malformed: 400 },
  other: { self: 200, carer: 403, dependant: 403, stranger: 403, nonexistent: 404, malformed: 400 },
  pending: { self: 200, carer: 403, dependant: 403, stranger: 403, nonexistent: 404, malformed: 400 },
  disabled: { self: 401, carer: 401, dependant: 401, stranger: 401, nonexistent: 401, malformed: 401 },
  anonymous: { self: 401, carer: 401, dependant: 401, stranger: 401, nonexistent: 401, malformed: 401 },
};

const MALFORMED = ['abc', '0', '-1', '1.5', '', '1e3', '0x10', ' ', '99999999999999999999'];

interface Route {
  name: string;
  request(id: string): InjectOptions;
}

const ROUTES: Route[] = [
  {
    name: 'GET settings',
    request: (id) => ({ method: 'GET', url: `/api/v3/common/settings/?user_id=${encodeURIComponent(id)}` }),
  },
  {
    name: 'POST settings (form)',
    request: (id) => ({
      method: 'POST',
      url: '/api/v3/common/settings/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_id=${encodeURIComponent(id)}&alert_notification=3`,
    }),
  },
  {
    name: 'POST settings (JSON)',
    request: (id) => ({
      method: 'POST',
      url: '/api/v3/common/settings/',
      payload: { user_id: id, email_report: 1 },
    }),
  },
  // Issue 9's account routes: setup, appliances, holiday and quiet modes.
  ...['common/set_up', 'list_appliances', 'holiday_mode', 'no_disturb_mode'].map((path) => ({
    name: `GET ${path}`,
    request: (id: string): InjectOptions => ({
      method: 'GET',
      url: `/api/v3/${path}/?user_id=${encodeURIComponent(id)}`,
    }),
  })),
  {
    name: 'GET devices',
    request: (id) => ({ method: 'GET', url: `/api/v3/devices/?user_id=${encodeURIComponent(id)}` }),
  },
  {
    name: 'GET devices/unclaimed',
    request: (id) => ({
      method: 'GET',
      url: `/api/v3/devices/unclaimed/?user_id=${encodeURIComponent(id)}&device_id=AABBCCDDEEFF`,
    }),
  },
  {
    name: 'GET appliance_settings',
    request: (id) => ({
      method: 'GET',
      url: `/api/v3/appliance_settings/?user_id=${encodeURIComponent(id)}&appliance_type_id=1`,
    }),
  },
  {
    name: 'POST set_up',
    request: (id) => ({
      method: 'POST',
      url: '/api/v3/common/set_up/',
      payload: {
        user_id: id,
        ...Object.fromEntries(
          ['under10', 'range10_17', 'range18_64', 'range65_74', 'over74', 'full_time', 'part_time']
            .concat(['unemployed', 'pensioner', 'commuting', 'stay_at_home'])
            .map((f) => [f, 1]),
        ),
        property_type: 'Flat',
      },
    }),
  },
  {
    name: 'POST appliance_settings',
    request: (id) => ({
      method: 'POST',
      url: '/api/v3/appliance_settings/',
      payload: { user_id: id, appliance_type_id: 2, number_of_appliances: 1, show_appliance: true },
    }),
  },
  {
    name: 'POST holiday_mode',
    request: (id) => ({
      method: 'POST',
      url: '/api/v3/holiday_mode/',
      payload: { user_id: id, status: 'ENABLED' },
    }),
  },
  {
    name: 'POST no_disturb_mode',
    request: (id) => ({
      method: 'POST',
      url: '/api/v3/no_disturb_mode/',
      payload: { user_id: id, status: 'SCHEDULED', start_time: '22:00', end_time: '07:00' },
    }),
  },
];

describeEachDb('authorisation matrix', (suite) => {
  let t: TestApp;
  const people = {} as Record<Exclude<Principal, 'anonymous'> | 'stranger', Person>;
  const sessions = {} as Record<Principal, Session | null>;
  let cells = 0;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    for (const name of ['carer', 'dependant', 'other', 'pending', 'disabled', 'stranger'] as const) {
      people[name] = await makeUser(suite.db, `${name}-user`);
    }
    await link(suite.db, people.carer, people.dependant);
    await link(suite.db, people.disabled, people.dependant);
    await insertLink(suite.db, people.pending.id, people.dependant.id, null); // invited, not accepted
    for (const p of ['carer', 'dependant', 'other', 'pending', 'disabled'] as const)
      sessions[p] = await login(t.app, people[p]);
    sessions.anonymous = null;
    await suite.db.query('update users set disabled = true where id = $1', [people.disabled.id]);
  });

  afterAll(() => {
    console.log(`authz matrix [${suite.kind}]: ${cells} cases`);
  });

  const idFor = (principal: Principal, target: Exclude<Target, 'malformed'>): string => {
    if (target === 'nonexistent') return '987654';
    if (target === 'self') return String(principal === 'anonymous' ? people.carer.id : people[principal].id);
    return String(people[target].id);
  };

  for (const route of ROUTES) {
    it(`${route.name}: every principal × id gets the expected status`, async () => {
      const mismatches: string[] = [];
      for (const principal of Object.keys(EXPECTED) as Principal[]) {
        for (const target of Object.keys(EXPECTED[principal]) as Target[]) {
          const ids = target === 'malformed' ? MALFORMED : [idFor(principal, target)];
          for (const id of ids) {
            const session = sessions[principal];
            const base = route.request(id);
            const logsBefore = t.logs.length;
            const res = await t.app.inject({
              ...base,
              headers: { ...(base.headers as Record<string, string>), ...(session?.headers(true) ?? {}) },
            });
            cells++;
            const want = EXPECTED[principal][target];
            if (res.statusCode !== want) {
              mismatches.push(
                `${principal} → ${target} (${JSON.stringify(id)}): got ${res.statusCode}, want ${want}: ${res.body}`,
              );
            }
            if (want === 403 || want === 404) {
              const denials = t.logs.slice(logsBefore).filter((l) => l.includes('"authz_denied"'));
              if (denials.length !== 1)
                mismatches.push(`${principal} → ${target}: ${denials.length} denial log lines`);
            }
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('answers a stranger and an unknown id with the documented bodies', async () => {
    const session = sessions.other!;
    const stranger = await t.app.inject({
      ...ROUTES[0]!.request(String(people.stranger.id)),
      headers: session.headers(),
    });
    const unknown = await t.app.inject({ ...ROUTES[0]!.request('987654'), headers: session.headers() });
    expect([stranger.statusCode, stranger.json()]).toEqual([
      403,
      { error: 'You do not have access to this user.' },
    ]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'No such user.' }]);
  });

  it('reads and writes a linked dependant’s settings (defaults 1 and 0)', async () => {
    const carer = sessions.carer!;
    const dependantId = people.dependant.id;
    const read = await t.app.inject({
      ...ROUTES[0]!.request(String(people.stranger.id)),
      headers: sessions.other!.headers(),
    });
    expect(read.statusCode).toBe(403);
    await suite.db.query('delete from user_settings');
    const fresh = await t.app.inject({
      method: 'GET',
      url: `/api/v3/common/settings/?user_id=${dependantId}`,
      headers: carer.headers(),
    });
    // A carer also gets their own daily all-is-well message about the dependant (issue 25, additive).
    const allIsWell = { all_is_well: 0, all_is_well_time: '10:00' };
    expect(fresh.json()).toEqual({
      name: "dependant-user's home",
      alert_notification: 1,
      alert_push: false,
      email_report: 0,
      ...allIsWell,
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v3/common/settings/',
      headers: carer.headers(true),
      payload: { user_id: dependantId, name: 'Mum' },
    });
    expect(saved.json()).toEqual({
      name: 'Mum',
      alert_notification: 1,
      alert_push: false,
      email_report: 0,
      ...allIsWell,
    });
  });

  it('refuses mass assignment and parameter pollution', async () => {
    const carer = sessions.carer!;
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/common/settings/',
        headers: { ...carer.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const own = people.carer.id;
    expect((await post(`user_id=${own}&email_report=1&role=admin`)).json()).toMatchObject({ field: 'role' });
    expect((await post(`user_id=${own}&user_id=${people.stranger.id}&email_report=1`)).json()).toMatchObject({
      field: 'user_id',
    });
    expect((await post(`user_id=${own}&email_report=1&__proto__[isAdmin]=1`)).statusCode).toBe(400);
    expect((await post(`user_id=${own}&email_report=1&alert_notification=2`)).statusCode).toBe(400);
    expect((await post(`user_id=${own}&email_report=4`)).json()).toMatchObject({ field: 'email_report' });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('revoking a link takes effect on the next request of an open session', async () => {
    const carer = sessions.carer!;
    const url = `/api/v3/common/settings/?user_id=${people.dependant.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: carer.headers() })).statusCode).toBe(200);
    await deleteLink(suite.db, people.carer.id, people.dependant.id);
    expect((await t.app.inject({ method: 'GET', url, headers: carer.headers() })).statusCode).toBe(403);
    await link(suite.db, people.carer, people.dependant);
  });
});
