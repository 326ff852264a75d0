import { afterAll, beforeAll, expect, it } from 'vitest';
import { InfocareTimer } from '../src/features/infocare/timer';
import { ingestReadings } from '../src/features/readings/ingest';
import type { Reading } from '../src/features/readings/reading';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { link, login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { halfHourDay, local, ORDINARY_DAY, ordinaryHistory, QUIET_DAY } from './support/infocare';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// The daily message of a home known only from its meter's half-hours, a day late (issue 36: "Mum's day
// yesterday, ..., if the carer chose, by email or push"): the carer's daily message (the all-is-well
// setting) tells yesterday in words once its half-hours are in and it was judged an ordinary day; a day with
// a Warning is told by the Warning alone; a day not in yet waits. Email over a real SMTP server; the
// InfoCare timer as the server runs it, on a fake clock; Europe/London, Wednesday 20 November 2024.
//
// By hand, as in infocare-days.test.ts: every one of the 28 days before is ordinary (100 Wh a half-hour but
// 07:00–09:00 at 400 Wh, 12:00 and 17:00–21:00 at 300 Wh: 13 active half-hours, 6½ h, begun 07:00, ended
// 21:00, none at night). Yesterday (Tuesday 19th):
// - Mum's was the same ordinary day.
// - Dad's was quiet (07:00–08:00 and 17:00–18:00 only): a Warning, no daily message.
// - Gran's reached us only up to 10:00 at first; the rest, as ordinary, at 11:00.

const TODAY = '2024-11-20';
const YESTERDAY = '2024-11-19';
const ORDINARY_WORDS =
  'Yesterday, from the meter: An ordinary day: active 6½ h against the usual 6½ h. The day began at 07:00 (usually 07:00) and ended at 21:00. In the night before 05:00, no activity (usually none).';

describeEachDb('InfoCare a day late: yesterday as the daily message', (suite) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let carer: Person;
  let gran: Person;
  let gransRest: Reading[];
  let timer: InfocareTimer;
  const at = async (ts: number) => {
    t.clock.advance(ts * 1000 - t.clock.now().getTime());
    await timer.tick();
  };
  const daily = () => smtp.received.filter((m) => m.subject?.startsWith('InfoCare: yesterday at'));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    carer = await makeUser(suite.db, 'carer', { house: null });
    const now = local(TODAY, 6);
    const homes: [string, Reading[]][] = [
      ['mum', halfHourDay(YESTERDAY, ORDINARY_DAY)],
      ['dad', halfHourDay(YESTERDAY, QUIET_DAY)],
      ['gran', halfHourDay(YESTERDAY, ORDINARY_DAY).slice(0, 20)],
    ];
    const people: Person[] = [];
    for (const [name, yesterday] of homes) {
      const person = await makeUser(suite.db, name);
      await link(suite.db, carer, person);
      await ingestReadings(
        suite.db,
        (await findHouseIdOf(suite.db, person.id)) as number,
        ordinaryHistory(YESTERDAY, yesterday),
        {
          now,
        },
      );
      people.push(person);
    }
    gran = people[2] as Person;
    gransRest = halfHourDay(YESTERDAY, ORDINARY_DAY).slice(20);
    t = await makeTestApp(suite.db);
    t.clock.advance(now * 1000 - t.clock.now().getTime());
    // The carer asks for the daily message by email, from 08:30, for each of them (the settings API).
    const session = await login(t.app, carer);
    for (const person of people) {
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/v3/common/settings/',
        headers: session.headers(true),
        payload: { user_id: person.id, all_is_well: 1, all_is_well_time: '08:30' },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    timer = new InfocareTimer({
      db: suite.db,
      mailer: createMailer({
        config: { smtpUrl: smtp.url, mailFrom: 'InfoCare <alerts@example.com>' },
        db: suite.db,
        clock: t.clock,
      }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db: suite.db, clock: t.clock }),
      clock: t.clock,
      intervalS: 60,
    });
  });

  afterAll(async () => {
    await timer?.stop();
    await smtp?.close();
  });

  it('tells an ordinary yesterday in words from the chosen time, once; a day with a Warning has only the Warning', async () => {
    await at(local(TODAY, 8, 29));
    expect(daily()).toHaveLength(0);
    await at(local(TODAY, 8, 30));
    await smtp.waitFor(2); // Dad's Warning (judged at 08:29) and Mum's message
    expect(daily().map((m) => m.subject)).toEqual(["InfoCare: yesterday at mum's home"]);
    const [mums] = daily();
    expect(mums?.text?.split('\n')[0]).toBe(ORDINARY_WORDS);
    expect(mums?.to && 'text' in mums.to ? mums.to.text : '').toBe('carer@example.com');
    const dads = smtp.received.filter((m) => m.subject?.includes("dad's home"));
    expect(dads).toHaveLength(1);
    expect(dads[0]?.subject).not.toContain('yesterday at');
    await at(local(TODAY, 9, 0));
    expect(daily()).toHaveLength(1);
  });

  it('waits for a yesterday not all in, and tells it once its half-hours come', async () => {
    expect(daily().some((m) => m.subject?.includes("gran's home"))).toBe(false);
    await ingestReadings(suite.db, (await findHouseIdOf(suite.db, gran.id)) as number, gransRest, {
      now: local(TODAY, 11),
    });
    await at(local(TODAY, 11, 0));
    await smtp.waitFor(3);
    const grans = daily().filter((m) => m.subject === "InfoCare: yesterday at gran's home");
    expect(grans).toHaveLength(1);
    expect(grans[0]?.text?.split('\n')[0]).toBe(ORDINARY_WORDS);
  });
});
