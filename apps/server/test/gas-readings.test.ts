import { fixedRate } from '@homeview/domain';
import { expect, it } from 'vitest';
import { arrivalsHeard, onDataArrived } from '../src/features/readings/arrivals';
import { IngestError } from '../src/features/readings/ingest';
import type { Reading } from '../src/features/readings/reading';
import { receive } from '../src/features/readings/receive';
import { writeTariff } from '../src/features/tariffs/service';
import { describeEachDb } from './support/db';
import { makeHouse } from './support/ingest';

// Gas through the one write path (issue 35): `receive(…, { fuel: 'gas' })` stores a gas batch in its own
// blocks, half-hours, days and months, priced by the home's gas tariff or else Ofgem's gas cap of the
// reading's date, with the day's gas standing charge in the gas day's row. Every figure below is worked
// by hand in its comment (p/kWh × 10,000 = µ£/kWh; Wh × µ£/kWh = n£; p/day × 10,000,000 = n£/day).

const at = (iso: string): number => Date.parse(iso) / 1000;
const NOW = at('2026-11-02T12:00:00Z');

/** `n` half-hours of gas from `from`, `wh(i)` Wh each, nothing exported or generated. */
const halfHours = (from: number, n: number, wh: (i: number) => number): Reading[] =>
  Array.from({ length: n }, (_, i) => ({
    start: from + i * 1800,
    interval_s: 1800,
    import_wh: wh(i),
    export_wh: 0,
    generation_wh: 0,
  }));

interface DayRow {
  fuel: number;
  slots: number;
  data_slots: number;
  import_wh: number;
  import_cost: number;
  standing_charge: number;
}

describeEachDb('gas readings through the one write path', (suite) => {
  const days = async (houseId: number, day: string) =>
    (
      await suite.db.query<DayRow>(
        `select fuel, slots, data_slots, import_wh::float8 as import_wh, import_cost::float8 as import_cost,
                standing_charge::float8 as standing_charge
           from daily_rollups where house_id = $1 and day = $2::date order by fuel`,
        [houseId, day],
      )
    ).rows;

  it('keeps gas and electricity of one house at the same half-hours apart', async () => {
    const { houseId } = await makeHouse(suite.db, `gas-apart-${suite.kind}`);
    const from = at('2026-01-14T00:00:00Z');
    const electricity = halfHours(from, 48, () => 500);
    const gas = halfHours(from, 48, () => 2000);
    await receive(suite.db, [houseId], NOW, (intake) => intake.readings(houseId, electricity));
    expect(
      await receive(suite.db, [houseId], NOW, (intake) => intake.readings(houseId, gas), { fuel: 'gas' }),
    ).toEqual({ stored: 48, duplicates: 0 });
    // Each sent again: duplicates of its own fuel, never an overlap with the other's.
    expect(
      await receive(suite.db, [houseId], NOW, (intake) => intake.readings(houseId, gas), { fuel: 'gas' }),
    ).toEqual({ stored: 0, duplicates: 48 });
    expect(await receive(suite.db, [houseId], NOW, (i) => i.readings(houseId, electricity))).toEqual({
      stored: 0,
      duplicates: 48,
    });
    const sums = await suite.db.query<{ fuel: number; slots: number; wh: number }>(
      `select fuel, count(*)::int as slots, sum(import_wh)::float8 as wh from rollups where house_id = $1
        group by fuel order by fuel`,
      [houseId],
    );
    expect(sums.rows).toEqual([
      { fuel: 0, slots: 48, wh: 48 * 500 },
      { fuel: 1, slots: 48, wh: 48 * 2000 },
    ]);
    const blocks = await suite.db.query(
      'select fuel, cardinality(gaps) as n from reading_blocks where house_id = $1 order by fuel',
      [houseId],
    );
    expect(blocks.rows).toEqual([
      { fuel: 0, n: 48 },
      { fuel: 1, n: 48 },
    ]);
    const months = await suite.db.query(
      `select fuel, import_wh::float8 as wh from monthly_rollups where house_id = $1 order by fuel`,
      [houseId],
    );
    expect(months.rows).toEqual([
      { fuel: 0, wh: 24_000 },
      { fuel: 1, wh: 96_000 },
    ]);
    // Gas is not appliance use: no uses are estimated from it, whatever its shape.
    const uses = await suite.db.query('select count(*)::int as n from appliance_events where house_id = $1', [
      houseId,
    ]);
    expect(uses.rows).toEqual([{ n: 0 }]);
  });

  it("prices an ordinary gas day at the home's gas tariff: unit rate × kWh + the day's standing charge", async () => {
    const { houseId } = await makeHouse(suite.db, `gas-own-${suite.kind}`);
    // The home's gas: 6.50 p/kWh (65,000 µ£/kWh), 30.00 p/day (300,000 µ£/day), from 1 February 2026.
    await writeTariff(
      suite.db,
      houseId,
      { import: fixedRate(65_000), standingCharge: 300_000 },
      '2026-02-01',
      undefined,
      'gas',
    );
    // 18 February 2026 (GMT, 48 half-hours): 1,000 + 10 i Wh in half-hour i.
    await receive(
      suite.db,
      [houseId],
      NOW,
      (intake) =>
        intake.readings(
          houseId,
          halfHours(at('2026-02-18T00:00:00Z'), 48, (i) => 1000 + 10 * i),
        ),
      { fuel: 'gas' },
    );
    // Energy: 48 × 1,000 + 10 × (0 + 1 + … + 47) = 48,000 + 10 × 1,128 = 59,280 Wh (59.28 kWh).
    // Units: 59,280 Wh × 65,000 µ£/kWh = 3,853,200,000 n£ (£3.8532). Standing: 300,000,000 n£ (30p).
    expect(await days(houseId, '2026-02-18')).toEqual([
      {
        fuel: 1,
        slots: 48,
        data_slots: 48,
        import_wh: 59_280,
        import_cost: 3_853_200_000,
        standing_charge: 300_000_000,
      },
    ]);
  });

  it("prices clock-change gas days (46 and 50 half-hours) at the day's gas cap when the home has no gas tariff", async () => {
    const { houseId } = await makeHouse(suite.db, `gas-cap-${suite.kind}`);
    // An electricity tariff of the home's own must not price its gas.
    await writeTariff(
      suite.db,
      houseId,
      { import: fixedRate(300_000), standingCharge: 600_000 },
      '2026-01-01',
    );
    // 29 March 2026, London: 00:00 GMT to 00:00 BST is 23 hours, 46 half-hours of 800 Wh.
    const march = halfHours(at('2026-03-29T00:00:00Z'), 46, () => 800);
    // 25 October 2026, London: 00:00 BST (24 Oct 23:00 UTC) to 00:00 GMT is 25 hours, 50 of 1,234 Wh.
    const october = halfHours(at('2026-10-24T23:00:00Z'), 50, () => 1234);
    await receive(suite.db, [houseId], NOW, (intake) => intake.readings(houseId, [...march, ...october]), {
      fuel: 'gas',
    });
    // 29 March: Jan–Mar 2026 gas cap, 5.93 p/kWh (59,300 µ£/kWh), 35.09 p/day.
    // 46 × 800 = 36,800 Wh; 36,800 × 59,300 = 2,182,240,000 n£; standing 350,900,000 n£.
    expect(await days(houseId, '2026-03-29')).toEqual([
      {
        fuel: 1,
        slots: 46,
        data_slots: 46,
        import_wh: 36_800,
        import_cost: 2_182_240_000,
        standing_charge: 350_900_000,
      },
    ]);
    // 25 October: the Jul–Sep 2026 gas cap runs on, 7.33 p/kWh (73,300 µ£/kWh), 29.04 p/day.
    // 50 × 1,234 = 61,700 Wh; 61,700 × 73,300 = 4,522,610,000 n£; standing 290,400,000 n£.
    expect(await days(houseId, '2026-10-25')).toEqual([
      {
        fuel: 1,
        slots: 50,
        data_slots: 50,
        import_wh: 61_700,
        import_cost: 4_522_610_000,
        standing_charge: 290_400_000,
      },
    ]);

    // A gas tariff from 1 October reprices that day's gas only: 7.00 p/kWh, 25.00 p/day.
    // 61,700 × 70,000 = 4,319,000,000 n£; standing 250,000,000 n£. March keeps the cap.
    await writeTariff(
      suite.db,
      houseId,
      { import: fixedRate(70_000), standingCharge: 250_000 },
      '2026-10-01',
      undefined,
      'gas',
    );
    expect(await days(houseId, '2026-10-25')).toMatchObject([
      { fuel: 1, import_cost: 4_319_000_000, standing_charge: 250_000_000 },
    ]);
    expect(await days(houseId, '2026-03-29')).toMatchObject([{ fuel: 1, import_cost: 2_182_240_000 }]);
    // And an electricity tariff change leaves the gas money as it is.
    await writeTariff(suite.db, houseId, { import: fixedRate(200_000) }, '2026-03-01');
    expect(await days(houseId, '2026-03-29')).toMatchObject([
      { fuel: 1, import_cost: 2_182_240_000, standing_charge: 350_900_000 },
    ]);
  });

  it('tells InfoCare of electricity arriving, never of gas (its rules read electricity alone)', async () => {
    const { houseId } = await makeHouse(suite.db, `gas-arrivals-${suite.kind}`);
    const heard: number[] = [];
    let told = () => {};
    const electricityHeard = new Promise<void>((resolve) => {
      told = resolve;
    });
    const stop = onDataArrived(suite.db, (house) => {
      heard.push(house);
      if (house === houseId) told();
    });
    try {
      await arrivalsHeard(suite.db);
      const day = at('2026-02-20T00:00:00Z');
      await receive(
        suite.db,
        [houseId],
        NOW,
        (i) =>
          i.readings(
            houseId,
            halfHours(day, 4, () => 900),
          ),
        {
          fuel: 'gas',
        },
      );
      // Notices arrive in commit order: once the electricity write's is heard, a gas one would have been.
      await receive(suite.db, [houseId], NOW, (i) =>
        i.readings(
          houseId,
          halfHours(day, 4, () => 100),
        ),
      );
      await electricityHeard;
      expect(heard.filter((h) => h === houseId)).toEqual([houseId]);
    } finally {
      stop();
    }
  });

  it('refuses a gas reading with export or generation, naming the reading and what to send instead', async () => {
    const { houseId } = await makeHouse(suite.db, `gas-export-${suite.kind}`);
    const readings = halfHours(at('2026-02-18T00:00:00Z'), 3, () => 100);
    readings[2] = { ...(readings[2] as Reading), export_wh: 5 };
    const refused = receive(suite.db, [houseId], NOW, (intake) => intake.readings(houseId, readings), {
      fuel: 'gas',
    });
    await expect(refused).rejects.toBeInstanceOf(IngestError);
    await expect(refused).rejects.toMatchObject({
      index: 2,
      field: 'export_wh',
      message: expect.stringMatching(/gas reading has no export .*import_wh/),
    });
    const stored = await suite.db.query('select count(*)::int as n from rollups where house_id = $1', [
      houseId,
    ]);
    expect(stored.rows).toEqual([{ n: 0 }]);
  });
});
