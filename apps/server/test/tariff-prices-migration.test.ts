import { dynamicRate, fixedRate, makeTariff, type Tariff, tariffToStored } from '@homeview/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { houseTariffs } from '../src/shared/tariff-book';
import { createDatabaseThrough, dbKinds, type TestDatabase } from './support/db';

// Migration tariff_prices (0011) moves Agile prices out of every tariff version into one row per house,
// rate and half-hour. Built here from a database migrated only up to the migration before it, holding
// versions of the old shape (prices inside each version's JSON, overlapping between versions): each slot
// must take the price of the version that priced it (the latest starting on or before the slot's local
// date), else of the latest version holding it; the versions keep their dynamic rates' names with no
// prices, and everything else in them unchanged.

const MIGRATION = loadMigrations().find((m) => m.name === 'tariff_prices')?.version as number;
const SLOT = 1800;
const DAY = 86_400;
const JAN_1 = 1_767_225_600; // 2026-01-01T00:00Z
const jan = (d: number) => JAN_1 + (d - 1) * DAY;
const DEC_31 = JAN_1 - DAY;

/** Half-hourly prices over [from, to), µ£/kWh, differing per slot so a wrong slot or version shows. */
const priceOf = (base: number, slot: number) => base + ((slot / SLOT) % 97) * 10;
const prices = (from: number, to: number, base: number): [number, number][] =>
  Array.from({ length: (to - from) / SLOT }, (_, i) => [from + i * SLOT, priceOf(base, from + i * SLOT)]);

interface Moved {
  rate: string;
  slot_start: number;
  price: number;
}
const rows = (rate: string, from: number, to: number, base: number): Moved[] =>
  prices(from, to, base).map(([slot_start, price]) => ({ rate, slot_start, price }));

// London (UTC in January). v1 from 1 January, v2 from 15 January, v3 (no dynamic rate) from 1 February.
const LONDON: Tariff[] = [
  makeTariff({
    startDate: '2026-01-01',
    standingCharge: 500_000,
    import: dynamicRate(prices(DEC_31, jan(20), 100_000), 'Agile A'),
    export: fixedRate(150_000),
  }),
  makeTariff({
    startDate: '2026-01-15',
    standingCharge: 510_000,
    import: dynamicRate(
      [...prices(DEC_31, DEC_31 + DAY / 2, 200_000), ...prices(jan(10), jan(32), 200_000)],
      'Agile B',
    ),
    export: dynamicRate(prices(jan(15), jan(16), 50_000), 'Agile Outgoing'),
  }),
  makeTariff({ startDate: '2026-02-01', standingCharge: 520_000, import: fixedRate(240_000) }),
];
const LONDON_MOVED: Moved[] = [
  ...rows('export', jan(15), jan(16), 50_000),
  ...rows('import', DEC_31, DEC_31 + DAY / 2, 200_000), // before every start: the latest version holding it
  ...rows('import', DEC_31 + DAY / 2, jan(10), 100_000), // only v1 holds it
  ...rows('import', jan(10), jan(15), 100_000), // both hold it; v1 is in force
  ...rows('import', jan(15), jan(32), 200_000), // v2 in force (and the only one holding it from the 20th)
];

// Sydney (UTC+11 in January): 14 January 13:00 UTC is already the 15th there, when v2 is in force.
const SYDNEY_SWITCH = jan(14) + 13 * 3600;
const SYDNEY: Tariff[] = [
  makeTariff({
    startDate: '2026-01-01',
    import: dynamicRate(prices(jan(14), jan(15), 100_000), 'Agile A'),
    generation: dynamicRate(prices(jan(14), jan(14) + 4 * SLOT, 30_000), 'Generation'),
  }),
  makeTariff({ startDate: '2026-01-15', import: dynamicRate(prices(jan(14), jan(15), 200_000), 'Agile B') }),
];
const SYDNEY_MOVED: Moved[] = [
  ...rows('generation', jan(14), jan(14) + 4 * SLOT, 30_000),
  ...rows('import', jan(14), SYDNEY_SWITCH, 100_000),
  ...rows('import', SYDNEY_SWITCH, jan(15), 200_000),
];

/** The stored form the versions had before the migration: each dynamic rate with its prices inside. */
const oldShape = (t: Tariff) => tariffToStored(t);
/** The same version after it: dynamic rates keep their name and hold no prices. */
function newShape(t: Tariff) {
  const stored = tariffToStored(t);
  const strip = <R extends { type: string } | null>(r: R) =>
    r?.type === 'dynamic' ? { ...r, prices: [] } : r;
  return {
    ...stored,
    import: strip(stored.import),
    export: strip(stored.export),
    generation: strip(stored.generation),
  };
}

async function makeOldHouse(db: Db, name: string, zone: string, versions: readonly Tariff[]) {
  const user = await db.query<{ id: number }>(
    `insert into users (username, password_hash) values ($1, '!') returning id`,
    [name],
  );
  const house = await db.query<{ id: number }>(
    'insert into houses (owner_user_id, name, time_zone) values ($1, $2, $3) returning id',
    [user.rows[0]?.id as number, name, zone],
  );
  const houseId = house.rows[0]?.id as number;
  for (const v of versions)
    await db.query('insert into tariffs (house_id, start_date, tariff) values ($1, $2, $3::jsonb)', [
      houseId,
      v.startDate,
      JSON.stringify(oldShape(v)),
    ]);
  return houseId;
}

for (const kind of dbKinds) {
  describe(`migration tariff_prices moves Agile prices [${kind}]`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createDatabaseThrough(kind, MIGRATION - 1);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('stores each slot once at the price of the version that priced it, and empties the versions', async () => {
      const db = (database as TestDatabase).db;
      const london = await makeOldHouse(db, 'london', 'Europe/London', LONDON);
      const sydney = await makeOldHouse(db, 'sydney', 'Australia/Sydney', SYDNEY);

      const applied = await migrate(db);
      expect(applied[0]).toBe(MIGRATION);

      const moved = async (houseId: number) =>
        (
          await db.query<Moved>(
            'select rate, slot_start, price from tariff_prices where house_id = $1 order by rate, slot_start',
            [houseId],
          )
        ).rows;
      expect(await moved(london)).toEqual(LONDON_MOVED);
      expect(await moved(sydney)).toEqual(SYDNEY_MOVED);

      const versions = async (houseId: number) =>
        (
          await db.query<{ tariff: unknown }>(
            'select tariff from tariffs where house_id = $1 order by start_date',
            [houseId],
          )
        ).rows.map((r) => r.tariff);
      expect(await versions(london)).toEqual(LONDON.map(newShape));
      expect(await versions(sydney)).toEqual(SYDNEY.map(newShape));

      // The server reads the moved prices back into the versions it prices with.
      const book = (await houseTariffs(db, london))?.book;
      expect(book?.rateAt('import', jan(12))).toBe(priceOf(100_000, jan(12)));
      expect(book?.rateAt('import', jan(16))).toBe(priceOf(200_000, jan(16)));
      expect(book?.rateAt('export', jan(15) + SLOT)).toBe(priceOf(50_000, jan(15) + SLOT));
    });
  });
}
