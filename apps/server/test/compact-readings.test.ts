import { expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate';
import { IngestError, ingestReadings, type Reading } from '../src/features/readings/ingest';
import { describeEachDb } from './support/db';
import { makeHouse, rawSlotSums, rollupEnergy, series } from './support/ingest';

// Raw readings stored as one block per house and UTC day (migration compact_readings): the migration moves every
// existing reading into blocks unchanged, the `readings` view gives them back one per row, ingest keeps
// first-wins on blocks written by the migration, and replace mode overwrites stored values and re-sums
// their half-hours (the property and durability tests cover the other guarantees unchanged).

const NOW = 1_800_000_000;
const COMPACT_MIGRATION = loadMigrations().find((m) => m.name === 'compact_readings')?.version;
const GAS_MIGRATION = loadMigrations().find((m) => m.name === 'gas')?.version;
const DAY = 86_400;
const T0 = 1_700_006_400; // 2023-11-15T00:00:00Z, a UTC midnight
const asRows = (houseId: number, readings: readonly Reading[]) =>
  readings.map((r) => ({
    house_id: houseId,
    start_ts: r.start,
    interval_s: r.interval_s,
    import_wh: r.import_wh,
    export_wh: r.export_wh,
    generation_wh: r.generation_wh,
  }));

/** Irregular readings over two UTC days: 20 s, 60 s and 300 s intervals, with gaps. */
function irregular(): Reading[] {
  const out: Reading[] = [];
  let t = T0 + DAY - 1800;
  for (let i = 0; i < 200; i++) {
    const interval_s = [20, 60, 300][i % 3] as number;
    const slotEnd = t - (t % 1800) + 1800;
    if (t + interval_s > slotEnd) t = slotEnd;
    out.push({ start: t, interval_s, import_wh: i % 11, export_wh: i % 4, generation_wh: (i * 7) % 5 });
    t += interval_s + (i % 10 === 0 ? 40 : 0);
  }
  return out;
}

describeEachDb('compact readings', (suite) => {
  const readingsOf = async (houseId: number) =>
    (
      await suite.db.query(
        `select house_id, start_ts, interval_s, import_wh, export_wh, generation_wh
           from readings where house_id = $1 order by start_ts`,
        [houseId],
      )
    ).rows;

  it('moves the readings of a database from before compact_readings into blocks, unchanged', async () => {
    const a = await makeHouse(suite.db, `blocks-a-${suite.kind}`);
    const b = await makeHouse(suite.db, `blocks-b-${suite.kind}`);
    const aReadings = irregular();
    const bReadings = series(T0, 5, 1800);
    await ingestReadings(suite.db, a.houseId, aReadings, { now: NOW });
    await ingestReadings(suite.db, b.houseId, bReadings, { now: NOW });
    // Back to the schema before the compact-readings migration (one row per reading), holding the same readings.
    await suite.db.exec(`
      create table readings_rows as
        select house_id, start_ts, interval_s, import_wh, export_wh, generation_wh from readings;
      drop trigger houses_delete_readings on houses;
      drop function delete_house_readings();
      drop view readings;
      drop table reading_blocks;
      create table readings (
        house_id integer not null, start_ts bigint not null,
        interval_s integer not null check (interval_s between 1 and 1800),
        import_wh integer not null, export_wh integer not null, generation_wh integer not null,
        primary key (house_id, start_ts));
      insert into readings select * from readings_rows;
      drop table readings_rows;
      create function delete_house_readings() returns trigger language plpgsql as $$
      begin
        delete from readings where house_id = old.id;
        return old;
      end
      $$;
      create trigger houses_delete_readings after delete on houses
        for each row execute function delete_house_readings();
      delete from schema_migrations where name in ('compact_readings', 'gas');`);
    expect((await suite.db.query('select count(*)::int as n from readings')).rows).toEqual([
      { n: aReadings.length + bReadings.length },
    ]);
    // And gas (0027) again, which gives the recreated blocks their fuel.
    expect(await migrate(suite.db)).toEqual([COMPACT_MIGRATION, GAS_MIGRATION]);
    expect(await readingsOf(a.houseId)).toEqual(asRows(a.houseId, aReadings));
    expect(await readingsOf(b.houseId)).toEqual(asRows(b.houseId, bReadings));
    const blocks = await suite.db.query<{ house_id: number; block_start: number; n: number }>(
      `select house_id, block_start, cardinality(gaps) as n from reading_blocks
        where house_id = any($1::int[]) order by 1, 2`,
      [[a.houseId, b.houseId]],
    );
    const onFirstDay = aReadings.filter((r) => r.start < T0 + DAY).length;
    expect(blocks.rows).toEqual([
      { house_id: a.houseId, block_start: T0, n: onFirstDay },
      { house_id: a.houseId, block_start: T0 + DAY, n: aReadings.length - onFirstDay },
      { house_id: b.houseId, block_start: T0, n: 5 },
    ]);

    // Ingest on the moved blocks: first wins, new starts are added, overlaps are refused.
    expect(await ingestReadings(suite.db, a.houseId, aReadings, { now: NOW })).toEqual({
      stored: 0,
      duplicates: aReadings.length,
    });
    const later = series(T0 + 2 * DAY, 30);
    expect(await ingestReadings(suite.db, a.houseId, later, { now: NOW })).toEqual({
      stored: 30,
      duplicates: 0,
    });
    const overlapping = { ...(aReadings[5] as Reading), start: (aReadings[5] as Reading).start + 1 };
    await expect(ingestReadings(suite.db, a.houseId, [overlapping], { now: NOW })).rejects.toThrow(
      IngestError,
    );
    expect(await readingsOf(a.houseId)).toEqual(asRows(a.houseId, [...aReadings, ...later]));
    expect(await rollupEnergy(suite.db, a.houseId)).toEqual(await rawSlotSums(suite.db, a.houseId));

    // Deleting a house still deletes its readings.
    await suite.db.query('delete from houses where id = $1', [b.houseId]);
    expect(await readingsOf(b.houseId)).toEqual([]);
  });

  it('replaces stored values only when asked, and sums their half-hours again', async () => {
    const { houseId } = await makeHouse(suite.db, `replace-${suite.kind}`);
    const original = series(T0, 90);
    await ingestReadings(suite.db, houseId, original, { now: NOW });
    const corrected = original.slice(10, 40).map((r) => ({ ...r, import_wh: r.import_wh + 100 }));
    // The default stays first-wins: the corrected values are duplicates.
    expect(await ingestReadings(suite.db, houseId, corrected, { now: NOW })).toEqual({
      stored: 0,
      duplicates: 30,
    });
    expect(await readingsOf(houseId)).toEqual(asRows(houseId, original));
    const extra = series(T0 + 90 * 60, 5);
    // The corrected half-hour (+100 Wh a minute, 6 kW for 30 minutes) reads on the meter as an electric shower.
    expect(
      await ingestReadings(suite.db, houseId, [...corrected, ...extra], { now: NOW, replace: true }),
    ).toEqual({ stored: 35, duplicates: 0, estimated: 1 });
    const expected = [...original.slice(0, 10), ...corrected, ...original.slice(40), ...extra];
    expect(await readingsOf(houseId)).toEqual(asRows(houseId, expected));
    expect(await rollupEnergy(suite.db, houseId)).toEqual(await rawSlotSums(suite.db, houseId));
    const total = await suite.db.query<{ wh: number }>(
      'select sum(import_wh)::int as wh from daily_rollups where house_id = $1',
      [houseId],
    );
    expect(total.rows[0]!.wh).toBe(expected.reduce((sum, r) => sum + r.import_wh, 0));
    // A replacement that would overlap its neighbour is refused whole.
    const longer = [
      { ...(original[50] as Reading), import_wh: 1 },
      { ...(original[60] as Reading), interval_s: 120 },
    ];
    await expect(ingestReadings(suite.db, houseId, longer, { now: NOW, replace: true })).rejects.toThrow(
      /overlaps readings already stored/,
    );
    expect(await readingsOf(houseId)).toEqual(asRows(houseId, expected));
  });
});
