import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { InfocareTimer } from '../src/features/infocare/timer';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { FakeClock, link, makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { local, seedRoutine } from './support/infocare';

// Alert notifications with neither SMTP_URL nor SMS_URL set (a local install, the e2e product): both go
// to the outbox table. The outbox write runs inside deliverDue's claim transaction; on PGlite a write on
// the app's own handle there waited for that very transaction, and the whole server hung on its first
// alert notification (found by e2e/src/infocare-new-dependant.test.ts).

const TODAY = '2024-11-20';

describeEachDb('InfoCare notifications into the outbox', (suite) => {
  const clock = new FakeClock();
  let timer: InfocareTimer;

  beforeAll(async () => {
    const mum = await makeUser(suite.db, 'mum');
    const carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    await suite.db.query(`update users set phone = '+447700900123' where id = $1`, [carer.id]);
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 3)', [mum.id]);
    const houseId = (await findHouseIdOf(suite.db, mum.id))!;
    await seedRoutine(suite.db, houseId, TODAY, 7, local(TODAY, 7, 50));
    clock.advance(local(TODAY, 7, 50) * 1000 - clock.now().getTime());
    const quiet = { clock, print: () => undefined };
    timer = new InfocareTimer({
      db: suite.db,
      mailer: createMailer({
        config: { smtpUrl: null, mailFrom: 'InfoCare <a@example.com>' },
        db: suite.db,
        ...quiet,
      }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db: suite.db, ...quiet }),
      clock,
      intervalS: 60,
    });
  });

  afterAll(async () => {
    await timer?.stop();
  });

  it('records the late morning, and its email and text land in the outbox, marked sent', async () => {
    const summary = await timer.tick();
    expect([summary?.raised, summary?.notified]).toEqual([1, 2]);
    const { rows: sent } = await suite.db.query<{ channel: string; status: string }>(
      'select channel, status from infocare_notifications order by channel',
    );
    expect(sent).toEqual([
      { channel: 'email', status: 'sent' },
      { channel: 'sms', status: 'sent' },
    ]);
    const { rows: outbox } = await suite.db.query<{
      channel: string;
      recipient: string;
      subject: string | null;
    }>('select channel, recipient, subject from outbox_messages order by channel');
    expect(outbox).toEqual([
      {
        channel: 'email',
        recipient: 'carer@example.com',
        subject: "InfoCare Investigate: Morning not started (mum's home)",
      },
      { channel: 'sms', recipient: '+447700900123', subject: null },
    ]);
  });
});
