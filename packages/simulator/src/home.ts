// Per-home constants drawn once from the seed: appliance ratings, baseload, fridge cycle, heat loss
// and each occupant's habits. Fixed for the home's life, so they never depend on the date range.

import { APPLIANCE_CATALOGUE, type ApplianceKey } from '@homeview/domain';
import { isOwnable, type OwnableKey } from './owned';
import { Rng, Stream } from './rng';
import {
  DEFAULT_WEATHER_SEED,
  type HomeSpec,
  type Occupant,
  type PropertyType,
  type RoutineSpec,
  isChild,
} from './spec';

export interface OccupantHabits {
  occupant: Occupant;
  /** Minutes added to the pattern's usual wake time (a lark or an owl). */
  wakeBias: number;
  sleepBias: number;
  /** Weekdays (1–5) a part-timer works. */
  workDays: ReadonlySet<number>;
  /** Chance a commuting full-timer works from home on a given weekday. */
  homeWorkingChance: number;
  showerChance: number;
  showersInMorning: boolean;
}

export interface Ratings {
  kettleW: number;
  microwaveW: number;
  toasterW: number;
  ovenW: number;
  hobRingW: number;
  showerW: number;
  tvW: number;
  computerW: number;
  ironW: number;
  vacuumW: number;
  dryerW: number;
  washHeaterW: number;
  dishHeaterW: number;
  evW: number;
}

export interface HomeParams {
  spec: HomeSpec;
  seed: number;
  weatherSeed: number;
  latDeg: number;
  lonDeg: number;
  owned: Readonly<Record<ApplianceKey, number>>;
  ratings: Ratings;
  /** Always-on standby and network load, W. */
  baseloadW: number;
  /** Small unmetered plug loads per awake occupant at home (chargers, hair dryer, audio), W. */
  activeLoadW: number;
  /** Lighting for a lit home with one active occupant, W. */
  lightingW: number;
  fridge: { onW: number; period: number; duty: number; phase: number };
  /** Building heat loss, W/K (heat pump homes only). */
  heatLossWK: number;
  evChargeChance: number;
  pv: { kwp: number; tiltRad: number; azimuthRad: number } | null;
  occupants: readonly OccupantHabits[];
  routine: RoutineSpec | null;
  /** Appliances whose use the routine decides (no random habits for them). */
  routineKeys: ReadonlySet<ApplianceKey>;
}

const HEAT_LOSS_FACTOR: Record<PropertyType, number> = {
  Flat: 0.75,
  Terraced: 0.9,
  End_of_terrace: 1.0,
  Semi_detached: 1.0,
  Detached: 1.2,
  Bungalow: 1.15,
};

/** In catalogue order: the simulator's draws follow it, so a seed keeps giving the same home. */
const OWNABLE: readonly OwnableKey[] = APPLIANCE_CATALOGUE.map((a) => a.key).filter(isOwnable);

function habits(o: Occupant, rng: Rng): OccupantHabits {
  const workDays = new Set<number>();
  if (o.work === 'part_time' && !isChild(o)) {
    const days = [1, 2, 3, 4, 5];
    const n = rng.int(2, 4);
    while (workDays.size < n) workDays.add(rng.pick(days));
  }
  const child = o.age === 'under10';
  return {
    occupant: o,
    wakeBias: rng.normal(0, 20, 45),
    sleepBias: rng.normal(0, 25, 60),
    workDays,
    homeWorkingChance: rng.uniform(0, 0.4),
    showerChance: child ? rng.uniform(0.2, 0.4) : rng.uniform(0.55, 0.95),
    showersInMorning: rng.chance(child ? 0.2 : 0.7),
  };
}

export function resolveHome(spec: HomeSpec): HomeParams {
  const rng = Rng.of(spec.seed, Stream.home);
  const owned = {} as Record<ApplianceKey, number>;
  for (const key of OWNABLE) owned[key] = Math.max(0, Math.floor(spec.appliances[key] ?? 0));
  owned.ev_charger = spec.ev ? 1 : 0;
  owned.heat_pump = spec.heatPump ? 1 : 0;
  owned.lighting = 1;
  owned.baseload = 1;
  owned.activity = 0;
  const people = spec.occupants.length;
  const floor = Math.max(20, spec.floorAreaM2);

  const ratings: Ratings = {
    kettleW: rng.uniform(2200, 3000),
    microwaveW: rng.uniform(1000, 1500),
    toasterW: rng.uniform(800, 1200),
    ovenW: rng.uniform(2500, 3300),
    hobRingW: rng.uniform(1200, 1800),
    showerW: rng.pick([8000, 8500, 9000, 9500, 10000]),
    tvW: rng.uniform(60, 150),
    computerW: rng.uniform(30, 140),
    ironW: rng.uniform(1800, 2600),
    vacuumW: rng.uniform(700, 1600),
    dryerW: rng.uniform(2400, 2900),
    washHeaterW: rng.uniform(1900, 2300),
    dishHeaterW: rng.uniform(1900, 2200),
    evW: rng.chance(0.8) ? 7200 : 3600,
  };

  // Standby grows with house size and household (60–260 W); with the fridge's ~40 W average the
  // night-time floor lands in the 100–300 W seen in REFIT / UK-DALE / IDEAL homes.
  const baseloadW = Math.min(260, Math.max(60, 40 + 0.25 * floor + 7 * people + rng.normal(0, 12, 30)));
  // Fridge-freezer: ~1 kWh a day from a compressor cycling about once an hour.
  const fridgeOnW = rng.uniform(80, 140);
  const fridgeDaily = rng.uniform(700, 1100);
  const period = rng.int(38, 62);
  const fridge = {
    onW: fridgeOnW,
    period,
    duty: Math.min(0.9, fridgeDaily / (fridgeOnW * 24)),
    phase: rng.int(0, 9999),
  };

  const occupants = spec.occupants.map((o) => habits(o, rng));
  const routine = spec.routine ?? null;
  const routineKeys = new Set<ApplianceKey>(routine ? routine.items.map((i) => i.appliance) : []);
  const tilt = spec.pvTiltDeg ?? 35;
  const azimuth = spec.pvAzimuthDeg ?? 180;

  return {
    spec,
    seed: spec.seed,
    weatherSeed: spec.weatherSeed ?? DEFAULT_WEATHER_SEED,
    latDeg: spec.latitudeDeg ?? 52.0,
    lonDeg: spec.longitudeDeg ?? -1.5,
    owned,
    ratings,
    baseloadW,
    activeLoadW: rng.uniform(10, 25),
    lightingW: Math.min(200, 25 + 0.4 * floor) * rng.uniform(0.7, 1.3),
    fridge,
    heatLossWK: floor * 1.5 * HEAT_LOSS_FACTOR[spec.propertyType] * rng.uniform(0.85, 1.15),
    evChargeChance: rng.uniform(0.3, 0.55),
    pv:
      spec.pvKwp > 0
        ? { kwp: spec.pvKwp, tiltRad: (tilt * Math.PI) / 180, azimuthRad: (azimuth * Math.PI) / 180 }
        : null,
    occupants,
    routine,
    routineKeys,
  };
}
