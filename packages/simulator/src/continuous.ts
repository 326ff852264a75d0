// Loads that run without anyone pressing a button: always-on baseload, small plug loads while
// people are up, lighting when it is dark, the fridge-freezer compressor and the heat pump.

import type { HomeParams } from './home';
import type { Occupancy } from './occupancy';
import type { Rng } from './rng';
import { outdoorTempC, winterness } from './weather';
import { indexOfLocalMinute, type LocalDay } from './zone';

/** Always-on standby plus the plug loads of whoever is awake at home. */
export function baseloadW(home: HomeParams, day: LocalDay, occ: Occupancy, rng: Rng): Float64Array {
  const out = new Float64Array(day.minutes);
  const level = home.baseloadW * rng.uniform(0.93, 1.07);
  for (let i = 0; i < out.length; i++) {
    out[i] = level * (1 + rng.wobble(0.05)) + home.activeLoadW * (occ.active[i] ?? 0);
  }
  return out;
}

/** Lights while someone is up and daylight is poor; dimmer use at twilight. */
export function lightingW(home: HomeParams, occ: Occupancy, ghi: Float64Array): Float64Array {
  const out = new Float64Array(ghi.length);
  const dark = 120; // W/m² outside below which rooms need lights
  for (let i = 0; i < out.length; i++) {
    const active = occ.active[i] ?? 0;
    const g = ghi[i] ?? 0;
    if (active === 0 || g >= dark) continue;
    const need = 0.25 + 0.75 * (1 - g / dark);
    out[i] = home.lightingW * need * (0.6 + 0.4 * Math.min(active, 4));
  }
  return out;
}

/** Compressor cycling on absolute time (so it runs on smoothly across midnight), a little harder in summer. */
export function fridgeW(home: HomeParams, day: LocalDay): Float64Array {
  const out = new Float64Array(day.minutes);
  const count = home.owned.fridge_freezer;
  if (count === 0) return out;
  const { onW, period, duty, phase } = home.fridge;
  const on = period * Math.min(0.95, duty * (0.92 + 0.16 * (1 - winterness(day.dayNumber))));
  const first = day.start / 60 + phase;
  for (let i = 0; i < out.length; i++) {
    const t = (first + i) % period;
    const overlap = Math.max(0, Math.min(t + 1, on) - t) + Math.max(0, Math.min(t + 1 - period, on));
    out[i] = count * onW * Math.min(1, overlap);
  }
  return out;
}

/**
 * Heat pump: space heat = heat loss × (15.5 °C − outside), divided by a COP that falls in the cold,
 * turned down at night and when away; plus a daily hot-water run at midday.
 */
export function heatPumpW(home: HomeParams, day: LocalDay, away: boolean, rng: Rng): Float64Array {
  const out = new Float64Array(day.minutes);
  if (home.owned.heat_pump === 0) return out;
  const nightEnd = indexOfLocalMinute(day, 360);
  const nightStart = indexOfLocalMinute(day, 1380);
  for (let i = 0; i < out.length; i++) {
    const t = outdoorTempC(home.weatherSeed, day.start + i * 60 + 30);
    const setback = away ? 0.6 : i < nightEnd || i >= nightStart ? 0.8 : 1;
    const heat = home.heatLossWK * Math.max(0, 15.5 - t) * setback;
    const cop = Math.max(1.8, Math.min(4.5, 2.9 + 0.085 * (t - 5)));
    out[i] = Math.min(3500, heat / cop);
  }
  if (!away) {
    const start = indexOfLocalMinute(day, rng.uniform(720, 780));
    const minutes = Math.round(rng.uniform(40, 60));
    for (let i = start; i < Math.min(out.length, start + minutes); i++)
      out[i] = (out[i] ?? 0) + rng.uniform(1600, 2000);
  }
  return out;
}
