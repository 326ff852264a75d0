import { emptyTotals, fixedRate, TOTALS_FIELDS } from '@homeview/domain';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { insertTariff } from '../src/features/demo/repository';
import { ingestReadings } from '../src/features/readings/ingest';
import { writeTariff } from '../src/features/tariffs/service';
import type { Reading } from '../src/ingest/formats';
import { describeEachDb } from './support/db';
import { STANDING_NANO, TEST_TARIFF } from './support/energy';
import { makeHouse } from './support/ingest';

// Daily rollups (one row per house per local day) stay equal to their half-hours as data arrives in any
// order, late, repeated, across both 2024 clock changes; after a reprice; and when the migration fills
// them from existing half-hours. The expectation is computed here from the half-hour rows with Intl,
// not with the server's code.

const ZONE = 'Europe/London';
const NOW = 1_800_000_000;
const MAR_30 = 1_711_756_800; // 2024-03-30T00:00Z: the 31st is the short day (46 half-hours)
const OCT_26 = 1_729_900_800; // 2024-10-26T00:00Z: the 27th is the long day (50 half-hours)

const local = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateOf = (ts: number) => local.format(new Date(ts * 1000));

/** Half-hours whose local date is `date`: counted over the UTC half-hours two days either side. */
function halfHoursOf(date: string): number[] {
  const noon = Date.parse(`${date}T12:00:00Z`) / 1000;
  const out: number[] = [];
  for (let t = noon - 2 * 86_400; t < noon + 2 * 86_400; t += 1800) if (dateOf(t) === date) out.push(t);
  return out;
}

interface Slot {
  slot_start: number;
  covered_s: number;
  import_wh: number;
  export_wh: number;
  generation_wh: number;
  import_cost: number;
  export_income: number;
  generation_income: number;
}

/** What each day row must hold, summed from the house's half-hour rollups. */
async function expectedDays(db: Parameters<typeof migrate>[0], houseId: number, standingNano: number) {
  const { rows } = await db.query<Slot>(
    `select slot_start, covered_s, import_wh, export_wh, generation_wh, import_cost, export_income,
            generation_income from rollups where house_id = $1 order by slot_start`,
    [houseId],
  );
  const days = new Map<string, Record<string, number | string>>();
  for (const r of rows) {
    const date = dateOf(r.slot_start);
    const slots = halfHoursOf(date);
    const d = days.get(date) ?? {
      day: date,
      day_start: slots[0] as number,
      slots: slots.length,
      ...emptyTotals(),
      covered_s: 0,
      first_ts: r.slot_start,
      latest_end: 0,
      standing_charge: standingNano,
    };
    const add = (k: string, v: number) => {
      d[k] = (d[k] as number) + v;
    };
    add('data_slots', 1);
    add('covered_s', r.covered_s);
    d.latest_end = r.slot_start + r.covered_s;
    add('import_wh', r.import_wh);
    add('export_wh', r.export_wh);
    add('generation_wh', r.generation_wh);
    add('consumed_wh', r.import_wh + Math.max(0, r.generation_wh - r.export_wh));
    add('import_cost', r.import_cost);
    add('export_income', r.export_income);
    add('generation_income', r.generation_income);
    days.set(date, d);
  }
  return [...days.values()];
}

/** What each month row must hold, summed from the day rows. */
function expectedMonths(days: readonly Record<string, number | string>[]) {
  const months = new Map<string, Record<string, number | string>>();
  for (const d of days) {
    const month = `${(d.day as string).slice(0, 7)}-01`;
    const m = months.get(month);
    if (m === undefined) {
      const { day: _day, day_start: _start, slots: _slots, ...sums } = d;
      months.set(month, { month, days: 1, ...sums });
      continue;
    }
    m.days = (m.days as number) + 1;
    m.latest_end = d.latest_end as number;
    for (const k of SUMMED) m[k] = (m[k] as number) + (d[k] as number);
  }
  return [...months.values()];
}
const SUMMED = [...TOTALS_FIELDS, 'covered_s'];

async function monthRows(db: Parameters<typeof migrate>[0], houseId: number) {
  const { rows } = await db.query<Record<string, number | string>>(
    `select month::text as month, days, data_slots, covered_s, first_ts, latest_end, import_wh, export_wh,
            generation_wh, consumed_wh, import_cost, export_income, generation_income, standing_charge
       from monthly_rollups where house_id = $1 order by month`,
    [houseId],
  );
  return rows;
}

/** Day and month rows equal what the house's half-hours add up to. */
async function expectExact(db: Parameters<typeof migrate>[0], houseId: number, standingNano = STANDING_NANO) {
  const days = await expectedDays(db, houseId, standingNano);
  expect(await dayRows(db, houseId)).toEqual(days);
  expect(await monthRows(db, houseId)).toEqual(expectedMonths(days));
}

async function dayRows(db: Parameters<typeof migrate>[0], houseId: number) {
  const { rows } = await db.query<Record<string, number | string>>(
    `select day::text as day, day_start, slots, data_slots, covered_s, first_ts, latest_end, import_wh,
            export_wh, generation_wh, consumed_wh, import_cost, export_income, generation_income,
            standing_charge
       from daily_rollups where house_id = $1 order by day`,
    [houseId],
  );
  return rows;
}

/** Random 1-, 5- or 30-minute readings over 3 days around a clock change, sent shuffled in batches. */
const scenario = fc
  .record({
    day: fc.constantFrom(MAR_30, OCT_26),
    interval: fc.constantFrom(60, 300, 1800),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    batches: fc.integer({ min: 1, max: 6 }),
  })
  .map((s) => {
    let x = s.seed;
    const rand = () => {
      x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
      return x / 2_147_483_648;
    };
    const readings: Reading[] = [];
    for (let t = s.day; t < s.day + 3 * 86_400; t += s.interval) {
      if (rand() < 0.2) continue;
      const wh = () => Math.floor(rand() * (s.interval / 6 + 1));
      readings.push({
        start: t,
        interval_s: s.interval,
        import_wh: wh(),
        export_wh: wh(),
        generation_wh: wh(),
      });
    }
    for (let i = readings.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [readings[i], readings[j]] = [readings[j] as Reading, readings[i] as Reading];
    }
    const size = Math.ceil(readings.length / s.batches);
    return Array.from({ length: s.batches }, (_, i) => readings.slice(i * size, (i + 1) * size));
  });

describeEachDb('daily rollups', (suite) => {
  let houses = 0;
  const newHouse = async () => {
    const house = await makeHouse(suite.db, `daily-${suite.kind}-${++houses}`);
    await insertTariff(suite.db, house.houseId, TEST_TARIFF);
    return house;
  };

  it('equal the sums of their half-hours per local day, whatever the order, batches and clock changes', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (batches) => {
        const { houseId } = await newHouse();
        for (const batch of batches) {
          await ingestReadings(suite.db, houseId, batch, { now: NOW });
          await expectExact(suite.db, houseId); // after every batch, not only at the end
        }
      }),
      // Fixed: the same cases each run (DAILY_ROLLUPS_SEED explores others).
      { numRuns: 6, seed: Number(process.env.DAILY_ROLLUPS_SEED ?? 20_260_115) },
    );
  });

  it('has 46 and 50 half-hours on the clock-change days and takes late data into its day', async () => {
    const { houseId } = await newHouse();
    const minutes = (from: number, count: number): Reading[] =>
      Array.from({ length: count }, (_, i) => ({
        start: from + i * 60,
        interval_s: 60,
        import_wh: 5,
        export_wh: 0,
        generation_wh: 0,
      }));
    await ingestReadings(suite.db, houseId, minutes(MAR_30 + 86_400, 23 * 60), { now: NOW }); // all of 31 March
    await ingestReadings(suite.db, houseId, minutes(OCT_26 + 86_400 - 3600, 25 * 60), { now: NOW }); // 27 October
    let rows = await dayRows(suite.db, houseId);
    expect(rows.map((r) => [r.day, r.slots, r.data_slots, r.covered_s, r.import_wh])).toEqual([
      ['2024-03-31', 46, 46, 23 * 3600, 23 * 60 * 5],
      ['2024-10-27', 50, 50, 25 * 3600, 25 * 60 * 5],
    ]);
    // Late data for the morning of 26 October (BST: local midnight is 23:00Z the day before).
    await ingestReadings(suite.db, houseId, minutes(OCT_26 - 3600, 60), { now: NOW });
    rows = await dayRows(suite.db, houseId);
    expect(rows.map((r) => [r.day, r.day_start, r.data_slots, r.first_ts, r.latest_end])).toEqual([
      ['2024-03-31', MAR_30 + 86_400, 46, MAR_30 + 86_400, MAR_30 + 86_400 + 23 * 3600],
      ['2024-10-26', OCT_26 - 3600, 2, OCT_26 - 3600, OCT_26],
      ['2024-10-27', OCT_26 + 86_400 - 3600, 50, OCT_26 + 86_400 - 3600, OCT_26 + 2 * 86_400],
    ]);
    await expectExact(suite.db, houseId);
    expect((await monthRows(suite.db, houseId)).map((m) => [m.month, m.days])).toEqual([
      ['2024-03-01', 1],
      ['2024-10-01', 2],
    ]);
  });

  it('follow a reprice: money and standing charge of the days from the new version on', async () => {
    const { houseId } = await newHouse();
    const readings = Array.from({ length: 4 * 48 }, (_, i) => ({
      start: OCT_26 + i * 1800,
      interval_s: 1800,
      import_wh: 100 + (i % 7),
      export_wh: i % 3,
      generation_wh: i % 5,
    }));
    await ingestReadings(suite.db, houseId, readings, { now: NOW });
    const before = await dayRows(suite.db, houseId);
    await writeTariff(
      suite.db,
      houseId,
      { standingCharge: 700_000, import: fixedRate(200_000) },
      '2024-10-28',
    );
    const after = await dayRows(suite.db, houseId);
    const expected = await expectedDays(suite.db, houseId, STANDING_NANO);
    for (const day of expected) if ((day.day as string) >= '2024-10-28') day.standing_charge = 700_000_000;
    expect(after).toEqual(expected);
    expect(await monthRows(suite.db, houseId)).toEqual(expectedMonths(expected));
    // The days before the new version are untouched; those after it changed.
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]!.import_cost).not.toBe(before[2]!.import_cost);
    expect(after[2]!.import_cost).toBe((after[2]!.import_wh as number) * 200_000);
  });

  it('are filled from the existing half-hours by their migration', async () => {
    const first = await newHouse();
    const second = await newHouse();
    await ingestReadings(
      suite.db,
      first.houseId,
      [{ start: MAR_30, interval_s: 1800, import_wh: 9, export_wh: 0, generation_wh: 0 }],
      { now: NOW },
    );
    await ingestReadings(
      suite.db,
      second.houseId,
      Array.from({ length: 3 * 48 }, (_, i) => ({
        start: OCT_26 + i * 1800,
        interval_s: 1800,
        import_wh: i,
        export_wh: i % 3,
        generation_wh: 1,
      })),
      { now: NOW },
    );
    const snapshot = async () => [
      (await suite.db.query('select * from daily_rollups order by house_id, day')).rows,
      (await suite.db.query('select * from monthly_rollups order by house_id, month')).rows,
    ];
    const before = await snapshot();
    // As on a database migrated before daily rollups existed: the migration runs again, gas (0027), which
    // gives the days their fuel, and carbon_mg (0039), their carbon, with the data step that fills them.
    await suite.db.exec(
      "drop table daily_rollups, monthly_rollups; delete from schema_migrations where name in ('daily_rollups', 'gas', 'carbon_mg')",
    );
    await migrate(suite.db);
    expect(await snapshot()).toEqual(before);
    await expectExact(suite.db, second.houseId);
  });
});

beforeAll(() => {
  expect(halfHoursOf('2024-03-31')).toHaveLength(46);
  expect(halfHoursOf('2024-10-27')).toHaveLength(50);
});
