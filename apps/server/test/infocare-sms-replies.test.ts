import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from './support/houses';
import { saveCheckInSettings, startCheckIns } from '../src/features/infocare/check-in';
import { deliverDue, queueNotifications } from '../src/features/infocare/notify';
import { link, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// Replies to check-in texts through the SMS provider's webhook, attacked (issue 34):
// - 34.8: a reply with a NUL while a check-in waited reached PostgreSQL and answered 500, so the provider
//   sent it again and again and it was never recorded. The webhook's form now has the /api/v3 checks.
// - 34.10: Joan and Jim share one phone. Both had a check-in waiting on it; one "OK", delivered twice by
//   the provider (the same MessageSid), resolved both alerts. Now a delivery counts once, a reply counts
//   for the newest check-in only, and the other's carers are told at once that it was not counted for them.

const SHARED = '+447700900777';
const ANN = '+447700900101';
const BOB = '+447700900102';
const SECRET = 'inbound-sekret-34';

interface Dependant {
  person: Person;
  houseId: number;
}

describeEachDb('replies to check-in texts', (suite) => {
  let t: TestApp;
  let joan: Dependant;
  let jim: Dependant;
  const texts: { to: string; body: string }[] = [];
  let slowText: string | null = null;
  let causes = 0;
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const minutes = (m: number) => t.clock.advance(m * 60_000);

  const reply = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sms/v1/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${SECRET}` },
      payload: new URLSearchParams({ From: SHARED, AccountSid: 'AC1', NumMedia: '0', ...fields }).toString(),
    });

  /** A Warning for the dependant, raised now as the engine raises it: her check-in text goes first. */
  async function raise(db: Db, d: Dependant): Promise<number> {
    const at = now();
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at)
         values ($1, $2, 'morning', 'Off', 'Warning', 'Morning not started', 'No kettle yet', 'kettle', $3)
         returning id`,
        [d.houseId, `test-${++causes}`, at],
      );
      const id = rows[0]!.id;
      const house = { id: d.houseId, owner_user_id: d.person.id, time_zone: 'Europe/London' };
      const wait = await startCheckIns(tx, house, [id], at);
      await queueNotifications(tx, [id], d.person.id, 'Europe/London', at, { dueAt: wait });
      return id;
    });
  }

  const checkIn = async (alertId: number) =>
    (
      await suite.db.query<{ outcome: string; reply: string | null }>(
        'select outcome, reply from infocare_check_ins where alert_id = $1',
        [alertId],
      )
    ).rows[0];
  const resolvedNote = async (alertId: number) =>
    (
      await suite.db.query<{ resolved_note: string | null }>(
        'select resolved_note from infocare_alerts where id = $1',
        [alertId],
      )
    ).rows[0]!.resolved_note;
  const deliver = () =>
    deliverDue(
      suite.db,
      {
        mailer: { transport: 'outbox', send: async () => {}, close() {} },
        sms: {
          transport: 'http',
          send: async (to, body) => {
            // A provider slow to take this one: another sender may reach the next row meanwhile.
            if (slowText !== null && body.includes(slowText)) await new Promise((r) => setTimeout(r, 200));
            texts.push({ to, body });
          },
        },
      },
      now(),
    );
  const textsTo = (to: string) => texts.filter((x) => x.to === to).map((x) => x.body);

  async function dependant(username: string, name: string, carer: string, phone: string) {
    const person = await makeUser(suite.db, username);
    const c = await makeUser(suite.db, carer, { house: null });
    await link(suite.db, c, person);
    await suite.db.query('update users set phone = $2 where id = $1', [c.id, phone]);
    // Texts only (2): the carers' phones get the alerts.
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 2)', [
      person.id,
    ]);
    await saveCheckInSettings(suite.db, person.id, {
      enabled: true,
      phone: SHARED,
      name,
      window_start: '00:00',
      window_end: '23:59',
    });
    return { person, houseId: (await findHouseIdOf(suite.db, person.id))! };
  }

  beforeAll(async () => {
    joan = await dependant('joan', 'Joan', 'ann', ANN);
    jim = await dependant('jim', 'Jim', 'bob', BOB);
    t = await makeTestApp(suite.db, { env: { SMS_INBOUND_TOKEN: SECRET } });
  });

  afterAll(async () => {
    await t?.app.close();
  });

  it('refuses a reply with a NUL or a control character (400 naming the field) and records nothing', async () => {
    const alertId = await raise(suite.db, joan);
    minutes(2);
    const answers = [
      await reply({ Body: 'O\u0000K', MessageSid: 'SMnul' }),
      await reply({ Body: 'OK\u001b[2J', MessageSid: 'SMesc' }),
      await reply({ Body: 'OK', MessageSid: 'SM\u0000' }),
      await reply({ Body: 'OK' }),
    ];
    const field = (r: (typeof answers)[number]) =>
      r.headers['content-type']?.toString().startsWith('application/json') ? r.json().field : r.body;
    expect(answers.map((r) => [r.statusCode, field(r)])).toEqual([
      [400, 'Body'],
      [400, 'Body'],
      [400, 'MessageSid'],
      [400, 'MessageSid'],
    ]);
    expect(await checkIn(alertId)).toEqual({ outcome: 'waiting', reply: null });
    // The provider's next, well-formed delivery is recorded.
    const ok = await reply({ Body: 'OK', MessageSid: 'SMok1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await resolvedNote(alertId)).toBe('Joan replied OK at 09:02');
  });

  it('counts a delivery sent twice once, and one OK for the newest of two check-ins on a shared phone', async () => {
    await deliver();
    texts.length = 0;
    minutes(60);
    const joans = await raise(suite.db, joan);
    minutes(1);
    const jims = await raise(suite.db, jim);
    // Joan's text is slow to go: Jim's, to the same phone, still goes after it (an OK counts for the newest).
    slowText = 'Joan';
    await deliver();
    slowText = null;
    expect(textsTo(SHARED)).toEqual([
      "Hello Joan, this is a check from your family's InfoCare. Please reply OK if all is well",
      "Hello Jim, this is a check from your family's InfoCare. Please reply OK if all is well",
    ]);
    minutes(1);
    // The provider delivers the one "OK" twice (a retry after a timeout): the same MessageSid.
    for (let i = 0; i < 2; i++)
      expect((await reply({ Body: 'OK', MessageSid: 'SMdup' })).statusCode).toBe(200);

    expect(await resolvedNote(joans)).toBeNull();
    expect(await resolvedNote(jims)).toBe(
      'Jim replied OK at 10:04 (counted for the latest of 2 check-ins sent to this number)',
    );
    expect(await checkIn(joans)).toEqual({ outcome: 'shared', reply: 'OK' });
    expect(t.logs.filter((l) => l.includes('"event":"sms_inbound_duplicate"'))).toHaveLength(1);

    // Both carers hear now: Jim's that he is fine, Joan's that the reply was not counted for her.
    await deliver();
    expect(textsTo(BOB)).toEqual([
      "InfoCare: Jim replied OK at 10:04 (counted for the latest of 2 check-ins sent to this number). Morning not started (jim's home) is resolved.",
    ]);
    expect(textsTo(ANN)).toEqual([
      `InfoCare: Morning not started. No kettle yet Joan's phone replied "OK" at 10:04, but a newer check-in was waiting on the same number and the reply was counted for it: this alert is still open.`,
    ]);

    // A second OK (a new message) finds no check-in waiting: Joan's alert stays for her carers.
    minutes(1);
    expect((await reply({ Body: 'OK', MessageSid: 'SMnext' })).statusCode).toBe(200);
    expect(await resolvedNote(joans)).toBeNull();
  });
});
