import { expect, it } from 'vitest';
import { chooseSimilar, type GroupRow } from './groups';

const row = (property_type: string | null, occupants: number, homes: number): GroupRow => ({
  property_type,
  occupants,
  homes,
  cost: homes * 100,
  consumed_wh: homes * 10,
  generation_wh: 0,
});

it('keeps the same size when it has 10 homes, else widens to ±1 occupant, then the property type', () => {
  const me = { property_type: 'Flat', occupants: 2 };
  expect(chooseSimilar(me, [row('Flat', 2, 10), row('Flat', 3, 5)]).compared).toEqual({
    group: 'same_size',
    description: 'Flat homes with 2 occupants',
    homes: 10,
  });
  expect(
    chooseSimilar(me, [row('Flat', 2, 4), row('Flat', 1, 3), row('Flat', 3, 3), row('Flat', 5, 9)]).compared,
  ).toEqual({
    group: 'near_size',
    description: 'Flat homes with 1 to 3 occupants',
    homes: 10,
  });
  const typeOnly = chooseSimilar(me, [row('Flat', 2, 1), row('Flat', 6, 2), row('Detached', 2, 40)]);
  expect(typeOnly.compared).toEqual({ group: 'property_type', description: 'Flat homes', homes: 3 });
  expect(typeOnly.sums).toMatchObject({ homes: 3, cost: 300, consumed_wh: 30 });
});

it('compares with all homes when the type is unknown or has no other home with data', () => {
  const others = [row('Detached', 2, 4), row('Terraced', 3, 2)];
  expect(chooseSimilar({ property_type: null, occupants: 0 }, others).compared).toEqual({
    group: 'all',
    description: 'all homes',
    homes: 6,
  });
  expect(chooseSimilar({ property_type: 'Semi_detached', occupants: 1 }, others).compared.group).toBe('all');
  expect(
    chooseSimilar({ property_type: 'Semi_detached', occupants: 1 }, [row('Semi_detached', 1, 12)]).compared
      .description,
  ).toBe('Semi Detached homes with 1 occupant');
});
