import { expect, it } from 'vitest';
import { mumsDepartures } from '../src/features/demo/homes';

// The demo's Mum drifts (issue 25): over the 3 weeks before the seeding her mornings run 15, then 30, then
// 45 minutes late, and she keeps to 45 for 8 weeks after, so the trends of a demo left running for weeks
// still show the change; her alert story (oven left on, a late morning, a quiet afternoon) stays on its days.

it("Mum's mornings drift later week by week and stay later; her story's days keep their departures", () => {
  const seeded = '2026-11-27';
  const departures = mumsDepartures(seeded);
  const late = (date: string) => departures.find((d) => d.date === date)?.morningLater;
  expect(departures[0]?.date).toBe('2026-11-06');
  expect(departures).toHaveLength(21 + 56);
  expect([
    late('2026-11-06'),
    late('2026-11-12'),
    late('2026-11-13'),
    late('2026-11-19'),
    late('2026-11-20'),
  ]).toEqual([15, 15, 30, 30, 45]);
  expect([late('2026-11-27'), late('2027-01-21'), late('2027-01-22')]).toEqual([45, 45, undefined]);
  expect(departures.find((d) => d.date === '2026-11-24')).toEqual({
    date: '2026-11-24',
    leftOn: { appliance: 'oven', at: '17:40', minutes: 260 },
    morningLater: 45,
  });
  expect(departures.find((d) => d.date === '2026-11-25')?.quiet).toEqual({ from: '00:00', to: '10:15' });
  expect(departures.find((d) => d.date === '2026-11-26')?.quiet).toEqual({ from: '11:30', to: '19:00' });
});
