import { expect, it } from 'vitest';
import { ingestReadings, ingestReadingsOfHouses, type Reading } from '../src/features/readings/ingest';
import { lockHouses } from '../src/shared/house';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';

// The device consumer's write of many houses in one statement (ingestReadingsOfHouses → writeBatches)
// stores exactly what ingestReadings stores house by house: the same blocks, half-hours, days and months,
// for batches that land among readings already stored, across London's clock change (29 March 2026, a
// 46-slot day) and the end of a month.

const FROM = Date.UTC(2026, 2, 28, 22, 0, 0) / 1000; // Saturday 28 March, 22:00 UTC
const TO = Date.UTC(2026, 3, 1, 2, 0, 0) / 1000; // Wednesday 1 April, 03:00 BST

/** 5-minute readings of the hours with this parity, house k drawing its own amounts. */
function readings(k: number, parity: 0 | 1): Reading[] {
  const out: Reading[] = [];
  for (let t = FROM; t < TO; t += 300) {
    if (Math.floor((t - FROM) / 3600) % 2 !== parity) continue;
    const step = (t - FROM) / 300;
    out.push({
      start: t,
      interval_s: 300,
      import_wh: 5 + ((step * (k + 3)) % 41),
      export_wh: step % 7 === 0 ? 2 : 0,
      generation_wh: step % 5,
    });
  }
  return out;
}

describeEachDb('many houses in one write', (suite) => {
  it('stores what house-by-house ingest stores', async () => {
    const houses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await makeUser(suite.db, `many-${suite.kind}-${i}`);
      const { rows } = await suite.db.query<{ id: number }>(
        'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
        [`many-${suite.kind}-${i}`],
      );
      houses.push(rows[0]!.id);
    }
    const now = TO + 600;
    const together = houses.slice(0, 3);
    const alone = houses.slice(3);
    // What was stored before: the even hours, house by house.
    for (const [k, house] of houses.entries())
      await ingestReadings(suite.db, house, readings(k % 3, 0), { now });
    // The odd hours: three houses in one transaction and statement, three house by house.
    const results = await suite.db.transaction(async (tx) => {
      await lockHouses(tx, together);
      return ingestReadingsOfHouses(tx, new Map(together.map((h, k) => [h, readings(k, 1)])), { now });
    });
    for (const [k, house] of alone.entries()) await ingestReadings(suite.db, house, readings(k, 1), { now });
    expect([...results.values()].map((r) => r.stored)).toEqual([0, 1, 2].map((k) => readings(k, 1).length));

    const table = async (sql: string, house: number) => (await suite.db.query(sql, [house])).rows;
    const tables = [
      'select slot_start, covered_s, import_wh, export_wh, generation_wh, import_cost, export_income, generation_income from rollups where house_id = $1 order by slot_start',
      'select day::text, day_start, slots, data_slots, covered_s, first_ts, latest_end, import_wh, export_wh, generation_wh, consumed_wh, import_cost, export_income, generation_income, standing_charge from daily_rollups where house_id = $1 order by day',
      'select month::text, days, data_slots, covered_s, import_wh, consumed_wh, import_cost, standing_charge from monthly_rollups where house_id = $1 order by month',
      'select block_start, gaps, interval_s, import_wh, export_wh, generation_wh from reading_blocks where house_id = $1 order by block_start',
    ];
    for (let k = 0; k < 3; k++)
      for (const sql of tables) {
        const mine = await table(sql, together[k]!);
        expect(mine.length).toBeGreaterThan(0);
        expect(mine).toEqual(await table(sql, alone[k]!));
      }
    // The clock-change day has its 46 slots, and both months have their days.
    const days = await table(
      'select day::text, slots from daily_rollups where house_id = $1 order by day',
      together[0]!,
    );
    expect(days).toContainEqual({ day: '2026-03-29', slots: 46 });
    const months = await table(
      'select month::text from monthly_rollups where house_id = $1 order by month',
      together[0]!,
    );
    expect(months).toEqual([{ month: '2026-03-01' }, { month: '2026-04-01' }]);
  });

  it('estimates the same appliance uses from 1-minute readings as house-by-house ingest', async () => {
    // 1-minute readings from 23:00 UTC to 00:40, a base load and two kettle-like steps (3 kW for 3 minutes)
    // a few minutes apart per house; the second batch (from midnight) reads the day before as context.
    const start = Date.UTC(2026, 0, 14, 23, 0, 0) / 1000;
    const minutes = (k: number, from: number, to: number): Reading[] => {
      const out: Reading[] = [];
      for (let m = from; m < to; m++) {
        const kettle = (m >= 52 + k && m < 55 + k) || (m >= 68 + k && m < 71 + k);
        out.push({
          start: start + m * 60,
          interval_s: 60,
          import_wh: (kettle ? 50 : 5) + ((m * (k + 1)) % 3),
          export_wh: 0,
          generation_wh: 0,
        });
      }
      return out;
    };
    const houses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await makeUser(suite.db, `est-${suite.kind}-${i}`);
      const { rows } = await suite.db.query<{ id: number }>(
        'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
        [`est-${suite.kind}-${i}`],
      );
      houses.push(rows[0]!.id);
    }
    const now = start + 3 * 3600;
    const together = houses.slice(0, 3);
    const alone = houses.slice(3);
    for (const [k, house] of houses.entries())
      await ingestReadings(suite.db, house, minutes(k % 3, 0, 60), { now });
    const results = await suite.db.transaction(async (tx) => {
      await lockHouses(tx, together);
      return ingestReadingsOfHouses(tx, new Map(together.map((h, k) => [h, minutes(k, 60, 100)])), {
        now,
      });
    });
    const single = [];
    for (const [k, house] of alone.entries())
      single.push(await ingestReadings(suite.db, house, minutes(k, 60, 100), { now }));
    expect([...results.values()].map((r) => r.estimated ?? 0)).toEqual(single.map((r) => r.estimated ?? 0));
    const uses = async (house: number) =>
      (
        await suite.db.query(
          `select appliance_type_id, start_ts::float8 - $2 as start_s, end_ts::float8 - $2 as end_s, energy_wh, cost
           from appliance_events where house_id = $1 and estimated order by start_ts, appliance_type_id`,
          [house, start],
        )
      ).rows;
    let found = 0;
    for (let k = 0; k < 3; k++) {
      const mine = await uses(together[k]!);
      found += mine.length;
      expect(mine).toEqual(await uses(alone[k]!));
    }
    expect(found).toBeGreaterThan(0); // the steps were found, so the comparison means something
  });

  it('writes a flush larger than one statement in parts, storing what house-by-house ingest stores', async () => {
    // Two houses of 30,000 one-minute readings each: together over INSERT_CHUNK (50,000), so their blocks
    // and half-hours go in two statements and the days are summed in the last; alone, one statement each.
    const start = Date.UTC(2026, 0, 3, 0, 0, 0) / 1000;
    const minutes = (k: number): Reading[] =>
      Array.from({ length: 30_000 }, (_, m) => ({
        start: start + m * 60,
        interval_s: 60,
        import_wh: 1 + ((m * (k + 7)) % 13),
        export_wh: 0,
        generation_wh: m % 4,
      }));
    const houses: number[] = [];
    for (let i = 0; i < 4; i++) {
      await makeUser(suite.db, `big-${suite.kind}-${i}`);
      const { rows } = await suite.db.query<{ id: number }>(
        'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
        [`big-${suite.kind}-${i}`],
      );
      houses.push(rows[0]!.id);
    }
    const now = start + 30_000 * 60;
    const together = houses.slice(0, 2);
    const alone = houses.slice(2);
    const results = await ingestReadingsOfHouses(suite.db, new Map(together.map((h, k) => [h, minutes(k)])), {
      now,
    });
    for (const [k, house] of alone.entries()) await ingestReadings(suite.db, house, minutes(k), { now });
    expect([...results.values()].map((r) => r.stored)).toEqual([30_000, 30_000]);
    const tables = [
      'select slot_start, covered_s, import_wh, generation_wh, import_cost from rollups where house_id = $1 order by slot_start',
      'select day::text, slots, data_slots, covered_s, import_wh, consumed_wh, import_cost, standing_charge from daily_rollups where house_id = $1 order by day',
      'select month::text, days, covered_s, import_wh, import_cost from monthly_rollups where house_id = $1 order by month',
      'select block_start, gaps, import_wh, generation_wh from reading_blocks where house_id = $1 order by block_start',
    ];
    for (let k = 0; k < 2; k++)
      for (const sql of tables) {
        const mine = (await suite.db.query(sql, [together[k]!])).rows;
        expect(mine.length).toBeGreaterThan(0);
        expect(mine).toEqual((await suite.db.query(sql, [alone[k]!])).rows);
      }
    // 30,000 minutes from 3 January: 20 whole days and 20 hours of the 21st, in one month.
    const days = await suite.db.query<{ n: number; covered: string }>(
      'select count(*)::int as n, sum(covered_s)::text as covered from daily_rollups where house_id = $1',
      [together[0]!],
    );
    expect(days.rows[0]).toEqual({ n: 21, covered: String(30_000 * 60) });
  });
});
