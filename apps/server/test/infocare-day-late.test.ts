import { addDays } from '@homeview/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InfocareTimer } from '../src/features/infocare/timer';
import { ingestReadings } from '../src/features/readings/ingest';
import type { Reading } from '../src/features/readings/reading';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { FakeClock, link, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { halfHourDay, local, ORDINARY_DAY, ordinaryHistory, QUIET_DAY } from './support/infocare';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// The day-late InfoCare's morning judgement (issue 36): homes whose only data is the meter's half-hours,
// a day late, get yesterday judged once all its half-hours are in, against the 28 days before, and a
// Warning when it falls outside her band in a way that matters, emailed through a real SMTP server. The
// engine's timer is driven with a fake clock; Europe/London; judged from 07:00, run at 08:00.
//
// Yesterday is Sunday 27 October 2024, when the clocks went back: 50 half-hours. The 28 days before are
// ordinary, by hand: 100 Wh every half-hour but 07:00–09:00 (4 of 400 Wh), 12:00 (1 of 300 Wh) and
// 17:00–21:00 (8 of 300 Wh): 13 active half-hours (6½ h), none at night, begun 07:00, ended 21:00.
// - Mum's yesterday was quiet: only 07:00–08:00 and 17:00–18:00 rose (4 half-hours, 2 h).
// - Dad's yesterday was ordinary.
// - Gran's yesterday reached us only up to 09:00 at first (its 07:00–09:00 rise: as a whole day, quiet);
//   the rest, with nothing more, comes later.
// - Nan's yesterday was quiet too, and her carer is on holiday.
// - Pop (the same carer on holiday) had nobody about on Saturday 26 October (nothing rose) and was back
//   at 18:00 yesterday (6 half-hours of 300 Wh, 3 h): both days judged this morning, a Warning for the
//   Saturday and none for his return.

const TODAY = '2024-10-28';
const YESTERDAY = '2024-10-27';

describeEachDb('InfoCare a day late: yesterday judged once from the half-hours', (suite) => {
  let smtp: TestSmtp;
  let carer: Person;
  const houses: Record<'mum' | 'dad' | 'gran' | 'nan' | 'pop', number> = {
    mum: 0,
    dad: 0,
    gran: 0,
    nan: 0,
    pop: 0,
  };
  let gransRest: Reading[];
  const clock = new FakeClock();
  const at = (ts: number) => clock.advance(ts * 1000 - clock.now().getTime());
  const timerOf = () =>
    new InfocareTimer({
      db: suite.db,
      mailer: createMailer({
        config: { smtpUrl: smtp.url, mailFrom: 'InfoCare <alerts@example.com>' },
        db: suite.db,
        clock,
      }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db: suite.db, clock }),
      clock,
      intervalS: 60,
    });
  let timer: InfocareTimer;
  const alerts = async (house: number) =>
    (
      await suite.db.query<{
        id: number;
        kind: string;
        level: string;
        name: string;
        text: string;
        icon: string;
        raised_at: number;
        cleared_at: number | null;
      }>(
        `select id, kind, level, name, text, icon, raised_at::float8 as raised_at, cleared_at
           from infocare_alerts where house_id = $1 order by id`,
        [house],
      )
    ).rows;
  const notifications = async (house: number) =>
    (
      await suite.db.query<{ user_id: number; channel: string; status: string }>(
        `select n.user_id, n.channel, n.status from infocare_notifications n
           join infocare_alerts a on a.id = n.alert_id where a.house_id = $1 order by n.id`,
        [house],
      )
    ).rows;
  const judgement = async (house: number) =>
    (
      await suite.db.query<{ outcome: string; judged_at: number }>(
        `select outcome, judged_at::float8 as judged_at from infocare_day_judgements
          where house_id = $1 and day = $2::date`,
        [house, YESTERDAY],
      )
    ).rows[0] ?? null;
  const morning = local(TODAY, 8);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    carer = await makeUser(suite.db, 'carer', { house: null });
    const away = await makeUser(suite.db, 'away', { house: null });
    await suite.db.query(`insert into user_modes (user_id, holiday_status) values ($1, 'ENABLED')`, [
      away.id,
    ]);
    const yesterdays = {
      mum: halfHourDay(YESTERDAY, QUIET_DAY),
      dad: halfHourDay(YESTERDAY, ORDINARY_DAY),
      gran: halfHourDay(YESTERDAY, ORDINARY_DAY).map((r) =>
        r.start >= local(YESTERDAY, 9) ? { ...r, import_wh: 100 } : r,
      ),
      nan: halfHourDay(YESTERDAY, QUIET_DAY),
    };
    expect(yesterdays.mum).toHaveLength(50);
    gransRest = yesterdays.gran.filter((r) => r.start >= local(YESTERDAY, 9));
    for (const name of ['mum', 'dad', 'gran', 'nan'] as const) {
      const person = await makeUser(suite.db, name);
      await link(suite.db, name === 'nan' ? away : carer, person);
      houses[name] = (await findHouseIdOf(suite.db, person.id)) as number;
      const own =
        name === 'gran' ? yesterdays.gran.filter((r) => r.start < local(YESTERDAY, 9)) : yesterdays[name];
      await ingestReadings(suite.db, houses[name], ordinaryHistory(YESTERDAY, own), { now: morning });
    }
    const pop = await makeUser(suite.db, 'pop');
    await link(suite.db, away, pop);
    houses.pop = (await findHouseIdOf(suite.db, pop.id)) as number;
    const saturday = addDays(YESTERDAY, -1);
    const pops = ordinaryHistory(YESTERDAY, halfHourDay(YESTERDAY, [[18, 6, 300]])).filter(
      (r) => r.start < local(saturday, 0) || r.start >= local(YESTERDAY, 0),
    );
    await ingestReadings(suite.db, houses.pop, [...pops, ...halfHourDay(saturday, [])], { now: morning });
    timer = timerOf();
  });

  afterAll(async () => {
    await timer?.stop();
    await smtp?.close();
  });

  it('raises one Warning for a quiet day of 50 half-hours, in words, and emails the carer once', async () => {
    // Complete at 06:00 already, and judged from 07:00: a Warning about yesterday wakes nobody.
    at(local(TODAY, 6));
    await timer.tick();
    expect(await alerts(houses.mum)).toEqual([]);
    expect(await judgement(houses.mum)).toBeNull();
    at(morning);
    await timer.tick();
    const raised = await alerts(houses.mum);
    expect(raised).toEqual([
      {
        id: expect.any(Number),
        kind: 'unusual_day',
        level: 'Warning',
        name: 'A quiet day yesterday',
        text:
          "27-10-24, from the meter's half-hours: A quiet day: active 2 h against the usual 6½ h. " +
          'The day began at 07:00 (usually 07:00) and ended at 18:00. ' +
          'In the night before 05:00, no activity (usually none).',
        icon: 'hourglass',
        raised_at: morning,
        cleared_at: null,
      },
    ]);
    expect(await judgement(houses.mum)).toEqual({ outcome: 'warning', judged_at: morning });
    expect(await notifications(houses.mum)).toEqual([
      { user_id: carer.id, channel: 'email', status: 'sent' },
    ]);
    const mail = await smtp.waitFor(1);
    expect(mail.subject).toBe("InfoCare Investigate: A quiet day yesterday (mum's home)");
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('carer@example.com');
    expect(mail.text).toContain('A quiet day: active 2 h against the usual 6½ h.');
  });

  it('raises nothing for an ordinary day, and records it as judged', async () => {
    expect(await alerts(houses.dad)).toEqual([]);
    expect(await judgement(houses.dad)).toEqual({ outcome: 'ordinary', judged_at: morning });
  });

  it('raises none for his return after a day with nobody about, the day before judged with its own Warning', async () => {
    expect((await alerts(houses.pop)).map((a) => [a.name, a.raised_at])).toEqual([
      ['A quiet day on 26-10-24', morning],
    ]);
    expect(await judgement(houses.pop)).toEqual({ outcome: 'ordinary', judged_at: morning });
  });

  it('tells nobody of a quiet day while the carer is on holiday, and still records the alert', async () => {
    expect((await alerts(houses.nan)).map((a) => a.name)).toEqual(['A quiet day yesterday']);
    expect((await notifications(houses.nan)).map((n) => n.status)).toEqual(['suppressed']);
    expect(smtp.received.map((m) => m.subject)).toEqual([
      "InfoCare Investigate: A quiet day yesterday (mum's home)",
    ]);
  });

  it('judges no incomplete day: nothing until its half-hours are all in, then the day as a whole', async () => {
    // Up to 09:00 gran's yesterday looks quiet (2 h); it is not judged while a half-hour is missing.
    expect(await alerts(houses.gran)).toEqual([]);
    expect(await judgement(houses.gran)).toBeNull();
    at(morning + 3600);
    await timer.tick();
    expect(await alerts(houses.gran)).toEqual([]);
    expect(await judgement(houses.gran)).toBeNull();
    // The rest arrives: nothing more rose after 09:00, so the complete day was quiet indeed.
    await ingestReadings(suite.db, houses.gran, gransRest, { now: morning + 7200 });
    at(morning + 7200);
    await timer.tick();
    expect((await alerts(houses.gran)).map((a) => [a.name, a.raised_at])).toEqual([
      ['A quiet day yesterday', morning + 7200],
    ]);
    expect(await judgement(houses.gran)).toMatchObject({ outcome: 'warning' });
    await smtp.waitFor(2);
    expect(smtp.received.at(-1)?.subject).toBe("InfoCare Investigate: A quiet day yesterday (gran's home)");
  });

  it('judges a day once: later runs and a restarted server raise and send nothing more, and the Warning stays open', async () => {
    const before = smtp.received.length;
    at(morning + 7200 + 60);
    await timer.tick();
    await timer.stop();
    timer = timerOf();
    at(morning + 7200 + 120);
    await timer.tick();
    at(local(TODAY, 20));
    await timer.tick();
    for (const name of ['mum', 'dad', 'gran', 'nan'] as const)
      expect((await alerts(houses[name])).length, name).toBe(name === 'dad' ? 0 : 1);
    // The minute engine does not clear it: it is about a day, not a situation that ends by itself.
    expect((await alerts(houses.mum))[0]?.cleared_at).toBeNull();
    expect(await judgement(houses.mum)).toEqual({ outcome: 'warning', judged_at: morning });
    expect(await notifications(houses.mum)).toHaveLength(1);
    expect(smtp.received).toHaveLength(before);
  });
});
