import { allocateStandingCharge, compileTariffs, type SlotRollup, summarizePeriod } from '@homeview/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { findHouseOf } from '../src/features/energy/repository';
import { type SummaryUnit, summarise } from '../src/features/energy/service';
import type { Reading } from '../src/features/readings/ingest';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import {
  at,
  expectedOf,
  getEnergy,
  houseWithData,
  STANDING_NANO,
  shown,
  syntheticReadings,
  TEST_TARIFF,
  ZONE,
} from './support/energy';

// §3 Energy detail periods on the UK clock-change days: 23 and 25 hourly details, totals equal to what the
// ingested readings add up to (priced independently with the domain), standing charge once per local day,
// navigation (available, previous, next), and the SQL-summed path equal to domain's summarizePeriod.

const NOW = at('2024-11-05T12:00:00Z');
const SPRING = [at('2024-03-30T00:00:00Z'), at('2024-03-31T23:00:00Z')] as const; // local Mar 30 – Apr 1
const AUTUMN = [at('2024-10-25T23:00:00Z'), at('2024-10-28T00:00:00Z')] as const; // local Oct 26 – Oct 28
const GAP: [number, number] = [at('2024-03-31T09:00:00Z'), at('2024-03-31T10:00:00Z')]; // 10:00–11:00 BST

describeEachDb('energy periods', (suite) => {
  let t: TestApp;
  let alice: Person;
  let session: Session;
  let readings: Reading[];
  const q = (query: string) => getEnergy(t.app, session, `user_id=${alice.id}&${query}`);

  beforeAll(async () => {
    alice = await makeUser(suite.db, 'alice');
    readings = [...syntheticReadings(...SPRING, 7, GAP), ...syntheticReadings(...AUTUMN, 11)];
    await houseWithData(suite.db, alice.id, readings, NOW);
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, alice);
  });

  /** Per-entry oracle: the readings' figures plus the entry's exact share of its day's standing charge. */
  function expectEntry(
    entry: { balance: { income: number; cost: number }; slots?: number },
    from: number,
    to: number,
    standing: number,
  ) {
    const e = expectedOf(readings, from, to);
    expect(entry.balance).toEqual({
      income: shown(e.income),
      cost: shown(e.import_cost + standing),
      profit_loss: shown(e.income - e.import_cost - standing),
    });
  }

  it('gives the spring-forward day 23 hourly details over 46 half-hours, a gap shown as no data', async () => {
    const day = await q(`timescale=day&timestamp=${at('2024-03-31T15:17:00Z')}`);
    expect(day.period).toEqual({ time_unit: 'day', start_timestamp: SPRING[0] + 86_400 });
    expect(day.details).toHaveLength(23);
    expect(day.details.reduce((n, d) => n + d.slots!, 0)).toBe(46);
    expect(day.details.reduce((n, d) => n + d.data_slots!, 0)).toBe(44);
    const shares = allocateStandingCharge(STANDING_NANO, 46);
    day.details.forEach((d, i) => {
      const start = d.period.start_timestamp;
      expect(start).toBe(SPRING[0] + 86_400 + i * 3600); // local 00:00, 02:00, 03:00…: no 01:00
      expectEntry(d, start, start + 3600, shares[2 * i]! + shares[2 * i + 1]!);
    });
    const gap = day.details.find((d) => d.period.start_timestamp === GAP[0])!;
    expect(gap.data_slots).toBe(0);
    const e = expectedOf(readings, SPRING[0] + 86_400, SPRING[1]);
    expect(day.energy_balance).toEqual({ generated: e.generated_wh / 1000, consumed: e.consumed_wh / 1000 });
    expectEntry(day, SPRING[0] + 86_400, SPRING[1], STANDING_NANO);
  });

  it('gives the fall-back day 25 hourly details over 50 half-hours, with two distinct 01:00 hours', async () => {
    const start = at('2024-10-26T23:00:00Z');
    const day = await q(`timescale=day&timestamp=${at('2024-10-27T23:59:59Z')}`);
    expect(day.period.start_timestamp).toBe(start);
    expect(day.details).toHaveLength(25);
    expect(day.details.reduce((n, d) => n + d.slots!, 0)).toBe(50);
    expect(day.details.every((d) => d.data_slots === 2)).toBe(true);
    expect(day.details.slice(1, 3).map((d) => d.period.start_timestamp)).toEqual([
      at('2024-10-27T00:00:00Z'),
      at('2024-10-27T01:00:00Z'),
    ]);
    const shares = allocateStandingCharge(STANDING_NANO, 50);
    day.details.forEach((d, i) => {
      expectEntry(d, start + i * 3600, start + (i + 1) * 3600, shares[2 * i]! + shares[2 * i + 1]!);
    });
    expectEntry(day, start, start + 25 * 3600, STANDING_NANO);
    // The zone's offsets from the day before, split at 01:00 UTC when the clocks go back.
    expect(day.utc_offsets).toEqual([
      { start_timestamp: start - 86_400, end_timestamp: at('2024-10-27T01:00:00Z'), offset_seconds: 3600 },
      { start_timestamp: at('2024-10-27T01:00:00Z'), end_timestamp: start + 25 * 3600, offset_seconds: 0 },
    ]);
    for (const [ts, hour] of [
      ['2024-10-27T00:30:00Z', '2024-10-27T00:00:00Z'],
      ['2024-10-27T01:30:00Z', '2024-10-27T01:00:00Z'],
    ] as const) {
      const h = await q(`timescale=hour&timestamp=${at(ts)}`);
      expect(h.period).toEqual({ time_unit: 'hour', start_timestamp: at(hour) });
      expect(h.subtitle).toBe(`Sunday 27 October 2024, 01:00–02:00 ${ts.includes('T00') ? 'BST' : 'GMT'}`);
      expect(h.details.map((d) => d.period.start_timestamp)).toEqual([at(hour), at(hour) + 1800]);
      expectEntry(h, at(hour), at(hour) + 3600, shares[2]! + shares[3]!);
    }
  });

  it('selects a period from any timestamp inside it, and the next one from its end', async () => {
    const start = at('2024-10-26T23:00:00Z');
    const end = at('2024-10-28T00:00:00Z');
    for (const ts of [start, start + 1, end - 1]) {
      expect((await q(`timescale=day&timestamp=${ts}`)).period.start_timestamp).toBe(start);
    }
    expect((await q(`timescale=day&timestamp=${end}`)).period.start_timestamp).toBe(end);
    expect((await q(`timescale=month&timestamp=${at('2024-03-31T22:59:59Z')}`)).period.start_timestamp).toBe(
      at('2024-03-01T00:00:00Z'),
    );
    expect((await q(`timescale=month&timestamp=${SPRING[1]}`)).period.start_timestamp).toBe(SPRING[1]);
  });

  it('charges the standing charge once per local day from the first reading, data or not', async () => {
    const week = await q(`timescale=week&timestamp=${at('2024-03-31T12:00:00Z')}`);
    expect(week.period).toEqual({ time_unit: 'week', start_timestamp: at('2024-03-25T00:00:00Z') });
    expect(week.details).toHaveLength(7);
    expect(week.details.map((d) => d.balance.cost).slice(0, 5)).toEqual([0, 0, 0, 0, 0]); // before data
    expectEntry(week, SPRING[0], SPRING[1], 2 * STANDING_NANO);
    const april = await q(`timescale=month&timestamp=${at('2024-04-15T12:00:00Z')}`);
    expect(april.details).toHaveLength(30);
    expect(april.details.every((d) => d.data_slots === 0 && d.balance.cost === shown(STANDING_NANO))).toBe(
      true,
    );
    expect(april.balance).toEqual({
      income: 0,
      cost: shown(30 * STANDING_NANO),
      profit_loss: -shown(30 * STANDING_NANO),
    });
    const today = await q('');
    expect(today.details.every((d) => d.data_slots === 0)).toBe(true);
    expect(today.balance.cost).toBe(shown(STANDING_NANO));
  });

  it('offers the periods from now back to the first reading, with previous and next where they exist', async () => {
    const month = await q(`timescale=month&timestamp=${at('2024-03-10T00:00:00Z')}`);
    expect(month.details).toHaveLength(31);
    expect(month.available).toHaveLength(9);
    expect(month.available[0]).toBe(at('2024-11-01T00:00:00Z'));
    expect(month.available.at(-1)).toBe(at('2024-03-01T00:00:00Z'));
    expect([month.previous, month.next]).toEqual([null, at('2024-03-31T23:00:00Z')]);
    const first = await q(`timescale=day&timestamp=${SPRING[0]}`);
    expect([first.previous, first.next]).toEqual([null, SPRING[0] + 86_400]);
    const today = await q('');
    expect(today.subtitle).toBe('Today, Tuesday 5 November 2024');
    expect([today.previous, today.next]).toEqual([at('2024-11-04T00:00:00Z'), null]);
    expect(today.available).toHaveLength(221);
    expect([today.available[0], today.available.at(-1)]).toEqual([at('2024-11-05T00:00:00Z'), SPRING[0]]);
    const lastSeven = await q('timescale=week');
    // Tuesday: the 7 days from Wednesday 30 October; Previous is the calendar week before this one.
    expect(lastSeven).toMatchObject({
      subtitle: 'Last 7 days',
      previous: at('2024-10-28T00:00:00Z'),
      next: null,
    });
    expect(lastSeven.period).toEqual({ time_unit: 'week', start_timestamp: at('2024-10-30T00:00:00Z') });
    expect(lastSeven.available[0]).toBeNull();
    expect(lastSeven.available[1]).toBe(at('2024-11-04T00:00:00Z'));
    const hour = await q(`timescale=hour&timestamp=${at('2024-10-27T05:10:00Z')}`);
    expect(hour.available).toHaveLength(25); // the hours of that local day
  });

  describe('equals @homeview/domain summarizePeriod over the rollup rows', () => {
    const cases: [SummaryUnit, string][] = [
      ['hour', '2024-10-27T01:10:00Z'],
      ['day', '2024-03-31T12:00:00Z'],
      ['day', '2024-10-27T12:00:00Z'],
      ['week', '2024-10-27T12:00:00Z'],
      ['month', '2024-03-31T12:00:00Z'],
      ['month', '2024-10-27T12:00:00Z'],
      ['year', '2024-06-01T00:00:00Z'],
    ];
    it.each(cases)('%s containing %s', async (unit, iso) => {
      const house = (await findHouseOf(suite.db, alice.id))!;
      const got = await summarise(suite.db, house, unit, at(iso), NOW);
      const { rows } = await suite.db.query<SlotRollup>(
        `select slot_start, import_wh, export_wh, generation_wh, import_cost, export_income, generation_income
           from rollups where house_id = $1 order by slot_start`,
        [house.id],
      );
      const want = summarizePeriod(got.period, {
        book: compileTariffs([TEST_TARIFF], ZONE),
        rows,
        chargeFrom: SPRING[0],
        now: NOW,
      });
      expect(got.summary).toEqual(want);
    });
  });
});
