import { EnergyDetail } from '@homeview/contract';
import {
  compileTariffs,
  fixedRate,
  formatPounds,
  makeTariff,
  priceSlot,
  selfConsumedWh,
  type Tariff,
  touRate,
} from '@homeview/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/types';
import { insertTariff } from '../../src/features/demo/repository';
import { findHouseIdOf } from './houses';
import { ingestReadings, type Reading } from '../../src/features/readings/ingest';
import type { Session } from './app';

// The READ side's energy fixtures (features/energy tests): a tariff with every kind of rate,
// deterministic synthetic readings (some half-hours exporting more than they generate, as a battery
// would), and an oracle that prices them with @homeview/domain independently of the server's SQL.

export const ZONE = 'Europe/London';
export const at = (iso: string): number => Date.parse(iso) / 1000;

/** Half-hours of import only, [ISO start, Wh], as an ingest batch's readings. */
export const importHalfHours = (rows: readonly (readonly [string, number])[]): Reading[] =>
  rows.map(([iso, wh]) => ({
    start: at(iso),
    interval_s: 1800,
    import_wh: wh,
    export_wh: 0,
    generation_wh: 0,
  }));

/** Import: night 00:00–07:00 £0.10, day £0.30 from 07:00; export £0.15; generation £0.05; standing £0.55/day. */
export const TEST_TARIFF: Tariff = makeTariff({
  startDate: '2020-01-01',
  standingCharge: 550_000,
  import: touRate([
    { startMinute: 0, price: 100_000, name: 'night' },
    { startMinute: 420, price: 300_000, name: 'day' },
  ]),
  export: fixedRate(150_000),
  generation: fixedRate(50_000),
});
export const STANDING_NANO = 550_000 * 1000;

/** 5-minute readings over [from, to) from a small LCG, skipping [gap[0], gap[1]). */
export function syntheticReadings(from: number, to: number, seed: number, gap?: [number, number]): Reading[] {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
  const out: Reading[] = [];
  for (let t = from; t < to; t += 300) {
    if (gap && t >= gap[0] && t < gap[1]) continue;
    const generation = next(4) === 0 ? 0 : next(60);
    out.push({
      start: t,
      interval_s: 300,
      import_wh: next(90),
      export_wh: next(50),
      generation_wh: generation,
    });
  }
  return out;
}

export interface Expected {
  import_cost: number;
  income: number;
  consumed_wh: number;
  generated_wh: number;
  slots: number;
}

/** What the readings of [from, to) should add up to, priced slot by slot with the domain. */
export function expectedOf(readings: readonly Reading[], from: number, to: number): Expected {
  const book = compileTariffs([TEST_TARIFF], ZONE);
  const slots = new Map<number, { import_wh: number; export_wh: number; generation_wh: number }>();
  for (const r of readings) {
    if (r.start < from || r.start >= to) continue;
    const slot = r.start - (r.start % 1800);
    const s = slots.get(slot) ?? { import_wh: 0, export_wh: 0, generation_wh: 0 };
    s.import_wh += r.import_wh;
    s.export_wh += r.export_wh;
    s.generation_wh += r.generation_wh;
    slots.set(slot, s);
  }
  const e: Expected = { import_cost: 0, income: 0, consumed_wh: 0, generated_wh: 0, slots: slots.size };
  for (const [slot_start, s] of slots) {
    const priced = priceSlot(book, { slot_start, ...s });
    e.import_cost += priced.import_cost;
    e.income += priced.export_income + priced.generation_income;
    e.consumed_wh += s.import_wh + selfConsumedWh(s);
    e.generated_wh += s.generation_wh;
  }
  return e;
}

/** n£ → the pounds the API shows (2 dp, half away from zero). */
export const shown = (nano: number): number => Number(formatPounds(nano));

export async function houseWithData(db: Db, userId: number, readings: readonly Reading[], now: number) {
  const houseId = (await findHouseIdOf(db, userId))!;
  await insertTariff(db, houseId, TEST_TARIFF);
  for (let i = 0; i < readings.length; i += 2000) {
    await ingestReadings(db, houseId, readings.slice(i, i + 2000), { now });
  }
  return houseId;
}

export async function getEnergy(
  app: FastifyInstance,
  session: Session,
  query: string,
): Promise<EnergyDetail> {
  const path = query.includes('timescale') ? 'detail' : 'today';
  const res = await app.inject({
    method: 'GET',
    url: `/api/v3/energy_info/${path}/?${query}`,
    headers: session.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return EnergyDetail.parse(res.json());
}
