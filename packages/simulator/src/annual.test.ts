import { describe, expect, test } from 'vitest';
import { demoHomes, neighbourHomes, typicalHome } from './presets';
import { simulateDays } from './simulate';
import { totals, utc } from './test-support';

const YEAR = { from: utc(2024, 1, 1), to: utc(2025, 1, 1) };
const kWh = (wh: number) => wh / 1000;

describe('annual consumption', () => {
  test('30 random typical homes use 2,200–3,300 kWh a year on average', { timeout: 120_000 }, () => {
    let sum = 0;
    for (let i = 0; i < 30; i++) sum += totals(simulateDays(typicalHome(9000 + i), YEAR)).useWh;
    const mean = kWh(sum / 30);
    expect(mean).toBeGreaterThan(2200);
    expect(mean).toBeLessThan(3300);
  });

  test("Mum's bungalow (one person over 74) uses 1,800–2,500 kWh", () => {
    const use = kWh(totals(simulateDays(demoHomes().mum, YEAR)).useWh);
    expect(use).toBeGreaterThan(1800);
    expect(use).toBeLessThan(2500);
  });

  test('bigger households use more; EVs and heat pumps add thousands of kWh', () => {
    const base = typicalHome(77, 2);
    const small = kWh(totals(simulateDays(typicalHome(77, 1), YEAR)).useWh);
    const large = kWh(totals(simulateDays(typicalHome(77, 5), YEAR)).useWh);
    expect(large).toBeGreaterThan(small);
    const plain = kWh(totals(simulateDays(base, YEAR)).useWh);
    const ev = kWh(totals(simulateDays({ ...base, ev: true }, YEAR)).useWh);
    const hp = kWh(totals(simulateDays({ ...base, heatPump: true }, YEAR)).useWh);
    expect(ev - plain).toBeGreaterThan(1500);
    expect(ev - plain).toBeLessThan(4000);
    expect(hp - plain).toBeGreaterThan(1500);
    expect(hp - plain).toBeLessThan(6000);
  });

  test('winter months use more than summer months (lighting, laundry drying)', () => {
    const own = demoHomes().own;
    const jan = totals(simulateDays(own, { from: utc(2024, 1, 1), to: utc(2024, 2, 1) })).useWh;
    const jun = totals(simulateDays(own, { from: utc(2024, 5, 31, 23), to: utc(2024, 6, 30, 23) })).useWh;
    expect(jan / 31).toBeGreaterThan(jun / 30);
  });

  test('a neighbourhood has every household size, some PV, EVs and heat pumps', () => {
    const homes = neighbourHomes(24, 5);
    expect(new Set(homes.map((h) => h.occupants.length))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(homes.filter((h) => h.pvKwp > 0).length).toBeGreaterThan(2);
    expect(homes.some((h) => h.ev)).toBe(true);
    expect(homes.some((h) => h.heatPump)).toBe(true);
    expect(new Set(homes.map((h) => h.propertyType)).size).toBeGreaterThan(3);
    expect(neighbourHomes(24, 5)).toEqual(homes);
  });
});
