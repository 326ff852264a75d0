import { EnergyDetail } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PasswordHasher } from '../src/features/accounts/password';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/features/demo/seed';
import { DemoSimulation } from '../src/features/demo/seeder';
import type { SeedLog } from '../src/features/demo/seeding-steps';
import { login, makeTestApp, type Session, TEST_ITERATIONS, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';

// The demo's own home has gas (issue 35, features/demo/gas.ts): every half-hour of every local day of its
// history, 46 and 50 on the clock-change days, priced at Ofgem's gas cap (it has no gas tariff). The cap's
// figures are typed from Ofgem's table by hand (p/kWh, p/day), not read from the code:
//   1 Oct – 31 Dec 2025: 6.29p, 34.03p;  1 Jan – 31 Mar 2026: 5.93p, 35.09p.

interface Case {
  now: string;
  days: { date: string; from: string; to: string; slots: number; pence: number; standing: number }[];
}

const CASES: Case[] = [
  {
    now: '2025-10-27T09:05:00Z',
    // 26 October 2025: 00:00 BST (23:00 UTC the day before) to 00:00 GMT, 25 hours.
    days: [
      {
        date: '2025-10-26',
        from: '2025-10-25T23:00:00Z',
        to: '2025-10-27T00:00:00Z',
        slots: 50,
        pence: 6.29,
        standing: 34.03,
      },
      {
        date: '2025-10-25',
        from: '2025-10-24T23:00:00Z',
        to: '2025-10-25T23:00:00Z',
        slots: 48,
        pence: 6.29,
        standing: 34.03,
      },
    ],
  },
  {
    now: '2026-03-30T09:05:00Z',
    // 29 March 2026: 00:00 GMT to 00:00 BST (23:00 UTC), 23 hours.
    days: [
      {
        date: '2026-03-29',
        from: '2026-03-29T00:00:00Z',
        to: '2026-03-29T23:00:00Z',
        slots: 46,
        pence: 5.93,
        standing: 35.09,
      },
      {
        date: '2026-03-28',
        from: '2026-03-28T00:00:00Z',
        to: '2026-03-29T00:00:00Z',
        slots: 48,
        pence: 5.93,
        standing: 35.09,
      },
    ],
  },
];

const log: SeedLog = { info: () => undefined, error: () => undefined };

for (const c of CASES) {
  const NOW = at(c.now);
  describeEachDb(`the demo home's gas, seeded at ${c.now}`, (suite) => {
    let t: TestApp;
    let demo: Session;
    let houseId: number;
    let userId: number;
    beforeAll(async () => {
      await seedDemoIfEmpty(suite.db, new PasswordHasher(TEST_ITERATIONS), new Date(NOW * 1000), {
        neighbours: 0,
      });
      const simulation = new DemoSimulation(suite.db, { historyDays: 3, minuteDays: 1, now: () => NOW, log });
      simulation.start();
      await simulation.seeded;
      await simulation.stop();
      t = await makeTestApp(suite.db);
      t.clock.advance(NOW * 1000 - t.clock.now().getTime());
      demo = await login(t.app, { username: 'demo', password: DEMO_PASSWORD });
      const { rows } = await suite.db.query<{ house_id: number; user_id: number }>(
        `select h.id as house_id, u.id as user_id from houses h join users u on u.id = h.owner_user_id
          where u.username = 'demo'`,
      );
      ({ house_id: houseId, user_id: userId } = rows[0]!);
    });
    afterAll(() => t.app.close());

    for (const day of c.days) {
      it(`has gas for each of ${day.date}'s ${day.slots} half-hours, costed at the cap's rate and standing charge`, async () => {
        const { rows } = await suite.db.query<{ slot_start: string; import_wh: string }>(
          `select slot_start, import_wh from rollups
            where house_id = $1 and fuel = 1 and slot_start >= $2 and slot_start < $3 order by slot_start`,
          [houseId, at(day.from), at(day.to)],
        );
        const starts = Array.from({ length: day.slots }, (_, i) => at(day.from) + i * 1800);
        expect(rows.map((r) => Number(r.slot_start))).toEqual(starts);
        const wh = rows.map((r) => Number(r.import_wh));
        expect(wh.every((w) => w > 0)).toBe(true);
        const total = wh.reduce((a, b) => a + b, 0);
        // A heated UK home's autumn or spring day: tens of kWh, not a kettle's worth, not a factory's.
        expect(total).toBeGreaterThan(8_000);
        expect(total).toBeLessThan(60_000);

        const response = await t.app.inject({
          url: `/api/v3/energy_info/detail/?user_id=${userId}&timescale=day&timestamp=${at(day.from) + 43_200}&fuel=gas`,
          headers: demo.headers(),
        });
        expect(response.statusCode).toBe(200);
        const view = EnergyDetail.parse(response.json());
        expect(view.details.map((d) => d.data_slots)).toEqual(Array.from({ length: day.slots / 2 }, () => 2));
        expect(view.energy_balance.consumed).toBe(total / 1000);
        // n£: Wh × (p/kWh × 10,000 µ£/kWh), plus the day's standing charge (p × 10⁷ n£), shown in pounds.
        const energyNano = total * Math.round(day.pence * 10_000);
        const costPence = Math.round((energyNano + Math.round(day.standing * 10_000_000)) / 10_000_000);
        expect(view.balance.cost).toBe(costPence / 100);
        // The screen's parts: the rounded cost less the rounded energy cost (within a penny of exact).
        expect(view.standing_charge).toBe((costPence - Math.round(energyNano / 10_000_000)) / 100);
        expect(view.priced_at_default?.kind).toBe('cap');
      });
    }
  });
}
