import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from './support/db';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';

// Push as an alert channel (issue 36) is the additive settings field alert_push, so §3's alert_notification
// stays 0–3 on GET and POST /common/settings/. Stored as bit 4 beside the code (the channel choice in
// infocare/notify.ts reads the bits): each write changes its own bits and keeps the other's.

const URL_ = '/api/v3/common/settings/';

describeEachDb('alert settings: alert_notification 0–3 and alert_push', (suite) => {
  let t: TestApp;
  let carer: Person;
  let mum: Person;
  let s: Session;

  const get = async () => {
    const res = await t.app.inject({ url: `${URL_}?user_id=${mum.id}`, headers: s.headers() });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const post = (fields: Record<string, string | number | boolean>) =>
    t.app.inject({
      method: 'POST',
      url: URL_,
      headers: { ...s.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries({ user_id: mum.id, ...fields }).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
  const stored = async () =>
    (
      await suite.db.query<{ bits: number }>(
        'select alert_notification::int as bits from user_settings where user_id = $1',
        [mum.id],
      )
    ).rows[0]?.bits;

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    carer = await makeUser(suite.db, 'push-settings-carer', { house: null });
    mum = await makeUser(suite.db, 'push-settings-mum');
    await link(suite.db, carer, mum);
    s = await login(t.app, carer);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('refuses alert_notification 4 (and 5, 7) with the §3 range, writing nothing', async () => {
    for (const code of [4, 5, 7]) {
      const res = await post({ alert_notification: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'alert_notification must be a whole number from 0 to 3',
        field: 'alert_notification',
      });
    }
    expect(await stored()).toBeUndefined();
    expect(await get()).toMatchObject({ alert_notification: 1, alert_push: false });
  });

  it('round-trips alert_push, and GET never answers a code above 3 while push is on', async () => {
    const on = await post({ alert_push: 'true' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ alert_notification: 1, alert_push: true });
    expect(await get()).toMatchObject({ alert_notification: 1, alert_push: true });
    expect(await stored()).toBe(1 | 4); // what notify.ts reads: email and push

    for (const code of [0, 1, 2, 3]) {
      const saved = await post({ alert_notification: code });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ alert_notification: code, alert_push: true });
      expect(await get()).toMatchObject({ alert_notification: code, alert_push: true });
      expect(await stored()).toBe(code | 4);
    }

    const off = await post({ alert_push: 'false' });
    expect(off.json()).toMatchObject({ alert_notification: 3, alert_push: false });
    expect(await get()).toMatchObject({ alert_notification: 3, alert_push: false });
    expect(await stored()).toBe(3);
  });

  it('writing one field keeps the other, even when both are written at once', async () => {
    await post({ alert_notification: 2 });
    await post({ alert_push: true });
    expect(await get()).toMatchObject({ alert_notification: 2, alert_push: true });
    await post({ alert_notification: 0 });
    expect(await get()).toMatchObject({ alert_notification: 0, alert_push: true });
    await post({ alert_push: false });
    expect(await get()).toMatchObject({ alert_notification: 0, alert_push: false });
    // A name or report save leaves both alone.
    await post({ alert_push: true });
    await post({ email_report: 2 });
    expect(await get()).toMatchObject({ alert_notification: 0, alert_push: true, email_report: 2 });

    // Two saves at once (the screen sends push and the code as two requests): both stand.
    const [a, b] = await Promise.all([post({ alert_notification: 3 }), post({ alert_push: false })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await get()).toMatchObject({ alert_notification: 3, alert_push: false });
    expect(await stored()).toBe(3);
  });

  it('takes alert_push as one setting: never with another, and only true or false', async () => {
    const both = await post({ alert_notification: 1, alert_push: true });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ field: 'alert_push' });
    const bad = await post({ alert_push: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'alert_push must be true or false',
      field: 'alert_push',
    });
  });
});
