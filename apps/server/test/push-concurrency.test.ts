import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverDue, IN_FLIGHT } from '../src/features/infocare/notify';
import { createPushSender, type PushSender } from '../src/push/push';
import { saveSubscription } from '../src/push/subscriptions';
import { FakeClock, link, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { outboxSenders, raiseUrgent } from './support/senders';
import { type BrowserSubscription, type StandInPushService, startPushService } from './support/push-service';

// Issue 36: an Urgent alert to many carers goes out IN_FLIGHT.push at a time, never one after another
// and never all at once. The stand-in push service holds each push LATENCY_MS before answering (a real
// one takes tens of milliseconds), long enough that the senders' claims all start while the first pushes
// are still held, so the most it holds at once is exactly the limit. One carer's browser is answered 410:
// only that subscription is forgotten and only that carer is told by email instead. Clock pinned.

const SUBJECT = 'mailto:ops@example.com';
const CARERS = 2 * IN_FLIGHT.push + 4;
const LATENCY_MS = 300;

describeEachDb('Web Push to many carers at once', (suite) => {
  const clock = new FakeClock();
  const now = () => Math.floor(clock.now().getTime() / 1000);
  let service: StandInPushService;
  let push: PushSender;
  let mum: Person;
  let houseId: number;
  const carers: Person[] = [];
  const browsers: BrowserSubscription[] = [];

  beforeAll(async () => {
    service = await startPushService({ subject: SUBJECT, now, latencyMs: LATENCY_MS });
    mum = await makeUser(suite.db, 'mum');
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 4)', [mum.id]);
    push = createPushSender({
      config: {
        vapidSubject: SUBJECT,
        secretsKey: Buffer.alloc(32, 7),
        databaseUrl: null,
        dataDir: '/nonexistent/push-concurrency-test',
        pushServiceHosts: ['127.0.0.1'],
      },
      db: suite.db,
      agent: service.agent,
      timeoutMs: 5000,
    })!;
    const key = await push.publicKey();
    for (let i = 0; i < CARERS; i++) {
      const carer = await makeUser(suite.db, `carer${i}`, { house: null });
      await link(suite.db, carer, mum);
      const browser = service.subscribe(key);
      await saveSubscription(suite.db, carer.id, { endpoint: browser.endpoint, ...browser.keys }, now());
      carers.push(carer);
      browsers.push(browser);
    }
  });
  afterAll(async () => {
    await service?.close();
  });

  it(`has at most ${IN_FLIGHT.push} pushes in flight, reaches that many, and forgets only the browser answered 410`, async () => {
    const gone = 5;
    service.script(browsers[gone]!.endpoint, 410);
    const t = now();
    await raiseUrgent(suite.db, houseId, mum.id, t);
    const senders = outboxSenders(suite.db, clock, push);

    // One run delivers all (the pushes, and the email standing in for the one that was gone).
    expect(await deliverDue(suite.db, senders, t)).toBe(CARERS);
    expect(service.refused).toEqual([]);
    expect(service.delivered).toHaveLength(CARERS);
    expect(service.maxInFlight()).toBe(IN_FLIGHT.push);

    const { rows: left } = await suite.db.query<{ user_id: number }>(
      'select user_id from push_subscriptions order by user_id',
    );
    expect(left.map((r) => r.user_id)).toEqual(carers.filter((_, i) => i !== gone).map((c) => c.id));
    const { rows } = await suite.db.query<{ user_id: number; channel: string; status: string }>(
      'select user_id, channel, status from infocare_notifications order by user_id, id',
    );
    expect(rows).toEqual(
      carers.flatMap((c, i) =>
        i === gone
          ? [
              { user_id: c.id, channel: 'push', status: 'failed' },
              { user_id: c.id, channel: 'email', status: 'sent' },
            ]
          : [{ user_id: c.id, channel: 'push', status: 'sent' }],
      ),
    );
  });
});
