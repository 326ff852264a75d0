import { describe, expect, test } from 'vitest';
import { type ApplianceKey, applianceTypeId } from '@homeview/domain';
import { demoHomes, typicalHome } from './presets';
import { type ApplianceEvent, simulateDays } from './simulate';
import { totals, utc } from './test-support';

const YEAR = { from: utc(2024, 1, 1), to: utc(2025, 1, 1) };
const homes = [demoHomes().own, ...Array.from({ length: 8 }, (_, i) => typicalHome(500 + i))];
const runs = homes.map((spec) => ({ spec, t: totals(simulateDays(spec, YEAR), true) }));

function eventsOf(key: ApplianceKey): ApplianceEvent[] {
  return runs.flatMap((r) => r.t.events.filter((e) => e.appliance_type_id === applianceTypeId(key)));
}

const minutes = (e: ApplianceEvent) => (e.end - e.start) / 60;
const meanW = (e: ApplianceEvent) => (e.energy_wh * 60) / minutes(e);
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('appliance behaviour', () => {
  test('kettle: ~4 uses a day (2–7 on average), 1–4 minutes at 2–3 kW', () => {
    for (const { spec, t } of runs) {
      if (!spec.appliances.kettle) continue;
      const perDay = t.events.filter((e) => e.appliance_type_id === 1).length / (t.days - t.awayDays);
      expect(perDay).toBeGreaterThan(2);
      expect(perDay).toBeLessThan(7);
    }
    const kettles = eventsOf('kettle');
    expect(kettles.every((e) => minutes(e) >= 1 && minutes(e) <= 4)).toBe(true);
    expect(kettles.every((e) => meanW(e) >= 2000 - 60 && meanW(e) <= 3000 + 60)).toBe(true);
  });

  test('electric shower draws 8–10 kW', () => {
    const showers = eventsOf('electric_shower');
    expect(showers.length).toBeGreaterThan(300);
    expect(showers.every((e) => meanW(e) >= 8000 - 150 && meanW(e) <= 10000 + 150)).toBe(true);
  });

  test('energy per use matches the CREST figures', () => {
    const perUse = (key: ApplianceKey) => mean(eventsOf(key).map((e) => e.energy_wh));
    expect(perUse('washing_machine')).toBeGreaterThan(500);
    expect(perUse('washing_machine')).toBeLessThan(1100);
    expect(perUse('tumble_dryer')).toBeGreaterThan(3800);
    expect(perUse('tumble_dryer')).toBeLessThan(5200);
    expect(perUse('dishwasher')).toBeGreaterThan(700);
    expect(perUse('dishwasher')).toBeLessThan(1300);
    expect(perUse('fridge_freezer')).toBeGreaterThan(750);
    expect(perUse('fridge_freezer')).toBeLessThan(2400); // some homes have two
    // Oven: ~2 kW mean over a ~30-minute use (CREST), i.e. about 1 kWh for half an hour.
    const ovens = eventsOf('oven');
    const halfHour = ovens.filter((e) => minutes(e) >= 25 && minutes(e) <= 35);
    expect(mean(halfHour.map(meanW))).toBeGreaterThan(1600);
    expect(mean(halfHour.map(meanW))).toBeLessThan(2400);
  });

  test('events lie inside their local day and carry positive energy', () => {
    const all = runs.flatMap((r) => r.t.events);
    expect(all.every((e) => e.end > e.start && e.energy_wh >= 0 && (e.end - e.start) % 60 === 0)).toBe(true);
  });

  test('holidays leave only baseload and fridge (no appliance events, low use)', () => {
    const spec = {
      ...typicalHome(42),
      holidays: { weeksPerYear: 0, spans: [{ from: '2024-02-10', to: '2024-02-16' }] },
    };
    const days = [...simulateDays(spec, { from: utc(2024, 2, 10), to: utc(2024, 2, 17) })];
    expect(days.every((d) => d.away)).toBe(true);
    const keys = new Set(days.flatMap((d) => d.events.map((e) => e.appliance_type_id)));
    expect([...keys]).toEqual([applianceTypeId('fridge_freezer')]);
    const t = totals(days);
    expect(t.useWh / 7).toBeLessThan(4500);
  });
});
