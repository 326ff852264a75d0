import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { mergeUses } from '../src/features/readings/use-days';
import { createDatabaseThrough, dbKinds, type TestDatabase } from './support/db';

// Migration use_days (0038) moves the appliance uses, one row each, into one row per house and UTC day of
// arrays. Run here on a database migrated up to the migration before it and holding uses of two houses:
// measured and estimated, two types starting the same second, one at a UTC day's last second, one running
// over midnight, one a year long, a cost beyond 2^31. The view `appliance_events` must then give back every
// row unchanged, uses_between and uses_overlapping their ranges, and mergeUses change them in place.

const MIGRATION = loadMigrations().find((m) => m.name === 'use_days')?.version as number;
const DAY = 1_767_225_600; // 2026-01-01T00:00Z

async function seed(db: Db): Promise<[number, number]> {
  const houses: number[] = [];
  for (const name of ['uses-a', 'uses-b']) {
    const user = await db.query<{ id: number }>(
      `insert into users (username, password_hash) values ($1, '!') returning id`,
      [name],
    );
    const house = await db.query<{ id: number }>(
      `insert into houses (owner_user_id, name, time_zone) values ($1, 'home', 'Europe/London') returning id`,
      [user.rows[0]?.id as number],
    );
    houses.push(house.rows[0]?.id as number);
  }
  const [a, b] = houses as [number, number];
  await db.exec(`
    insert into appliance_events (house_id, appliance_type_id, start_ts, end_ts, energy_wh, cost, estimated) values
      (${a}, 1, ${DAY + 7 * 3600}, ${DAY + 7 * 3600 + 180}, 100, 24670000, false),
      (${a}, 5, ${DAY + 7 * 3600}, ${DAY + 7 * 3600 + 240}, 60, 14802000, false),
      (${a}, 7, ${DAY + 86_399}, ${DAY + 86_400 + 5400}, 900, 222030000, false),
      (${a}, 1, ${DAY + 86_400 + 60}, ${DAY + 86_400 + 200}, 80, 0, true),
      (${a}, 12, ${DAY + 2 * 86_400 + 23 * 3600}, ${DAY + 3 * 86_400 + 6 * 3600}, 7000, 5000000000, false),
      (${a}, 2, ${DAY + 9 * 86_400}, ${DAY + 9 * 86_400 + 365 * 86_400}, 2000000, 0, false),
      (${b}, 1, ${DAY + 3600}, ${DAY + 3780}, 90, 1, true)`);
  return [a, b];
}

const ALL = 'select * from appliance_events order by house_id, start_ts, appliance_type_id';

for (const kind of dbKinds) {
  describe(`migration use_days keeps every use [${kind}]`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createDatabaseThrough(kind, MIGRATION - 1);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('moves a populated database: the same rows through the view, one row per house and UTC day', async () => {
      const db = (database as TestDatabase).db;
      const [a, b] = await seed(db);
      const before = (await db.query(ALL)).rows;
      expect(before).toHaveLength(7);

      expect(
        await migrate(
          db,
          loadMigrations().filter((m) => m.version <= MIGRATION),
        ),
      ).toEqual([MIGRATION]);

      expect((await db.query(ALL)).rows).toEqual(before);
      const days = await db.query<{ house_id: number; day_start: number; n: number; last_end: number }>(
        `select house_id, day_start, cardinality(type_ids) as n, last_end from use_days
          order by house_id, day_start`,
      );
      expect(days.rows).toEqual([
        { house_id: a, day_start: DAY, n: 3, last_end: DAY + 86_400 + 5400 },
        { house_id: a, day_start: DAY + 86_400, n: 1, last_end: DAY + 86_400 + 200 },
        { house_id: a, day_start: DAY + 2 * 86_400, n: 1, last_end: DAY + 3 * 86_400 + 6 * 3600 },
        { house_id: a, day_start: DAY + 9 * 86_400, n: 1, last_end: DAY + 374 * 86_400 },
        { house_id: b, day_start: DAY, n: 1, last_end: DAY + 3780 },
      ]);

      // Starts in a range across the UTC midnight: the day's last second and the next day's first use.
      const between = await db.query<{ appliance_type_id: number; start_ts: number }>(
        'select appliance_type_id, start_ts from uses_between($1, $2, $3) order by start_ts',
        [a, DAY + 86_399, DAY + 86_400 + 61],
      );
      expect(between.rows).toEqual([
        { appliance_type_id: 7, start_ts: DAY + 86_399 },
        { appliance_type_id: 1, start_ts: DAY + 86_400 + 60 },
      ]);
      // Running two days after it started: the year-long use, and nothing of the house's other.
      const running = await db.query<{ appliance_type_id: number }>(
        'select appliance_type_id from uses_overlapping($1, $2, $3) order by start_ts',
        [a, DAY + 100 * 86_400, DAY + 100 * 86_400 + 1],
      );
      expect(running.rows).toEqual([{ appliance_type_id: 2 }]);
      expect(
        (
          await db.query('select * from uses_overlapping($1, 0, $2) order by start_ts, appliance_type_id', [
            a,
            Number.MAX_SAFE_INTEGER,
          ])
        ).rows,
      ).toEqual(before.filter((r) => r.house_id === a));

      // The one writer in place: one use grows, one is repriced, the estimate dropped, one added.
      const applied = await mergeUses(db, [
        {
          mode: 'grow',
          house_id: a,
          appliance_type_id: 1,
          start_ts: DAY + 7 * 3600,
          end_ts: DAY + 7 * 3600 + 300,
          energy_wh: 150,
          cost: 37005000,
          estimated: false,
        },
        {
          mode: 'grow',
          house_id: a,
          appliance_type_id: 5,
          start_ts: DAY + 7 * 3600,
          end_ts: DAY + 7 * 3600 + 100,
          energy_wh: 1,
          cost: 1,
          estimated: false,
        },
        { mode: 'cost', house_id: a, appliance_type_id: 7, start_ts: DAY + 86_399, cost: 3 },
        { mode: 'drop', house_id: a, appliance_type_id: 1, start_ts: DAY + 86_400 + 60, estimatedOnly: true },
        { mode: 'drop', house_id: b, appliance_type_id: 5, start_ts: DAY + 3600 },
        {
          mode: 'add',
          house_id: b,
          appliance_type_id: 4,
          start_ts: DAY - 60,
          end_ts: DAY + 60,
          energy_wh: 10,
          cost: 2,
          estimated: false,
        },
      ]);
      // The shorter resend of the toaster and the drop of a use that is not stored change nothing.
      expect(applied.map((c) => c.mode)).toEqual(['grow', 'cost', 'drop', 'add']);
      const after = await db.query<{
        house_id: number;
        appliance_type_id: number;
        start_ts: number;
        cost: number;
      }>(
        'select house_id, appliance_type_id, start_ts, end_ts, cost from appliance_events order by house_id, start_ts, appliance_type_id',
      );
      expect(after.rows).toEqual([
        {
          house_id: a,
          appliance_type_id: 1,
          start_ts: DAY + 7 * 3600,
          end_ts: DAY + 7 * 3600 + 300,
          cost: 37005000,
        },
        {
          house_id: a,
          appliance_type_id: 5,
          start_ts: DAY + 7 * 3600,
          end_ts: DAY + 7 * 3600 + 240,
          cost: 14802000,
        },
        { house_id: a, appliance_type_id: 7, start_ts: DAY + 86_399, end_ts: DAY + 86_400 + 5400, cost: 3 },
        {
          house_id: a,
          appliance_type_id: 12,
          start_ts: DAY + 2 * 86_400 + 23 * 3600,
          end_ts: DAY + 3 * 86_400 + 6 * 3600,
          cost: 5000000000,
        },
        {
          house_id: a,
          appliance_type_id: 2,
          start_ts: DAY + 9 * 86_400,
          end_ts: DAY + 374 * 86_400,
          cost: 0,
        },
        { house_id: b, appliance_type_id: 4, start_ts: DAY - 60, end_ts: DAY + 60, cost: 2 },
        { house_id: b, appliance_type_id: 1, start_ts: DAY + 3600, end_ts: DAY + 3780, cost: 1 },
      ]);
      // The day left with no use is gone; the day before a's first gained b's row.
      const left = await db.query<{ house_id: number; day_start: number }>(
        'select house_id, day_start from use_days order by house_id, day_start',
      );
      expect(left.rows).toEqual([
        { house_id: a, day_start: DAY },
        { house_id: a, day_start: DAY + 2 * 86_400 },
        { house_id: a, day_start: DAY + 9 * 86_400 },
        { house_id: b, day_start: DAY - 86_400 },
        { house_id: b, day_start: DAY },
      ]);
    });
  });
}
