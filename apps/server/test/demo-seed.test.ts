import { DashboardResponse, EnergyDetail, ListAppliancesResponse, Tariff } from '@homeview/contract';
import { neighbourHomes, simulateDays } from '@homeview/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PasswordHasher } from '../src/features/accounts/password';
import { declaredAppliances, demoSpecs, NEIGHBOUR_SEED } from '../src/features/demo/homes';
import { readingsOf } from '../src/features/demo/ingest-days';
import { insertHomes } from '../src/features/demo/repository';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/features/demo/seed';
import { historyStart } from '../src/features/demo/history-window';
import { DemoSimulation } from '../src/features/demo/seeder';
import type { SeedLog } from '../src/features/demo/seeding-steps';
import { ingestReadings } from '../src/features/readings/ingest';
import { login, makeTestApp, type Session, TEST_ITERATIONS, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';

// The demo's readings (features/demo/seeder.ts) with a short history: 3 days of 1-minute readings for the
// demo home, Mum's and Dad's (meter-only: readings alone, demo-meter-only.test.ts), daily totals only for the neighbours (equal to what the ingest path would sum), the
// chooser's figure agreeing with /today/, and a restart that stores only the gap (idempotent, resumable
// from the data itself).

const NOW = at('2026-01-15T09:05:00Z');
const DAYS = 3;
const NEIGHBOURS = 3;

describeEachDb('demo seeding', (suite) => {
  let t: TestApp;
  let demo: Session;
  const lines: string[] = [];
  const infos = new Map<string, Record<string, unknown>>();
  const log: SeedLog = {
    info: (fields, message) => {
      lines.push(message);
      infos.set(message, fields as Record<string, unknown>);
    },
    error: (fields, message) => void lines.push(`ERROR ${message} ${JSON.stringify(fields)}`),
  };
  const run = async (now: number) => {
    const simulation = new DemoSimulation(suite.db, {
      historyDays: DAYS,
      now: () => now,
      log,
      liveIntervalMs: 3_600_000,
    });
    simulation.start();
    const report = await simulation.seeded;
    await simulation.stop();
    return report;
  };

  beforeAll(async () => {
    await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS), new Date(NOW * 1000), {
      neighbours: NEIGHBOURS,
    });
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    demo = await login(t.app, { username: 'demo', password: DEMO_PASSWORD });
  });
  afterAll(() => t.app.close());
  const cardsOf = async (session: Session) =>
    DashboardResponse.parse(
      (await t.app.inject({ url: '/api/v3/dashboard/', headers: session.headers() })).json(),
    );

  it('warms each kind of seeding write before the server listens, and leaves no row behind', async () => {
    const written = ['reading_blocks', 'rollups', 'daily_rollups', 'monthly_rollups', 'appliance_events'];
    const counts = async () =>
      Promise.all(
        [...written, 'appliance_daily'].map(
          async (table) =>
            (await suite.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n,
        ),
      );
    const before = await counts();
    expect(before).toEqual([0, 0, 0, 0, 0, 0]);
    const simulation = new DemoSimulation(suite.db, { historyDays: DAYS, now: () => NOW, log });
    // An own home's 1-minute and half-hourly readings with their uses, a neighbour's daily totals.
    expect(await simulation.warmUp()).toBe(3);
    expect(await counts()).toEqual(before);
  });

  it('gives the demo homes no figure before their readings, then today’s balance from the simulator', async () => {
    const cards = async () =>
      DashboardResponse.parse(
        (await t.app.inject({ url: '/api/v3/dashboard/', headers: demo.headers() })).json(),
      );
    expect((await cards()).map((c) => c.messages)).toEqual([[], []]);
    const report = await run(NOW);
    expect(lines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
    const start = historyStart(NOW, 'Europe/London', DAYS);
    expect(start).toBe(at('2026-01-12T00:00:00Z'));
    const minutes = (NOW - start) / 60;
    const halfHours = Math.floor((NOW - start) / 1800);
    expect(halfHours).toBe(162);
    // 12, 13, 14 and 15 January: four local days per neighbour, no raw reading.
    expect(report).toMatchObject({ homes: 3 + NEIGHBOURS, readings: 3 * minutes, days: NEIGHBOURS * 4 });
    expect(report.events).toBeGreaterThan(20);
    for (const card of await cards()) {
      const today = EnergyDetail.parse(
        (
          await t.app.inject({
            url: `/api/v3/energy_info/today/?user_id=${card.dependant_user_id ?? card.user_id}`,
            headers: demo.headers(),
          })
        ).json(),
      );
      expect(today.latest_updated).toBe(NOW);
      expect(today.energy_balance.consumed).toBeGreaterThan(0);
      // The demo's own home has gas (issue 35): its card is both fuels' balance, each to the penny.
      const gas = today.fuels?.includes('gas')
        ? EnergyDetail.parse(
            (
              await t.app.inject({
                url: `/api/v3/energy_info/today/?user_id=${card.user_id}&fuel=gas`,
                headers: demo.headers(),
              })
            ).json(),
          ).balance.cost
        : null;
      const p = (pounds: number) => Math.round(pounds * 100);
      const value =
        gas === null
          ? today.balance.profit_loss
          : (p(today.balance.income) - p(today.balance.cost) - p(gas)) / 100;
      expect(card.messages).toEqual([{ currency_unit: '£', value }]);
      expect(gas === null).toBe(card.dependant_user_id !== null && card.dependant_user_id !== undefined);
    }
  });

  // Issue 33.14: the progress lines printed running totals under names that read as the step's own counts.
  it('names the progress lines’ figures as what they are: totals so far', () => {
    expect(Object.keys(infos.get('demo: history of the demo homes stored') ?? {}).sort()).toEqual([
      'homeDaysSoFar',
      'ms',
      'readingsSoFar',
      'usesSoFar',
    ]);
    expect(Object.keys(infos.get('demo: history of the meter-only home stored') ?? {}).sort()).toEqual([
      'homeDaysSoFar',
      'ms',
      'readingsSoFar',
      'usesSoFar',
    ]);
  });

  it('declares a count above 0 for every appliance type the demo homes have uses of, and the spec’s counts', async () => {
    const cards = DashboardResponse.parse(
      (await t.app.inject({ url: '/api/v3/dashboard/', headers: demo.headers() })).json(),
    );
    const specs = demoSpecs(0);
    for (const card of cards) {
      const userId = card.dependant_user_id ?? card.user_id;
      const res = await t.app.inject({
        url: `/api/v3/list_appliances/?user_id=${userId}`,
        headers: demo.headers(),
      });
      expect(res.statusCode).toBe(200);
      const { appliances } = ListAppliancesResponse.parse(res.json());
      const declared = appliances.filter((a) => a.number_of_appliances > 0);
      const { rows } = await suite.db.query<{ type_id: number }>(
        `select distinct e.appliance_type_id as type_id from appliance_events e
           join houses h on h.id = e.house_id where h.owner_user_id = $1 order by 1`,
        [userId],
      );
      const used = rows.map((r) => r.type_id);
      expect(used.length).toBeGreaterThan(3); // the simulated days gave this home appliance uses
      expect(used.filter((id) => !declared.some((a) => a.appliance_type_id === id))).toEqual([]);
      const username = card.dependant_user_id ? 'mum' : 'demo';
      const expected = declaredAppliances(specs.get(username)!.spec);
      expect(declared.map((a) => ({ typeId: a.appliance_type_id, count: a.number_of_appliances }))).toEqual(
        expected,
      );
      expect(declared.every((a) => a.show_appliance)).toBe(true);
    }
    expect(declaredAppliances(specs.get('demo')!.spec)).toContainEqual({ typeId: 11, count: 2 }); // two TVs
  });

  it('creates the neighbours with their households and daily totals only, and the demo tariffs', async () => {
    const { rows } = await suite.db.query<{
      username: string;
      property_type: string;
      people: number;
      slots: number;
      day_slots: number;
    }>(
      `select u.username, h.property_type,
              coalesce(h.under10, 0) + coalesce(h.range10_17, 0) + coalesce(h.range18_64, 0)
                + coalesce(h.range65_74, 0) + coalesce(h.over74, 0) as people,
              (select count(*)::int from rollups r where r.house_id = h.id and r.fuel = 0) as slots,
              (select sum(d.data_slots)::int from daily_rollups d where d.house_id = h.id and d.fuel = 0)
                as day_slots
         from houses h join users u on u.id = h.owner_user_id where h.demo order by h.id`,
    );
    expect(rows.map((r) => r.username)).toEqual([
      'demo',
      'mum',
      'dad',
      'neighbour-001',
      'neighbour-002',
      'neighbour-003',
    ]);
    expect(rows.slice(0, 3).map((r) => [r.property_type, r.people])).toEqual([
      ['Semi_detached', 4],
      ['Bungalow', 1],
      ['Terraced', 1],
    ]);
    expect(rows.slice(3).map((r) => r.people)).toEqual([1, 2, 3]); // the neighbourhood starts with sizes 1, 2, 3…
    for (const r of rows) {
      const own = !r.username.startsWith('n');
      // Own homes: every half-hour with a minute, the current one included; neighbours: completed ones.
      expect([r.slots, r.day_slots]).toEqual(own ? [163, 163] : [0, 162]);
    }
    const tariffs = await suite.db.query<{ n: number }>('select count(*)::int as n from tariffs');
    expect(tariffs.rows[0]!.n).toBe(2); // Dad's house is on the default tariff
    // The demo's rates are named as a bill names them (issue 33 item 13), not 'cheap' and 'standard'.
    const [own] = (await cardsOf(demo)).filter((c) => c.dependant_user_id === null);
    const tariff = Tariff.parse(
      (
        await t.app.inject({
          url: `/api/v3/tariff_setting/?user_id=${own!.user_id}`,
          headers: demo.headers(),
        })
      ).json(),
    );
    expect(tariff.import?.[0]?.rate_names).toEqual(['day', 'night', 'day', 'peak', 'day']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      payload: { username: 'neighbour-001', password: '' },
    });
    expect(login.statusCode).not.toBe(200);
  });

  it('gives a neighbour the very daily and monthly totals its half-hours would get through ingest', async () => {
    const ids = await insertHomes(suite.db, [
      { username: 'twin', name: 'Twin', propertyType: 'Flat', occupants: {}, demo: false },
    ]);
    const twin = ids.get('twin')!;
    const spec = neighbourHomes(NEIGHBOURS, NEIGHBOUR_SEED)[0]!;
    const from = at('2026-01-12T00:00:00Z');
    const to = NOW - (NOW % 1800);
    for (const day of simulateDays(spec, { from, to, zone: 'Europe/London' }))
      await ingestReadings(suite.db, twin, readingsOf(day, 1800), { now: NOW });
    const rowsOf = async (table: string, username: string) =>
      (
        await suite.db.query(
          `select r.* from ${table} r join houses h on h.id = r.house_id join users u on u.id = h.owner_user_id
            where u.username = $1 order by 2`,
          [username],
        )
      ).rows.map(({ house_id: _, ...rest }) => rest);
    for (const table of ['daily_rollups', 'monthly_rollups']) {
      const expected = await rowsOf(table, 'twin');
      expect(expected.length).toBeGreaterThan(0);
      expect(await rowsOf(table, 'neighbour-001')).toEqual(expected);
    }
  });

  it('on a restart stores only the gap: the minutes since the newest reading, nothing twice', async () => {
    const again = await run(NOW);
    expect(again).toMatchObject({ readings: 0, events: 0 });
    const later = await run(NOW + 600); // ten minutes on; no neighbour half-hour has completed
    expect(later.readings).toBe(3 * 10);
    const { rows } = await suite.db.query<{ latest: number }>(
      'select max(start_ts + interval_s)::bigint as latest from readings r join houses h on h.id = r.house_id where h.demo and h.id <= 3',
    );
    expect(rows[0]!.latest).toBe(NOW + 600);
  });

  it('leaves planner statistics for the tables it filled (PGlite runs no autovacuum), the blocks by their keys', async () => {
    const { rows } = await suite.db.query<{ tablename: string; attname: string }>(
      `select tablename, attname from pg_stats where schemaname = current_schema() and tablename = any($1)`,
      [['rollup_days', 'daily_rollups', 'use_days', 'appliance_daily', 'reading_blocks']],
    );
    const columns = (table: string) => rows.filter((r) => r.tablename === table).map((r) => r.attname);
    for (const table of ['rollup_days', 'daily_rollups', 'use_days', 'appliance_daily'])
      expect(columns(table)).toContain('house_id');
    expect(columns('reading_blocks')).toEqual(expect.arrayContaining(['house_id', 'block_start']));
  });
});
