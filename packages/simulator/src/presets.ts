// Ready-made homes: the demo's own family home, Mum's bungalow and Dad's house (steady routines for
// InfoCare; Dad's is watched through his smart meter alone),
// random typical UK homes and a varied neighbourhood for rankings.

import type { OwnableKey } from './owned';
import { hashSeed, Rng, Stream } from './rng';
import type { HomeSpec, Occupant, PropertyType, RoutineSpec } from './spec';

const FLOOR_M2: Record<PropertyType, readonly [number, number]> = {
  Flat: [40, 75],
  Terraced: [60, 95],
  End_of_terrace: [65, 100],
  Semi_detached: [75, 115],
  Detached: [100, 180],
  Bungalow: [55, 100],
};

// UK household sizes 1–6 (ONS: ~29% one person, 35% two, …).
const SIZE_WEIGHTS = [0.29, 0.35, 0.16, 0.13, 0.05, 0.02];

function adult(rng: Rng, pensionerChance: number): Occupant {
  if (rng.chance(pensionerChance))
    return { age: rng.chance(0.55) ? 'range65_74' : 'over74', work: 'pensioner' };
  const work = rng.pick(['full_time', 'full_time', 'full_time', 'part_time', 'stay_at_home'] as const);
  return { age: 'range18_64', work, commutes: rng.chance(0.75) };
}

function household(rng: Rng, size: number): Occupant[] {
  if (size === 1) return [adult(rng, 0.45)];
  if (size === 2) {
    const first = adult(rng, 0.3);
    const second =
      first.work === 'pensioner'
        ? { ...first, age: rng.pick(['range65_74', 'over74'] as const) }
        : adult(rng, 0);
    return [first, second];
  }
  const people = [adult(rng, 0), adult(rng, 0)];
  while (people.length < size) {
    people.push(rng.chance(0.15) ? adult(rng, 0) : { age: rng.chance(0.55) ? 'under10' : 'range10_17' });
  }
  return people;
}

function propertyFor(rng: Rng, size: number): PropertyType {
  const weights = size <= 2 ? [0.3, 0.12, 0.2, 0.2, 0.08, 0.1] : [0.06, 0.28, 0.34, 0.2, 0.1, 0.02];
  const types: readonly PropertyType[] = [
    'Flat',
    'Detached',
    'Semi_detached',
    'Terraced',
    'End_of_terrace',
    'Bungalow',
  ];
  return types[rng.weighted(weights)] ?? 'Semi_detached';
}

/** UK ownership rates (ECUK / CREST); electric ovens and hobs are absent in many gas-cooking homes. */
function ownership(rng: Rng, size: number): Partial<Record<OwnableKey, number>> {
  const has = (p: number) => (rng.chance(p) ? 1 : 0);
  return {
    kettle: has(0.97),
    microwave: has(0.9),
    oven: has(0.65),
    hob: has(0.45),
    toaster: has(0.8),
    dishwasher: has(0.25 + 0.1 * size),
    washing_machine: has(0.96),
    tumble_dryer: has(0.55),
    electric_shower: has(0.35),
    fridge_freezer: 1 + has(0.12),
    television: Math.min(3, has(0.96) + (size >= 3 ? has(0.6) : 0)),
    computer: Math.min(3, has(0.8) + (size >= 3 ? has(0.5) : 0)),
    iron: has(0.85),
    vacuum: has(0.95),
  };
}

/** A random typical UK home (no PV, EV or heat pump). */
export function typicalHome(seed: number, size?: number): HomeSpec {
  const rng = Rng.of(seed, Stream.preset);
  const n = size ?? 1 + rng.weighted(SIZE_WEIGHTS);
  const occupants = household(rng, n);
  const elderly = occupants.every((o) => o.work === 'pensioner');
  const propertyType = elderly && rng.chance(0.35) ? 'Bungalow' : propertyFor(rng, n);
  const [lo, hi] = FLOOR_M2[propertyType];
  return {
    seed,
    occupants,
    propertyType,
    floorAreaM2: Math.round(rng.uniform(lo, hi) + 4 * (n - 2)),
    appliances: ownership(rng, n),
    pvKwp: 0,
    ev: false,
    heatPump: false,
    holidays: { weeksPerYear: rng.weighted([0.25, 0.45, 0.3]), spans: [] },
  };
}

/** n varied homes for rankings: every size 1–6 once n ≥ 6, ~30% with PV, a few EVs and heat pumps. */
export function neighbourHomes(n: number, seed: number): HomeSpec[] {
  const rng = Rng.of(seed, Stream.preset, n);
  const homes: HomeSpec[] = [];
  for (let i = 0; i < n; i++) {
    const homeSeed = hashSeed(seed, i, 0x6e);
    const base = typicalHome(homeSeed, i < 6 ? i + 1 : undefined);
    const pv = rng.chance(0.3);
    homes.push({
      ...base,
      name: `Neighbour ${i + 1}`,
      pvKwp: pv ? Math.round(rng.uniform(2, 6) * 4) / 4 : 0,
      pvAzimuthDeg: pv ? Math.round(rng.uniform(135, 225)) : undefined,
      pvTiltDeg: pv ? Math.round(rng.uniform(25, 45)) : undefined,
      ev: i % 9 === 4 || rng.chance(0.06),
      heatPump: i % 11 === 7 || rng.chance(0.04),
    });
  }
  return homes;
}

const MUMS_ROUTINE: RoutineSpec = {
  wake: '06:45',
  sleep: '22:30',
  items: [
    { appliance: 'kettle', at: '07:00', jitterMinutes: 12 },
    { appliance: 'toaster', at: '07:10', jitterMinutes: 10, probability: 0.6 },
    { appliance: 'electric_shower', at: '07:40', jitterMinutes: 15, probability: 0.9 },
    { appliance: 'washing_machine', at: '10:00', jitterMinutes: 30, weekdays: [1, 4] },
    { appliance: 'kettle', at: '10:30', jitterMinutes: 15 },
    { appliance: 'vacuum', at: '11:15', jitterMinutes: 30, weekdays: [3], probability: 0.7 },
    { appliance: 'microwave', at: '12:30', jitterMinutes: 20 },
    { appliance: 'television', at: '13:45', jitterMinutes: 20, minutes: 150, probability: 0.8 },
    { appliance: 'kettle', at: '15:00', jitterMinutes: 15 },
    { appliance: 'oven', at: '17:00', jitterMinutes: 20, minutes: 50, weekdays: [0], probability: 0.8 },
    { appliance: 'television', at: '18:00', jitterMinutes: 15, minutes: 235 },
    { appliance: 'kettle', at: '19:30', jitterMinutes: 15 },
  ],
  lateMorningEveryDays: 14,
  noEarlyKettleEveryDays: 20,
  missingEveningEveryDays: 45,
};

/**
 * Dad's routine: a widower in a terraced house whose only data is the smart meter (issue 24), so every
 * habit here is one the whole-house signal shows: kettles, an electric shower, the washing machine, the
 * microwave at lunch, the oven or the hob at tea time. The television and the fridge are below what the
 * meter can tell apart.
 */
const DADS_ROUTINE: RoutineSpec = {
  wake: '07:00',
  sleep: '23:00',
  items: [
    { appliance: 'kettle', at: '07:20', jitterMinutes: 12 },
    { appliance: 'toaster', at: '07:30', jitterMinutes: 10, probability: 0.5 },
    { appliance: 'electric_shower', at: '08:00', jitterMinutes: 15, probability: 0.85 },
    { appliance: 'washing_machine', at: '10:30', jitterMinutes: 30, weekdays: [2, 5] },
    { appliance: 'kettle', at: '11:00', jitterMinutes: 15 },
    { appliance: 'microwave', at: '12:45', jitterMinutes: 20 },
    { appliance: 'television', at: '14:00', jitterMinutes: 20, minutes: 120, probability: 0.7 },
    { appliance: 'kettle', at: '15:30', jitterMinutes: 15 },
    { appliance: 'oven', at: '17:30', jitterMinutes: 20, minutes: 45, weekdays: [0, 3, 6], probability: 0.9 },
    { appliance: 'hob', at: '17:45', jitterMinutes: 20, weekdays: [1, 2, 4, 5], probability: 0.8 },
    { appliance: 'television', at: '18:30', jitterMinutes: 15, minutes: 240 },
    { appliance: 'kettle', at: '20:30', jitterMinutes: 15 },
  ],
  lateMorningEveryDays: 21,
  noEarlyKettleEveryDays: 25,
  missingEveningEveryDays: 60,
};

export interface DemoHomes {
  /** The demo user's own home (HomeView). */
  own: HomeSpec;
  /** Mum's bungalow, watched through InfoCare. */
  mum: HomeSpec;
  /** Dad's terraced house, watched through InfoCare from its smart meter alone (no plugs). */
  dad: HomeSpec;
}

export function demoHomes(): DemoHomes {
  return {
    own: {
      seed: 1001,
      name: 'Our home',
      occupants: [
        { age: 'range18_64', work: 'full_time', commutes: true },
        { age: 'range18_64', work: 'part_time', commutes: true },
        { age: 'under10' },
        { age: 'range10_17' },
      ],
      propertyType: 'Semi_detached',
      floorAreaM2: 95,
      appliances: {
        kettle: 1,
        microwave: 1,
        oven: 1,
        hob: 1,
        toaster: 1,
        dishwasher: 1,
        washing_machine: 1,
        tumble_dryer: 1,
        electric_shower: 1,
        fridge_freezer: 1,
        television: 2,
        computer: 2,
        iron: 1,
        vacuum: 1,
      },
      pvKwp: 4,
      ev: false,
      heatPump: false,
      holidays: { weeksPerYear: 2, spans: [] },
    },
    mum: {
      seed: 2002,
      name: "Mum's bungalow",
      occupants: [{ age: 'over74', work: 'pensioner' }],
      propertyType: 'Bungalow',
      floorAreaM2: 65,
      appliances: {
        kettle: 1,
        microwave: 1,
        oven: 1,
        toaster: 1,
        washing_machine: 1,
        electric_shower: 1,
        fridge_freezer: 1,
        television: 1,
        iron: 1,
        vacuum: 1,
      },
      pvKwp: 0,
      ev: false,
      heatPump: false,
      holidays: { weeksPerYear: 0, spans: [] },
      routine: MUMS_ROUTINE,
    },
    dad: {
      seed: 3003,
      name: "Dad's house",
      occupants: [{ age: 'over74', work: 'pensioner' }],
      propertyType: 'Terraced',
      floorAreaM2: 70,
      appliances: {
        kettle: 1,
        microwave: 1,
        oven: 1,
        hob: 1,
        toaster: 1,
        washing_machine: 1,
        electric_shower: 1,
        fridge_freezer: 1,
        television: 1,
        vacuum: 1,
      },
      pvKwp: 0,
      ev: false,
      heatPump: false,
      holidays: { weeksPerYear: 0, spans: [] },
      routine: DADS_ROUTINE,
    },
  };
}
