import { beforeAll, expect, it } from 'vitest';
import type { Reading } from '../src/features/readings/ingest';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy, houseWithData } from './support/energy';

// Issue 33 item 1: /my-home's balance said Cost £2.82 while its hourly table added up to £2.63, the
// balance counting the whole day's standing charge and each hour only its share. An answer now says the
// standing charge its cost includes, and each entry's cost without it, so the two add up to the penny.
// Figures by hand from TEST_TARIFF (import 10p/kWh 00:00–07:00, 30p/kWh after; standing charge 55p a
// day) and 100 Wh in every half-hour: 1p a night half-hour, 3p a day one.

const NOW = at('2024-10-28T12:20:00Z'); // Monday, the day after the clocks went back (Sunday: 25 hours)
const SUNDAY = at('2024-10-26T23:00:00Z'); // 00:00 BST

function flatReadings(): Reading[] {
  const out: Reading[] = [];
  for (let t = SUNDAY; t < at('2024-10-28T12:00:00Z'); t += 1800) {
    out.push({ start: t, interval_s: 1800, import_wh: 100, export_wh: 0, generation_wh: 0 });
  }
  return out;
}

const sum = (values: number[]) => values.reduce((a, b) => a + Math.round(b * 100), 0) / 100;

describeEachDb('energy views: the standing charge the cost includes', (suite) => {
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

  it("today: the hours' energy costs plus the whole day's standing charge are the balance's cost", async () => {
    // 00:00–07:00: 7 hours of 2p; 07:00–12:00: 5 hours of 6p; nothing after. 44p + 55p = 99p.
    const today = await view('');
    expect(today.balance.cost).toBe(0.99);
    expect(today.standing_charge).toBe(0.55);
    const hours = today.details.map((d) => d.energy_cost as number);
    expect(hours).toEqual([...Array(7).fill(0.02), ...Array(5).fill(0.06), ...Array(12).fill(0)]);
    expect(sum(hours)).toBe(0.44);
  });

  it('a past 25-hour day and the last 7 days add up the same way', async () => {
    // Sunday: 16 night half-hours (16p) and 34 day ones (£1.02), plus 55p.
    const sunday = await view(`&timescale=day&timestamp=${SUNDAY}`);
    expect(sunday.details).toHaveLength(25);
    expect(sunday.standing_charge).toBe(0.55);
    expect(sum(sunday.details.map((d) => d.energy_cost as number))).toBe(1.18);
    expect(sunday.balance.cost).toBe(1.73);
    // Sunday and Monday so far: £1.18 + 44p of energy, two standing charges (days before the first
    // reading are not charged).
    const week = await view('&timescale=week');
    expect(week.standing_charge).toBe(1.1);
    expect(sum(week.details.map((d) => d.energy_cost as number))).toBe(1.62);
    expect(week.balance.cost).toBe(2.72);
  });
});
