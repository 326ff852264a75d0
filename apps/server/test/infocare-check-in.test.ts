import { type Alert, AlertsResponse } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { InfocareTimer } from '../src/features/infocare/timer';
import { createSmsSender } from '../src/sms/sms';
import { link, login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { KETTLE, local, readingsBetween, seedRoutine } from './support/infocare';
import { startSmsProvider, type TestSmsProvider } from './support/sms';

// A word with the dependant first (issue 25): a Warning raised inside the check-in window texts the
// dependant before anyone else; "OK" within 20 minutes resolves it and the carer is told only that;
// another reply, or none, lets the carer's notification go, quoting it. Replies come through the
// provider's webhook, authenticated by SMS_INBOUND_TOKEN; unknown numbers are ignored and logged. Texts go
// to a local stand-in of the provider; the engine's timer runs on the test's fake clock.

const DAY1 = '2024-11-20';
const DAY2 = '2024-11-21';
const DAY3 = '2024-11-22';
const DAY4 = '2024-11-23';
const JOAN = '+447700900456';
const ANN = '+447700900101';
const SECRET = 'inbound-sekret-123';

describeEachDb('InfoCare check-in with the dependant', (suite) => {
  let t: TestApp;
  let sms: TestSmsProvider;
  let timer: InfocareTimer;
  let mum: Person;
  let ann: Person;
  let houseId: number;
  const at = (ts: number) => t.clock.advance(ts * 1000 - t.clock.now().getTime());
  const textsTo = (to: string) => sms.texts.filter((x) => x.to === to).map((x) => x.body);
  let messages = 0; // each reply a message of its own (the provider's id: a repeated one counts once)
  const reply = (
    from: string,
    body: string,
    auth: { header?: string; query?: string } = { header: SECRET },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sms/v1/inbound${auth.query ? `?token=${auth.query}` : ''}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(auth.header ? { authorization: `Bearer ${auth.header}` } : {}),
      },
      payload: new URLSearchParams({ From: from, Body: body, MessageSid: `SM${++messages}` }).toString(),
    });
  const morningAlert = async (date: string, name = 'Morning not started') => {
    const s = await login(t.app, ann);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/alerts/?dependant_user_id=${mum.id}`,
      headers: s.headers(),
    });
    const page = AlertsResponse.parse(res.json());
    return page.alerts.find((a) => a.name === name && a.timestamp >= local(date, 0)) as Alert;
  };

  beforeAll(async () => {
    sms = await startSmsProvider();
    mum = await makeUser(suite.db, 'mum');
    ann = await makeUser(suite.db, 'ann', { house: null });
    await link(suite.db, ann, mum);
    await suite.db.query('update users set phone = $2 where id = $1', [ann.id, ANN]);
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 2)', [mum.id]);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    await seedRoutine(suite.db, houseId, DAY1, 7, local(DAY1, 7, 50));
    t = await makeTestApp(suite.db, { env: { SMS_INBOUND_TOKEN: SECRET } });
    timer = new InfocareTimer({
      db: suite.db,
      mailer: { transport: 'outbox', send: async () => {}, close() {} },
      sms: createSmsSender({ config: { smsUrl: sms.url, smsToken: null }, db: suite.db, clock: t.clock }),
      clock: t.clock,
      intervalS: 0,
    });
  });

  afterAll(async () => {
    await timer?.stop();
    await t?.app.close();
    await sms?.close();
  });

  it('is off by default, and a carer turns it on with her number and a window', async () => {
    at(local(DAY1, 7, 0));
    const s = await login(t.app, ann);
    const url = `/api/v3/assisted_living/check_in/?dependant_user_id=${mum.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: s.headers() })).json()).toEqual({
      enabled: false,
      phone: null,
      name: 'mum',
      window_start: '08:00',
      window_end: '21:00',
    });
    const post = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/assisted_living/check_in/',
        headers: s.headers(true),
        payload: { dependant_user_id: String(mum.id), ...payload },
      });
    const noPhone = await post({ enabled: 'true', window_start: '07:00', window_end: '21:00' });
    expect(noPhone.json()).toEqual({
      error: 'phone is required to send them a check-in text: enter their mobile number',
      field: 'phone',
    });
    const saved = await post({
      enabled: 'true',
      phone: '07700 900456',
      name: 'Joan',
      window_start: '07:00',
      window_end: '21:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      phone: JOAN,
      name: 'Joan',
      window_start: '07:00',
      window_end: '21:00',
    });
  });

  it('texts her first; her OK resolves the alert and the carer is told only that', async () => {
    at(local(DAY1, 7, 50));
    await timer.tick();
    expect(textsTo(JOAN)).toEqual([
      "Hello Joan, this is a check from your family's InfoCare. Please reply OK if all is well",
    ]);
    expect(textsTo(ANN)).toEqual([]); // the carer waits
    expect((await reply(JOAN, 'OK', { header: 'wrong' })).statusCode).toBe(401);
    expect((await reply(JOAN, 'OK', {})).statusCode).toBe(401);
    at(local(DAY1, 7, 58));
    const res = await reply(JOAN, ' ok! ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect((await morningAlert(DAY1)).resolved).toEqual({
      by: 'Joan',
      at: local(DAY1, 7, 58),
      note: 'Joan replied OK at 07:58',
    });
    await timer.tick();
    // The meter keeps reporting (no "no data" alert), and no activity still: no other alert.
    await readingsBetween(suite.db, houseId, local(DAY1, 7, 50), local(DAY1, 8, 40));
    for (const m of [20, 40]) {
      at(local(DAY1, 7, 58) + m * 60);
      await timer.tick();
    }
    expect(textsTo(ANN)).toEqual([
      "InfoCare: Joan replied OK at 07:58. Morning not started (mum's home) is resolved.",
    ]);
  });

  it('any other reply tells the carer at once, quoting it', async () => {
    await readingsBetween(suite.db, houseId, local(DAY1, 7, 50), local(DAY2, 7, 50));
    at(local(DAY2, 7, 50));
    await timer.tick();
    expect(textsTo(JOAN)).toHaveLength(2);
    const before = textsTo(ANN).length;
    at(local(DAY2, 7, 52));
    // The provider presents the secret in the webhook's URL this time.
    expect((await reply(JOAN, 'Not feeling great, call me', { query: SECRET })).statusCode).toBe(200);
    await timer.tick();
    const told = textsTo(ANN).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^InfoCare: Morning not started\. /);
    expect(told[0]).toMatch(/Joan replied to the check-in text: "Not feeling great, call me"$/);
    expect((await morningAlert(DAY2)).resolved).toBeNull();
  });

  it('no reply within 20 minutes: the carer is told then; a late reply and unknown numbers are ignored', async () => {
    await readingsBetween(suite.db, houseId, local(DAY2, 7, 50), local(DAY3, 7, 50));
    at(local(DAY3, 7, 50));
    await timer.tick();
    expect(textsTo(JOAN)).toHaveLength(3);
    const before = textsTo(ANN).length;
    await readingsBetween(suite.db, houseId, local(DAY3, 7, 50), local(DAY3, 8, 15));
    at(local(DAY3, 8, 9));
    await timer.tick();
    expect(textsTo(ANN).slice(before)).toEqual([]);
    at(local(DAY3, 8, 10));
    await timer.tick();
    const told = textsTo(ANN).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/Joan did not reply to the check-in text\.$/);
    at(local(DAY3, 8, 11));
    const logsBefore = t.logs.length;
    expect((await reply(JOAN, 'OK')).statusCode).toBe(200);
    expect((await reply('+447700900999', 'OK')).statusCode).toBe(200);
    const ignored = t.logs.slice(logsBefore).filter((l) => l.includes('"event":"sms_inbound_ignored"'));
    expect(ignored).toHaveLength(2);
    expect(ignored.join('')).not.toContain('900999'); // the number is not kept in the logs
    expect((await morningAlert(DAY3)).resolved).toBeNull();
  });

  it('outside the window the carer is told straight away and she is not texted', async () => {
    const s = await login(t.app, ann);
    await t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/check_in/',
      headers: s.headers(true),
      payload: {
        dependant_user_id: mum.id,
        enabled: true,
        phone: JOAN,
        window_start: '09:00',
        window_end: '21:00',
      },
    });
    // The meter falls silent after 08:15: a "No data" Warning at 08:45, before her window opens.
    at(local(DAY3, 8, 45));
    const before = textsTo(ANN).length;
    await timer.tick();
    expect(textsTo(JOAN)).toHaveLength(3);
    expect(textsTo(ANN).slice(before)).toEqual([
      expect.stringMatching(/^InfoCare: No data\. No readings from the home since 08:15\./),
    ]);
  });

  it('a Warning that becomes Urgent while her check-in waits: the Urgent alone reaches the carer', async () => {
    // Days pass in this test: each call signs in afresh.
    const settings = async (enabled: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/assisted_living/check_in/',
        headers: (await login(t.app, ann)).headers(true),
        payload: {
          dependant_user_id: mum.id,
          enabled,
          phone: JOAN,
          name: 'Joan',
          window_start: '07:00',
          window_end: '22:00',
        },
      });
    // The kettle at 07:00, then nothing all day. Judged up to 17:00 with the check-in off (nothing else
    // of the day asks her), then on.
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: local(DAY4, 7, 0), end: local(DAY4, 7, 3), energy_wh: 120 },
    ]);
    await readingsBetween(suite.db, houseId, local(DAY3, 8, 15), local(DAY4, 17, 0));
    expect((await settings(false)).statusCode).toBe(200);
    at(local(DAY4, 17, 0));
    await timer.tick();
    expect((await settings(true)).statusCode).toBe(200);
    const [joanBefore, annBefore] = [textsTo(JOAN).length, textsTo(ANN).length];
    // The server was busy until 20:45: its catch-up raises the No activity Warning (about 17:40, so her
    // check-in starts and the carer's text waits until 21:05) and, later in the same run, escalates it to
    // Urgent (about 20:15): the carer is told of the Urgent at once.
    await readingsBetween(suite.db, houseId, local(DAY4, 17, 0), local(DAY4, 21, 30));
    at(local(DAY4, 20, 45));
    await timer.tick();
    const idle = async () =>
      (await morningAlert(DAY4, 'No activity')) ?? expect.fail('no "No activity" alert on the day');
    expect((await idle()).level).toBe('Urgent');
    // (It became Urgent over 15 minutes before this run and nobody took it: the resend goes too.)
    const told = () => textsTo(ANN).slice(annBefore);
    expect(told()).toEqual([
      expect.stringMatching(/^InfoCare: No activity\. Nothing used for /),
      expect.stringMatching(/^InfoCare: Urgent, nobody is on it yet: No activity\. /),
    ]);
    // Past the check-in's 20 minutes the Warning held back for it does not follow the Urgent; the untaken
    // Urgent's second re-send does (21:06, 21 minutes after the first; none at 21:20, 14 minutes on).
    for (const [hh, mm] of [
      [21, 6],
      [21, 20],
    ] as const) {
      at(local(DAY4, hh, mm));
      await timer.tick();
    }
    expect(told()).toEqual([
      expect.stringMatching(/^InfoCare: No activity\. Nothing used for /),
      expect.stringMatching(/^InfoCare: Urgent, nobody is on it yet: No activity\. /),
      expect.stringMatching(/^InfoCare: Urgent, nobody is on it yet: No activity\. /),
    ]);
    expect(told().join('\n')).not.toContain('did not reply');
    // An Urgent alert never asks her first: the check-in text not yet sent is not sent.
    expect(textsTo(JOAN).slice(joanBefore)).toEqual([]);
    // A late "OK" from her does not resolve the Urgent alert the carer was told of.
    expect((await reply(JOAN, 'OK')).statusCode).toBe(200);
    expect((await idle()).resolved).toBeNull();
    const { rows } = await suite.db.query<{ kind: string; level: string; status: string }>(
      `select kind, level, status from infocare_notifications
        where alert_id = $1 and channel = 'sms' order by id`,
      [(await idle()).id],
    );
    expect(rows.map((r) => `${r.kind}:${r.level}:${r.status}`)).toEqual([
      'checkin:Warning:suppressed',
      'alert:Warning:suppressed',
      'alert:Urgent:sent',
      'again:Urgent:sent',
      'again:Urgent:sent',
    ]);
  });
});
