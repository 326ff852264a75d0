import { expect, it } from 'vitest';
import { storeHousesBatch } from '../src/devices/write';
import { IngestError } from '../src/features/readings/ingest';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { insertUses } from './support/uses';

// A device flush writes the plug uses of all its houses together (receive's eventsOfHouses: one read of
// their tariffs, one delete of the estimates they beat, one insert, one refresh of their appliance days).
// Each house must get exactly its own uses and its own days, the estimates dropped only where the same
// house measured that type, and one bad house must store nothing for any of them.

const T0 = Date.UTC(2026, 2, 29, 0, 30, 0) / 1000; // the night the clocks go forward in London
const NOW = T0 + 86_400;
const KETTLE = 1;
const TOASTER = 5;

describeEachDb('plug uses of many houses in one flush', (suite) => {
  async function house(name: string): Promise<number> {
    await makeUser(suite.db, name);
    const { rows } = await suite.db.query<{ id: number }>(
      'select h.id from houses h join users u on u.id = h.owner_user_id where u.username = $1',
      [name],
    );
    return rows[0]!.id;
  }
  const estimate = (houseId: number, typeId: number, start: number) =>
    insertUses(suite.db, [
      {
        house_id: houseId,
        appliance_type_id: typeId,
        start_ts: start,
        end_ts: start + 120,
        energy_wh: 60,
        estimated: true,
      },
    ]);
  const usesOf = async (houseId: number) =>
    (
      await suite.db.query<{ type: number; start: number; end: number; wh: number; estimated: boolean }>(
        `select appliance_type_id as type, start_ts::float8 as start, end_ts::float8 as "end",
                energy_wh as wh, estimated
           from appliance_events where house_id = $1 order by start_ts, appliance_type_id`,
        [houseId],
      )
    ).rows;
  const daysOf = async (houseId: number) =>
    (
      await suite.db.query<{ type: number; day: string; uses: number; seconds: number; wh: number }>(
        `select appliance_type_id as type, to_char(day, 'YYYY-MM-DD') as day, uses, seconds::int as seconds,
                energy_wh::int as wh
           from appliance_daily where house_id = $1 order by appliance_type_id`,
        [houseId],
      )
    ).rows;

  it('gives each house exactly its own uses and days, and drops only its own beaten estimates', async () => {
    const [a, b, c] = [
      await house(`uses-${suite.kind}-a`),
      await house(`uses-${suite.kind}-b`),
      await house(`uses-${suite.kind}-c`),
    ] as [number, number, number];
    // Each house has estimates two hours later; only A's kettle is beaten (A measures a kettle).
    await estimate(a, KETTLE, T0 + 7200);
    await estimate(b, TOASTER, T0 + 7200);
    await estimate(c, KETTLE, T0 + 7200);
    const batches = [
      {
        houseId: a,
        readings: [],
        gas: [],
        events: [
          { appliance_type_id: KETTLE, start: T0 + 600, end: T0 + 780, energy_wh: 50 },
          { appliance_type_id: TOASTER, start: T0 + 3600, end: T0 + 3780, energy_wh: 40 },
        ],
      },
      // The same type and start as A's kettle: another house's use, not a duplicate.
      {
        houseId: b,
        readings: [],
        gas: [],
        events: [{ appliance_type_id: KETTLE, start: T0 + 600, end: T0 + 720, energy_wh: 30 }],
      },
      {
        houseId: c,
        readings: [],
        gas: [],
        events: [{ appliance_type_id: TOASTER, start: T0 + 900, end: T0 + 1020, energy_wh: 25 }],
      },
    ];
    let alongside = 0;
    const stored = await storeHousesBatch(suite.db, batches, NOW, async () => {
      alongside++;
    });
    expect([...stored].sort((x, y) => x[0] - y[0])).toEqual([
      [a, 2],
      [b, 1],
      [c, 1],
    ]);
    expect(alongside).toBe(1);

    expect(await usesOf(a)).toEqual([
      { type: KETTLE, start: T0 + 600, end: T0 + 780, wh: 50, estimated: false },
      { type: TOASTER, start: T0 + 3600, end: T0 + 3780, wh: 40, estimated: false },
    ]);
    expect(await usesOf(b)).toEqual([
      { type: KETTLE, start: T0 + 600, end: T0 + 720, wh: 30, estimated: false },
      { type: TOASTER, start: T0 + 7200, end: T0 + 7320, wh: 60, estimated: true },
    ]);
    expect(await usesOf(c)).toEqual([
      { type: TOASTER, start: T0 + 900, end: T0 + 1020, wh: 25, estimated: false },
      { type: KETTLE, start: T0 + 7200, end: T0 + 7320, wh: 60, estimated: true },
    ]);
    // Each house's local day (29 March in London) summed from its own events only.
    expect(await daysOf(a)).toEqual([
      { type: KETTLE, day: '2026-03-29', uses: 1, seconds: 180, wh: 50 },
      { type: TOASTER, day: '2026-03-29', uses: 1, seconds: 180, wh: 40 },
    ]);
    expect(await daysOf(b)).toEqual([
      { type: KETTLE, day: '2026-03-29', uses: 1, seconds: 120, wh: 30 },
      { type: TOASTER, day: '2026-03-29', uses: 1, seconds: 120, wh: 60 },
    ]);
    expect(await daysOf(c)).toEqual([
      { type: KETTLE, day: '2026-03-29', uses: 1, seconds: 120, wh: 60 },
      { type: TOASTER, day: '2026-03-29', uses: 1, seconds: 120, wh: 25 },
    ]);
    // Priced at each house's rates (the default tariff): a use of energy costs something.
    const { rows: costs } = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from appliance_events where house_id = any($1::int[]) and not estimated and cost > 0',
      [[a, b, c]],
    );
    expect(costs[0]!.n).toBe(4);

    // The same flush again (a retry after a lost acknowledgement): nothing new, nothing changed.
    const again = await storeHousesBatch(suite.db, batches, NOW, async () => {});
    expect([...again.values()]).toEqual([0, 0, 0]);
    expect(await usesOf(b)).toEqual([
      { type: KETTLE, start: T0 + 600, end: T0 + 720, wh: 30, estimated: false },
      { type: TOASTER, start: T0 + 7200, end: T0 + 7320, wh: 60, estimated: true },
    ]);
  });

  it('stores nothing for any house when one house’s uses are refused', async () => {
    const [a, b] = [await house(`uses-${suite.kind}-d`), await house(`uses-${suite.kind}-e`)] as [
      number,
      number,
    ];
    const reading = { start: T0, interval_s: 60, import_wh: 5, export_wh: 0, generation_wh: 0 };
    const failed = storeHousesBatch(
      suite.db,
      [
        {
          houseId: a,
          readings: [reading],
          gas: [],
          events: [{ appliance_type_id: KETTLE, start: T0 + 600, end: T0 + 780, energy_wh: 50 }],
        },
        {
          houseId: b,
          readings: [],
          gas: [],
          // 9999 is no appliance of the catalogue.
          events: [{ appliance_type_id: 9999, start: T0 + 600, end: T0 + 780, energy_wh: 50 }],
        },
      ],
      NOW,
      async () => {},
    );
    await expect(failed).rejects.toBeInstanceOf(IngestError);
    await expect(failed).rejects.toThrow(
      'events[0].appliance_type_id: 9999 is not an appliance of the catalogue',
    );
    expect(await usesOf(a)).toEqual([]);
    expect(await usesOf(b)).toEqual([]);
    expect(await daysOf(a)).toEqual([]);
    // A's reading was written before the uses were refused: rolled back with them.
    const { rows } = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from readings where house_id = $1',
      [a],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
