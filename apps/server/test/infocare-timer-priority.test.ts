import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from '../src/features/houses/repository';
import { InfocareTimer } from '../src/features/infocare/timer';
import { InFlight } from '../src/http/in-flight';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { link, login, makeTestApp, makeUser, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// The InfoCare timer gives way to requests as the demo's seeding does: each home's evaluation is a
// transaction, and the next one starts only once no request is in flight (main.ts passes InFlight.turn).
// Asserted as an order of events, never as a time.

describeEachDb('InfoCare evaluations give way to requests', (suite) => {
  let t: TestApp;
  let log: string[] = [];
  const requests = new (class extends InFlight {
    override begin(request: unknown): void {
      log.push('request begins');
      super.begin(request);
    }
    override end(request: unknown): void {
      log.push('request answered');
      super.end(request);
    }
  })();
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

  /**
   * The database as the timer sees it: each transaction logs 'evaluation'; after the first one commits, a
   * login is sent (its password hash runs in a worker thread, so the request spans turns of the loop).
   */
  const timerDb = (answered: () => void): Db => {
    let count = 0;
    return {
      ...suite.db,
      kind: suite.db.kind,
      query: (sql, params) => suite.db.query(sql, params),
      exec: (sql) => suite.db.exec(sql),
      close: () => suite.db.close(),
      transaction: async (fn, options) => {
        log.push('evaluation');
        const result = await suite.db.transaction(fn, options);
        if (++count === 1) {
          log.push('request sent');
          void login(t.app, person).then(() => answered());
        }
        return result;
      },
    };
  };

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
      let answered!: () => void;
      const done = new Promise<void>((resolve) => {
        answered = resolve;
      });
      t.clock.advance(3_600_000); // a new instant, so every home is evaluated again
      const timer = timerOn(timerDb(answered), pause ? () => requests.turn() : undefined);
      for (const id of houses) timer.dataArrived(id);
      await timer.evaluateArrived();
      await done;
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
});
