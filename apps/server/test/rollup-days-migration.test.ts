import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { createDatabaseThrough, dbKinds, type TestDatabase } from './support/db';

// Migration rollup_days (0035) moves the half-hour rollups, one row each, into one row per house, fuel and
// UTC day of arrays. Run here on a database migrated up to the migration before it and holding half-hours
// of two fuels, a gap inside a day and a day's last half-hour: the view `rollups` must then give back every
// row unchanged, half_hours() a range of them, and the table one row per UTC day with NULL in the gaps.

const MIGRATION = loadMigrations().find((m) => m.name === 'rollup_days')?.version as number;
const DAY = 1_767_225_600; // 2026-01-01T00:00Z

async function seed(db: Db): Promise<number> {
  const user = await db.query<{ id: number }>(
    `insert into users (username, password_hash) values ('rollup-days', '!') returning id`,
  );
  const house = await db.query<{ id: number }>(
    `insert into houses (owner_user_id, name, time_zone) values ($1, 'home', 'Europe/London') returning id`,
    [user.rows[0]?.id as number],
  );
  const h = house.rows[0]?.id as number;
  await db.exec(`
    insert into rollups (house_id, fuel, slot_start, covered_s, import_wh, export_wh, generation_wh, import_cost,
                         export_income, generation_income) values
      (${h}, 0, ${DAY}, 1800, 120, 0, 0, 33228000, 0, 0),
      (${h}, 0, ${DAY + 1800}, 900, 80, 5, 9, 22152000, 750000, 180000),
      (${h}, 0, ${DAY + 5400}, 1800, 50000, 0, 0, 5000000000000, 0, 0),
      (${h}, 0, ${DAY + 86400 - 1800}, 60, 1, 0, 0, 246700, 0, 0),
      (${h}, 0, ${DAY + 86400}, 1800, 7, 0, 0, 1726900, 0, 0),
      (${h}, 1, ${DAY + 1800}, 1800, 900, 0, 0, 5400000, 0, 0)`);
  return h;
}

const ALL = 'select * from rollups order by house_id, fuel, slot_start';

for (const kind of dbKinds) {
  describe(`migration rollup_days keeps every half-hour [${kind}]`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createDatabaseThrough(kind, MIGRATION - 1);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('moves a populated database: the same rows through the view, one row per UTC day', async () => {
      const db = (database as TestDatabase).db;
      const house = await seed(db);
      const before = (await db.query(ALL)).rows;
      expect(before).toHaveLength(6);

      expect(
        await migrate(
          db,
          loadMigrations().filter((m) => m.version <= MIGRATION),
        ),
      ).toEqual([MIGRATION]);

      expect((await db.query(ALL)).rows).toEqual(before);
      const days = await db.query<{ fuel: number; day_start: string; n: number; present: number }>(
        `select fuel, day_start::text, cardinality(covered_s) as n,
                (select count(*)::int from unnest(covered_s) c where c is not null) as present
           from rollup_days where house_id = $1 order by fuel, day_start`,
        [house],
      );
      expect(days.rows).toEqual([
        { fuel: 0, day_start: String(DAY), n: 48, present: 4 },
        { fuel: 0, day_start: String(DAY + 86400), n: 48, present: 1 },
        { fuel: 1, day_start: String(DAY), n: 48, present: 1 },
      ]);
      // A range across the UTC midnight: the day's last half-hour and the next day's first.
      const range = await db.query<{ slot_start: string; import_cost: string }>(
        'select slot_start::text, import_cost::text from half_hours($1, 0, $2, $3)',
        [house, DAY + 86400 - 1800, DAY + 86400 + 1800],
      );
      expect(range.rows).toEqual([
        { slot_start: String(DAY + 86400 - 1800), import_cost: '246700' },
        { slot_start: String(DAY + 86400), import_cost: '1726900' },
      ]);
    });
  });
}
