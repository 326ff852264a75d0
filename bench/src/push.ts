// Issue 36's benchmark, `npm run bench push`: an Urgent alert raised → each carer's push service answering
// 201, for BENCH_PUSH_CARERS carers (default 1,000), BENCH_PUSH_PER_HOME to a dependant (default 4, so 250
// homes). Each carer has one browser subscribed at the local stand-in push service
// (apps/server/test/support/push-service.ts: it checks every VAPID JWT and decrypts every payload, as in
// the tests) which answers after 20–50 ms drawn per push (a real push service's answer over the internet;
// with none, sending one after another would cost nothing and concurrency would not show). Every home's
// Urgent alert is raised as the engine raises one (the alert row and its queued notifications in one
// transaction: notify.ts's queueNotifications), home after home as a run goes, each commit kicking the
// real delivery as runInfocare does (deliveries.ts), deliverDue called again while rows are still due.
// Timed to each 201 (the stand-in's clock: the same process) from just before the first raise, and from
// each push's own alert's raise (the measure). The stand-in runs on a thread of its own
// (push-thread.ts), as a real push service is another machine; BENCH_PUSH_SAME_THREAD=1 runs it in this
// one, as the first figures were taken (its checks and its side of TLS then share the sender's CPU).
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { Rng } from '@homeview/simulator';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { unusablePassword } from '../../apps/server/src/features/accounts/password';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { deliveryRunner } from '../../apps/server/src/features/infocare/deliveries';
import { deliverDue, queueNotifications } from '../../apps/server/src/features/infocare/notify';
import { createMailer } from '../../apps/server/src/mail/mailer';
import { createPushSender } from '../../apps/server/src/push/push';
import { createSmsSender } from '../../apps/server/src/sms/sms';
import { startPushService } from '../../apps/server/test/support/push-service';
import { type PushThread, resultsOf, startPushThread } from './push-thread';
import { openBenchStore } from './store';

const SUBJECT = 'mailto:ops@example.com';
const PUSH_ONLY = 4;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * CPU used (ms) by this thread, this process' other threads (the stand-in's, crypto's), and the bench
 * database's PostgreSQL backends (their /proc ticks; null when unreadable): on two shared cores the
 * three compete, and the load average says how much of them the bench got.
 */
async function cpuNow(db: Db): Promise<{ main: number; others: number; postgres: number | null }> {
  const thread = process.threadCpuUsage();
  const all = process.cpuUsage();
  const main = (thread.user + thread.system) / 1000;
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  let postgres: number | null = 0;
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) {
      postgres = null;
      break;
    }
    // utime and stime, the 14th and 15th fields (after the parenthesised name), in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    postgres += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return { main, others: (all.user + all.system) / 1000 - main, postgres };
}

async function pendingRows(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from infocare_notifications where status = 'pending'`,
  );
  return Number(rows[0]!.n);
}

export async function benchPush(store: 'pglite' | 'postgres'): Promise<void> {
  const carers = Number(process.env.BENCH_PUSH_CARERS ?? 1000);
  const perHome = Number(process.env.BENCH_PUSH_PER_HOME ?? 4);
  const homesWanted = Math.ceil(carers / perHome);
  // The server's own pool size (db/postgres.ts), so the senders' claims wait for connections as they would there.
  const opened = await openBenchStore(store, 'push', 10);
  if (!opened) {
    console.log('  (PostgreSQL not reachable: skipped)');
    return;
  }
  const { db, drop } = opened;
  const now = () => Math.floor(Date.now() / 1000);
  const service =
    process.env.BENCH_PUSH_SAME_THREAD === '1' ? await sameThread(now) : await startPushThread(SUBJECT);
  try {
    await migrate(db);
    const homes = await insertHomes(
      db,
      Array.from({ length: homesWanted }, (_, i) => ({
        username: `pushmum-${String(i + 1).padStart(5, '0')}`,
        name: `Mum ${i + 1}`,
        propertyType: 'Semi_detached',
        occupants: { over74: 1 },
        demo: false,
      })),
    );
    const owners = await db.query<{ id: number; house_id: number; time_zone: string }>(
      `select u.id, h.id as house_id, h.time_zone from users u join houses h on h.owner_user_id = u.id
        where h.id = any($1::int[]) order by u.id`,
      [[...homes.values()]],
    );
    await db.query(
      `insert into user_settings (user_id, alert_notification) select unnest($1::int[]), ${PUSH_ONLY}`,
      [owners.rows.map((o) => o.id)],
    );
    const names = Array.from({ length: carers }, (_, i) => `pushcarer-${String(i + 1).padStart(5, '0')}`);
    const { rows: carerRows } = await db.query<{ id: number }>(
      `insert into users (username, email, password_hash, setup_done)
       select u, u || '@example.com', $2, true from unnest($1::text[]) as u returning id`,
      [names, unusablePassword()],
    );
    const carerIds = carerRows.map((r) => r.id).sort((a, b) => a - b);
    await db.query(
      `insert into carer_links (carer_user_id, dependant_user_id, accepted_at)
       select c, d, now() from unnest($1::int[], $2::int[]) as t (c, d)`,
      [carerIds, carerIds.map((_, i) => owners.rows[Math.floor(i / perHome)]!.id)],
    );
    const push = createPushSender({
      config: {
        vapidSubject: SUBJECT,
        secretsKey: Buffer.alloc(32, 36),
        databaseUrl: null,
        dataDir: '/nonexistent/homeview-bench-push',
        pushServiceHosts: ['127.0.0.1'],
      },
      db,
      agent: service.agent,
    })!;
    const key = await push.publicKey();
    const browsers = await service.subscribe(key, carerIds.length);
    await db.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bigint[])`,
      [
        carerIds,
        browsers.map((b) => b.endpoint),
        browsers.map((b) => b.keys.p256dh),
        browsers.map((b) => b.keys.auth),
        browsers.map(() => now()),
      ],
    );
    const quiet = { clock: { now: () => new Date() }, print: () => undefined };
    const senders = {
      mailer: createMailer({ config: { smtpUrl: null, mailFrom: 'InfoCare <a@example.com>' }, db, ...quiet }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db, ...quiet }),
      push,
    };
    console.log(
      `  ${carers} carers, ${perHome} to a home (${owners.rows.length} homes), one browser each; ` +
        `stand-in answers in 20–50 ms, ${process.env.BENCH_PUSH_SAME_THREAD === '1' ? 'in this thread' : 'on its own thread'}; ` +
        `load before ${load()}`,
    );

    const cpu0 = await cpuNow(db);
    const t0 = Date.now();
    const raisedAt = now();
    /** Each alert's own raise: when its transaction committed (ms). */
    const raisedMsOf = new Map<string, number>();
    // As runInfocare does: each home's commit kicks delivery (deliveries.ts), so sending overlaps the raises.
    // BENCH_PUSH_AFTER_RAISES=1: one deliverDue after the last raise, as before.
    const after = process.env.BENCH_PUSH_AFTER_RAISES === '1';
    const deliveries = deliveryRunner(db, senders, raisedAt);
    for (const o of owners.rows) {
      const alertId = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, urgent_at)
           values ($1, 'bench-urgent', 'inactivity', 'Off', 'Urgent', 'No activity', 'Nothing since 09:00.', 'x', $2, $2)
           returning id`,
          [o.house_id, raisedAt],
        );
        await queueNotifications(tx, [rows[0]!.id], o.id, o.time_zone, raisedAt);
        return rows[0]!.id;
      });
      raisedMsOf.set(`alert-${alertId}`, Date.now());
      if (!after) deliveries.kick();
    }
    const raisedMs = Date.now() - t0;
    deliveries.kick();
    let { runs } = await deliveries.settled();
    // The live timer calls it again a minute later; here at once, while rows are still due.
    while ((await pendingRows(db)) > 0 && runs < 1000) {
      await deliverDue(db, senders, now());
      runs += 1;
    }
    const totalMs = Date.now() - t0;
    const cpu1 = await cpuNow(db);

    const results = await service.results();
    const ok = results.answered.filter((d) => d.answer === 201 && d.answeredAt !== null);
    const ms = ok.map((d) => d.answeredAt! - t0).sort((a, b) => a - b);
    // From the push's own alert's raise: the "alert raised → 201" (the figure above counts from the
    // first of the 250 raises, so the last home's alert is charged the others' raising too).
    const own = ok.map((d) => d.answeredAt! - (raisedMsOf.get(d.tag) ?? Number.NaN)).sort((a, b) => a - b);
    const { rows: sent } = await db.query<{ n: string }>(
      `select count(*) as n from infocare_notifications where channel = 'push' and status = 'sent'`,
    );
    console.log(
      `  raised in ${raisedMs} ms; ${ok.length} pushes answered 201 (${sent[0]!.n} rows sent, ` +
        `${results.refused} refused) in ${runs} deliverDue call${runs === 1 ? '' : 's'}; ` +
        `at most ${results.maxInFlight} in flight at the push service`,
    );
    if (ms.length > 0)
      console.log(
        `  raise → 201: p50 ${percentile(ms, 50)} ms, p95 ${percentile(ms, 95)} ms, max ${ms.at(-1)} ms; ` +
          `total ${totalMs} ms; load after ${load()}`,
      );
    if (own.length > 0)
      console.log(
        `  its own alert's raise → 201: p50 ${percentile(own, 50)} ms, p95 ${percentile(own, 95)} ms, ` +
          `max ${own.at(-1)} ms (target p95 < 1,000 ms)`,
      );
    const perPush = (a: number | null, b: number | null) =>
      a === null || b === null ? '?' : ((b - a) / Math.max(1, ok.length)).toFixed(2);
    console.log(
      `  CPU per push, raises included: sender thread ${perPush(cpu0.main, cpu1.main)} ms, ` +
        `other threads (stand-in) ${perPush(cpu0.others, cpu1.others)} ms, ` +
        `PostgreSQL backends ${perPush(cpu0.postgres, cpu1.postgres)} ms`,
    );
  } finally {
    await service.close();
    await drop();
  }
}

/** The stand-in in this process, as the bench ran it first (its checks share the sender's event loop). */
async function sameThread(now: () => number): Promise<PushThread> {
  const rng = new Rng(36);
  const service = await startPushService({ subject: SUBJECT, now, latencyMs: () => rng.int(20, 50) });
  return {
    agent: service.agent,
    subscribe: async (key, n) => Array.from({ length: n }, () => service.subscribe(key)),
    results: async () => resultsOf(service),
    close: () => service.close(),
  };
}
