import { describe, expect, test } from 'vitest';
import { APPLIANCE_CATALOGUE, applianceById, applianceByKey, applianceTypeId } from '../src/index';

describe('appliance catalogue', () => {
  test('ids are unique and stable; lighting and baseload are marked as not appliances', () => {
    const ids = APPLIANCE_CATALOGUE.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(applianceTypeId('kettle')).toBe(1);
    expect(applianceTypeId('heat_pump')).toBe(16);
    expect(applianceTypeId('activity')).toBe(19);
    expect(APPLIANCE_CATALOGUE.filter((a) => a.kind !== 'appliance').map((a) => a.key)).toEqual([
      'lighting',
      'baseload',
    ]);
    for (const a of APPLIANCE_CATALOGUE) expect(a.icon).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  test('finds an entry by key and by id, and says so for a key it does not list', () => {
    expect(applianceByKey('fridge_freezer')).toMatchObject({
      id: 10,
      name: 'Fridge-freezer',
      continuous: true,
    });
    expect(applianceById(7)?.key).toBe('washing_machine');
    expect(applianceById(99)).toBeUndefined();
    expect(() => applianceByKey('jacuzzi' as never)).toThrow('unknown appliance key jacuzzi');
  });
});
