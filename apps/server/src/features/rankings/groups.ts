import { type ComparedGroup, type PropertyType, propertyTypeLabels } from '@homeview/contract';

// Which homes count as "similar" (spec-decisions "Similar homes"): same property type and same number of
// occupants; under MIN_SIMILAR such homes, occupants ±1; then the property type alone; a home with no
// property type (setup not done), or whose type has no other home with data, is compared with all homes.
// Pure: the rankings query hands over one row per (property type, occupants) with the group's sums.

export const MIN_SIMILAR = 10;

export interface Sums {
  homes: number;
  /** n£: the period's cost as the home's screens show it (domain `periodCost`). */
  cost: number;
  consumed_wh: number;
  generation_wh: number;
}

export interface GroupRow extends Sums {
  property_type: string | null;
  occupants: number;
}

export interface Profile {
  property_type: string | null;
  occupants: number;
}

export const NO_SUMS: Sums = { homes: 0, cost: 0, consumed_wh: 0, generation_wh: 0 };

export function addUp(rows: readonly Sums[]): Sums {
  const total = { ...NO_SUMS };
  for (const r of rows) {
    total.homes += r.homes;
    total.cost += r.cost;
    total.consumed_wh += r.consumed_wh;
    total.generation_wh += r.generation_wh;
  }
  return total;
}

const label = (type: string): string => propertyTypeLabels[type as PropertyType] ?? type;
const people = (n: number): string => (n === 1 ? '1 occupant' : `${n} occupants`);

export interface Chosen {
  compared: ComparedGroup;
  sums: Sums;
}

/** The narrowest group with at least MIN_SIMILAR homes, widening step by step. */
export function chooseSimilar(me: Profile, others: readonly GroupRow[]): Chosen {
  const all = addUp(others);
  const everyone: Chosen = {
    compared: { group: 'all', description: 'all homes', homes: all.homes },
    sums: all,
  };
  const type = me.property_type;
  if (type === null) return everyone;
  const sameType = others.filter((r) => r.property_type === type);
  const steps: Array<[ComparedGroup['group'], string, readonly GroupRow[]]> = [
    [
      'same_size',
      `${label(type)} homes with ${people(me.occupants)}`,
      sameType.filter((r) => r.occupants === me.occupants),
    ],
    [
      'near_size',
      `${label(type)} homes with ${Math.max(0, me.occupants - 1)} to ${me.occupants + 1} occupants`,
      sameType.filter((r) => Math.abs(r.occupants - me.occupants) <= 1),
    ],
    ['property_type', `${label(type)} homes`, sameType],
  ];
  for (const [group, description, rows] of steps) {
    const sums = addUp(rows);
    if (sums.homes >= MIN_SIMILAR) return { compared: { group, description, homes: sums.homes }, sums };
  }
  const typeSums = addUp(sameType);
  if (typeSums.homes === 0) return everyone;
  return {
    compared: { group: 'property_type', description: `${label(type)} homes`, homes: typeSums.homes },
    sums: typeSums,
  };
}

/** Whether a home of profile `other` is in the group `chooseSimilar` chose for `me`. */
export function inGroup(group: ComparedGroup['group'], me: Profile, other: Profile): boolean {
  if (group === 'all') return true;
  if (other.property_type !== me.property_type) return false;
  if (group === 'same_size') return other.occupants === me.occupants;
  if (group === 'near_size') return Math.abs(other.occupants - me.occupants) <= 1;
  return true;
}

/** One group row per (property type, occupants) of these homes, for `chooseSimilar`. */
export function groupRowsOf(homes: readonly Profile[]): GroupRow[] {
  const rows = new Map<string, GroupRow>();
  for (const h of homes) {
    const key = `${h.property_type}|${h.occupants}`;
    const row = rows.get(key) ?? { ...NO_SUMS, property_type: h.property_type, occupants: h.occupants };
    row.homes += 1;
    rows.set(key, row);
  }
  return [...rows.values()];
}
