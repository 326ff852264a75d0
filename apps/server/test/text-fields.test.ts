import { endpoints } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from './support/db';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { type KeyedHouse, makeHouse } from './support/ingest';

// Issue 11: NUL bytes and lone surrogates used to reach PostgreSQL and answer 500 with a stack trace in
// the log (login username without a session, settings name, tariff rate names). Now a 400 naming the
// field, from the contract, on both databases. (Every field of every call: packages/contract text.test.)

describeEachDb('NUL bytes and lone surrogates in text fields', (suite) => {
  let t: TestApp;
  let alice: Person;
  let session: Session;
  let house: KeyedHouse;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    alice = await makeUser(suite.db, 'alice');
    session = await login(t.app, alice);
    house = await makeHouse(suite.db, 'meter');
  });

  const bad = ['a\u0000b', 'x\ud800', '\udfff'];

  function expectFieldRefused(res: { statusCode: number; json: () => unknown }, field: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  }

  it.each(bad)('login username %j without a session', async (value) => {
    const before = t.logs.length;
    // A form cannot carry a lone surrogate (its bytes decode to U+FFFD), so forms try the NUL only.
    const forms = value.includes('\u0000') ? [`username=a%00b&password=x`] : [];
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: endpoints.login.path,
        payload: { username: value, password: 'Wrong-Pass1!' },
      }),
      ...(await Promise.all(
        forms.map((payload) =>
          t.app.inject({
            method: 'POST',
            url: endpoints.login.path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload,
          }),
        ),
      )),
    ];
    for (const res of answers) expectFieldRefused(res, 'username');
    expect(t.logs.slice(before).join('\n')).not.toMatch(/"level":50|unhandled error/);
  });

  it.each(bad)('settings name %j', async (value) => {
    const res = await t.app.inject({
      method: 'POST',
      url: endpoints.settingsPost.path,
      headers: session.headers(true),
      payload: { user_id: alice.id, name: value, alert_notification: 1, email_report: 1 },
    });
    expectFieldRefused(res, 'name');
  });

  it.each(bad)('tariff rate_names %j inside the JSON text', async (value) => {
    const tariff = JSON.stringify({
      import: { type: 'tou', rate_names: [value, 'Night'], rates: [0.3, 0.1] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: endpoints.tariffPost.path,
      headers: session.headers(true),
      payload: { user_id: alice.id, tariff },
    });
    expectFieldRefused(res, 'tariff');
    expect(res.json()).toMatchObject({
      error: expect.stringMatching(/^tariff must (not contain NUL|be valid)/),
    });
  });

  // The ingest routes' query fields are outside the contract (their own schemas): the same rule holds.
  // A lone surrogate cannot be percent-encoded: its UTF-8 bytes are sent instead (invalid UTF-8).
  const query = (value: string) => (value.includes('\u0000') ? encodeURIComponent(value) : '%ED%A0%80');
  const INGEST_FIELDS = [
    ['format', (v: string) => `/api/ingest/v1/readings?format=${v}`, 'text/csv'],
    ['mode', (v: string) => `/api/ingest/v1/readings?mode=${v}`, 'application/json'],
    ['interval_s', (v: string) => `/api/ingest/v1/appliance-power?interval_s=${v}`, 'text/csv'],
    [
      'naive_time_zone',
      (v: string) => `/api/ingest/v1/appliance-power?interval_s=60&naive_time_zone=${v}`,
      'text/csv',
    ],
    ['unmapped', (v: string) => `/api/ingest/v1/appliance-power?interval_s=60&unmapped=${v}`, 'text/csv'],
  ] as const;

  it.each(bad)('ingest query fields %j', async (value) => {
    for (const [field, url, type] of INGEST_FIELDS) {
      const res = await t.app.inject({
        method: 'POST',
        url: url(query(value)),
        headers: { authorization: `Bearer ${house.key}`, 'content-type': type },
        payload: type === 'text/csv' ? 'Time,Aggregate\n2026-01-01T00:00:00Z,100\n' : '{"readings":[]}',
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json(), field).toMatchObject({ field });
    }
  });
});
