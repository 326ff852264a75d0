import { endpoints } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { deliverDue } from '../src/features/infocare/notify';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// Issue 34.9: a carer's note with an ESC sequence was stored as sent, then went raw into the other
// carers' texts and emails and, without SMTP_URL or SMS_URL, onto the operator's console, where it drove
// the terminal (clear the screen, colours). Free text now refuses C0 and C1 controls but the line break
// (the contract's rule, every such field: packages/contract text.test), and the console copy of a message
// shows any control character stored before the rule as U+FFFD.

const ESC_NOTE = 'All well\u001b[2J\u001b[31m';

describeEachDb('control characters in free text', (suite) => {
  let t: TestApp;
  let mum: Person;
  let ann: Person;
  let bob: Person;
  let annSession: Session;
  let houseId: number;
  const printed: string[] = [];
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const senders = () => {
    const quiet = { db: suite.db, clock: t.clock, print: (text: string) => void printed.push(text) };
    return {
      mailer: createMailer({ config: { smtpUrl: null, mailFrom: 'InfoCare <a@example.com>' }, ...quiet }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, ...quiet }),
    };
  };
  let raised = 0;
  const raise = async () => {
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at)
       values ($1, $2, 'morning', 'Off', 'Warning', 'Morning not started', 'No kettle yet', 'kettle', $3)
       returning id`,
      [houseId, `test-${++raised}`, now() - 600],
    );
    return rows[0]!.id;
  };
  const resolve = (alertId: number, note: string) =>
    t.app.inject({
      method: 'POST',
      url: endpoints.alertFeedback.path,
      headers: annSession.headers(true),
      payload: { dependant_user_id: mum.id, id: alertId, resolve: true, note },
    });

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    ann = await makeUser(suite.db, 'ann', { house: null });
    bob = await makeUser(suite.db, 'bob', { house: null });
    await link(suite.db, ann, mum);
    await link(suite.db, bob, mum);
    await suite.db.query('update users set phone = $2 where id = $1', [bob.id, '+447700900102']);
    // Email and text (3): both of Bob's channels print to the console here.
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 3)', [mum.id]);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    t = await makeTestApp(suite.db);
    annSession = await login(t.app, ann);
  });

  afterAll(async () => {
    await t?.app.close();
  });

  it("refuses a carer's note with an ESC sequence, storing nothing, and keeps line breaks", async () => {
    const alertId = await raise();
    const refused = await resolve(alertId, ESC_NOTE);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      error: 'note must not contain control characters such as tab or escape: only line breaks',
      field: 'note',
    });
    const before = await suite.db.query<{ resolved_at: number | null }>(
      'select resolved_at from infocare_alerts where id = $1',
      [alertId],
    );
    expect(before.rows[0]!.resolved_at).toBeNull();

    const ok = await resolve(alertId, 'Called her.\r\nAll fine');
    expect(ok.statusCode, ok.body).toBe(200);
    const { rows } = await suite.db.query<{ resolved_note: string }>(
      'select resolved_note from infocare_alerts where id = $1',
      [alertId],
    );
    expect(rows[0]!.resolved_note).toBe('Called her.\nAll fine');
  });

  it('refuses other free text with controls: feedback, a name, a check-in greeting', async () => {
    const session = await login(t.app, mum);
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: endpoints.feedback.path,
        headers: session.headers(true),
        payload: { user_id: mum.id, feedback: 'Great\u0007' },
      }),
      await t.app.inject({
        method: 'POST',
        url: endpoints.settingsPost.path,
        headers: session.headers(true),
        payload: { user_id: mum.id, name: 'Mum\u009b2J' },
      }),
      await t.app.inject({
        method: 'POST',
        url: endpoints.checkInPost.path,
        headers: annSession.headers(true),
        payload: {
          dependant_user_id: mum.id,
          enabled: false,
          name: 'Joan\tx',
          window_start: '08:00',
          window_end: '21:00',
        },
      }),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().field])).toEqual([
      [400, 'feedback'],
      [400, 'name'],
      [400, 'name'],
    ]);
    const { rows } = await suite.db.query('select 1 from feedback where user_id = $1', [mum.id]);
    expect(rows).toEqual([]);
  });

  it("shows a note stored before the rule on the operator's console without its control characters", async () => {
    // What the earlier tests queued (Bob told of the resolved alert) is out of the way.
    await suite.db.query(`update infocare_notifications set status = 'sent' where status = 'pending'`);
    const alertId = await raise();
    // Resolved as the old code stored it: the note as sent.
    await suite.db.query(
      `update infocare_alerts set resolved_at = $2, resolved_by = $3, resolved_note = $4, taken_by = $3,
              taken_at = $2 where id = $1`,
      [alertId, now(), ann.id, ESC_NOTE],
    );
    await suite.db.query(
      `insert into infocare_notifications (alert_id, user_id, channel, level, status, next_attempt_at, kind)
       values ($1, $2, 'email', 'Warning', 'pending', $3, 'resolved'),
              ($1, $2, 'sms', 'Warning', 'pending', $3, 'resolved')`,
      [alertId, bob.id, now()],
    );
    printed.length = 0;
    expect(await deliverDue(suite.db, senders(), now())).toBe(2);
    expect(printed).toHaveLength(2);
    for (const text of printed) {
      expect(text).toContain('All well\uFFFD[2J\uFFFD[31m');
      expect(text).not.toMatch(/[^\P{Cc}\n]/u);
    }
  });
});
