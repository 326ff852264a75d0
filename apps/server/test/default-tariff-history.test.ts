import { formatPounds } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { ingestReadings, type Reading } from '../src/features/readings/ingest';
import { login, makeTestApp, makeUser, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy } from './support/energy';

// Issue 10: a house with no tariff of its own is priced at the default (price cap) of each reading's own
// date, through the write side (rollups) and /energy_info/detail/, not at today's cap.

const NOW = at('2026-11-24T12:00:00Z');
const WH_PER_SLOT = 1000; // 48 kWh a day, so the day's cost tells the rates apart at 2 decimals

/** A whole London local day of half-hourly import readings, starting at its local midnight. */
function day(localMidnight: number): Reading[] {
  return Array.from({ length: 48 }, (_, i) => ({
    start: localMidnight + i * 1800,
    interval_s: 1800,
    import_wh: WH_PER_SLOT,
    export_wh: 0,
    generation_wh: 0,
  }));
}

// The days, their local midnights and the cap in force (µ£/kWh, µ£/day; caps.ts).
const DAYS = [
  // 10 June 2020 (BST): before the series starts, so its first period (Oct 2021 – Mar 2022) applies.
  { name: '2020-06-10', midnight: at('2020-06-09T23:00:00Z'), unit: 208_000, standing: 248_800 },
  // 15 December 2022 (GMT): the Energy Price Guarantee.
  { name: '2022-12-15', midnight: at('2022-12-15T00:00:00Z'), unit: 340_000, standing: 463_600 },
  // 10 May 2026 (BST): the Apr–Jun 2026 cap, the previous single default.
  { name: '2026-05-10', midnight: at('2026-05-09T23:00:00Z'), unit: 246_700, standing: 572_100 },
];

describeEachDb('default tariff of its own time', (suite) => {
  let t: TestApp;
  let session: Session;
  let userId: number;
  let houseId: number;

  beforeAll(async () => {
    const person = await makeUser(suite.db, 'untariffed');
    userId = person.id;
    houseId = (await findHouseIdOf(suite.db, userId))!;
    for (const d of DAYS) await ingestReadings(suite.db, houseId, day(d.midnight), { now: NOW });
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, person);
  });

  it.each(DAYS)('prices $name at that day’s cap, in the rollups and in /energy_info/detail/', async (d) => {
    const { rows } = await suite.db.query<{ wh: number; cost: number }>(
      `select sum(import_wh)::bigint as wh, sum(import_cost)::bigint as cost
         from rollups where house_id = $1 and slot_start >= $2 and slot_start < $3`,
      [houseId, d.midnight, d.midnight + 86_400],
    );
    expect(Number(rows[0]!.wh)).toBe(48 * WH_PER_SLOT);
    expect(Number(rows[0]!.cost)).toBe(48 * WH_PER_SLOT * d.unit);

    const detail = await getEnergy(
      t.app,
      session,
      `user_id=${userId}&timescale=day&timestamp=${d.midnight + 43_200}`,
    );
    const cost = 48 * WH_PER_SLOT * d.unit + d.standing * 1000; // n£: energy plus the day's standing charge
    expect(detail.balance.cost).toBe(Number(formatPounds(cost)));
    expect(detail.balance.income).toBe(0);
    // Not today's (Jul–Sep 2026, 26.11 p/kWh and 57.19 p/day) price.
    expect(detail.balance.cost).not.toBe(Number(formatPounds(48 * WH_PER_SLOT * 261_100 + 571_900_000)));
  });

  it('shows the default in force today as used_tariff', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/tariff_setting/?user_id=${userId}`,
      headers: session.headers(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().used_tariff.import).toEqual([
      { days: 'all', prices: [0.2611], times: [0], rate_names: ['fix'] },
    ]);
    expect(res.json().used_tariff.standing_charge).toEqual([
      { days: 'all', prices: [0.5719], times: [0], rate_names: ['fix'] },
    ]);
  });
});
