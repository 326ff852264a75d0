import { Settings } from '@homeview/contract';
import { addDays } from '@homeview/domain';
import { startSmsProvider } from './support/sms';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendAllIsWell } from '../src/features/infocare/all-is-well';
import { InfocareTimer } from '../src/features/infocare/timer';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { link, login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { KETTLE, local, readingsBetween, routineEvents, seedRoutine } from './support/infocare';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// The daily "all is well" (issue 25) through the InfoCare timer as the server runs it: set by the carer on
// the settings API (their own, about their dependant), sent from the chosen local time when the morning
// started as usual, by email over a real SMTP server and by SMS to a local stand-in of the provider; once
// per carer and day, also after a restart; never on a day with an alert; held back by holiday mode; a send
// the mail server refuses is tried again.

const DAY1 = '2024-11-20'; // a Wednesday; 28 ordinary days before it: kettle at 07:00, toast at 07:10, …

describeEachDb('InfoCare all is well', (suite) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let mum: Person;
  let carer: Person;
  let stranger: Person;
  let houseId: number;
  let readUntil = 0;
  const timer = () =>
    new InfocareTimer({
      db: suite.db,
      mailer: createMailer({
        config: { smtpUrl: smtp.url, mailFrom: 'InfoCare <alerts@example.com>' },
        db: suite.db,
        clock: t.clock,
      }),
      sms: createSmsSender({ config: { smsUrl: sms.url, smsToken: 'sekret' }, db: suite.db, clock: t.clock }),
      clock: t.clock,
      intervalS: 60,
    });
  let running: InfocareTimer;
  const wellMail = () => smtp.received.filter((m) => m.subject?.startsWith('InfoCare: all is well'));
  /** The clock at `ts`, the meter having reported until then; one timer run. */
  const tickAt = async (ts: number, on: InfocareTimer = running) => {
    await readingsBetween(suite.db, houseId, readUntil, ts);
    readUntil = ts;
    t.clock.advance(ts * 1000 - t.clock.now().getTime());
    await on.tick();
  };
  const kettle = (date: string, hh: number, mm: number) =>
    ingestApplianceEvents(suite.db, houseId, [
      {
        appliance_type_id: KETTLE,
        start: local(date, hh, mm),
        end: local(date, hh, mm) + 180,
        energy_wh: 120,
      },
    ]);
  const settings = async (person: Person, payload: Record<string, unknown>) => {
    const session = await login(t.app, person);
    return t.app.inject({
      method: 'POST',
      url: '/api/v3/common/settings/',
      headers: session.headers(true),
      payload,
    });
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    sms = await startSmsProvider();
    mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    stranger = await makeUser(suite.db, 'stranger');
    await link(suite.db, carer, mum);
    await suite.db.query(`update users set phone = '+447700900123' where id = $1`, [carer.id]);
    houseId = (await findHouseIdOf(suite.db, mum.id)) as number;
    readUntil = local(DAY1, 7, 0);
    await seedRoutine(suite.db, houseId, DAY1, 28, readUntil);
    await kettle(DAY1, 7, 9);
    t = await makeTestApp(suite.db);
    t.clock.advance(readUntil * 1000 - t.clock.now().getTime());
    running = timer();
  });

  afterAll(async () => {
    await running?.stop();
    await smtp?.close();
    await sms?.close();
  });

  it('a carer asks for it on the settings of the dependant; nobody else can, and it is not an own setting', async () => {
    const session = await login(t.app, carer);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v3/common/settings/?user_id=${mum.id}`,
      headers: session.headers(),
    });
    expect(Settings.parse(read.json())).toMatchObject({ all_is_well: 0, all_is_well_time: '10:00' });
    const set = await settings(carer, { user_id: mum.id, all_is_well: 3, all_is_well_time: '09:30' });
    expect(set.statusCode, set.body).toBe(200);
    expect(Settings.parse(set.json())).toMatchObject({ all_is_well: 3, all_is_well_time: '09:30' });
    expect((await settings(stranger, { user_id: mum.id, all_is_well: 1 })).statusCode).toBe(403);
    const own = await settings(carer, { user_id: carer.id, all_is_well: 1 });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      error: 'An all is well message is about someone you look after: send their user_id',
      field: 'all_is_well',
    });
    const ownRead = await t.app.inject({
      method: 'GET',
      url: `/api/v3/common/settings/?user_id=${carer.id}`,
      headers: session.headers(),
    });
    expect(ownRead.json()).not.toHaveProperty('all_is_well');
  });

  it('goes from the chosen time, by email and SMS, once a day even after a restart', async () => {
    await tickAt(local(DAY1, 9, 29));
    expect(wellMail()).toHaveLength(0);
    expect(sms.texts).toHaveLength(0);
    await tickAt(local(DAY1, 9, 30));
    const mail = await smtp.waitFor(1);
    expect(mail.subject).toBe("InfoCare: all is well at mum's home");
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('carer@example.com');
    expect(mail.text?.split('\n')[0]).toBe('Kettle at 07:09, usual time; nothing needs you.');
    expect(sms.texts).toEqual([
      {
        to: '+447700900123',
        body: "InfoCare: all is well at mum's home. Kettle at 07:09, usual time; nothing needs you.",
      },
    ]);
    await tickAt(local(DAY1, 9, 31));
    // A restarted server (a new timer, the same database) sends nothing more that day.
    await running.stop();
    running = timer();
    await tickAt(local(DAY1, 11, 0));
    expect(wellMail()).toHaveLength(1);
    expect(sms.texts).toHaveLength(1);
  });

  it('is never sent on a day with an alert', async () => {
    const day = addDays(DAY1, 1);
    await tickAt(local(day, 7, 50)); // no kettle by then: "Morning not started"
    const { rows } = await suite.db.query<{ kind: string }>(
      'select kind from infocare_alerts where house_id = $1 and raised_at >= $2',
      [houseId, local(day, 0)],
    );
    expect(rows.map((r) => r.kind)).toEqual(['morning']);
    await kettle(day, 8, 20);
    await tickAt(local(day, 9, 30));
    await tickAt(local(day, 12, 0));
    expect(wellMail()).toHaveLength(1);
    // The day is recorded as one with an alert: later runs do not judge it again.
    const judged = await suite.db.query<{ outcome: string }>(
      'select outcome from infocare_all_is_well_days where carer_user_id = $1 and day = $2::date',
      [carer.id, day],
    );
    expect(judged.rows).toEqual([{ outcome: 'alert' }]);
    // The rest of her day as usual, so the next day starts with no alert open.
    await ingestApplianceEvents(suite.db, houseId, routineEvents(day, { morning: false }));
    expect(sms.texts.filter((s) => s.body.includes('all is well'))).toHaveLength(1);
  });

  it('holiday mode holds it back; a refused email is tried again at the next run', async () => {
    const day = addDays(DAY1, 2);
    await kettle(day, 7, 5);
    expect((await settings(carer, { user_id: mum.id, all_is_well: 1 })).statusCode).toBe(200);
    // Sessions end when the clock jumps: a fresh one for each change.
    const holiday = async (status: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/holiday_mode/',
        headers: (await login(t.app, carer)).headers(true),
        payload: { user_id: carer.id, status },
      });
    expect((await holiday('ENABLED')).statusCode).toBe(200);
    await tickAt(local(day, 9, 30));
    expect(wellMail()).toHaveLength(1);
    // Holiday mode alone held it back: no alert was open today.
    const open = await suite.db.query(
      'select 1 from infocare_alerts where house_id = $1 and (cleared_at is null or cleared_at >= $2)',
      [houseId, local(day, 0)],
    );
    expect(open.rows).toHaveLength(0);
    expect((await holiday('DISABLED')).statusCode).toBe(200);
    smtp.failNext(1);
    await tickAt(local(day, 9, 31));
    expect(wellMail()).toHaveLength(1);
    const claims = await suite.db.query(
      `select 1 from infocare_all_is_well_days where carer_user_id = $1 and day = $2::date`,
      [carer.id, day],
    );
    expect(claims.rows).toHaveLength(0); // the claim was forgotten
    await tickAt(local(day, 9, 32));
    await smtp.waitFor(smtp.received.length + (wellMail().length < 2 ? 1 : 0), 5000);
    expect(wellMail()).toHaveLength(2);
    expect(wellMail()[1]?.text?.split('\n')[0]).toBe('Kettle at 07:05, usual time; nothing needs you.');
    expect(sms.texts).toHaveLength(1); // email only now
  });
  it('an alert still open at midnight makes a day with an alert; one a carer resolved before does not', async () => {
    // Judged without the engine's run (which clears alerts whose cause no longer holds), so only the
    // alert's own state decides.
    const senders = {
      mailer: createMailer({
        config: { smtpUrl: smtp.url, mailFrom: 'InfoCare <a@example.com>' },
        db: suite.db,
        clock: t.clock,
      }),
      sms: createSmsSender({ config: { smsUrl: sms.url, smsToken: 'sekret' }, db: suite.db, clock: t.clock }),
    };
    const alertFrom = async (date: string, resolvedAt: number | null) => {
      await suite.db.query(
        `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, resolved_at)
         values ($1, $2, 'long_on', 'On', 'Warning', 'Oven on', 'The oven has been on for 3 hours.', 'oven', $3, $4)`,
        [houseId, `test:${date}`, local(date, 20, 0), resolvedAt],
      );
    };
    const judge = async (day: string) => {
      await kettle(day, 7, 5);
      await readingsBetween(suite.db, houseId, readUntil, local(day, 9, 40));
      readUntil = local(day, 9, 40);
      return sendAllIsWell(suite.db, senders, local(day, 9, 40));
    };
    const day4 = addDays(DAY1, 3);
    await alertFrom(addDays(DAY1, 2), local(addDays(DAY1, 2), 21, 0)); // resolved the evening before
    expect(await judge(day4)).toBe(1);
    const day5 = addDays(DAY1, 4);
    await alertFrom(day4, null); // still open at midnight
    expect(await judge(day5)).toBe(0);
    const judged = await suite.db.query<{ outcome: string }>(
      'select outcome from infocare_all_is_well_days where carer_user_id = $1 and day = $2::date',
      [carer.id, day5],
    );
    expect(judged.rows).toEqual([{ outcome: 'alert' }]);
    senders.mailer.close();
  });
});
