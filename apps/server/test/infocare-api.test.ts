import { ActivityDetail, ActivitySingle, Alert, AlertsResponse, DashboardResponse } from '@homeview/contract';
import { addDays } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { alertsCsv, backfillHouse, type ReplayedAlert, replayHouse } from '../src/features/infocare/backfill';
import { loadSituation } from '../src/features/infocare/engine';
import { RoutineCache } from '../src/features/infocare/routine-cache';
import { runInfocare } from '../src/features/infocare/job';
import { InfocareTimer } from '../src/features/infocare/timer';
import { createApiKey } from '../src/ingest/keys';
import { syntheticReadings } from './support/energy';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { createSmsSender } from '../src/sms/sms';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import {
  evaluateArrivedUntil,
  KETTLE,
  local,
  MICROWAVE,
  readingsBetween,
  routineEvents,
  seedRoutine,
  TOASTER,
} from './support/infocare';

// The InfoCare calls as a carer's screens use them: alerts raised by the engine from a learned routine,
// viewings and assessments (two "incorrect" marks widen the margin), daily/weekly activities in the
// contract's shapes, and that nobody but the dependant and their linked carer can read or write any of it.

const TODAY = '2024-11-20'; // a Wednesday
const DAYS = 28;

describeEachDb('InfoCare API', (suite) => {
  let t: TestApp;
  let mum: Person;
  let carer: Person;
  let stranger: Person;
  let otherCarer: Person;
  let otherDependant: Person;
  let houseId: number;
  let session: Session;
  const secs = () => Math.floor(t.clock.now().getTime() / 1000);
  const setNow = async (ts: number) => {
    t.clock.advance(ts * 1000 - t.clock.now().getTime());
    session = await login(t.app, carer); // sessions expire when the clock jumps a day
  };
  const run = () =>
    runInfocare(
      suite.db,
      {
        mailer: { transport: 'outbox', send: async () => {}, close() {} },
        sms: createSmsSender({
          config: { smsUrl: null, smsToken: null },
          db: suite.db,
          clock: t.clock,
          print: () => {},
        }),
      },
      secs(),
    );
  const get = (url: string, s: Session = session) =>
    t.app.inject({ method: 'GET', url, headers: s.headers() });
  const post = (payload: Record<string, unknown>, s: Session = session) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/alerts/',
      headers: s.headers(true),
      payload,
    });
  const alerts = async (query = '') => {
    const res = await get(`/api/v3/assisted_living/alerts/?dependant_user_id=${mum.id}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AlertsResponse.parse(res.json());
  };

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    stranger = await makeUser(suite.db, 'stranger');
    otherCarer = await makeUser(suite.db, 'othercarer', { house: null });
    otherDependant = await makeUser(suite.db, 'otherdependant');
    await link(suite.db, carer, mum);
    await link(suite.db, otherCarer, otherDependant);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    await seedRoutine(suite.db, houseId, TODAY, DAYS, local(TODAY, 7, 50));
    t = await makeTestApp(suite.db);
    await setNow(local(TODAY, 7, 50));
  });

  it('raises "morning not started" from the learned routine and shows it to the carer', async () => {
    const summary = await run();
    expect(summary.raised).toBe(1);
    const page = await alerts();
    expect(page.alerts).toMatchObject([
      { type: 'Off', level: 'Warning', name: 'Morning not started', viewings: [], correct: null },
    ]);
    expect(page.alerts[0]?.timestamp).toBe(local(TODAY, 7, 45));
    expect(page.routine?.sentence).toBe(
      'Hot drinks not yet, usually by 07:00; meals not yet, usually by 07:10; entertainment not yet, usually by 18:30.',
    );
    expect(page.routine?.items[0]).toEqual({
      activity: 'Hot drinks',
      status: 'late',
      at: null,
      usual_by: '07:00',
    });
    // The screen asks its first page with its own now (spec §7), which may be a little behind ours: the
    // same page, routine and counters included.
    for (const asked of [secs(), secs() - 120]) expect(await alerts(`&timestamp=${asked}`)).toEqual(page);
    // Running again (or a second process) never duplicates it.
    await Promise.all([run(), run()]);
    expect((await alerts()).alerts).toHaveLength(1);
    const dash = DashboardResponse.parse((await get('/api/v3/dashboard/')).json());
    expect(dash.find((d) => d.dashboard_type === 2)?.num_alerts).toBe(1);
  });

  it('records a viewing, an assessment and feedback; num_alerts counts unviewed alerts', async () => {
    const [alert] = (await alerts()).alerts;
    const viewed = await post({ dependant_user_id: mum.id, id: alert!.id, viewed: true });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(Alert.parse(viewed.json()).viewings).toEqual([{ timestamp: secs() }]);
    const dash = DashboardResponse.parse((await get('/api/v3/dashboard/')).json());
    expect(dash.find((d) => d.dashboard_type === 2)?.num_alerts).toBe(0);
    const marked = await post({
      dependant_user_id: mum.id,
      id: alert!.id,
      correct: false,
      assessment_timestamp: secs() - 10,
    });
    expect(Alert.parse(marked.json())).toMatchObject({
      correct: false,
      assessments: [{ correct: false, timestamp: secs() - 10 }],
    });
    const fb = await post({
      dependant_user_id: mum.id,
      id: alert!.id,
      feedback: 'She was at the doctor early',
    });
    expect(Alert.parse(fb.json()).feedback).toBe(true);
    const both = await post({ dependant_user_id: mum.id, id: alert!.id, feedback: 'x', correct: true });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ field: 'feedback' });
    const future = await post({
      dependant_user_id: mum.id,
      id: alert!.id,
      correct: true,
      assessment_timestamp: secs() + 86_400,
    });
    expect(future.statusCode).toBe(400);
    // Activity resumes: the alert clears (it stays in the list, no longer open).
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: local(TODAY, 7, 55), end: local(TODAY, 7, 58), energy_wh: 100 },
    ]);
    await setNow(local(TODAY, 8, 0));
    expect((await run()).cleared).toBe(1);
    const { rows } = await suite.db.query<{ cleared_at: number }>(
      'select cleared_at from infocare_alerts where id = $1',
      [alert!.id],
    );
    expect(rows[0]?.cleared_at).toBe(local(TODAY, 8, 0));
    expect((await alerts()).routine?.items[0]).toMatchObject({
      activity: 'Hot drinks',
      status: 'done',
      at: '07:55',
    });
  });

  it('widens the margin of an alert kind the carer marked incorrect twice', async () => {
    // Day 2: a later morning alerts again (one incorrect mark: margin 45 min × 1.5 → 08:07) and is marked.
    const day2 = addDays(TODAY, 1);
    await ingestApplianceEvents(suite.db, houseId, routineEvents(TODAY, { morning: false }));
    await readingsBetween(suite.db, houseId, local(TODAY, 7, 50), local(day2, 8, 20));
    await setNow(local(day2, 8, 20));
    await run();
    const second = (await alerts()).alerts.find((a) => a.timestamp >= local(day2, 0));
    expect(second).toMatchObject({ name: 'Morning not started' });
    await post({ dependant_user_id: mum.id, id: second!.id, correct: false });
    await ingestApplianceEvents(suite.db, houseId, [
      ...routineEvents(day2, { morning: false }),
      { appliance_type_id: KETTLE, start: local(day2, 8, 25), end: local(day2, 8, 28), energy_wh: 100 },
    ]);
    // Day 3: nothing by 08:20 again, but after two incorrect marks the margin (× 2) reaches 08:30.
    const day3 = addDays(TODAY, 2);
    await readingsBetween(suite.db, houseId, local(day2, 8, 20), local(day3, 8, 20));
    await setNow(local(day3, 8, 20));
    await run();
    expect((await alerts()).alerts.filter((a) => a.timestamp >= local(day3, 0))).toEqual([]);
  });

  it('learns a routine once per local day and again when a past day changes', async () => {
    const house = { id: houseId, owner_user_id: mum.id, time_zone: 'Europe/London' };
    const cache = new RoutineCache();
    const first = await loadSituation(suite.db, house, secs(), cache);
    expect(cache.learned).toBe(1);
    expect(first.routine?.hourShare[3]).toBe(0);
    // Today's data (a run, readings) never makes it learn again: the routine is of the days before.
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: secs() - 120, end: secs() - 60, energy_wh: 100 },
    ]);
    await setNow(secs() + 60);
    await loadSituation(suite.db, house, secs(), cache);
    expect(cache.learned).toBe(1);
    // A late event for a past day (a week ago, 03:00) is learned from on the next evaluation.
    const past = addDays(TODAY, -8);
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: local(past, 3), end: local(past, 3, 3), energy_wh: 100 },
    ]);
    const again = await loadSituation(suite.db, house, secs(), cache);
    expect(cache.learned).toBe(2);
    expect(again.routine?.hourShare[3]).toBeGreaterThan(0);
    expect(again.routine).toEqual((await loadSituation(suite.db, house, secs(), new RoutineCache())).routine);
  });

  it('answers daily and weekly activities in the contract shape, background loads left out', async () => {
    const day = local(addDays(TODAY, -1), 12);
    const res = await get(
      `/api/v3/assisted_living/daily_activities/?dependant_user_id=${mum.id}&timestamp=${day}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const daily = ActivityDetail.parse(res.json());
    expect(daily.activities.map((a) => a.activity_type)).toEqual(['Hot drinks', 'Meals', 'Entertainment']);
    const drinks = daily.activities[0]!;
    expect(drinks.patterns.map((p) => [p.on, p.duration.off, p.duration.on])).toEqual([
      [local(addDays(TODAY, -1), 7), 700, 5],
      [local(addDays(TODAY, -1), 15, 30), 845, 5],
    ]);
    expect(daily.events.map((e) => e.appliance_type_id)).not.toContain(10);
    expect(daily.events.map((e) => e.appliance_type_id).slice(0, 3)).toEqual([KETTLE, TOASTER, MICROWAVE]);
    expect(daily.previous).toBe(local(addDays(TODAY, -2), 0));
    expect(daily.next).toBe(local(TODAY, 0));
    const alias = await get(`/api/v3/daily_activities/?dependant_user_id=${mum.id}&timestamp=${day}`);
    expect(alias.json()).toEqual(res.json());
    const weekly = ActivityDetail.parse(
      (await get(`/api/v3/weekly_activities/?dependant_user_id=${mum.id}&timestamp=null`)).json(),
    );
    expect(weekly.available[0]).toBeNull();
    expect(weekly.num_alerts).toBe(weekly.inactivities.reduce((s, i) => s + i.num_inac_alerts, 0));
    expect(weekly.num_alerts).toBeGreaterThanOrEqual(2); // the two late mornings, tied to Hot drinks
    expect(weekly.inactivities.find((i) => i.activity_type === 'Hot drinks')?.num_inac_alerts).toBe(
      weekly.num_alerts,
    );
    const single = await get(
      `/api/v3/assisted_living/activities/1/?dependant_user_id=${mum.id}&start_timestamp=${local(TODAY, 0)}&end_timestamp=${local(addDays(TODAY, 1), 0)}`,
    );
    const parsed = ActivitySingle.parse(single.json());
    expect(parsed.activity).toEqual({
      activity_type: 'Hot drinks',
      appliances: [{ name: 'Kettle', appliance_type_id: 1, icon: 'kettle' }],
    });
    expect(parsed.alerts.map((a) => a.name)).toEqual(['Morning not started']);
    const unknown = await get(
      `/api/v3/assisted_living/activities/99/?dependant_user_id=${mum.id}&start_timestamp=1&end_timestamp=2`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('pages alerts by timestamp, newest first, 20 at a time', async () => {
    for (let i = 0; i < 23; i++) {
      await suite.db.query(
        `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at)
         values ($1, $2, 'unusual_hour', 'On', 'Message', 'Kettle at an unusual hour', 'x', 'kettle', $3)`,
        [houseId, `test:${i}`, local('2024-10-01', 3) + i * 86_400],
      );
    }
    const first = await alerts();
    expect(first.alerts).toHaveLength(20);
    const stamps = first.alerts.map((a) => a.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    const oldest = stamps.at(-1)!;
    const next = await alerts(`&timestamp=${oldest}`);
    expect(next.routine).toBeUndefined();
    expect(next.alerts.every((a) => a.timestamp < oldest)).toBe(true);
    const total = (
      await suite.db.query<{ n: number }>(
        'select count(*)::int as n from infocare_alerts where house_id = $1',
        [houseId],
      )
    ).rows[0]!.n;
    expect(first.alerts.length + next.alerts.length).toBe(Math.min(total, 40));
  });

  it('counts unviewed alerts per level over every page, as num_alerts does', async () => {
    // 25 more, older than any page-one alert: Urgent and Warning ones the first page does not show.
    for (let i = 0; i < 25; i++) {
      await suite.db.query(
        `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at)
         values ($1, $2, 'inactivity', 'Off', $3, 'No activity', 'x', 'kettle', $4)`,
        [houseId, `test:counts:${i}`, i % 3 === 0 ? 'Warning' : 'Urgent', local('2024-09-01', 3) + i * 3600],
      );
    }
    const all: Alert[] = [];
    let page = await alerts();
    const counted = page.unviewed;
    for (;;) {
      all.push(...page.alerts);
      if (page.alerts.length < 20) break;
      page = await alerts(`&timestamp=${page.alerts.at(-1)!.timestamp}`);
    }
    const fresh = all.filter((a) => a.viewings.length === 0);
    const expected = {
      total: fresh.length,
      urgent: fresh.filter((a) => a.level === 'Urgent').length,
      investigate: fresh.filter((a) => a.level === 'Warning').length,
    };
    expect(expected.urgent).toBeGreaterThan(0);
    expect(expected.investigate).toBeGreaterThan(0);
    expect(counted).toEqual(expected);
    const dash = DashboardResponse.parse((await get('/api/v3/dashboard/')).json());
    expect(dash.find((d) => d.dashboard_type === 2)?.num_alerts).toBe(expected.total);
    // Viewing an Urgent alert from beyond the first page takes one off the total and the Urgent counter.
    const old = fresh.find((a) => a.level === 'Urgent')!;
    expect((await post({ dependant_user_id: mum.id, id: old.id, viewed: true })).statusCode).toBe(200);
    expect((await alerts()).unviewed).toEqual({
      ...expected,
      total: expected.total - 1,
      urgent: expected.urgent - 1,
    });
    // Only the first page carries the counters.
    expect((await alerts(`&timestamp=${all[0]!.timestamp}`)).unviewed).toBeUndefined();
  });

  it("lets only the dependant and their linked carer read or write the dependant's alerts", async () => {
    const [alert] = (await alerts()).alerts;
    const strangerSession = await login(t.app, stranger);
    const other = await login(t.app, otherCarer);
    for (const s of [strangerSession, other]) {
      expect((await get(`/api/v3/assisted_living/alerts/?dependant_user_id=${mum.id}`, s)).statusCode).toBe(
        403,
      );
      expect((await get(`/api/v3/weekly_activities/?dependant_user_id=${mum.id}`, s)).statusCode).toBe(403);
      expect((await post({ dependant_user_id: mum.id, id: alert!.id, viewed: true }, s)).statusCode).toBe(
        403,
      );
    }
    // Naming their own dependant does not reach another home's alert.
    const sideways = await post(
      { dependant_user_id: otherDependant.id, id: alert!.id, correct: true },
      other,
    );
    expect(sideways.statusCode).toBe(404);
    const own = await post(
      { dependant_user_id: stranger.id, id: alert!.id, feedback: 'mine?' },
      strangerSession,
    );
    expect(own.statusCode).toBe(404);
    const { rows } = await suite.db.query<{ n: number }>(
      `select (select count(*) from infocare_alert_assessments where alert_id = $1)
            + (select count(*) from infocare_alert_viewings where alert_id = $1 and user_id <> $2) as n`,
      [alert!.id, carer.id],
    );
    expect(rows[0]?.n).toBe((await alerts()).alerts.find((a) => a.id === alert!.id)!.assessments.length);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v3/assisted_living/alerts/?dependant_user_id=${mum.id}`,
        })
      ).statusCode,
    ).toBe(401);
    const noId = await get('/api/v3/assisted_living/alerts/');
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toMatchObject({ field: 'dependant_user_id' });
  });

  it("names the dependant house's zone in every InfoCare answer that carries times", async () => {
    // A zone other than the default, so the answers can only name it by reading the house.
    const otherHouse = (await findHouseIdOf(suite.db, otherDependant.id))!;
    await suite.db.query(`update houses set time_zone = 'Australia/Sydney' where id = $1`, [otherHouse]);
    await suite.db.query(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at)
       values ($1, 'test:zone', 'unusual_hour', 'On', 'Message', 'Kettle at an unusual hour', 'x', 'kettle', $2)`,
      [otherHouse, local(TODAY, 3)],
    );
    const other = await login(t.app, otherCarer);
    const id = otherDependant.id;
    const answers = [
      `/api/v3/assisted_living/alerts/?dependant_user_id=${id}`,
      `/api/v3/assisted_living/alerts/?dependant_user_id=${id}&timestamp=${secs()}`,
      `/api/v3/assisted_living/daily_activities/?dependant_user_id=${id}`,
      `/api/v3/weekly_activities/?dependant_user_id=${id}&timestamp=${local(TODAY, 12)}`,
      `/api/v3/assisted_living/activities/1/?dependant_user_id=${id}&start_timestamp=1&end_timestamp=${secs()}`,
    ];
    for (const url of answers) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().time_zone, url).toBe('Australia/Sydney');
    }
    const page = AlertsResponse.parse((await get(answers[0]!, other)).json());
    const viewed = await post({ dependant_user_id: id, id: page.alerts[0]!.id, viewed: true }, other);
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json()).toMatchObject({ name: 'Kettle at an unusual hour', time_zone: 'Australia/Sydney' });
  });

  it('replays stored history as the live runs saw it, leaving stored alerts alone', async () => {
    const stored = (await suite.db.query('select id, cause, cleared_at from infocare_alerts order by id'))
      .rows;
    const house = { id: houseId, owner_user_id: mum.id, time_zone: 'Europe/London' };
    const replayed = await replayHouse(suite.db, house, local(TODAY, 0), local(addDays(TODAY, 2), 9), 900);
    const mornings = replayed.filter((a) => a.name === 'Morning not started');
    // Today and the next day were late (07:55, 08:25); the third day's alert is gone only because of the
    // marks, which a replay (starting from no alerts) does not have.
    expect(mornings.map((a) => [a.raised_at, a.cleared_at])).toEqual([
      [local(TODAY, 7, 45), local(TODAY, 8, 0)],
      [local(addDays(TODAY, 1), 7, 45), local(addDays(TODAY, 1), 8, 30)],
      [local(addDays(TODAY, 2), 7, 45), expect.any(Number)],
    ]);
    expect(alertsCsv(replayed).split('\n')[0]).toBe('raised_at,cleared_at,type,level,name,text');
    expect(alertsCsv(replayed)).toContain(
      `${local(TODAY, 7, 45)},${local(TODAY, 8, 0)},Off,Warning,Morning not started,`,
    );
    expect(
      (await suite.db.query('select id, cause, cleared_at from infocare_alerts order by id')).rows,
    ).toEqual(stored);
  });

  it('a replay gives the alerts that loading and storing every instant as a live run gives', async () => {
    const house = { id: houseId, owner_user_id: mum.id, time_zone: 'Europe/London' };
    const from = local(addDays(TODAY, -1), 0);
    const to = local(addDays(TODAY, 2), 9);
    const replayed = await replayHouse(suite.db, house, from, to, 900);
    let plain: ReplayedAlert[] = [];
    const rollback = new Error('rollback');
    await suite.db
      .transaction(async (tx) => {
        await tx.query('delete from infocare_alerts where house_id = $1', [house.id]);
        await backfillHouse(tx, house, from, to, 900);
        plain = (
          await tx.query<ReplayedAlert>(
            `select raised_at, cleared_at, type, level, name, text from infocare_alerts where house_id = $1
              order by raised_at, id`,
            [house.id],
          )
        ).rows;
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(plain.length).toBeGreaterThanOrEqual(3);
    expect(replayed).toEqual(plain);
  });

  it('judges a house again soon after its data arrives, so "no data" clears without waiting for the timer', async () => {
    const lastReading = local(addDays(TODAY, 2), 8, 20);
    await setNow(lastReading + 40 * 60);
    await run();
    const open = async () =>
      (
        await suite.db.query<{ name: string }>(
          'select name from infocare_alerts where house_id = $1 and cleared_at is null',
          [houseId],
        )
      ).rows.map((r) => r.name);
    expect(await open()).toContain('No data');
    await setNow(secs() + 60);
    const timer = new InfocareTimer({
      db: suite.db,
      mailer: { transport: 'outbox', send: async () => {}, close() {} },
      sms: { transport: 'outbox', send: async () => {} },
      clock: t.clock,
      intervalS: 0, // no every-minute run: only the arrival hook
      debounceMs: 3_600_000, // evaluated below when the test asks, never by the clock
    });
    timer.start();
    await timer.listening(); // PostgreSQL: its LISTEN is in place
    try {
      const key = await createApiKey(suite.db, houseId);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/v1/readings',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { readings: syntheticReadings(lastReading, secs() - (secs() % 300), 5) },
      });
      expect(res.statusCode, res.body).toBe(200);
      await evaluateArrivedUntil(timer, async () => !(await open()).includes('No data'));
      expect(await open()).not.toContain('No data');
    } finally {
      await timer.stop();
    }
  });
});
