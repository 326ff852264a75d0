import type { EnergyDetail } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import type { Reading } from '../src/features/readings/ingest';
import { login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy, houseWithData } from './support/energy';

// Each `details` entry carries its energy_balance (spec-decisions "Energy detail entries"), so the usage
// chart can show kWh. A handful of half-hour readings whose kWh are worked out by hand below: consumed =
// import + max(0, generation − export) per half-hour, generated = generation. Local days are London's:
// 2024-10-26 23:30 UTC is 00:30 BST on the 27th, the fall-back day (25 hours).

const NOW = at('2024-11-05T12:00:00Z'); // Tuesday, GMT (local = UTC)

const half = (iso: string, import_wh: number, export_wh: number, generation_wh: number): Reading => ({
  start: at(iso),
  interval_s: 1800,
  import_wh,
  export_wh,
  generation_wh,
});

const READINGS: Reading[] = [
  half('2024-10-26T22:30:00Z', 77, 0, 0), // 23:30 BST, Saturday 26 October: consumed 0.077
  half('2024-10-26T23:30:00Z', 123, 0, 0), // 00:30 BST, Sunday 27 October: consumed 0.123
  half('2024-11-04T08:00:00Z', 500, 0, 0), // Monday 08:00: consumed 0.5
  half('2024-11-04T12:00:00Z', 100, 200, 700), // Monday 12:00: 100 + (700 − 200) = 0.6, generated 0.7
  half('2024-11-05T09:00:00Z', 250, 0, 0), // Tuesday 09:00: 0.25
  half('2024-11-05T09:30:00Z', 0, 100, 400), // Tuesday 09:30: 0 + (400 − 100) = 0.3, generated 0.4
];

const NONE = { generated: 0, consumed: 0 };

/** The entries' energy, keyed by start, leaving out the empty ones (every other must be NONE). */
function energyByStart(view: EnergyDetail): Map<number, EnergyDetail['details'][number]['energy_balance']> {
  const out = new Map<number, EnergyDetail['details'][number]['energy_balance']>();
  for (const d of view.details) {
    if (d.energy_balance.generated !== 0 || d.energy_balance.consumed !== 0)
      out.set(d.period.start_timestamp, d.energy_balance);
  }
  return out;
}

describeEachDb('energy detail entries carry their energy', (suite) => {
  let t: TestApp;
  let alice: Person;
  let session: Session;
  const q = (query: string) => getEnergy(t.app, session, `user_id=${alice.id}${query}`);

  beforeAll(async () => {
    alice = await makeUser(suite.db, 'alice');
    await houseWithData(suite.db, alice.id, READINGS, NOW);
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, alice);
  });

  it("gives each hour of today's chart its kWh, on /today/ and the day detail alike", async () => {
    const today = await q('');
    const day = await q(`&timescale=day&timestamp=${NOW}`);
    for (const view of [today, day]) {
      expect(view.details).toHaveLength(24);
      expect(energyByStart(view)).toEqual(
        new Map([[at('2024-11-05T09:00:00Z'), { generated: 0.4, consumed: 0.55 }]]),
      );
    }
    expect(today.details).toEqual(day.details);
  });

  it('gives each day of a week, the last 7 days and a month its kWh', async () => {
    const monday = { generated: 0.7, consumed: 1.1 };
    const tuesday = { generated: 0.4, consumed: 0.55 };
    const week = await q(`&timescale=week&timestamp=${NOW}`);
    expect(week.details.map((d) => d.energy_balance)).toEqual([
      monday,
      tuesday,
      NONE,
      NONE,
      NONE,
      NONE,
      NONE,
    ]);
    const last7 = await q('&timescale=week');
    expect(last7.details.map((d) => d.energy_balance)).toEqual([
      NONE,
      NONE,
      NONE,
      NONE,
      NONE,
      monday,
      tuesday,
    ]);
    const november = await q(`&timescale=month&timestamp=${NOW}`);
    expect(november.details).toHaveLength(30);
    expect(energyByStart(november)).toEqual(
      new Map([
        [at('2024-11-04T00:00:00Z'), monday],
        [at('2024-11-05T00:00:00Z'), tuesday],
      ]),
    );
  });

  it('puts energy on local days and hours across the autumn clock change', async () => {
    const october = await q(`&timescale=month&timestamp=${at('2024-10-15T12:00:00Z')}`);
    expect(energyByStart(october)).toEqual(
      new Map([
        [at('2024-10-25T23:00:00Z'), { generated: 0, consumed: 0.077 }], // Saturday 26, from 00:00 BST
        [at('2024-10-26T23:00:00Z'), { generated: 0, consumed: 0.123 }], // Sunday 27, from 00:00 BST
      ]),
    );
    const sunday = await q(`&timescale=day&timestamp=${at('2024-10-27T12:00:00Z')}`);
    expect(sunday.details).toHaveLength(25);
    expect(energyByStart(sunday)).toEqual(
      new Map([[at('2024-10-26T23:00:00Z'), { generated: 0, consumed: 0.123 }]]),
    );
    // The entries add up to the period's own energy_balance.
    expect(sunday.energy_balance).toEqual({ generated: 0, consumed: 0.123 });
  });
});
