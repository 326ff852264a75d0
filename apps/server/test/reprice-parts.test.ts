import { fixedRate } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { ingestApplianceEvents, ingestReadings } from '../src/features/readings/ingest';
import { markReprice, PART_DAYS, resumeReprices } from '../src/features/readings/reprice';
import { writeTariff } from '../src/features/tariffs/service';
import { login, makeTestApp, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { type KeyedHouse, makeHouse, series } from './support/ingest';
import { setUseCosts } from './support/uses';

// Issue 27.3: a tariff saved from 2000-01-01 on a house with years of readings repriced all of it in one
// transaction, which on PGlite held every request (and /healthz) ~3 s and on both databases held the
// house's ingest as long. It now reprices PART_DAYS local days per transaction with a pause between two: work
// that comes during it goes first, and the money is exact once it ends (each half-hour at the new price,
// every day and month the sum of its half-hours, every use priced), and a repricing left by a stopped
// process is finished by the next start.

const JAN_2024 = 1_704_067_200; // 2024-01-01T00:00Z
const HALF_HOURS = 48 * 182; // to 2024-07-01T00:00Z, across the March clock change
const NEW_PRICE = 200_000; // µ£/kWh: 20 p, a price no 2024 price cap had
const NOW = 1_800_000_000;

/** Every half-hour's import cost at NEW_PRICE, days and months the sums of their half-hours, uses priced. */
async function expectRepricedExactly(db: Db, houseId: number, halfHours = HALF_HOURS) {
  const slots = await db.query<{ wrong: number; all: number }>(
    `select count(*) filter (where import_cost <> import_wh * ${NEW_PRICE}) as wrong, count(*) as all
       from rollups where house_id = $1`,
    [houseId],
  );
  expect(slots.rows[0]).toEqual({ wrong: 0, all: halfHours });
  const days = await db.query<{ day: string }>(
    `select d.day::text from daily_rollups d
       join rollups r on r.house_id = d.house_id and r.slot_start >= d.day_start and r.slot_start < d.day_start + d.slots * 1800
      where d.house_id = $1
      group by d.day, d.import_cost, d.export_income, d.generation_income
     having d.import_cost <> sum(r.import_cost) or d.export_income <> sum(r.export_income)
         or d.generation_income <> sum(r.generation_income)`,
    [houseId],
  );
  expect(days.rows).toEqual([]);
  const months = await db.query<{ month: string }>(
    `select m.month::text from monthly_rollups m
       join daily_rollups d on d.house_id = m.house_id and date_trunc('month', d.day) = m.month
      where m.house_id = $1
      group by m.month, m.import_cost, m.standing_charge, m.days
     having m.import_cost <> sum(d.import_cost) or m.standing_charge <> sum(d.standing_charge) or m.days <> count(*)`,
    [houseId],
  );
  expect(months.rows).toEqual([]);
  const monthCount = await db.query<{ n: number }>(
    'select count(*) as n from monthly_rollups where house_id = $1',
    [houseId],
  );
  expect(monthCount.rows[0]?.n).toBe(7); // January to 1 July, 00:00-01:00 BST
  // Uses of 1,000 Wh at a flat price cost 1,000 × NEW_PRICE n£, the one across 1 April's midnight too.
  const uses = await db.query<{ cost: number }>('select cost from appliance_events where house_id = $1', [
    houseId,
  ]);
  expect(uses.rows.map((u) => u.cost)).toEqual([1000 * NEW_PRICE, 1000 * NEW_PRICE]);
  const used = await db.query<{ cost: number }>(
    'select sum(cost)::bigint as cost from appliance_daily where house_id = $1',
    [houseId],
  );
  expect(used.rows[0]?.cost).toBe(2000 * NEW_PRICE);
  const pending = await db.query('select * from reprice_pending where house_id = $1', [houseId]);
  expect(pending.rows).toEqual([]);
}

describeEachDb('repricing in parts', (suite) => {
  let houses = 0;
  /** Six months of half-hours at the default tariff's prices, and two kettle-sized uses. */
  async function historicHouse(): Promise<KeyedHouse> {
    const house = await makeHouse(suite.db, `reprice-${suite.kind}-${++houses}`);
    await ingestReadings(suite.db, house.houseId, series(JAN_2024, HALF_HOURS, 1800), { now: NOW });
    const april = 1_711_926_000; // 2024-04-01T00:00 BST
    await ingestApplianceEvents(suite.db, house.houseId, [
      { appliance_type_id: 1, start: JAN_2024 + 7 * 3600, end: JAN_2024 + 7 * 3600 + 600, energy_wh: 1000 },
      { appliance_type_id: 2, start: april - 1800, end: april + 1800, energy_wh: 1000 }, // across months
    ]);
    const priced = await suite.db.query<{ n: number }>(
      `select count(*) as n from rollups where house_id = $1 and import_cost = import_wh * ${NEW_PRICE}`,
      [house.houseId],
    );
    expect(priced.rows[0]?.n).toBe(0); // not yet at the new price
    return house;
  }

  it('lets a query and the same house ingest through while a tariff from 2000 reprices, and ends exact', async () => {
    const house = await historicHouse();
    const order: string[] = [];
    let pauses = 0;
    let others: Promise<unknown> | undefined;
    const pause = async () => {
      pauses++;
      if (others !== undefined) return;
      // The attack, once repricing has begun: another request's statement, and an ingest of this house.
      others = Promise.all([
        suite.db.query('select 1').then(() => order.push('select 1')),
        ingestReadings(suite.db, house.houseId, series(JAN_2024 + HALF_HOURS * 1800, 2, 1800), {
          now: NOW,
        }).then(() => order.push('ingest')),
      ]);
    };
    const result = await writeTariff(
      suite.db,
      house.houseId,
      { import: fixedRate(NEW_PRICE) },
      '2000-01-01',
      pause,
    );
    order.push('tariff');
    await others;
    // Both came back before the repricing ended (in one transaction they waited for all of it).
    expect(order).toHaveLength(3);
    expect(order.at(-1)).toBe('tariff');
    // 183 local days hold money (1 January to 1 July, whose first hour is in the data): the first part
    // in the write, then a pause before each later one and before the last, empty one.
    expect(pauses).toBe(Math.ceil(183 / PART_DAYS));
    expect(result.repriced.rollups).toBe(HALF_HOURS);
    // The two half-hours ingested during it (1 July, 01:00 BST) were priced at the new tariff on the way in.
    await expectRepricedExactly(suite.db, house.houseId, HALF_HOURS + 2);
  });

  it('saved over HTTP from 2000-01-01 reprices every month before it answers', async () => {
    const t: TestApp = await makeTestApp(suite.db);
    try {
      const house = await historicHouse();
      const session = await login(t.app, { username: house.username, password: 'Test-Pass1!' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v3/tariff_setting/',
        headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          user_id: String(house.userId),
          start_date: '2000-01-01',
          tariff: JSON.stringify({
            import: [{ days: 'all', prices: [0.2], times: [0], rate_names: ['fix'] }],
          }),
        }).toString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      await expectRepricedExactly(suite.db, house.houseId);
    } finally {
      await t.app.close();
    }
  });

  it('is finished at the next start when a stopped process left it part-way', async () => {
    const house = await historicHouse();
    await writeTariff(suite.db, house.houseId, { import: fixedRate(NEW_PRICE) }, '2000-01-01');
    // As a process stopped after the write's transaction leaves it: the version saved, the money from
    // March on still at the old prices, the mark at March.
    const march = 1_709_251_200; // 2024-03-01T00:00Z
    await suite.db.query(
      // The half-hours are a UTC day's arrays (migration 0034); March starts a UTC day.
      `update rollup_days set import_cost = (select array_agg(c + 1 order by n) from unnest(import_cost) with ordinality u(c, n))
        where house_id = $1 and day_start >= $2`,
      [house.houseId, march],
    );
    await setUseCosts(suite.db, house.houseId, 1);
    await markReprice(suite.db, house.houseId, march);
    expect(await resumeReprices(suite.db)).toBe(1);
    // The use before March keeps the cost it was given (the mark is later), so it is put back first.
    await setUseCosts(suite.db, house.houseId, 1000 * NEW_PRICE, march);
    await expectRepricedExactly(suite.db, house.houseId);
  });
});

beforeAll(() => {
  expect(new Date((JAN_2024 + HALF_HOURS * 1800) * 1000).toISOString()).toBe('2024-07-01T00:00:00.000Z');
});
