import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { InfocareTimer } from '../src/features/infocare/timer';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { FakeClock, link, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { HOB, KETTLE, local, readingsBetween, seedRoutine } from './support/infocare';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// Notifications as they leave the server: alert emails through a real SMTP server and texts through a
// local HTTP "provider", at most once per alert and channel, retried after a failure, held back by the
// carer's holiday mode (except appliance-on alerts) and Do Not Disturb; and the daily email report.
// The engine's timer is driven with a fake clock: no sleeps.

const TODAY = '2024-11-20';

interface Text {
  to: string;
  body: string;
  auth: string | undefined;
}

async function startSmsProvider(): Promise<{ url: string; texts: Text[]; server: Server }> {
  const texts: Text[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '', auth: req.headers.authorization });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, texts, server };
}

describeEachDb('InfoCare notifications', (suite) => {
  let smtp: TestSmtp;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let carer: Person;
  let houseId: number;
  let timer: InfocareTimer;
  const clock = new FakeClock();
  const at = (ts: number) => clock.advance(ts * 1000 - clock.now().getTime());
  const statuses = async () =>
    (
      await suite.db.query<{ channel: string; status: string; kind: string }>(
        `select n.channel, n.status, a.kind from infocare_notifications n join infocare_alerts a on a.id = n.alert_id
          order by n.id`,
      )
    ).rows.map((r) => `${r.kind}:${r.channel}:${r.status}`);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    sms = await startSmsProvider();
    const mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    await suite.db.query(`update users set phone = '+447700900123' where id = $1`, [carer.id]);
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 3)', [mum.id]);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    await seedRoutine(suite.db, houseId, TODAY, 7, local(TODAY, 7, 50));
    at(local(TODAY, 7, 50));
    timer = new InfocareTimer({
      db: suite.db,
      mailer: createMailer({
        config: { smtpUrl: smtp.url, mailFrom: 'InfoCare <alerts@example.com>' },
        db: suite.db,
        clock,
      }),
      sms: createSmsSender({ config: { smsUrl: sms.url, smsToken: 'sekret' }, db: suite.db, clock }),
      clock,
      intervalS: 60,
    });
  });

  afterAll(async () => {
    await timer?.stop();
    await smtp?.close();
    await new Promise((resolve) => sms?.server.close(resolve));
  });

  it('emails and texts the carer once per alert, retrying a refused email', async () => {
    smtp.failNext(1);
    await timer.tick();
    expect(sms.texts).toHaveLength(1);
    expect(sms.texts[0]).toMatchObject({ to: '+447700900123', auth: 'Bearer sekret' });
    expect(sms.texts[0]?.body).toMatch(/^InfoCare: Morning not started\. No activity yet this morning/);
    expect(smtp.received).toHaveLength(0); // refused with a 451: still pending
    expect(await statuses()).toEqual(['morning:email:pending', 'morning:sms:sent']);
    clock.advance(30_000);
    await timer.tick();
    expect(smtp.received).toHaveLength(0); // backoff: not before a minute
    clock.advance(31_000);
    await timer.tick();
    const mail = await smtp.waitFor(1);
    expect(mail.subject).toBe("InfoCare Investigate: Morning not started (mum's home)");
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('carer@example.com');
    expect(mail.text).toContain('Usually the day starts by 07:00');
    await timer.tick();
    expect(smtp.received).toHaveLength(1);
    expect(sms.texts).toHaveLength(1);
    expect(await statuses()).toEqual(['morning:email:sent', 'morning:sms:sent']);
  });

  it('on holiday only appliance-on alerts go out; Do Not Disturb holds everything', async () => {
    await suite.db.query(`insert into user_modes (user_id, holiday_status) values ($1, 'ENABLED')`, [
      carer.id,
    ]);
    const day2 = '2024-11-21';
    // Nothing by 07:50: the late morning is recorded, and not sent.
    await readingsBetween(suite.db, houseId, local(TODAY, 7, 50), local(day2, 7, 50));
    at(local(day2, 7, 50));
    await timer.tick();
    expect((await statuses()).slice(2)).toEqual(['morning:email:suppressed', 'morning:sms:suppressed']);
    // The hob on since 07:55, far longer than its usual 25 minutes: an On alert goes out anyway.
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: HOB, start: local(day2, 7, 55), end: local(day2, 12, 0), energy_wh: 3000 },
    ]);
    await readingsBetween(suite.db, houseId, local(day2, 7, 50), local(day2, 9, 30));
    at(local(day2, 9, 30));
    await timer.tick();
    expect((await statuses()).slice(4)).toEqual(['long_on:email:sent', 'long_on:sms:sent']);
    expect(sms.texts.at(-1)?.body).toMatch(/^InfoCare: Hob left on\. The hob has been on since 07:55/);
    // Do Not Disturb: another hob run far too long is recorded, and nobody is told.
    await suite.db.query(
      `update user_modes set holiday_status = 'DISABLED', dnd_status = 'ENABLED' where user_id = $1`,
      [carer.id],
    );
    await readingsBetween(suite.db, houseId, local(day2, 9, 30), local(day2, 15, 0));
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: HOB, start: local(day2, 13, 0), end: local(day2, 17, 0), energy_wh: 3000 },
    ]);
    const textsBefore = sms.texts.length;
    at(local(day2, 15, 0));
    await timer.tick();
    expect(sms.texts).toHaveLength(textsBefore);
    const last = await statuses();
    expect(last.slice(-2)).toEqual(['long_on:email:suppressed', 'long_on:sms:suppressed']);
  });

  it('sends the daily email report at 07:00 in the home zone, once', async () => {
    await suite.db.query('insert into user_settings (user_id, email_report) values ($1, 1)', [carer.id]);
    const day3 = '2024-11-22';
    const before = smtp.received.length;
    at(local(day3, 6, 59));
    await timer.tick();
    expect(smtp.received.slice(before).filter((m) => m.subject?.includes('report'))).toEqual([]);
    at(local(day3, 7, 1));
    await timer.tick();
    await timer.tick();
    const reports = smtp.received.filter((m) => m.subject === 'Your daily HomeView & InfoCare report');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.text).toMatch(/^Energy 2024-11-21 to 2024-11-21: \d+\.\d\d kWh, £\d+\.\d\d/);
    expect(reports[0]?.text).toMatch(/mum's home: \d+ appliance uses, \d+ alerts?\./);
    expect(reports[0]?.text).toContain('Urgent: Hob left on');
    expect(reports[0]?.html).toContain('<li>Urgent: Hob left on</li>');
  });

  it('notifies a second time, once, when an inactivity alert escalates from Warning to Urgent', async () => {
    await suite.db.query(`update user_modes set dnd_status = 'DISABLED' where user_id = $1`, [carer.id]);
    const day4 = '2024-11-23';
    // The kettle at 07:00, then nothing: the usual longest gap is 5 h 17 min, so a Warning after twice
    // that (about 17:37) and Urgent after a quarter as long again (about 20:15), before the usual bedtime
    // (an hour after the television usually goes off at 21:00).
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: local(day4, 7, 0), end: local(day4, 7, 3), energy_wh: 120 },
    ]);
    await readingsBetween(suite.db, houseId, local('2024-11-21', 15, 0), local(day4, 18, 0));
    const before = smtp.received.length;
    at(local(day4, 18, 0));
    await timer.tick();
    const idle = () => smtp.received.filter((m) => m.subject?.includes('No activity')).map((m) => m.subject);
    const idleTexts = () => sms.texts.filter((t) => t.body.startsWith('InfoCare: No activity'));
    await smtp.waitFor(before + 2); // the alert and the daily report of the 22nd
    expect(idle()).toEqual(["InfoCare Investigate: No activity (mum's home)"]);
    expect(idleTexts()).toHaveLength(1);
    await readingsBetween(suite.db, houseId, local(day4, 18, 0), local(day4, 20, 30));
    at(local(day4, 20, 30));
    await timer.tick();
    await timer.tick();
    await smtp.waitFor(before + 3);
    expect(idle()).toEqual([
      "InfoCare Investigate: No activity (mum's home)",
      "InfoCare Urgent: No activity (mum's home)",
    ]);
    expect(idleTexts()).toHaveLength(2);
    // The alert's text stays as it was true when raised (07:03 to about 17:37), escalated or not.
    expect(idleTexts()[1]?.body).toMatch(
      /^InfoCare: No activity\. Nothing used for 10 h 3\d min since 07:03/,
    );
    const rows = (
      await suite.db.query<{ channel: string; level: string; status: string }>(
        `select n.channel, n.level, n.status from infocare_notifications n
           join infocare_alerts a on a.id = n.alert_id where a.kind = 'inactivity' order by n.id`,
      )
    ).rows.map((r) => `${r.level}:${r.channel}:${r.status}`);
    expect(rows).toEqual(['Warning:email:sent', 'Warning:sms:sent', 'Urgent:email:sent', 'Urgent:sms:sent']);
  });
});
