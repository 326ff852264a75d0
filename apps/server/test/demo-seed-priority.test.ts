import { afterAll, beforeAll, expect, it } from 'vitest';
import { PasswordHasher } from '../src/features/accounts/password';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/features/demo/seed';
import { DemoSimulation } from '../src/features/demo/seeder';
import { databaseOf } from '../src/db/types';
import { arrivalNotice, arrivalsHeard, dataArrived, onDataArrived } from '../src/features/readings/arrivals';
import { turnOfTheLoop } from '../src/http/in-flight';
import { prepareDemoInfocare } from '../src/features/infocare/demo';
import { login, makeTestApp, TEST_ITERATIONS, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { loggedRequests, requestAfterTransaction } from './support/request-order';

// Requests come before the demo's seeding: PGlite runs a transaction's statements without giving the event
// loop a turn, so a request that arrives while the seeder works waits for its transaction; the seeder then
// takes its next transaction, even within one step (a day of readings, Mum's alerts), only once no request
// is in flight. Asserted as an order of events, never as a time.

const NOW = at('2026-01-15T09:05:00Z');

describeEachDb('demo seeding gives way to requests', (suite) => {
  let t: TestApp;
  /** Where the current test's events go; the app's requests log when they begin and are answered. */
  let log: string[] = [];
  const requests = loggedRequests(() => log);
  /** The seeder's database, logging `label` per transaction; a demo login after the `nth` commits. */
  const requestAfter = (label: string, nth: number) =>
    requestAfterTransaction(suite.db, {
      log,
      label,
      nth,
      send: () => login(t.app, { username: 'demo', password: DEMO_PASSWORD }),
    });

  beforeAll(async () => {
    await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS), new Date(NOW * 1000), {
      neighbours: 2,
    });
    // As main.ts has it: every request counts as in flight from its first hook to its response.
    t = await makeTestApp(suite.db, { requests });
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
  });
  afterAll(() => t.app.close());

  it('answers a request sent between two transactions of one seeding step before the next one', async () => {
    log = [];
    // The first step is today so far for the demo home: 09:05 of 1-minute readings are two transactions.
    const { db, answered } = requestAfter('seeding transaction', 1);
    const simulation = new DemoSimulation(db, {
      historyDays: 1,
      now: () => NOW,
      log: { info: () => undefined, error: (_fields, message) => log.push(`ERROR ${message}`) },
      liveIntervalMs: 3_600_000,
      pause: () => requests.turn(),
    });
    simulation.start();
    await answered;
    await simulation.seeded;
    await simulation.stop();
    expect(log.slice(0, 5)).toEqual([
      'seeding transaction',
      'request sent',
      'request begins',
      'request answered',
      'seeding transaction',
    ]);
    expect(log.filter((l) => l.startsWith('ERROR'))).toEqual([]);
  });

  it('answers a request sent while Mum’s past alerts are raised before the next evaluation', async () => {
    log = [];
    const { db, answered } = requestAfter('evaluation', 10);
    const raising = prepareDemoInfocare(db, NOW, () => requests.turn());
    await answered;
    await raising;
    const sent = log.indexOf('request sent');
    expect(log.slice(sent - 1, sent + 4)).toEqual([
      'evaluation',
      'request sent',
      'request begins',
      'request answered',
      'evaluation',
    ]);
  });

  // On PostgreSQL background work has pool connections of its own: it does not wait for requests.
  if (suite.kind === 'postgres')
    it('runs background work at once, with a request in flight', async () => {
      const request = {};
      requests.begin(request);
      const background = requests.background(suite.db);
      expect(background).toBe(suite.db);
      await background.transaction(async (tx) => tx.query('select 1'));
      expect(requests.count).toBe(1);
      requests.end(request);
    });
  else
    it('lets a request that came during one background transaction go before the next, whoever asked for it', async () => {
      log = [];
      const background = requests.background(suite.db);
      let second: Promise<unknown> = Promise.resolve();
      let answered: Promise<unknown> = Promise.resolve();
      await background.transaction(async (tx) => {
        log.push('first transaction');
        // Other background work asks for the database while the first holds it (InfoCare during the
        // seeding), at a quiet moment: no request in flight for two turns of the event loop. Then a
        // request comes, and is in flight before the first transaction ends.
        second = background.transaction(async () => log.push('second transaction'));
        await turnOfTheLoop();
        await turnOfTheLoop();
        answered = login(t.app, { username: 'demo', password: DEMO_PASSWORD });
        while (!log.includes('request begins')) await new Promise((resolve) => setImmediate(resolve));
        await tx.query('select 1');
        log.push('first transaction ends');
      });
      await answered;
      await second;
      expect(log).toEqual([
        'first transaction',
        'request begins',
        'first transaction ends',
        'request answered',
        'second transaction',
      ]);
    });

  it('keeps the background lane open after a failed transaction, and its view counts as the database', async () => {
    const background = requests.background(suite.db);
    const failing = background.transaction(async () => {
      throw new Error('a failed step');
    });
    await expect(failing).rejects.toThrow('a failed step');
    expect((await background.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // Per-database listeners and caches key on the database: the InfoCare timer, on the view, hears the
    // ingest routes' arrivals, announced on the database itself.
    expect(databaseOf(background)).toBe(suite.db);
    const heard: number[] = [];
    const stop = onDataArrived(background, (houseId) => heard.push(houseId));
    await arrivalsHeard(background);
    // As the one way in says it: NOTIFY in a write's transaction on PostgreSQL, then dataArrived.
    const notice = arrivalNotice(suite.db, 7);
    if (notice !== undefined) await suite.db.transaction(async () => undefined, { first: notice });
    dataArrived(suite.db, 7);
    for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(heard).toEqual([7]);
  });
});
