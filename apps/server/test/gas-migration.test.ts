import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { createDatabaseThrough, dbKinds, type TestDatabase } from './support/db';

// Migration gas (0027) adds `fuel` to every per-house energy table, in each key right after house_id. Run
// here on a database migrated only up to the migration before it and holding electricity rows of every
// table: every row must come through unchanged as electricity (0), the keys must carry the fuel, and a
// gas row at the same house and instant as an electricity one must then be a row of its own.

const MIGRATION = loadMigrations().find((m) => m.name === 'gas')?.version as number;
const DAY = 1_767_225_600; // 2026-01-01T00:00Z

const TABLES = {
  reading_blocks: 'house_id, block_start',
  rollups: 'house_id, slot_start',
  daily_rollups: 'house_id, day',
  monthly_rollups: 'house_id, month',
  tariffs: 'house_id, start_date',
  tariff_prices: 'house_id, rate, slot_start',
} as const;
type Table = keyof typeof TABLES;

async function rowsOf(db: Db, table: Table): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(`select * from ${table} order by ${TABLES[table]}`);
  return rows.map((r) => {
    const { id: _id, created_at: _created, ...rest } = r as Record<string, unknown>;
    return rest;
  });
}

async function keyOf(db: Db, table: Table): Promise<string[]> {
  const { rows } = await db.query<{ columns: string }>(
    `select string_agg(a.attname, ',' order by k.n) as columns
       from pg_index i cross join lateral unnest(i.indkey) with ordinality k(attnum, n)
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = $1::text::regclass and ($1::text = 'tariffs') <> i.indisprimary and i.indisunique
      group by i.indexrelid`,
    [table],
  );
  return rows.map((r) => r.columns).sort();
}

async function seedElectricity(db: Db): Promise<number> {
  const user = await db.query<{ id: number }>(
    `insert into users (username, password_hash) values ('gas-migration', '!') returning id`,
  );
  const house = await db.query<{ id: number }>(
    `insert into houses (owner_user_id, name, time_zone) values ($1, 'home', 'Europe/London') returning id`,
    [user.rows[0]?.id as number],
  );
  const h = house.rows[0]?.id as number;
  await db.exec(`
    insert into reading_blocks (house_id, block_start, gaps, interval_s, import_wh, export_wh, generation_wh)
      values (${h}, ${DAY}, '{0,1800}', '{1800,1800}', '{120,80}', '{0,5}', '{0,9}');
    insert into rollups (house_id, slot_start, covered_s, import_wh, export_wh, generation_wh, import_cost,
                         export_income, generation_income)
      values (${h}, ${DAY}, 1800, 120, 0, 0, 33228000, 0, 0), (${h}, ${DAY + 1800}, 1800, 80, 5, 9, 22152000, 750000, 0);
    insert into daily_rollups (house_id, day, day_start, slots, data_slots, covered_s, first_ts, latest_end,
                               import_wh, export_wh, generation_wh, consumed_wh, import_cost, export_income,
                               generation_income, standing_charge)
      values (${h}, '2026-01-01', ${DAY}, 48, 2, 3600, ${DAY}, ${DAY + 3600}, 200, 5, 9, 204, 55380000, 750000, 0, 547500000);
    insert into monthly_rollups (house_id, month, days, data_slots, covered_s, first_ts, latest_end, import_wh,
                                 export_wh, generation_wh, consumed_wh, import_cost, export_income,
                                 generation_income, standing_charge)
      values (${h}, '2026-01-01', 1, 2, 3600, ${DAY}, ${DAY + 3600}, 200, 5, 9, 204, 55380000, 750000, 0, 547500000);
    insert into tariffs (house_id, start_date, tariff)
      values (${h}, '2026-01-01', '{"startDate":"2026-01-01","standingCharge":500000,"import":{"type":"fixed","price":250000},"export":null,"generation":null}');
    insert into tariff_prices (house_id, rate, slot_start, price) values (${h}, 'import', ${DAY}, 123456);`);
  return h;
}

for (const kind of dbKinds) {
  describe(`migration gas keeps every electricity row and keys each table by fuel [${kind}]`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createDatabaseThrough(kind, MIGRATION - 1);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('moves a populated database: rows unchanged and electricity, keys (house_id, fuel, …)', async () => {
      const db = (database as TestDatabase).db;
      const house = await seedElectricity(db);
      const before = Object.fromEntries(
        await Promise.all(Object.keys(TABLES).map(async (t) => [t, await rowsOf(db, t as Table)])),
      );
      const readingsBefore = (await db.query('select * from readings order by start_ts')).rows;

      expect(
        await migrate(
          db,
          loadMigrations().filter((m) => m.version <= MIGRATION),
        ),
      ).toEqual([MIGRATION]);

      for (const table of Object.keys(TABLES) as Table[]) {
        const after = await rowsOf(db, table);
        expect(after.map(({ fuel, ...rest }) => ({ fuel, rest }))).toEqual(
          (before[table] as Record<string, unknown>[]).map((rest) => ({ fuel: 0, rest })),
        );
        const [first, ...others] = TABLES[table].split(', ');
        expect(await keyOf(db, table)).toEqual([[first, 'fuel', ...others].join(',')]);
      }
      // The view of single readings carries the fuel too, after its old columns.
      expect((await db.query('select * from readings order by start_ts')).rows).toEqual(
        readingsBefore.map((r) => ({ ...(r as object), fuel: 0 })),
      );

      // A gas row at the same house and instant is a row of its own; a second electricity one is refused.
      await db.exec(`insert into rollups (house_id, fuel, slot_start, covered_s, import_wh, export_wh,
        generation_wh, import_cost, export_income, generation_income) values (${house}, 1, ${DAY}, 1800, 900, 0, 0, 0, 0, 0)`);
      await expect(
        db.exec(`insert into rollups (house_id, slot_start, covered_s, import_wh, export_wh, generation_wh,
          import_cost, export_income, generation_income) values (${house}, ${DAY}, 1800, 1, 0, 0, 0, 0, 0)`),
      ).rejects.toThrow(/duplicate key/);
      await expect(db.exec(`update rollups set fuel = 2 where house_id = ${house}`)).rejects.toThrow(/check/);
      await db.exec(`insert into tariffs (house_id, fuel, start_date, tariff)
        values (${house}, 1, '2026-01-01', '{"startDate":"2026-01-01","standingCharge":300000,"import":{"type":"fixed","price":60000},"export":null,"generation":null}')`);
      expect((await db.query('select fuel, start_date::text as d from tariffs order by fuel')).rows).toEqual([
        { fuel: 0, d: '2026-01-01' },
        { fuel: 1, d: '2026-01-01' },
      ]);
    });
  });
}
