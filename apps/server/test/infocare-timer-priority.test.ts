import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from './support/houses';
import { InfocareTimer } from '../src/features/infocare/timer';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { link, login, makeTestApp, makeUser, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { loggedRequests, requestAfterTransaction } from './support/request-order';

// The InfoCare timer gives way to requests as the demo's seeding does: each home's evaluation is a
// transaction, and the next one starts only once no request is in flight (main.ts passes InFlight.turn).
// Asserted as an order of events, never as a time.

describeEachDb('InfoCare evaluations give way to requests', (suite) => {
  let t: TestApp;
  let log: string[] = [];
  const requests = loggedRequests(() => log);
  const houses: number[] = [];
  let person: { username: string; password: string };

  beforeAll(async () => {
    const carer = await makeUser(suite.db, 'carer', { house: null });
    person = carer;
    for (const name of ['mum', 'dad', 'aunt']) {
      const dependant = await makeUser(suite.db, name);
      await link(suite.db, carer, dependant);
      houses.push((await findHouseIdOf(suite.db, dependant.id))!);
    }
    t = await makeTestApp(suite.db, { requests });
  });
  afterAll(() => t.app.close());

  const timerOn = (db: Db, pause: (() => Promise<void>) | undefined) => {
    const quiet = { clock: t.clock, print: () => undefined };
    return new InfocareTimer({
      db,
      mailer: createMailer({ config: { smtpUrl: null, mailFrom: 'InfoCare <a@example.com>' }, db, ...quiet }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db, ...quiet }),
      clock: t.clock,
      intervalS: 60,
      ...(pause ? { pause } : {}),
    });
  };

  for (const [name, pause] of [
    ['with the in-flight wait, the request is answered before the next evaluation', true],
    ['without it (the control), the next evaluation starts first', false],
  ] as const)
    it(name, async () => {
      log = [];
      t.clock.advance(3_600_000); // a new instant, so every home is evaluated again
      // Each evaluation is a transaction; a login is sent the moment the first has committed.
      const { db, answered } = requestAfterTransaction(suite.db, {
        log,
        label: 'evaluation',
        nth: 1,
        send: () => login(t.app, person),
      });
      const timer = timerOn(db, pause ? () => requests.turn() : undefined);
      for (const id of houses) timer.dataArrived(id);
      await timer.evaluateArrived();
      await answered;
      await timer.stop();
      const sent = log.indexOf('request sent');
      const next = log.indexOf('evaluation', sent);
      const answer = log.indexOf('request answered');
      if (pause)
        expect(log.slice(sent - 1, sent + 4)).toEqual([
          'evaluation',
          'request sent',
          'request begins',
          'request answered',
          'evaluation',
        ]);
      else expect(answer).toBeGreaterThan(next);
    });

  it('stops between two homes: stop() waits for the evaluation under way, not for the rest of the run', async () => {
    log = [];
    t.clock.advance(3_600_000); // a new instant, so every home is evaluated again
    const { db } = requestAfterTransaction(suite.db, {
      log,
      label: 'evaluation',
      nth: 99,
      send: async () => 0,
    });
    let pauses = 0;
    let stopped: Promise<void> | undefined;
    const timer = timerOn(db, async () => {
      pauses += 1;
      if (pauses === 2) stopped = timer.stop(); // Ctrl-C after the first home
    });
    for (const id of houses) timer.dataArrived(id);
    await timer.evaluateArrived();
    await stopped;
    expect(pauses).toBe(2);
    expect(log.filter((l) => l === 'evaluation')).toHaveLength(1);
  });
});
