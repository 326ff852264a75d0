import { ApplianceDetail } from '@homeview/contract';
import { fixedRate } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { insertTariff } from '../src/features/demo/repository';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { writeTariff } from '../src/features/tariffs/service';
import { login, makeTestApp, makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { at, houseWithData, syntheticReadings, TEST_TARIFF } from './support/energy';
import { makeHouse } from './support/ingest';

// Appliance days (appliance_daily, migration 0010) stay equal to the sums of the appliance events per
// house, type and local day of the use's start: across the October clock change, for a late use of an
// earlier day, a use that grows while it runs, after a reprice, and when the migration fills them from
// existing events. The expectation is summed here from the event rows with Intl, not with the server's
// code. Then the appliance detail compares a home with the similar-homes group among homes that have
// the appliance, as rankings group them.

const ZONE = 'Europe/London';
const KETTLE = 1;
const WASHING = 7;
const TV = 11;
const OCT_27 = at('2024-10-26T23:00:00Z'); // local midnight (BST) starting the 25-hour day

const local = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateOf = (ts: number) => local.format(new Date(ts * 1000));

interface DayRow {
  house_id: number;
  appliance_type_id: number;
  day: string;
  uses: number;
  seconds: number;
  energy_wh: number;
  cost: number;
}

/** What appliance_daily must hold, summed here from the events. */
async function expectedDays(db: Db): Promise<DayRow[]> {
  const { rows } = await db.query<{
    house_id: number;
    appliance_type_id: number;
    start_ts: number;
    end_ts: number;
    energy_wh: number;
    cost: number;
  }>('select house_id, appliance_type_id, start_ts, end_ts, energy_wh, cost from appliance_events');
  const days = new Map<string, DayRow>();
  for (const e of rows) {
    const day = dateOf(e.start_ts);
    const key = `${e.house_id}|${day}|${e.appliance_type_id}`;
    const d = days.get(key) ?? {
      house_id: e.house_id,
      appliance_type_id: e.appliance_type_id,
      day,
      uses: 0,
      seconds: 0,
      energy_wh: 0,
      cost: 0,
    };
    d.uses += 1;
    d.seconds += e.end_ts - e.start_ts;
    d.energy_wh += e.energy_wh;
    d.cost += e.cost;
    days.set(key, d);
  }
  const order = (r: DayRow) =>
    `${String(r.house_id).padStart(6)}|${r.day}|${String(r.appliance_type_id).padStart(4)}`;
  return [...days.values()].sort((a, b) => order(a).localeCompare(order(b)));
}

async function dayRows(db: Db): Promise<DayRow[]> {
  const { rows } = await db.query<DayRow>(
    `select house_id, appliance_type_id, day::text as day, uses, seconds, energy_wh, cost
       from appliance_daily order by house_id, day, appliance_type_id`,
  );
  return rows;
}

async function expectExact(db: Db): Promise<void> {
  const expected = await expectedDays(db);
  expect(expected.length).toBeGreaterThan(0);
  expect(await dayRows(db)).toEqual(expected);
}

describeEachDb('appliance days', (suite) => {
  let houses = 0;
  const newHouse = async () => {
    const house = await makeHouse(suite.db, `appliance-days-${suite.kind}-${++houses}`);
    await insertTariff(suite.db, house.houseId, TEST_TARIFF);
    return house.houseId;
  };

  it('equal the sums of the events per local day, across the clock change, late, grown and repriced', async () => {
    const houseId = await newHouse();
    const other = await newHouse();
    // 27 October 2024 has 25 hours: a use at 00:30 BST (23:30Z on the 26th) and one at 23:30 GMT belong
    // to the 27th; one at 00:30 on the 28th does not.
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: OCT_27 + 1800, end: OCT_27 + 1980, energy_wh: 110 },
      {
        appliance_type_id: KETTLE,
        start: OCT_27 + 24 * 3600 + 1800,
        end: OCT_27 + 24 * 3600 + 1980,
        energy_wh: 90,
      },
      {
        appliance_type_id: KETTLE,
        start: OCT_27 + 25 * 3600 + 1800,
        end: OCT_27 + 25 * 3600 + 1980,
        energy_wh: 70,
      },
      { appliance_type_id: TV, start: OCT_27 + 20 * 3600, end: OCT_27 + 23 * 3600, energy_wh: 300 },
    ]);
    await ingestApplianceEvents(suite.db, other, [
      { appliance_type_id: KETTLE, start: OCT_27 + 7 * 3600, end: OCT_27 + 7 * 3600 + 200, energy_wh: 100 },
    ]);
    await expectExact(suite.db);
    const rows = await dayRows(suite.db);
    expect(
      rows.filter((r) => r.house_id === houseId).map((r) => [r.day, r.appliance_type_id, r.uses]),
    ).toEqual([
      ['2024-10-27', KETTLE, 2],
      ['2024-10-27', TV, 1],
      ['2024-10-28', KETTLE, 1],
    ]);
    // A late use of an earlier day, and a washing run reported while it runs, then again longer.
    const washStart = OCT_27 + 10 * 3600;
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: OCT_27 - 12 * 3600, end: OCT_27 - 12 * 3600 + 180, energy_wh: 95 },
      { appliance_type_id: WASHING, start: washStart, end: washStart + 1200, energy_wh: 300 },
    ]);
    await expectExact(suite.db);
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: WASHING, start: washStart, end: washStart + 5400, energy_wh: 1100 },
    ]);
    await expectExact(suite.db);
    const washing = (await dayRows(suite.db)).find((r) => r.appliance_type_id === WASHING);
    expect(washing).toMatchObject({ day: '2024-10-27', uses: 1, seconds: 5400, energy_wh: 1100 });
    // A resend of a shorter span changes nothing.
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: WASHING, start: washStart, end: washStart + 600, energy_wh: 100 },
    ]);
    await expectExact(suite.db);
    // A tariff from the 27th on reprices the uses of those days; the day before keeps its money.
    const before = await dayRows(suite.db);
    await writeTariff(suite.db, houseId, { import: fixedRate(400_000) }, '2024-10-27');
    const after = await dayRows(suite.db);
    await expectExact(suite.db);
    const tv = after.find((r) => r.house_id === houseId && r.appliance_type_id === TV);
    expect(tv?.cost).toBe(300 * 400_000);
    expect(after.find((r) => r.day === '2024-10-26')).toEqual(before.find((r) => r.day === '2024-10-26'));
    expect(after.filter((r) => r.house_id === other)).toEqual(before.filter((r) => r.house_id === other));
  });

  it('are filled from the existing events by their migration', async () => {
    const before = await dayRows(suite.db);
    expect(before.length).toBeGreaterThan(0);
    // As on a database migrated before appliance days existed: the uses a table again as they were then
    // (before use_days, 0038), and the migration runs again with its data step, and so do the later ones
    // that add a column to its table (estimated_uses, 0016) and move it to days (use_days).
    await suite.db.exec(`
      create table appliance_events_then as select * from appliance_events;
      drop view appliance_events;
      drop function uses_between(integer, bigint, bigint);
      drop function uses_overlapping(integer, bigint, bigint);
      drop table use_days;
      alter table appliance_events_then rename to appliance_events;
      alter table appliance_events add primary key (house_id, appliance_type_id, start_ts);
      drop table appliance_daily;
      delete from schema_migrations where name in ('appliance_daily', 'estimated_uses', 'use_days')`);
    await migrate(suite.db);
    expect(await dayRows(suite.db)).toEqual(before);
    await expectExact(suite.db);
  });

  it('compares an appliance with the similar-homes group among homes that have it', async () => {
    const NOW = at('2024-11-05T12:00:00Z');
    const TODAY = at('2024-11-05T00:00:00Z');
    const DAY = 86_400;
    const readings = syntheticReadings(TODAY - DAY, TODAY, 3);
    const profile = (id: number, type: string, occupants: number) =>
      suite.db.query('update houses set property_type = $2, range18_64 = $3 where id = $1', [
        id,
        type,
        occupants,
      ]);
    const home = async (
      name: string,
      type: string,
      occupants: number,
      kettleWh: number | null,
      data = readings,
    ) => {
      const user = await makeUser(suite.db, name);
      const houseId = await houseWithData(suite.db, user.id, data, NOW);
      await profile(houseId, type, occupants);
      if (kettleWh !== null)
        await ingestApplianceEvents(suite.db, houseId, [
          {
            appliance_type_id: KETTLE,
            start: TODAY - DAY + 8 * 3600,
            end: TODAY - DAY + 8 * 3600 + 240,
            energy_wh: kettleWh,
          },
        ]);
      return { user, houseId };
    };
    const me = await home(`me-${suite.kind}`, 'Flat', 2, 200);
    // Ten flats with 2 occupants and a kettle: the group. Not in it: a detached home (another type), a
    // flat with a kettle whose readings covered 2 hours of the day (under 90% of mine), a flat with no
    // kettle, and a flat that says it has one but did not use it (in, with 0).
    const group: number[] = [];
    for (let i = 0; i < 9; i++)
      group.push((await home(`flat-${suite.kind}-${i}`, 'Flat', 2, 100 + 20 * i)).houseId);
    const declared = await home(`declared-${suite.kind}`, 'Flat', 2, null);
    await suite.db.query(
      'insert into house_appliances (house_id, appliance_type_id, number_of_appliances) values ($1, $2, 1)',
      [declared.houseId, KETTLE],
    );
    await home(`detached-${suite.kind}`, 'Detached', 2, 5000);
    await home(
      `patchy-${suite.kind}`,
      'Flat',
      2,
      5000,
      syntheticReadings(TODAY - DAY, TODAY - DAY + 7200, 3),
    );
    await home(`nokettle-${suite.kind}`, 'Flat', 2, null);

    const t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    const session = await login(t.app, me.user);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/common/appliances/${KETTLE}/?user_id=${me.user.id}`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = ApplianceDetail.parse(res.json());
    expect(detail.compared).toEqual({
      group: 'same_size',
      description: 'Flat homes with 2 occupants',
      homes: 10,
    });
    // Mine 200 Wh; the group 100..260 Wh and 0: places and the average computed here.
    const groupWh = [...Array.from({ length: 9 }, (_, i) => 100 + 20 * i), 0];
    expect(detail.appliance_rankings.out_of).toBe(11);
    expect(detail.appliance_rankings.consumption).toBe(1 + groupWh.filter((w) => w < 200).length);
    const average = groupWh.reduce((a, b) => a + b, 0) / groupWh.length;
    expect(detail.comparable_rankings.consumption).toBe(Math.round(average) / 1000);
    const yesterday = detail.time_series.find((p) => p.timestamp === TODAY - DAY);
    expect(yesterday?.appliance.consumed).toBe(0.2);
    expect(yesterday?.comparable.consumed).toBe(Math.round(average) / 1000);
    await t.app.close();
  });
});

beforeAll(() => {
  expect(dateOf(OCT_27)).toBe('2024-10-27');
  expect(dateOf(OCT_27 + 25 * 3600 - 1)).toBe('2024-10-27');
  expect(dateOf(OCT_27 + 25 * 3600)).toBe('2024-10-28');
});
