import { Alert } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { deliverDue, queueNotifications } from '../src/features/infocare/notify';
import { URGENT_RESEND_AFTER_S } from '../src/features/infocare/resend';
import { InfocareTimer } from '../src/features/infocare/timer';
import { createSmsSender, type SmsSender } from '../src/sms/sms';
import type { Mailer } from '../src/mail/mailer';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { alertsPage } from './support/infocare';
import { startSmsProvider, type TestSmsProvider } from './support/sms';

// Several carers, one alert (issue 25): "I'm on it" and "resolved" are recorded once even when two carers
// press together, only the dependant's carers may do either, the other carers are told in a short text
// and get no more reminders for it; an Urgent alert nobody takes is sent again every 15 minutes until
// someone does (issue 36).

describeEachDb('InfoCare carers on one alert', (suite) => {
  let t: TestApp;
  let mum: Person;
  let ann: Person;
  let bob: Person;
  let stranger: Person;
  let houseId: number;
  let sms: TestSmsProvider;
  let sender: SmsSender;
  const noMail: Mailer = { transport: 'outbox', send: async () => {}, close() {} };
  const secs = () => Math.floor(t.clock.now().getTime() / 1000);
  const phones: Record<string, string> = { ann: '+447700900101', bob: '+447700900102' };

  const raise = async (level: 'Warning' | 'Urgent', cause: string) => {
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, urgent_at)
       values ($1, $2, 'inactivity', 'Off', $3, 'No activity', 'Nothing used for 6 h since 07:03.', 'clock', $4,
               case when $3 = 'Urgent' then $4::bigint end) returning id`,
      [houseId, cause, level, secs()],
    );
    const id = rows[0]!.id;
    await queueNotifications(suite.db, [id], mum.id, 'Europe/London', secs());
    return id;
  };
  const post = (s: Session, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/alerts/',
      headers: s.headers(true),
      payload,
    });
  const page = (s: Session) => alertsPage(t.app, s, mum.id);
  const notes = async (alertId: number) =>
    (
      await suite.db.query<{ username: string; kind: string; status: string }>(
        `select u.username, n.kind, n.status from infocare_notifications n join users u on u.id = n.user_id
          where n.alert_id = $1 and n.channel = 'sms' order by n.id`,
        [alertId],
      )
    ).rows.map((r) => `${r.username}:${r.kind}:${r.status}`);

  beforeAll(async () => {
    sms = await startSmsProvider();
    mum = await makeUser(suite.db, 'mum');
    ann = await makeUser(suite.db, 'ann', { house: null });
    bob = await makeUser(suite.db, 'bob', { house: null });
    stranger = await makeUser(suite.db, 'stranger');
    await link(suite.db, ann, mum);
    await link(suite.db, bob, mum);
    for (const [name, phone] of Object.entries(phones))
      await suite.db.query('update users set phone = $2 where username = $1', [name, phone]);
    await suite.db.query(`insert into user_settings (user_id, alert_notification) values ($1, 2)`, [mum.id]);
    await suite.db.query(`insert into user_settings (user_id, name) values ($1, 'Ann Smith')`, [ann.id]);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    t = await makeTestApp(suite.db);
    sender = createSmsSender({ config: { smsUrl: sms.url, smsToken: null }, db: suite.db, clock: t.clock });
  });

  afterAll(async () => {
    await t?.app.close();
    await sms?.close();
  });

  it('records "I\'m on it" once when two carers press together, and tells only the other', async () => {
    const id = await raise('Warning', 'inactivity:1');
    const [a, b] = [await login(t.app, ann), await login(t.app, bob)];
    expect((await page(a)).alerts[0]).toMatchObject({ id, taken: null, resolved: null });
    t.clock.advance(5 * 60_000);
    const both = await Promise.all([
      post(a, { dependant_user_id: mum.id, id, take: true }),
      post(b, { dependant_user_id: mum.id, id, take: true }),
    ]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    const answers = both.map((res) => Alert.parse(res.json()).taken);
    // Whoever was first, both answers name the same one carer at the same instant, and each tells its
    // asker whether they are that carer: exactly one of the two is.
    expect({ ...answers[0], by_you: undefined }).toEqual({ ...answers[1], by_you: undefined });
    expect(answers[0]?.at).toBe(secs());
    expect(answers.map((x) => x?.by_you).sort()).toEqual([false, true]);
    expect(answers[0]?.by_you).toBe(answers[0]?.by === 'Ann Smith');
    // Taking it is seeing it: the alert no longer needs attention (one viewing, by the taker).
    expect(Alert.parse(both[0]!.json()).viewings).toEqual([{ timestamp: secs() }]);
    const taker = answers[0]?.by === 'Ann Smith' ? 'ann' : 'bob';
    const other = taker === 'ann' ? 'bob' : 'ann';
    expect(['Ann Smith', 'bob']).toContain(answers[0]?.by);
    const { rows } = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from infocare_notifications where alert_id = $1 and kind = $2',
      [id, 'taken'],
    );
    expect(rows[0]?.n).toBe(1);
    // The reminders still waiting for the alert are held; the other carer is told who is on it.
    expect(await notes(id)).toEqual([
      `ann:alert:suppressed`,
      `bob:alert:suppressed`,
      `${other}:taken:pending`,
    ]);
    await deliverDue(suite.db, { mailer: noMail, sms: sender }, secs());
    expect(sms.texts).toEqual([
      {
        to: phones[other],
        body: `InfoCare: ${answers[0]?.by} is on it since 09:05: No activity (mum's home).`,
      },
    ]);
    // Pressing again changes nothing.
    const again = await post(other === 'ann' ? a : b, { dependant_user_id: mum.id, id, take: true });
    expect(Alert.parse(again.json()).taken).toEqual({ ...answers[0], by_you: false });
  });

  it('lets only the taker resolve, keeps the note, and both carers see it', async () => {
    const [a, b] = [await login(t.app, ann), await login(t.app, bob)];
    const id = (await page(a)).alerts[0]!.id;
    const { by_you: _, ...taken } = (await page(a)).alerts[0]!.taken!;
    const [takerS, otherS] = taken.by === 'Ann Smith' ? [a, b] : [b, a];
    // The list tells each carer whether they are the one on it (the web shows "Mark resolved" to them only).
    expect((await page(takerS)).alerts[0]!.taken).toEqual({ ...taken, by_you: true });
    expect((await page(otherS)).alerts[0]!.taken).toEqual({ ...taken, by_you: false });
    const refused = await post(otherS, { dependant_user_id: mum.id, id, resolve: true, note: 'Fine' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: `${taken.by} is on this alert: only they can resolve it`,
      field: 'resolve',
    });
    const long = await post(takerS, { dependant_user_id: mum.id, id, resolve: true, note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('note');
    t.clock.advance(10 * 60_000);
    const done = await post(takerS, {
      dependant_user_id: mum.id,
      id,
      resolve: true,
      note: 'Rang her: she was in the garden all afternoon',
    });
    expect(done.statusCode, done.body).toBe(200);
    const resolved = { by: taken.by, at: secs(), note: 'Rang her: she was in the garden all afternoon' };
    expect(Alert.parse(done.json()).resolved).toEqual(resolved);
    expect((await page(otherS)).alerts[0]).toMatchObject({
      id,
      taken: { ...taken, by_you: false },
      resolved,
    });
    expect(Alert.parse(done.json()).taken).toEqual({ ...taken, by_you: true });
    const before = sms.texts.length;
    await deliverDue(suite.db, { mailer: noMail, sms: sender }, secs());
    expect(sms.texts.slice(before).map((x) => x.body)).toEqual([
      `InfoCare: ${taken.by} resolved No activity (mum's home): "Rang her: she was in the garden all afternoon"`,
    ]);
  });

  it('refuses taking or resolving to anyone but the carers, the dependant included', async () => {
    const id = await raise('Warning', 'inactivity:2');
    for (const person of [stranger, mum]) {
      const s = await login(t.app, person);
      for (const payload of [{ take: true }, { resolve: true, note: 'nothing' }]) {
        const res = await post(s, { dependant_user_id: mum.id, id, ...payload });
        expect(res.statusCode, `${person.username} ${JSON.stringify(payload)}`).toBe(403);
      }
    }
    // Without the CSRF token a carer's own session is refused too.
    const a = await login(t.app, ann);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/alerts/',
      headers: a.headers(false),
      payload: { dependant_user_id: mum.id, id, take: true },
    });
    expect(noCsrf.statusCode).toBe(403);
    const { rows } = await suite.db.query<{ taken_at: number | null; resolved_at: number | null }>(
      'select taken_at, resolved_at from infocare_alerts where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ taken_at: null, resolved_at: null });
    await suite.db.query('update infocare_alerts set cleared_at = $2 where id = $1', [id, secs()]);
  });

  it('sends an untaken Urgent alert again to every carer every 15 minutes until one takes it', async () => {
    const timer = new InfocareTimer({
      db: suite.db,
      mailer: noMail,
      sms: sender,
      clock: t.clock,
      intervalS: 0,
    });
    // The home has no readings: the engine would clear these hand-made alerts. Marking it judged far ahead
    // keeps the engine away, so each tick is the resend and the delivery alone.
    await suite.db.query('insert into infocare_progress (house_id, evaluated_at) values ($1, 32503680000)', [
      houseId,
    ]);
    const urgent = await raise('Urgent', 'inactivity:3');
    const taken = await raise('Urgent', 'inactivity:4');
    const a = await login(t.app, ann);
    expect((await post(a, { dependant_user_id: mum.id, id: taken, take: true })).statusCode).toBe(200);
    const again = async () =>
      (
        await suite.db.query<{ alert_id: number; username: string; round: number }>(
          `select n.alert_id, u.username, n.round from infocare_notifications n join users u on u.id = n.user_id
            where n.kind = 'again' order by n.alert_id, n.round, u.username`,
        )
      ).rows.map((r) => `${r.alert_id}:${r.round}:${r.username}`);
    t.clock.advance((URGENT_RESEND_AFTER_S - 60) * 1000);
    await timer.tick();
    expect(await again()).toEqual([]);
    t.clock.advance(60_000);
    const before = sms.texts.length;
    await timer.tick();
    expect(await again()).toEqual([`${urgent}:1:ann`, `${urgent}:1:bob`]);
    expect(sms.texts.slice(before).filter((x) => x.body.includes('nobody is on it yet'))).toHaveLength(2);
    expect(sms.texts.slice(before).find((x) => x.body.includes('nobody'))?.body).toBe(
      'InfoCare: Urgent, nobody is on it yet: No activity. Nothing used for 6 h since 07:03.',
    );
    // 14 minutes on, nothing; at 15, the second round, to both again.
    t.clock.advance(14 * 60_000);
    await timer.tick();
    expect(await again()).toHaveLength(2);
    t.clock.advance(60_000);
    await timer.tick();
    expect(await again()).toEqual([
      `${urgent}:1:ann`,
      `${urgent}:1:bob`,
      `${urgent}:2:ann`,
      `${urgent}:2:bob`,
    ]);
    expect(sms.texts.filter((x) => x.body.includes('nobody is on it yet'))).toHaveLength(4);
    // Bob takes it: no third round, however long it stays open.
    const b = await login(t.app, bob);
    expect((await post(b, { dependant_user_id: mum.id, id: urgent, take: true })).statusCode).toBe(200);
    for (const minutes of [15, 60, 240]) {
      t.clock.advance(minutes * 60_000);
      await timer.tick();
    }
    expect(await again()).toHaveLength(4);
    // An Urgent alert that became so over an hour ago (a replay of history) is not sent again.
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, urgent_at)
       values ($1, 'old:1', 'inactivity', 'Off', 'Urgent', 'No activity', 'Old.', 'clock', $2, $2) returning id`,
      [houseId, secs() - 3601],
    );
    // Nor is one whose last re-send was over an hour ago (a chain broken while the server was down).
    const broken = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, urgent_at,
                                    resent_at, resends)
       values ($1, 'old:2', 'inactivity', 'Off', 'Urgent', 'No activity', 'Old.', 'clock', $2, $2, $3, 1)
       returning id`,
      [houseId, secs() - 7200, secs() - 3601],
    );
    await timer.tick();
    expect((await again()).filter((r) => r.startsWith(`${rows[0]!.id}:`))).toEqual([]);
    expect((await again()).filter((r) => r.startsWith(`${broken.rows[0]!.id}:`))).toEqual([]);
    await timer.stop();
  });
});
