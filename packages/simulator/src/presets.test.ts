import { describe, expect, test } from 'vitest';
import { demoHomes, typicalHome } from './presets';
import { householdSummary } from './spec';

describe('demo presets', () => {
  test("the demo's own home: two working adults, two children, 4 kWp PV, semi-detached", () => {
    const { own } = demoHomes();
    expect(householdSummary(own)).toEqual({
      age_groups: { under10: 1, range10_17: 1, range18_64: 2, range65_74: 0, over74: 0 },
      employment_statuses: { full_time: 1, part_time: 1, unemployed: 0, pensioner: 0 },
      travel: { commuting: 2, stay_at_home: 0 },
      property_type: 'Semi_detached',
    });
    expect(own.pvKwp).toBe(4);
  });

  test("Mum's bungalow: one pensioner over 74 with a routine", () => {
    const { mum } = demoHomes();
    expect(mum.name).toBe("Mum's bungalow");
    expect(mum.propertyType).toBe('Bungalow');
    expect(mum.occupants).toEqual([{ age: 'over74', work: 'pensioner' }]);
    expect(mum.routine?.items.filter((i) => i.appliance === 'kettle').map((i) => i.at)).toEqual([
      '07:00',
      '10:30',
      '15:00',
      '19:30',
    ]);
  });

  test('typical homes are deterministic and vary', () => {
    expect(typicalHome(3)).toEqual(typicalHome(3));
    const sizes = new Set(Array.from({ length: 40 }, (_, i) => typicalHome(i).occupants.length));
    expect(sizes.size).toBeGreaterThan(3);
  });
});
