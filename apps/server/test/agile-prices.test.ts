import { expect, it } from 'vitest';
import { ingestReadings } from '../src/features/readings/ingest';
import { importDynamicPrices } from '../src/features/tariffs/service';
import { describeEachDb } from './support/db';
import { makeHouse, series } from './support/ingest';

// Agile prices are stored once per house and half-hour (tariff_prices, migration 0011), not copied into
// every tariff version: importing overlapping months again and again adds no rows for slots already
// priced, and every half-hour is priced at the latest price imported for it.

const JAN_1 = 1_767_225_600; // 2026-01-01T00:00Z (London = UTC in winter)
const SLOTS = 59 * 48; // January and February 2026
const FEB_1 = JAN_1 + 31 * 86_400;
const JAN_15 = JAN_1 + 14 * 86_400;

/** Half-hourly prices from `from` to `to` (exclusive), µ£/kWh, varying by slot so a wrong slot shows. */
const prices = (from: number, to: number, base: number): [number, number][] =>
  Array.from({ length: (to - from) / 1800 }, (_, i) => {
    const slot = from + i * 1800;
    return [slot, base + ((slot / 1800) % 7) * 1_000];
  });

describeEachDb('Agile prices stored once per slot', (suite) => {
  it('imports overlapping months many times into one row per slot, and prices each slot at its latest price', async () => {
    const house = await makeHouse(suite.db, 'agile');
    await ingestReadings(suite.db, house.houseId, series(JAN_1, SLOTS, 1800), { now: FEB_1 + 28 * 86_400 });
    const end = FEB_1 + 28 * 86_400;
    // January, then mid-January to the end of February, then February twelve times (a monthly file
    // imported again and again).
    await importDynamicPrices(suite.db, house.houseId, {
      prices: prices(JAN_1, FEB_1, 100_000),
      name: 'Agile C',
    });
    await importDynamicPrices(suite.db, house.houseId, {
      prices: prices(JAN_15, end, 200_000),
      name: 'Agile C',
    });
    for (let i = 0; i < 12; i++)
      await importDynamicPrices(suite.db, house.houseId, {
        prices: prices(FEB_1, end, 300_000),
        name: 'Agile C',
      });

    const stored = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from tariff_prices where house_id = $1',
      [house.houseId],
    );
    expect(stored.rows[0]?.n).toBe(SLOTS);
    const inVersions = await suite.db.query<{ n: number }>(
      `select count(*)::int as n from tariffs, jsonb_array_elements(tariff -> 'import' -> 'prices')
        where house_id = $1`,
      [house.houseId],
    );
    expect(inVersions.rows[0]?.n).toBe(0);

    const expected = (slot: number): number =>
      (slot < JAN_15 ? 100_000 : slot < FEB_1 ? 200_000 : 300_000) + ((slot / 1800) % 7) * 1_000;
    const { rows } = await suite.db.query<{ slot_start: number; import_wh: number; import_cost: number }>(
      'select slot_start, import_wh, import_cost from rollups where house_id = $1 order by slot_start',
      [house.houseId],
    );
    expect(rows).toHaveLength(SLOTS);
    for (const r of rows)
      expect(r.import_cost, `slot ${r.slot_start}`).toBe(r.import_wh * expected(r.slot_start));
  });
});
