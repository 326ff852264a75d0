// Minute-by-minute power of one use of an appliance (W, mean over each minute). Shapes follow
// CREST and were compared with REFIT / UK-DALE 1-minute plug data (see calibration.test.ts).

import type { UseKey } from './owned';
import type { Ratings } from './home';
import type { Rng } from './rng';

function constant(watts: number, minutes: number): Float64Array {
  return new Float64Array(Math.max(1, Math.round(minutes))).fill(watts);
}

/** Element that heats at full power, then cycles on its thermostat with the given duty. */
function thermostat(watts: number, minutes: number, warmUp: number, duty: number, rng: Rng): Float64Array {
  const out = new Float64Array(Math.max(1, Math.round(minutes)));
  const cycle = rng.int(4, 7);
  const on = cycle * duty;
  const phase = rng.uniform(0, cycle);
  for (let i = 0; i < out.length; i++) {
    if (i < warmUp) {
      out[i] = watts;
      continue;
    }
    // Fraction of this minute inside the on-window [0, on) of the repeating cycle.
    const t0 = (i - warmUp + phase) % cycle;
    const overlap = Math.max(0, Math.min(t0 + 1, on) - t0) + Math.max(0, Math.min(t0 + 1 - cycle, on));
    out[i] = watts * Math.min(1, overlap);
  }
  return out;
}

function concat(parts: readonly Float64Array[]): Float64Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Float64Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Kettle: 1–4 minutes at full power (REFIT/UK-DALE medians: 2 min, 2.7–2.9 kW, 50–130 Wh). */
export function kettleUse(r: Ratings, rng: Rng): Float64Array {
  return constant(r.kettleW, 1 + rng.weighted([0.25, 0.42, 0.23, 0.1]));
}

export function microwaveUse(r: Ratings, rng: Rng): Float64Array {
  return constant(r.microwaveW, 1 + rng.weighted([0.2, 0.3, 0.25, 0.12, 0.08, 0.05]));
}

export function toasterUse(r: Ratings, rng: Rng): Float64Array {
  return constant(r.toasterW, rng.int(2, 4));
}

/** Oven: preheat at full power, then the thermostat holds ~55% duty (CREST ≈ 2.1 kW mean over 30 min). */
export function ovenUse(r: Ratings, rng: Rng, minutes = rng.uniform(25, 70)): Float64Array {
  return thermostat(r.ovenW, minutes, rng.int(8, 12), rng.uniform(0.4, 0.55), rng);
}

/** Hob: one or two rings, full power to boil, then simmering. */
export function hobUse(r: Ratings, rng: Rng): Float64Array {
  const rings = rng.chance(0.45) ? 2 : 1;
  return thermostat(r.hobRingW * rings, rng.uniform(8, 35), rng.int(3, 6), rng.uniform(0.35, 0.55), rng);
}

export function showerUse(r: Ratings, rng: Rng): Float64Array {
  return constant(r.showerW, rng.normal(7, 2, 3.5));
}

export function ironUse(r: Ratings, rng: Rng): Float64Array {
  return thermostat(r.ironW, rng.uniform(15, 40), 2, rng.uniform(0.3, 0.45), rng);
}

export function vacuumUse(r: Ratings, rng: Rng): Float64Array {
  return constant(r.vacuumW, rng.uniform(10, 30));
}

/** Washing machine: fill, heat (longer for hotter washes), tumble, rinse, spin (~0.5–1.1 kWh). */
export function washingMachineUse(r: Ratings, rng: Rng): Float64Array {
  const heatMinutes = [6, 12, 24][rng.weighted([0.35, 0.45, 0.2])] ?? 12;
  return concat([
    constant(rng.uniform(20, 60), 4),
    constant(r.washHeaterW, heatMinutes),
    constant(rng.uniform(150, 250), rng.uniform(30, 55)),
    constant(rng.uniform(80, 130), rng.uniform(10, 20)),
    constant(rng.uniform(300, 500), rng.uniform(8, 14)),
  ]);
}

/** Dishwasher: pre-rinse, heated wash, wash, heated rinse, drying (~0.8–1.3 kWh). */
export function dishwasherUse(r: Ratings, rng: Rng): Float64Array {
  const eco = rng.chance(0.35);
  return concat([
    constant(60, rng.uniform(4, 8)),
    constant(r.dishHeaterW, eco ? rng.uniform(10, 14) : rng.uniform(15, 20)),
    constant(rng.uniform(70, 110), rng.uniform(20, 35)),
    constant(r.dishHeaterW, eco ? rng.uniform(6, 9) : rng.uniform(9, 13)),
    constant(rng.uniform(40, 80), rng.uniform(8, 14)),
    constant(10, rng.uniform(20, 35)),
  ]);
}

/** Tumble dryer: heater on most of the run, cycling near the end, then a cool-down (~3.5–5 kWh). */
export function tumbleDryerUse(r: Ratings, rng: Rng): Float64Array {
  const drum = 200;
  const full = rng.uniform(55, 90);
  const cycling = thermostat(r.dryerW, rng.uniform(20, 35), 0, rng.uniform(0.6, 0.8), rng);
  for (let i = 0; i < cycling.length; i++) cycling[i] = (cycling[i] ?? 0) + drum;
  return concat([constant(r.dryerW + drum, full), cycling, constant(drum, rng.uniform(8, 12))]);
}

/** Screen session: steady draw with a little per-minute wobble. */
export function sessionUse(watts: number, minutes: number, rng: Rng): Float64Array {
  const out = new Float64Array(Math.max(1, Math.round(minutes)));
  for (let i = 0; i < out.length; i++) out[i] = watts * rng.uniform(0.9, 1.1);
  return out;
}

/** EV: constant current until the energy is in, tapering in the final minutes. */
export function evChargeUse(r: Ratings, energyWh: number): Float64Array {
  const minutes = Math.ceil((energyWh / r.evW) * 60);
  const out = new Float64Array(minutes).fill(r.evW);
  const excess = (r.evW * minutes) / 60 - energyWh;
  // Take the surplus out of the last minute so the session carries exactly energyWh.
  out[minutes - 1] = Math.max(0, r.evW - excess * 60);
  return out;
}

/** One use of any discrete appliance; `minutes` sets session length (TV, computer, oven). */
export function useProfile(key: UseKey, r: Ratings, rng: Rng, minutes?: number): Float64Array {
  switch (key) {
    case 'kettle':
      return kettleUse(r, rng);
    case 'microwave':
      return microwaveUse(r, rng);
    case 'toaster':
      return toasterUse(r, rng);
    case 'oven':
      return ovenUse(r, rng, minutes);
    case 'hob':
      return hobUse(r, rng);
    case 'electric_shower':
      return showerUse(r, rng);
    case 'iron':
      return ironUse(r, rng);
    case 'vacuum':
      return vacuumUse(r, rng);
    case 'washing_machine':
      return washingMachineUse(r, rng);
    case 'dishwasher':
      return dishwasherUse(r, rng);
    case 'tumble_dryer':
      return tumbleDryerUse(r, rng);
    case 'television':
      return sessionUse(r.tvW, minutes ?? rng.uniform(30, 150), rng);
    case 'computer':
      return sessionUse(r.computerW, minutes ?? rng.uniform(30, 120), rng);
    case 'ev_charger':
      return evChargeUse(r, 12_000);
  }
}
