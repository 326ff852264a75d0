import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leadership } from '../src/db/leader';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from './support/houses';
import { ingestReadings } from '../src/features/readings/ingest';
import { syncDefaultTariff } from '../src/features/tariffs/default-sync';
import { InfocareTimer } from '../src/features/infocare/timer';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { FakeClock, link, makeUser } from './support/app';
import { createPostgresDatabase, dbKinds, type TestDatabase } from './support/db';
import { syntheticReadings } from './support/energy';
import { local, seedRoutine } from './support/infocare';
import { startTestSmtp } from './support/smtp';
import { childEnv, startTs } from './support/spawn';

// Work every server would do at start or on a timer, done once across servers on one PostgreSQL (issue 26):
// migrations and the demo's account under advisory transaction locks, the default tariff's repricing under
// one held while it works, and the InfoCare / demo-simulation leader chosen by a session advisory lock
// that a dead leader loses with its connection.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(dbKinds.includes('postgres'))('done once across servers on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('two servers started at once on a fresh database: one migrates and seeds the demo, one leads InfoCare', async () => {
    const database = await createPostgresDatabase([]); // nothing applied yet
    try {
      const env = childEnv({
        DATABASE_URL: database.url,
        PORT: '0',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        DEMO: 'true',
        DEMO_LIVE: 'false',
        DEMO_NEIGHBOURS: '0',
        INFOCARE_INTERVAL_S: '0',
      });
      const start = () => {
        const child = startTs('main.ts', [], env);
        children.push(child);
        let output = '';
        child.stdout?.on('data', (d: Buffer) => {
          output += d.toString();
        });
        child.stderr?.on('data', (d: Buffer) => {
          output += d.toString();
        });
        // The log's JSON lines whole (the last, still being written, left out). Pino's lines can reach
        // the pipe after the "running at" console line: a run read 'ready' as missing (CI, 3 December).
        const lines = () =>
          output
            .split('\n')
            .slice(0, -1)
            .filter((l) => l.startsWith('{'))
            .map((l) => JSON.parse(l) as Record<string, unknown>);
        return new Promise<{ child: ChildProcess; lines: () => Record<string, unknown>[] }>(
          (resolve, reject) => {
            const timer = setInterval(() => {
              if (/running at/.test(output) && lines().some((l) => l.msg === 'ready')) {
                clearInterval(timer);
                resolve({ child, lines });
              }
            }, 50);
            child.on('exit', (code) => {
              clearInterval(timer);
              reject(new Error(`exited with ${code}:\n${output}`));
            });
          },
        );
      };
      const servers = await Promise.all([start(), start()]);
      const ready = servers.map((s) => s.lines().find((l) => l.msg === 'ready')!);
      const applied = ready.map((r) => (r.migrationsApplied as number[]).length).sort();
      expect(applied[0]).toBe(0);
      expect(applied[1]).toBeGreaterThanOrEqual(14);
      expect(ready.map((r) => r.demoSeeded).sort()).toEqual([false, true]);
      const leads = (s: (typeof servers)[number]) =>
        s.lines().some((l) => l.msg === 'this server runs InfoCare');
      // The leader's line is logged before "running at" but may reach the pipe after it.
      for (let waited = 0; !servers.some(leads) && waited < 10_000; waited += 50) await sleep(50);
      expect(servers.filter(leads)).toHaveLength(1);
      const demo = await database.db.query<{ n: number }>(
        "select count(*)::int as n from users where username = 'demo'",
      );
      expect(demo.rows[0]!.n).toBe(1);
      for (const s of servers) s.child.kill('SIGKILL');
    } finally {
      await database.drop();
    }
  }, 120_000);

  describe('in one process, two pools as two servers', () => {
    let database: TestDatabase & { url: string };
    let other: Db;
    beforeAll(async () => {
      database = await createPostgresDatabase();
      other = await openPostgres(database.url, 4);
    });
    afterAll(async () => {
      await other?.close();
      await database?.drop();
    });

    it('reprices the default tariff once when two servers start at once', async () => {
      const person = await makeUser(database.db, 'defaulted');
      const houseId = (await findHouseIdOf(database.db, person.id))!;
      const day = Date.UTC(2024, 2, 5) / 1000;
      await ingestReadings(database.db, houseId, syntheticReadings(day, day + 86_400, 3), {
        now: day + 86_400,
      });
      await database.db.query('delete from default_tariff_state'); // as a database from before 0013
      const results = await Promise.all([syncDefaultTariff(database.db), syncDefaultTariff(other)]);
      expect(results.map((r) => r.houses).sort()).toEqual([0, 1]);
      expect(results.map((r) => r.from === null).sort()).toEqual([false, true]);
    });

    it('two servers judging the same home at once (a lost leader still running) email the carer once', async () => {
      const smtp = await startTestSmtp();
      try {
        const mum = await makeUser(database.db, 'mum');
        const carer = await makeUser(database.db, 'carer', { house: null });
        await link(database.db, carer, mum);
        await database.db.query('insert into user_settings (user_id, alert_notification) values ($1, 3)', [
          mum.id,
        ]);
        const houseId = (await findHouseIdOf(database.db, mum.id))!;
        await seedRoutine(database.db, houseId, '2024-11-20', 7, local('2024-11-20', 7, 50));
        const clock = new FakeClock(local('2024-11-20', 7, 50) * 1000);
        const timer = (db: Db) =>
          new InfocareTimer({
            db,
            mailer: createMailer({
              config: { smtpUrl: smtp.url, mailFrom: 'InfoCare <a@example.com>' },
              db,
              clock,
            }),
            sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db, clock }),
            clock,
            intervalS: 60,
          });
        const [a, b] = [timer(database.db), timer(other)];
        const runs = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
        expect(runs.filter((r) => r !== undefined).length).toBeGreaterThanOrEqual(2);
        await smtp.waitFor(1);
        await sleep(500); // a second email would have come by now
        expect(smtp.received.map((m) => m.subject)).toEqual([
          "InfoCare Investigate: Morning not started (mum's home)",
        ]);
        const { rows } = await database.db.query<{ n: number }>(
          "select count(*)::int as n from infocare_alerts where house_id = $1 and kind = 'morning'",
          [houseId],
        );
        expect(rows[0]!.n).toBe(1);
      } finally {
        await smtp.close();
      }
    });

    it('one of two servers leads; when its lock connection dies the other leads within the retry', async () => {
      const KEY = 990_001;
      const leading: string[] = [];
      const make = (db: Db, name: string, retryMs = 200) =>
        new Leadership(db, KEY, {
          retryMs,
          onLead: () => void leading.push(`${name} leads`),
          onLose: () => void leading.push(`${name} lost`),
        });
      // a's process will be as good as dead: it would only try again in a minute.
      const a = make(database.db, 'a', 60_000);
      const b = make(other, 'b');
      await a.start();
      await b.start();
      expect(leading).toEqual(['a leads']);
      expect([a.leading, b.leading]).toEqual([true, false]);

      // The leader's session ends (its process died): PostgreSQL lets the lock go with it.
      const { rows } = await database.db.query<{ pid: number }>(
        `select l.pid from pg_locks l where l.locktype = 'advisory' and l.objid = $1 and l.granted`,
        [KEY],
      );
      expect(rows).toHaveLength(1);
      await database.db.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      for (let i = 0; i < 50 && !b.leading; i++) await sleep(100);
      expect(leading).toEqual(['a leads', 'a lost', 'b leads']);
      expect([a.leading, b.leading]).toEqual([false, true]);

      // A clean stop hands over without waiting for a death: a third server leads at its next try.
      const c = make(database.db, 'c');
      await c.start();
      expect(c.leading).toBe(false);
      await b.stop();
      for (let i = 0; i < 50 && !c.leading; i++) await sleep(100);
      expect(leading).toEqual(['a leads', 'a lost', 'b leads', 'b lost', 'c leads']);
      await c.stop();
      await a.stop();
    });
  });
});
