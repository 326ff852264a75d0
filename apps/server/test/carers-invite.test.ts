import {
  CarersResponse,
  INVITE_EXPIRED_MESSAGE,
  INVITE_INVALID_MESSAGE,
  INVITE_USED_MESSAGE,
} from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// A home's carers (issue 25): the list, an invitation by email through a real SMTP server (a single-use
// signed link), accepting it signed in (which makes the carer link), and every way it must be refused:
// another account's home, no CSRF token, a used, tampered or expired link, the dependant's own account.

describeEachDb('Carers of a home and invitations', (suite) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let mum: Person;
  let ann: Person;
  let bob: Person;
  let carol: Person;
  let stranger: Person;

  const get = (s: Session) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/carers/?dependant_user_id=${mum.id}`,
      headers: s.headers(),
    });
  const invite = (s: Session, email: string, write = true) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/carers/invite/',
      headers: s.headers(write),
      payload: { dependant_user_id: mum.id, email },
    });
  const accept = (s: Session | null, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/carers/accept/',
      headers: s ? s.headers(true) : {},
      payload: { token },
    });
  const tokenOf = (text: string | undefined) => /carers\/accept\?token=(\S+)/.exec(text ?? '')?.[1] ?? '';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    mum = await makeUser(suite.db, 'mum');
    ann = await makeUser(suite.db, 'ann', { house: null });
    bob = await makeUser(suite.db, 'bob', { house: null });
    carol = await makeUser(suite.db, 'carol', { house: null });
    stranger = await makeUser(suite.db, 'stranger');
    await link(suite.db, ann, mum);
    t = await makeTestApp(suite.db, {
      env: { SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'http://care.example:8080' },
    });
  });

  afterAll(async () => {
    await t?.app.close();
    await smtp?.close();
  });

  it("lists the carers, and only to the home's carers and the dependant", async () => {
    const a = await login(t.app, ann);
    const res = await get(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(CarersResponse.parse(res.json())).toEqual({
      dependant: 'mum',
      carers: [{ name: 'ann', you: true, since: expect.any(Number) }],
      invites: [],
      held: [],
    });
    expect((await get(await login(t.app, mum))).statusCode).toBe(200);
    expect((await get(await login(t.app, stranger))).statusCode).toBe(403);
    expect((await get(await login(t.app, bob))).statusCode).toBe(403);
  });

  it("keeps the dependant's check-in setting to her carers and herself", async () => {
    const checkIn = (s: Session, write: boolean) =>
      write
        ? t.app.inject({
            method: 'POST',
            url: '/api/v3/assisted_living/check_in/',
            headers: s.headers(true),
            payload: {
              dependant_user_id: mum.id,
              enabled: true,
              phone: '07700 900456',
              window_start: '08:00',
              window_end: '21:00',
            },
          })
        : t.app.inject({
            method: 'GET',
            url: `/api/v3/assisted_living/check_in/?dependant_user_id=${mum.id}`,
            headers: s.headers(),
          });
    for (const outsider of [stranger, bob]) {
      const s = await login(t.app, outsider);
      expect((await checkIn(s, false)).statusCode).toBe(403);
      expect((await checkIn(s, true)).statusCode).toBe(403);
    }
    const a = await login(t.app, ann);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/check_in/',
      headers: a.headers(false),
      payload: { dependant_user_id: mum.id, enabled: false, window_start: '08:00', window_end: '21:00' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await checkIn(a, false)).json()).toMatchObject({ enabled: false, phone: null });
    expect((await checkIn(a, true)).json()).toMatchObject({ enabled: true, phone: '+447700900456' });
    expect((await checkIn(await login(t.app, mum), false)).json()).toMatchObject({ enabled: true });
  });

  it('emails a single-use link; accepting it makes the carer link', async () => {
    const a = await login(t.app, ann);
    expect((await invite(await login(t.app, stranger), 'x@example.com')).statusCode).toBe(403);
    expect((await invite(a, 'bob@example.com', false)).statusCode).toBe(403); // no CSRF token
    expect(smtp.received).toHaveLength(0);
    const sent = await invite(a, 'bob@example.com');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().detail).toBe('Invitation sent to bob@example.com.');
    const mail = await smtp.waitFor(1);
    expect(mail.subject).toBe('ann invites you to look after mum with InfoCare');
    expect(mail.text).toContain('http://care.example:8080/account/infocare/carers/accept?token=');
    const token = tokenOf(mail.text);
    expect(CarersResponse.parse((await get(a)).json()).invites).toEqual([
      { email: 'bob@example.com', expires_at: Math.floor(t.clock.now().getTime() / 1000) + 7 * 86_400 },
    ]);
    expect((await accept(null, token)).statusCode).toBe(401);
    const b = await login(t.app, bob);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await accept(b, tampered)).json()).toEqual({ error: INVITE_INVALID_MESSAGE, field: 'token' });
    const ok = await accept(b, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      dependant_user_id: mum.id,
      dependant: 'mum',
      joined: true,
      detail: "You are now one of mum's carers.",
    });
    const list = CarersResponse.parse((await get(b)).json());
    expect(list.carers.map((c) => [c.name, c.you])).toEqual([
      ['ann', false],
      ['bob', true],
    ]);
    expect(list.invites).toEqual([]);
    const alerts = await t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/alerts/?dependant_user_id=${mum.id}`,
      headers: b.headers(),
    });
    expect(alerts.statusCode).toBe(200);
    // Used once: nobody else gets in with it.
    const again = await accept(await login(t.app, carol), token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVITE_USED_MESSAGE, field: 'token' });
    expect((await get(await login(t.app, carol))).statusCode).toBe(403);
  });

  // Issue 34.8: a token naming a row id past 2³¹−1 (7 base-36 digits reach 78 billion) was looked up in
  // an integer column: a 500 the fuzz could not reach.
  it('refuses a token whose id is past the largest id, as any invalid link', async () => {
    const c = await login(t.app, carol);
    for (const id of [(2 ** 31).toString(36), 'zzzzzzz']) {
      const res = await accept(c, `${id}-${'A'.repeat(43)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: INVITE_INVALID_MESSAGE, field: 'token' });
    }
  });

  it("refuses an expired link and the dependant's own account", async () => {
    const a = await login(t.app, ann);
    expect((await invite(a, 'carol@example.com')).statusCode).toBe(200);
    const token = tokenOf((await smtp.waitFor(2)).text);
    expect((await accept(await login(t.app, mum), token)).statusCode).toBe(400);
    t.clock.advance((7 * 86_400 + 1) * 1000);
    const c = await login(t.app, carol);
    const res = await accept(c, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: INVITE_EXPIRED_MESSAGE, field: 'token' });
    expect((await get(c)).statusCode).toBe(403);
  });
});
