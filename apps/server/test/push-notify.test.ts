import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelsFor } from '../src/features/infocare/notify';
import { resendUntakenUrgent } from '../src/features/infocare/resend';
import { InfocareTimer } from '../src/features/infocare/timer';
import { createMailer } from '../src/mail/mailer';
import { outboxFor } from '../src/mail/outbox';
import { createPushSender, type PushSender } from '../src/push/push';
import { saveSubscription } from '../src/push/subscriptions';
import { createSmsSender } from '../src/sms/sms';
import { FakeClock, link, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { local, readingsBetween, routineEvents, seedRoutine } from './support/infocare';
import {
  type Answer,
  type BrowserSubscription,
  type StandInPushService,
  startPushService,
} from './support/push-service';

// Issue 36: alerts reach the carer's phones by Web Push through the one notification queue, checked by a
// local stand-in push service (support/push-service.ts: it verifies the VAPID JWT and decrypts the
// payload with the keys this test's "browsers" hold). A browser answered 410 is forgotten; a push that
// reaches no browser (403, no answer) goes by email instead; the Urgent re-send goes by push first.
// The clock is pinned: the VAPID token's expiry is dated by it and checked against it.

const TODAY = '2024-11-20';
const SUBJECT = 'mailto:ops@example.com';
const config = {
  vapidSubject: SUBJECT,
  secretsKey: Buffer.alloc(32, 9),
  databaseUrl: null,
  dataDir: '/nonexistent/push-test',
  // The stand-in's host; the default list names the browser vendors' services.
  pushServiceHosts: ['127.0.0.1'],
};

describeEachDb('InfoCare alerts by Web Push', (suite) => {
  const clock = new FakeClock();
  const now = () => Math.floor(clock.now().getTime() / 1000);
  const at = (ts: number) => clock.advance(ts * 1000 - clock.now().getTime());
  let service: StandInPushService;
  let push: PushSender;
  let timer: InfocareTimer;
  let mum: Person;
  let carer: Person;
  let houseId: number;
  let phone: BrowserSubscription;
  let laptop: BrowserSubscription;
  let tablet: BrowserSubscription;
  let readUntil = 0;

  const statuses = async (alertId: number) =>
    (
      await suite.db.query<{ channel: string; status: string; kind: string }>(
        'select channel, status, kind from infocare_notifications where alert_id = $1 order by id',
        [alertId],
      )
    ).rows.map((r) => `${r.kind}:${r.channel}:${r.status}`);
  const newestAlert = async () =>
    (await suite.db.query<{ id: number }>('select id from infocare_alerts order by id desc limit 1')).rows[0]!
      .id;
  const setChannels = (code: number) =>
    suite.db.query(
      `insert into user_settings (user_id, alert_notification) values ($1, $2)
       on conflict (user_id) do update set alert_notification = $2`,
      [mum.id, code],
    );
  /** The next day's morning not started, judged at 07:50. */
  const lateMorning = async (date: string) => {
    await readingsBetween(suite.db, houseId, readUntil, local(date, 7, 50));
    readUntil = local(date, 7, 50);
    at(readUntil);
    await timer.tick();
    return newestAlert();
  };

  const timerDeps = () => {
    const quiet = { clock, print: () => undefined };
    return {
      db: suite.db,
      mailer: createMailer({
        config: { smtpUrl: null, mailFrom: 'InfoCare <a@example.com>' },
        db: suite.db,
        ...quiet,
      }),
      sms: createSmsSender({ config: { smsUrl: null, smsToken: null }, db: suite.db, ...quiet }),
      push,
      clock,
    };
  };

  beforeAll(async () => {
    service = await startPushService({ subject: SUBJECT, now });
    mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    await suite.db.query(`update users set phone = '+447700900123' where id = $1`, [carer.id]);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    readUntil = local(TODAY, 7, 50);
    await seedRoutine(suite.db, houseId, TODAY, 7, readUntil);
    at(readUntil);
    push = createPushSender({ config, db: suite.db, agent: service.agent, timeoutMs: 500 })!;
    const key = await push.publicKey();
    phone = service.subscribe(key);
    laptop = service.subscribe(key);
    tablet = service.subscribe(key);
    for (const browser of [phone, laptop, tablet])
      await saveSubscription(suite.db, carer.id, { endpoint: browser.endpoint, ...browser.keys }, now());
    timer = new InfocareTimer({ ...timerDeps(), intervalS: 60 });
  });
  afterAll(async () => {
    await timer?.stop();
    await service?.close();
  });

  it('pushes the alert to each browser once: high urgency, a TTL of minutes, the alert id as topic; 410 and 404 are forgotten', async () => {
    await setChannels(1 | 4);
    service.script(laptop.endpoint, 410);
    service.script(tablet.endpoint, 404);
    // Two servers' timers at once: each browser still gets the alert once (the queue's claim).
    const second = new InfocareTimer({ ...timerDeps(), intervalS: 60 });
    await Promise.all([timer.tick(), second.tick()]);
    await second.stop();
    const id = await newestAlert();
    expect(service.refused).toEqual([]);
    expect(service.delivered.map((d) => [d.endpoint, d.answer])).toEqual([
      [phone.endpoint, 201],
      [laptop.endpoint, 410],
      [tablet.endpoint, 404],
    ]);
    const d = service.delivered[0]!;
    expect(d).toMatchObject({ urgency: 'high', ttl: 900, topic: `alert-${id}` });
    expect(d.payload).toEqual({
      title: "InfoCare Investigate: Morning not started (mum's home)",
      body: expect.stringMatching(/^InfoCare: Morning not started\. No activity yet this morning/),
      url: `/parents-home?alert=${id}`,
      tag: `alert-${id}`,
    });
    const left = await suite.db.query<{ endpoint: string }>('select endpoint from push_subscriptions');
    expect(left.rows).toEqual([{ endpoint: phone.endpoint }]);
    // Email was chosen as well: both went.
    expect(await statuses(id)).toEqual(['alert:push:sent', 'alert:email:sent']);
  });

  it.each<[Answer, string, string]>([
    [403, 'answered 403', '2024-11-21'],
    ['timeout', 'Socket timeout', '2024-11-22'],
  ])('a push answered %s goes to the carer by email instead', async (answer, why, date) => {
    await setChannels(4);
    service.script(phone.endpoint, answer);
    const before = (await outboxFor(suite.db, 'carer@example.com')).length;
    const id = await lateMorning(date);
    expect(service.delivered.at(-1)).toMatchObject({
      endpoint: phone.endpoint,
      answer,
      topic: `alert-${id}`,
    });
    expect(await statuses(id)).toEqual(['alert:push:failed', 'alert:email:sent']);
    const { rows } = await suite.db.query<{ last_error: string }>(
      `select last_error from infocare_notifications where alert_id = $1 and channel = 'push'`,
      [id],
    );
    expect(rows[0]?.last_error).toContain(why);
    expect(rows[0]?.last_error).toContain('sent by email instead');
    const mail = await outboxFor(suite.db, 'carer@example.com');
    expect(mail).toHaveLength(before + 1);
    expect(mail[0]?.subject).toBe("InfoCare Investigate: Morning not started (mum's home)");
    // The phone stays subscribed: only 404 and 410 mean it is gone.
    expect((await suite.db.query('select 1 from push_subscriptions')).rows).toHaveLength(1);
  });

  it('signs with the pinned clock and subject: the stand-in refuses a token dated otherwise or from another operator', async () => {
    const message = { title: 't', body: 'b', url: '/', topic: 'check', ttlS: 60, urgency: 'normal' as const };
    expect(await push.send(carer.id, message, now())).toEqual({ delivered: 1, failures: [] });
    const stale = await push.send(carer.id, message, now() - 13 * 3600);
    const ahead = await push.send(carer.id, message, now() + 13 * 3600);
    const other = createPushSender({
      config: { ...config, vapidSubject: 'mailto:someone-else@example.com' },
      db: suite.db,
      agent: service.agent,
    })!;
    const stranger = await other.send(carer.id, message, now());
    for (const o of [stale, ahead, stranger])
      expect(o).toMatchObject({ delivered: 0, failures: [expect.stringContaining('answered 403')] });
    expect(service.refused.slice(-3)).toEqual([
      expect.stringMatching(/^exp \d+ is not within 24 h$/),
      expect.stringMatching(/^exp \d+ is not within 24 h$/),
      `sub mailto:someone-else@example.com is not ${SUBJECT}`,
    ]);
  });

  it('never posts to a stored endpoint outside PUSH_SERVICE_HOSTS, and forgets it', async () => {
    const internal = 'https://10.1.2.3/admin/reset';
    await saveSubscription(suite.db, carer.id, { endpoint: internal, ...phone.keys }, now());
    const before = service.delivered.length;
    const message = { title: 't', body: 'b', url: '/', topic: 'check', ttlS: 60, urgency: 'normal' as const };
    const outcome = await push.send(carer.id, message, now());
    expect(outcome.failures).toEqual(['https://10.1.2.3: not in PUSH_SERVICE_HOSTS']);
    expect(service.delivered.length - before).toBe(outcome.delivered);
    const left = await suite.db.query('select 1 from push_subscriptions where endpoint = $1', [internal]);
    expect(left.rows).toEqual([]);
  });

  it('re-sends an untaken Urgent by push first, and by SMS only when the carer chose SMS too', () => {
    expect(channelsFor(1 | 4, 'again')).toEqual(['push']);
    expect(channelsFor(1 | 2 | 4, 'again')).toEqual(['push', 'sms']);
    expect(channelsFor(1 | 2, 'again')).toEqual(['email', 'sms']);
    expect(channelsFor(1 | 2 | 4, 'alert')).toEqual(['push', 'email', 'sms']);
  });

  it('queues the Urgent re-send once, and its push replaces the first notification (same topic)', async () => {
    await setChannels(2 | 4);
    const t = now();
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, urgent_at)
       values ($1, 'test-urgent', 'inactivity', 'Off', 'Urgent', 'No activity', 'Nothing since 09:00.', 'x', $2, $2)
       returning id`,
      [houseId, t - 16 * 60],
    );
    const id = rows[0]!.id;
    // Two servers at once: the re-send is queued once.
    const resent = await Promise.all([resendUntakenUrgent(suite.db, t), resendUntakenUrgent(suite.db, t)]);
    expect(resent.sort()).toEqual([0, 1]);
    await timer.tick();
    expect(await statuses(id)).toEqual(['again:push:sent', 'again:sms:sent']);
    const pushes = service.delivered.filter((d) => d.topic === `alert-${id}`);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      urgency: 'high',
      payload: { title: expect.stringContaining('nobody is on it yet') },
    });
  });

  it("sends the daily all-is-well by push when the carer chose it (its topic replaces yesterday's)", async () => {
    const day = '2024-11-23';
    // The earlier days' test alerts are over: this is an ordinary morning.
    await suite.db.query('update infocare_alerts set cleared_at = $1, resolved_at = $1', [
      local(day, 0) - 60,
    ]);
    await suite.db.query(
      'insert into infocare_all_is_well (carer_user_id, dependant_user_id, channels, at_minute) values ($1, $2, 4, 600)',
      [carer.id, mum.id],
    );
    await ingestApplianceEvents(suite.db, houseId, routineEvents(day));
    await readingsBetween(suite.db, houseId, readUntil, local(day, 10, 1));
    readUntil = local(day, 10, 1);
    const mailBefore = (await outboxFor(suite.db, 'carer@example.com')).length;
    at(readUntil);
    await timer.tick();
    const well = service.delivered.filter((d) => d.topic === `well-${mum.id}`);
    const browsers = await suite.db.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions order by id',
    );
    expect(well.map((d) => d.endpoint)).toEqual(browsers.rows.map((r) => r.endpoint));
    expect(well[0]).toMatchObject({
      urgency: 'normal',
      ttl: 12 * 3600,
      payload: { title: "InfoCare: all is well at mum's home", url: '/parents-home' },
    });
    expect((await outboxFor(suite.db, 'carer@example.com')).length).toBe(mailBefore); // push went: no email
  });
});
