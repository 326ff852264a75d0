import {
  compileTariffs,
  DEFAULT_TARIFFS,
  EVERY_DATE,
  fixedRate,
  makeTariff,
  type Tariff,
} from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { findHouseIdOf } from './support/houses';
import { ingestReadings, type Reading } from '../src/features/readings/ingest';
import { lockHouse } from '../src/shared/house';
import { storeDailyTotals } from '../src/features/readings/summary-days';
import { syncDefaultTariff } from '../src/features/tariffs/default-sync';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';

// Issue 10: stored money follows the code's default (price-cap) series. An install whose money was priced
// with an older series is repriced once at start, from the first date the series differ; a start with
// the same series reprices nothing. The older series here is the real one this project shipped before the
// dated caps (commit 82ef7be): a single default, Apr–Jun 2026's 24.67 p/kWh and 57.21 p/day, for every date.
// An install that ran the old series is made by the server's own sync to that series
// (syncDefaultTariff(db, series): money repriced with it, and it recorded).

const NOW = at('2026-11-24T12:00:00Z');
const WH = 1000; // per half-hour
const DAY_2020 = { date: '2020-06-10', midnight: at('2020-06-09T23:00:00Z') }; // BST
const DAY_2024 = { date: '2024-05-10', midnight: at('2024-05-09T23:00:00Z') };

const OLD_SERIES: readonly Tariff[] = [
  makeTariff({
    startDate: '1970-01-01',
    standingCharge: 572_100,
    import: fixedRate(246_700),
    export: fixedRate(150_000),
    generation: fixedRate(0),
  }),
];

function day(midnight: number): Reading[] {
  return Array.from({ length: 48 }, (_, i) => ({
    start: midnight + i * 1800,
    interval_s: 1800,
    import_wh: WH,
    export_wh: 0,
    generation_wh: 0,
  }));
}

/** A demo neighbour's 2020 day, kept as daily totals only (no half-hours), priced with the code's series. */
async function storeNeighbourDay(db: Db, houseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockHouse(tx, houseId);
    const slots = day(DAY_2020.midnight).map((r) => ({ slot: r.start, covered_s: 1800, ...r }));
    await storeDailyTotals(tx, houseId, compileTariffs([], 'Europe/London'), slots);
  });
}

interface StoredDay {
  slots: number; // Σ half-hour import_cost, n£
  day: number; // daily_rollups import_cost
  standing: number; // daily_rollups standing_charge, n£
  month: number; // monthly_rollups import_cost
}

async function stored(db: Db, houseId: number, d: { date: string; midnight: number }): Promise<StoredDay> {
  const q = async (sql: string, params: (string | number)[]) =>
    Number((await db.query<{ v: string }>(sql, params)).rows[0]?.v);
  return {
    slots: await q(
      'select sum(import_cost)::bigint as v from rollups where house_id = $1 and slot_start >= $2 and slot_start < $3',
      [houseId, d.midnight, d.midnight + 86_400],
    ),
    day: await q('select import_cost as v from daily_rollups where house_id = $1 and day = $2::date', [
      houseId,
      d.date,
    ]),
    standing: await q(
      'select standing_charge as v from daily_rollups where house_id = $1 and day = $2::date',
      [houseId, d.date],
    ),
    month: await q(
      `select import_cost as v from monthly_rollups where house_id = $1 and month = date_trunc('month', $2::date)::date`,
      [houseId, d.date],
    ),
  };
}

/** The stored figures of a London day of 48 × WH priced by a default series (the code's by default). */
function pricedAt(
  d: { date: string; midnight: number },
  series: readonly Tariff[] = DEFAULT_TARIFFS,
): StoredDay {
  const book = compileTariffs([], 'Europe/London', series);
  const energy = 48 * WH * book.rateAt('import', d.midnight);
  return { slots: energy, day: energy, standing: book.standingChargeOn(d.date) * 1000, month: energy };
}

describeEachDb('default tariff series change', (suite) => {
  let houseId: number;
  let neighbourId = 0; // kept as daily totals only, like the demo’s neighbours
  const tamper = () =>
    // The half-hour's place in its UTC day's arrays (migration 0034).
    suite.db.query(
      'update rollup_days set import_cost[($2::bigint % 86400) / 1800 + 1] = 1 where house_id = $1 and day_start = $2::bigint - $2::bigint % 86400',
      [houseId, DAY_2020.midnight],
    );

  beforeAll(async () => {
    await syncDefaultTariff(suite.db); // the template database has no record yet
    const person = await makeUser(suite.db, 'defaulted');
    houseId = (await findHouseIdOf(suite.db, person.id))!;
    for (const d of [DAY_2020, DAY_2024])
      await ingestReadings(suite.db, houseId, day(d.midnight), { now: NOW });
    neighbourId = (await findHouseIdOf(suite.db, (await makeUser(suite.db, 'neighbour')).id))!;
  });

  it('the old series priced both days differently from the new one (else this test proves nothing)', () => {
    expect(pricedAt(DAY_2020, OLD_SERIES).slots).toBe(48 * WH * 246_700);
    expect(pricedAt(DAY_2020, OLD_SERIES)).not.toEqual(pricedAt(DAY_2020));
    expect(pricedAt(DAY_2024, OLD_SERIES)).not.toEqual(pricedAt(DAY_2024));
  });

  it('reprices a 2020 day from the old series’ price to the new one at start, once', async () => {
    await storeNeighbourDay(suite.db, neighbourId);
    await syncDefaultTariff(suite.db, OLD_SERIES); // the install as the old release left it
    expect(await stored(suite.db, houseId, DAY_2020)).toEqual(pricedAt(DAY_2020, OLD_SERIES));
    const neighbourBefore = await stored(suite.db, neighbourId, DAY_2020);
    expect({ ...neighbourBefore, slots: 0 }).toEqual({ ...pricedAt(DAY_2020, OLD_SERIES), slots: 0 });
    expect(neighbourBefore.slots).toBe(0); // no half-hour rows at all

    const result = await syncDefaultTariff(suite.db);
    expect(result.from).toBe(EVERY_DATE); // the old series' one version covered every date
    expect(result.houses).toBe(2);
    expect(result.rollups).toBe(96); // both days' half-hours
    expect(result.dailyTotals).toBe(1); // the neighbour's day
    expect(await stored(suite.db, houseId, DAY_2020)).toEqual(pricedAt(DAY_2020));
    expect(await stored(suite.db, houseId, DAY_2024)).toEqual(pricedAt(DAY_2024));
    expect({ ...(await stored(suite.db, neighbourId, DAY_2020)), slots: 0 }).toEqual({
      ...pricedAt(DAY_2020),
      slots: 0,
    });
  });

  it('reprices nothing when the series is the one already recorded', async () => {
    // A stored figure the current series would correct: it stays, as nothing is repriced.
    await tamper();
    expect(await syncDefaultTariff(suite.db)).toEqual({
      from: null,
      houses: 0,
      rollups: 0,
      events: 0,
      dailyTotals: 0,
    });
    const { rows } = await suite.db.query<{ c: string }>(
      'select import_cost as c from rollups where house_id = $1 and slot_start = $2',
      [houseId, DAY_2020.midnight],
    );
    expect(Number(rows[0]!.c)).toBe(1);
  });

  it('reprices from the first changed date only when the series differ later on', async () => {
    // A series whose newest period is missing: the change starts on that period's first day.
    const newest = DEFAULT_TARIFFS.at(-1)!;
    await syncDefaultTariff(suite.db, DEFAULT_TARIFFS.slice(0, -1));
    await tamper();
    const result = await syncDefaultTariff(suite.db);
    expect(result.from).toBe(newest.startDate);
    expect(result.houses).toBe(0); // the house has no money stored from then on
    // The tampered day predates the change, so it is not repriced.
    const { rows } = await suite.db.query<{ c: string }>(
      'select import_cost as c from rollups where house_id = $1 and slot_start = $2',
      [houseId, DAY_2020.midnight],
    );
    expect(Number(rows[0]!.c)).toBe(1);
  });

  it('a database with no record of the series that priced it is repriced on every date', async () => {
    await suite.db.query('delete from default_tariff_state');
    const result = await syncDefaultTariff(suite.db);
    expect(result).toMatchObject({ from: EVERY_DATE, houses: 2, rollups: 1, dailyTotals: 0 });
    expect(await stored(suite.db, houseId, DAY_2020)).toEqual(pricedAt(DAY_2020));
  });
});
