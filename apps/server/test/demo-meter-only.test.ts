import { AlertsResponse, DashboardResponse, Timeline, TrendsResponse } from '@homeview/contract';
import { addDays, applianceTypeId, localDate, startOfLocalDate } from '@homeview/domain';
import { simulateDays } from '@homeview/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PasswordHasher } from '../src/features/accounts/password';
import { DAD_USERNAME, demoSpecs } from '../src/features/demo/homes';
import {
  DEMO_CARER3_PASSWORD,
  DEMO_CARER3_USERNAME,
  DEMO_PASSWORD,
  DEMO_USERNAME,
  seedDemoIfEmpty,
} from '../src/features/demo/seed';
import { DemoSimulation } from '../src/features/demo/seeder';
import type { SeedLog } from '../src/features/demo/seeding-steps';
import { prepareDemoInfocare } from '../src/features/infocare/demo';
import { login, makeTestApp, type Session, TEST_ITERATIONS, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';

// The demo's meter-only dependant (issue 24): Dad's home is seeded with 1-minute whole-house readings
// only, so every appliance use it has was estimated by the write path from them (no plug uses); the
// kettles it found are the simulated household's kettles; his routine is learned from them, his past
// alerts say what the meter shows, and his carer, `carer3` with the README's password, sees all of it. Live,
// a minute at a time as the demo's ticks bring them, his readings give his uses as they happen.

// A Friday, 07:05 GMT: his first kettle is due about 07:20. His simulated routine also has late mornings of
// its own (RoutineSpec.lateMorningEveryDays); on this date none falls on the two departures' days.
const NOW = at('2026-03-13T07:05:00Z');
const ZONE = 'Europe/London';
const HISTORY_DAYS = 8; // all 1-minute (35 days are); ≥ 3 ordinary days before his departures
const TODAY = localDate(NOW, ZONE);

interface Use {
  type: number;
  start: number;
  end: number;
  estimated: boolean;
}

describeEachDb('the demo’s meter-only home', (suite) => {
  let t: TestApp;
  let carer3: Session;
  let dadId: number;
  let dadHouse: number;
  let uses: Use[] = [];
  const errors: string[] = [];
  const log: SeedLog = {
    info: () => undefined,
    error: (fields, message) => void errors.push(`${message} ${JSON.stringify(fields)}`),
  };

  /** The demo's seeding at `now`, or with the history stored, a live tick (the minutes since the newest). */
  const run = async (now: number) => {
    const simulation = new DemoSimulation(suite.db, {
      historyDays: HISTORY_DAYS,
      now: () => now,
      log,
      liveIntervalMs: 3_600_000,
    });
    simulation.start();
    await simulation.meterOnlySeeded;
    await simulation.seeded;
    await simulation.stop();
  };
  const dadsUses = async () =>
    (
      await suite.db.query<Use>(
        `select appliance_type_id as type, start_ts as start, end_ts as "end", estimated
           from appliance_events where house_id = $1 order by start_ts`,
        [dadHouse],
      )
    ).rows.map((u) => ({ ...u, start: Number(u.start), end: Number(u.end) }));
  const simulated = (typeId: number, from: number, to: number) => {
    const dad = demoSpecs(0, localDate(NOW, ZONE)).get(DAD_USERNAME)!.spec;
    return [...simulateDays(dad, { from, to, zone: ZONE })].flatMap((d) =>
      d.events.filter((e) => e.appliance_type_id === typeId && e.end <= to),
    );
  };
  const near = (a: number, b: number) => Math.abs(a - b) <= 120;

  beforeAll(async () => {
    await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS), new Date(NOW * 1000), {
      neighbours: 0,
    });
    await run(NOW);
    await prepareDemoInfocare(suite.db, NOW, undefined, DAD_USERNAME);
    const { rows } = await suite.db.query<{ user_id: number; house_id: number }>(
      `select u.id as user_id, h.id as house_id from users u join houses h on h.owner_user_id = u.id
        where u.username = $1`,
      [DAD_USERNAME],
    );
    dadId = rows[0]!.user_id;
    dadHouse = rows[0]!.house_id;
    uses = await dadsUses();
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    carer3 = await login(t.app, { username: DEMO_CARER3_USERNAME, password: DEMO_CARER3_PASSWORD });
  }, 600_000);
  afterAll(() => t.app.close());

  it('stores his whole-house readings only: every use he has was estimated from them, none measured', async () => {
    expect(errors).toEqual([]);
    const { rows } = await suite.db.query<{ n: number; fine: boolean }>(
      'select count(*)::int as n, bool_and(interval_s = 60) as fine from readings where house_id = $1',
      [dadHouse],
    );
    expect(rows[0]).toEqual({
      n: (NOW - startOfLocalDate(addDays(TODAY, -HISTORY_DAYS), ZONE)) / 60,
      fine: true,
    });
    expect(uses.length).toBeGreaterThan(HISTORY_DAYS * 5);
    expect(uses.filter((u) => !u.estimated)).toEqual([]);
    const types = new Set(uses.map((u) => u.type));
    for (const key of ['kettle', 'electric_shower', 'activity'] as const)
      expect(types, key).toContain(applianceTypeId(key));
    expect(types.has(applianceTypeId('oven')) || types.has(applianceTypeId('hob'))).toBe(true);
  });

  it('finds the kettles the simulated household boiled, from the meter alone', () => {
    const from = startOfLocalDate(addDays(TODAY, -HISTORY_DAYS), ZONE);
    const kettle = applianceTypeId('kettle');
    const boiled = simulated(kettle, from, NOW - 3600);
    const found = uses.filter((u) => u.type === kettle && u.start < NOW - 3600);
    const recalled = boiled.filter((b) => found.some((f) => near(f.start, b.start)));
    const right = found.filter((f) => boiled.some((b) => near(f.start, b.start)));
    expect(boiled.length).toBeGreaterThan(HISTORY_DAYS * 3);
    expect(recalled.length / boiled.length).toBeGreaterThanOrEqual(0.9);
    expect(right.length / found.length).toBeGreaterThanOrEqual(0.9);
  });

  it('lets carer3 watch Dad (and nobody else), whose timeline shows the estimated uses', async () => {
    const tiles = DashboardResponse.parse(
      (await t.app.inject({ url: '/api/v3/dashboard/', headers: carer3.headers() })).json(),
    );
    expect(tiles.map((d) => [d.dashboard_type, d.dependant_user_id])).toEqual([[2, dadId]]);
    const demo = await login(t.app, { username: DEMO_USERNAME, password: DEMO_PASSWORD });
    const mumId = DashboardResponse.parse(
      (await t.app.inject({ url: '/api/v3/dashboard/', headers: demo.headers() })).json(),
    ).find((d) => d.dashboard_type === 2)!.dependant_user_id!;
    expect(mumId).not.toBe(dadId);
    const mum = await t.app.inject({
      url: `/api/v3/common/appliances/timeline/?user_id=${mumId}`,
      headers: carer3.headers(),
    });
    expect(mum.statusCode).toBe(403);
    const dayBefore = startOfLocalDate(addDays(TODAY, -2), ZONE) + 12 * 3600;
    const res = await t.app.inject({
      url: `/api/v3/common/appliances/timeline/?user_id=${dadId}&timestamp=${dayBefore}`,
      headers: carer3.headers(),
    });
    expect(res.statusCode).toBe(200);
    const { events } = Timeline.parse(res.json());
    const stored = uses.filter(
      (u) =>
        u.start >= startOfLocalDate(addDays(TODAY, -2), ZONE) &&
        u.start < startOfLocalDate(addDays(TODAY, -1), ZONE),
    );
    expect(events.length).toBe(stored.length);
    expect(events.length).toBeGreaterThan(5);
    expect(events.every((e) => e.estimated === true)).toBe(true);
    expect(events.map((e) => e.appliance_type_id)).toContain(applianceTypeId('kettle'));
  });

  it('learns his routine from the estimated uses, and his alerts say what the meter shows', async () => {
    const res = await t.app.inject({
      url: `/api/v3/assisted_living/alerts/?dependant_user_id=${dadId}&timestamp=${NOW}`,
      headers: carer3.headers(),
    });
    expect(res.statusCode).toBe(200);
    const answer = AlertsResponse.parse(res.json());
    expect(answer.routine?.items.length).toBeGreaterThan(0);
    expect(answer.routine?.sentence).not.toMatch(/learning/i);
    expect(answer.routine?.estimated).toBe(true); // the screen says "estimated from the meter" beside it
    // His departures (homes.ts dadsDepartures): a morning with nothing before 11:00 four days ago, a day
    // with nothing after his morning shower, from 08:45 to 20:00, yesterday.
    const said = (start: string, daysAgo: number) =>
      answer.alerts.filter(
        (a) => a.text.startsWith(start) && localDate(a.timestamp, ZONE) === addDays(TODAY, -daysAgo),
      );
    const texts = JSON.stringify(answer.alerts.map((a) => a.text));
    const morning = said('No kettle or other appliance use seen on the meter yet this morning.', 4);
    expect(morning, texts).toHaveLength(1);
    const silence = said('No kettle or other appliance use since ', 1);
    expect(silence, texts).toHaveLength(1);
    for (const alert of [...morning, ...silence]) expect(alert.estimated).toBe(true);
    const trends = await t.app.inject({
      url: `/api/v3/assisted_living/trends/?dependant_user_id=${dadId}`,
      headers: carer3.headers(),
    });
    expect(trends.statusCode).toBe(200);
    expect(TrendsResponse.parse(trends.json()).estimated).toBe(true);
    // Nothing claims a plug's measurement, nor a silence of the meter itself.
    expect(answer.alerts.filter((a) => a.text.startsWith('No readings'))).toEqual([]);
  });

  it('live, a minute at a time, estimates his morning kettle once it is switched off', async () => {
    const kettle = applianceTypeId('kettle');
    const until = NOW + 45 * 60;
    const boiled = simulated(kettle, NOW, until - 120);
    expect(boiled.length).toBeGreaterThan(0); // his first kettle of the day, due about 07:20
    expect((await dadsUses()).filter((u) => u.start >= NOW)).toEqual([]);
    for (let now = NOW + 60; now <= until; now += 60) await run(now);
    expect(errors).toEqual([]);
    const found = (await dadsUses()).filter((u) => u.type === kettle && u.start >= NOW);
    for (const b of boiled)
      expect(
        found.some((f) => near(f.start, b.start) && f.estimated),
        `${b.start}`,
      ).toBe(true);
  });
});
