import { beforeAll, expect, it } from 'vitest';
import type { Reading } from '../src/features/readings/ingest';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy, houseWithData } from './support/energy';

// "£0.91 less than the day before" at 12:20 compared a part day with a whole one. A period under way now
// carries `previous_so_far`: the previous period's cost up to the same point of the local clock. Every
// figure below is worked out by hand from TEST_TARIFF (import 10p/kWh 00:00–07:00, 30p/kWh after;
// standing charge 55p a day) and 100 Wh in every half-hour: 1p a night half-hour, 3p a day one.

// Monday 28 October 2024, 12:20 GMT: the day after the clock went back, so Sunday 27th had 25 hours.
const NOW = at('2024-10-28T12:20:00Z');
const SUNDAY = at('2024-10-26T23:00:00Z'); // 00:00 BST

/** 100 Wh in each half-hour from Sunday 00:00 BST up to Monday 12:00 GMT. */
function flatReadings(): Reading[] {
  const out: Reading[] = [];
  for (let t = SUNDAY; t < at('2024-10-28T12:00:00Z'); t += 1800) {
    out.push({ start: t, interval_s: 1800, import_wh: 100, export_wh: 0, generation_wh: 0 });
  }
  return out;
}

describeEachDb('energy views: the previous period so far', (suite) => {
  let t: TestApp;
  let alice: Person;
  let session: Session;
  const view = (query: string) => getEnergy(t.app, session, `user_id=${alice.id}${query}`);

  beforeAll(async () => {
    alice = await makeUser(suite.db, 'alice');
    await houseWithData(suite.db, alice.id, flatReadings(), NOW);
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, alice);
  });

  it('compares today by 12:20 with yesterday by 12:20 on the local clock, across the 25-hour day', async () => {
    // Sunday 00:00 BST (23:00Z) to 12:20 GMT is 13 h 20 min: 16 night half-hours (00:00–02:00 BST, then
    // 01:00–07:00 GMT) = 16p; 07:00–12:00 = 10 day half-hours = 30p; 12:00–12:20 is 20/30 of 3p = 2p;
    // Sunday's standing charge in full (today's is counted in full too) = 55p. Total £1.03.
    const expected = { start_timestamp: SUNDAY, end_timestamp: at('2024-10-27T12:20:00Z'), cost: 1.03 };
    expect((await view('&timescale=day')).previous_so_far).toEqual(expected);
    expect((await view('')).previous_so_far).toEqual(expected); // /today/ alike
  });

  it('compares this hour so far with the same minutes of the hour before', async () => {
    // 11:00–11:20 is 20/30 of a 3p half-hour = 2p, plus the 11:00 hour's share of Monday's 55p over its
    // 48 half-hours (two shares: 2.29p): 4.29p, £0.04.
    const hour = await view(`&timescale=hour&timestamp=${NOW}`);
    expect(hour.previous_so_far).toEqual({
      start_timestamp: at('2024-10-28T11:00:00Z'),
      end_timestamp: at('2024-10-28T11:20:00Z'),
      cost: 0.04,
    });
  });

  it('compares this week so far with last week up to Monday 12:20, which had no data yet', async () => {
    const week = await view(`&timescale=week&timestamp=${NOW}`);
    expect(week.previous_so_far).toEqual({
      start_timestamp: at('2024-10-20T23:00:00Z'),
      end_timestamp: at('2024-10-21T11:20:00Z'),
      cost: 0,
    });
  });

  it('gives none for a period that is over, nor for one with no previous period', async () => {
    expect((await view(`&timescale=day&timestamp=${SUNDAY}`)).previous_so_far).toBeNull();
    // October has data from the 27th on: September is no previous period.
    expect((await view(`&timescale=month&timestamp=${NOW}`)).previous_so_far).toBeNull();
    expect((await view('&timescale=week')).previous_so_far).toBeNull(); // the last 7 days
  });
});
