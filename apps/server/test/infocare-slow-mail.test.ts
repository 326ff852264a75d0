import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { deliverDue } from '../src/features/infocare/notify';
import { InfocareTimer } from '../src/features/infocare/timer';
import type { Mailer } from '../src/mail/mailer';
import { createMailer } from '../src/mail/mailer';
import { createSmsSender } from '../src/sms/sms';
import { FakeClock, link, login, makeTestApp, makeUser, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { local, seedRoutine } from './support/infocare';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// A mail server that accepts the connection and never answers must not hold the database: alert emails
// are claimed in one short transaction, sent with none open, and recorded in another (notify.ts). While
// such a send hangs, requests are answered (on PGlite a transaction held open would make every query
// wait for the mailer's timeouts) and no connection sits idle in a transaction; once the server answers
// again the notification goes out exactly once.

const TODAY = '2024-11-20';

/** A port that either swallows connections (hangs) or, once `recover`ed, passes them to a real server. */
async function startFlakySmtp(target: TestSmtp) {
  const held = new Set<Socket>();
  let connections = 0;
  let up = false;
  const targetPort = Number(new URL(target.url).port);
  const server: Server = createServer((socket) => {
    connections += 1;
    if (!up) {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
      return;
    }
    const out = connect(targetPort, '127.0.0.1');
    socket.pipe(out).pipe(socket);
    out.on('error', () => socket.destroy());
    socket.on('error', () => out.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    hanging: () => held.size,
    /** Drops the hung connections (the mailer sees an error) and answers from now on. */
    recover() {
      up = true;
      for (const s of held) s.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDb('InfoCare mail outside transactions', (suite) => {
  let smtp: TestSmtp;
  let flaky: Awaited<ReturnType<typeof startFlakySmtp>>;
  let t: TestApp;
  let timer: InfocareTimer;
  let senders: { mailer: Mailer; sms: ReturnType<typeof createSmsSender> };
  const clock = new FakeClock();
  const at = (ts: number) => clock.advance(ts * 1000 - clock.now().getTime());

  beforeAll(async () => {
    smtp = await startTestSmtp();
    flaky = await startFlakySmtp(smtp);
    const mum = await makeUser(suite.db, 'mum');
    const carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    // Email only.
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 1)', [mum.id]);
    const houseId = (await findHouseIdOf(suite.db, mum.id)) as number;
    await seedRoutine(suite.db, houseId, TODAY, 7, local(TODAY, 7, 50));
    at(local(TODAY, 7, 50));
    t = await makeTestApp(suite.db);
    senders = {
      mailer: createMailer({
        config: { smtpUrl: flaky.url, mailFrom: 'a@example.com' },
        db: suite.db,
        clock,
      }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db: suite.db, clock }),
    };
    timer = new InfocareTimer({ db: suite.db, ...senders, clock, intervalS: 60 });
  });

  afterAll(async () => {
    flaky?.recover();
    await timer?.stop();
    await t?.app.close();
    await flaky?.close();
    await smtp?.close();
  });

  const status = async () =>
    (
      await suite.db.query<{ status: string; attempts: number }>(
        'select status, attempts from infocare_notifications order by id',
      )
    ).rows;

  it('answers requests while the mail server hangs, then delivers the alert once', async () => {
    const session = await login(t.app, { username: 'mum', password: 'Test-Pass1!' });
    const run = timer.tick();
    // The morning alert is raised and its email's connection is open, unanswered.
    await until('the mailer to connect', () => flaky.hanging() === 1);

    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/v3/dashboard/',
      headers: session.headers(),
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    // Answered while the send still hangs (before, they waited for the mailer's 10 s greeting timeout).
    expect(flaky.hanging()).toBe(1);
    if (suite.kind === 'postgres') {
      // Other senders' claims are short transactions that may be caught between two statements: what
      // must not exist is one that stays open while the send hangs (the hang lasts 10 s; 3 s is enough).
      const idleInTransaction = async () =>
        (
          await suite.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%'`,
          )
        ).rows[0]?.n;
      await until('no connection idle in a transaction', async () => (await idleInTransaction()) === 0, 3000);
      expect(flaky.hanging()).toBe(1);
    }
    // A second delivery pass meanwhile (another process, or data arriving) leaves the claimed row alone.
    expect(await deliverDue(suite.db, senders, local(TODAY, 7, 50))).toBe(0);
    expect(await status()).toEqual([{ status: 'pending', attempts: 1 }]);

    flaky.recover();
    await run;
    expect(smtp.received).toHaveLength(0);
    expect(await status()).toEqual([{ status: 'pending', attempts: 1 }]);
    // Retried after a minute, through the recovered server: once.
    clock.advance(61_000);
    await timer.tick();
    await timer.tick();
    const mail = await smtp.waitFor(1);
    expect(mail.subject).toBe("InfoCare Investigate: Morning not started (mum's home)");
    expect(await status()).toEqual([{ status: 'sent', attempts: 2 }]);
    clock.advance(61_000);
    await timer.tick();
    expect(smtp.received).toHaveLength(1);
    expect(flaky.connections()).toBe(2);
  });
});
