import { afterAll, beforeAll, expect, it } from 'vitest';
import { vapidKeys } from '../src/push/vapid';
import { SealError } from '../src/shared/secrets';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { type StandInPushService, startPushService } from './support/push-service';

// Issue 36, Web Push: the server's VAPID key pair is made once and kept sealed with its secrets; a person
// subscribes, lists and unsubscribes their own browsers only, every write with session and CSRF token, and
// every subscription checked with the contract's schema (https endpoint, RFC 8291 key lengths).

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const env = { VAPID_SUBJECT: 'mailto:ops@example.com', SECRETS_KEY, PUSH_SERVICE_HOSTS: '127.0.0.1' };
const SUBSCRIPTIONS = '/api/v3/push/subscriptions/';

describeEachDb('Web Push subscriptions', (suite) => {
  let t: TestApp;
  let service: StandInPushService;
  let carer: Person;
  let other: Person;
  let session: Session;
  let otherSession: Session;
  let key: string;

  beforeAll(async () => {
    t = await makeTestApp(suite.db, { env });
    service = await startPushService({ subject: env.VAPID_SUBJECT, now: () => 0 });
    carer = await makeUser(suite.db, 'carer', { house: null });
    other = await makeUser(suite.db, 'other', { house: null });
    session = await login(t.app, carer);
    otherSession = await login(t.app, other);
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/push/key/', headers: session.headers() });
    expect(res.statusCode, res.body).toBe(200);
    key = res.json().public_key;
  });
  afterAll(async () => {
    await t?.app.close();
    await service?.close();
  });

  const subscribe = (s: Session, body: unknown, write = true) =>
    t.app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: s.headers(write), payload: body as object });
  const list = async (s: Session) =>
    (await t.app.inject({ method: 'GET', url: SUBSCRIPTIONS, headers: s.headers() })).json().subscriptions;

  it('answers the VAPID public key, made once, the private half sealed with SECRETS_KEY', async () => {
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    // A second server on the same database signs with the same pair.
    const second = await makeTestApp(suite.db, { env });
    const again = await second.app.inject({
      method: 'GET',
      url: '/api/v3/push/key/',
      headers: session.headers(),
    });
    await second.app.close();
    expect(again.json().public_key).toBe(key);
    const { rows } = await suite.db.query<{ secret: string }>(
      "select secret from server_secrets where name = 'vapid'",
    );
    const stored = JSON.parse(rows[0]!.secret) as { public: string; private: string };
    expect(stored.public).toBe(key);
    expect(stored.private).toMatch(/^v1\./);
    const opened = await vapidKeys(suite.db, Buffer.from(SECRETS_KEY, 'base64'));
    expect(stored.private).not.toContain(opened.privateKey);
    await expect(vapidKeys(suite.db, Buffer.alloc(32, 8))).rejects.toBeInstanceOf(SealError);
  });

  it('answers no key when VAPID_SUBJECT is unset, and refuses subscriptions then', async () => {
    const off = await makeTestApp(suite.db, { env: { SECRETS_KEY } });
    const s = await login(off.app, carer);
    const res = await off.app.inject({ method: 'GET', url: '/api/v3/push/key/', headers: s.headers() });
    expect(res.json()).toEqual({ public_key: null });
    const sub = service.subscribe(key);
    const refused = await off.app.inject({
      method: 'POST',
      url: SUBSCRIPTIONS,
      headers: s.headers(true),
      payload: sub,
    });
    await off.app.close();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toContain('VAPID_SUBJECT');
  });

  it('keeps several browsers per person, each once, and refuses writes without session or CSRF token', async () => {
    const phone = service.subscribe(key);
    const laptop = service.subscribe(key);
    expect((await t.app.inject({ method: 'POST', url: SUBSCRIPTIONS, payload: phone })).statusCode).toBe(401);
    expect((await subscribe(session, phone, false)).statusCode).toBe(403);
    expect((await subscribe(session, phone)).statusCode).toBe(200);
    expect((await subscribe(session, phone)).statusCode).toBe(200); // the same browser again
    const res = await subscribe(session, laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriptions.map((s: { endpoint: string }) => s.endpoint)).toEqual([
      phone.endpoint,
      laptop.endpoint,
    ]);
  });

  it('refuses what is not a browser subscription, naming the field', async () => {
    const good = service.subscribe(key);
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint', 'https://'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 44) } }, 'keys.p256dh', '65 bytes'],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }, 'keys.auth', '16 bytes'],
      [{ endpoint: good.endpoint }, 'keys', 'keys is required'],
      // The server posts to endpoints: only to the push services allowed (PUSH_SERVICE_HOSTS).
      [
        { ...good, endpoint: 'https://10.0.0.5/push/x' },
        'endpoint',
        "must be a browser's push service (127.0.0.1)",
      ],
    ];
    for (const [body, field, words] of cases) {
      const res = await subscribe(session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().error).toContain(words);
    }
  });

  it("never shows or removes another person's browsers", async () => {
    const mine = (await list(session)) as { endpoint: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(await list(otherSession)).toEqual([]);
    const target = mine[0]!.endpoint;
    const res = await t.app.inject({
      method: 'POST',
      url: `${SUBSCRIPTIONS}remove/`,
      headers: otherSession.headers(true),
      payload: { endpoint: target },
    });
    expect(res.statusCode).toBe(404);
    expect(await list(session)).toEqual(mine);
    // Subscribing the same endpoint makes the other person a row of their own; the carer's is untouched.
    const { rows } = await suite.db.query<{ p256dh: string; auth: string }>(
      'select p256dh, auth from push_subscriptions where user_id = $1 and endpoint = $2',
      [carer.id, target],
    );
    const taken = await subscribe(otherSession, {
      endpoint: target,
      keys: { p256dh: service.subscribe(key).keys.p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(taken.statusCode).toBe(200);
    const after = await suite.db.query(
      'select p256dh, auth from push_subscriptions where user_id = $1 and endpoint = $2',
      [carer.id, target],
    );
    expect(after.rows).toEqual(rows);
  });

  it('removes one of the person’s own browsers', async () => {
    const [first, ...rest] = (await list(session)) as { endpoint: string }[];
    const res = await t.app.inject({
      method: 'POST',
      url: `${SUBSCRIPTIONS}remove/`,
      headers: session.headers(true),
      payload: { endpoint: first!.endpoint },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriptions).toEqual(rest);
  });
});
