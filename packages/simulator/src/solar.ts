// Sun position (NOAA approximations), clear-sky irradiance and PV output per minute. Day length and
// season come from the geometry; clouds from weather.ts.

import type { LocalDay } from './zone';

const RAD = Math.PI / 180;
const SOLAR_CONSTANT = 1361;
/** Performance ratio: inverter, wiring, soiling and temperature losses (tuned so a south-facing
 * 35° array at 52° N yields ~900–950 kWh/kWp/yr with this cloud model). */
const PERFORMANCE_RATIO = 0.85;
const GROUND_ALBEDO = 0.2;

// Clear-sky beam (Meinel, Kasten–Young air mass) and global (Haurwitz) depend only on the sun's
// height, so tabulate them once by sin(elevation) rather than paying for pow/exp every minute.
const TABLE_STEPS = 2000;
const DNI_TABLE = new Float64Array(TABLE_STEPS + 2);
const GHI_TABLE = new Float64Array(TABLE_STEPS + 2);
for (let j = 1; j <= TABLE_STEPS + 1; j++) {
  const sinEl = Math.min(1, j / TABLE_STEPS);
  const elDeg = Math.asin(sinEl) / RAD;
  const airMass = 1 / (sinEl + 0.50572 * (elDeg + 6.07995) ** -1.6364);
  DNI_TABLE[j] = SOLAR_CONSTANT * 0.7 ** (airMass ** 0.678);
  GHI_TABLE[j] = 1098 * sinEl * Math.exp(-0.057 / sinEl);
}

function lookup(table: Float64Array, sinEl: number): number {
  const x = sinEl * TABLE_STEPS;
  const j = Math.floor(x);
  const f = x - j;
  return (table[j] ?? 0) * (1 - f) + (table[j + 1] ?? 0) * f;
}

interface DaySun {
  declination: number;
  /** Equation of time, minutes. */
  eqTime: number;
  eccentricity: number;
}

function daySun(dayOfYear: number): DaySun {
  const g = ((2 * Math.PI) / 365) * (dayOfYear - 1);
  const declination =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  return { declination, eqTime, eccentricity: 1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365) };
}

/** Hour angle (rad) at an instant: 0 at solar noon, negative in the morning. */
function hourAngle(epoch: number, lonDeg: number, eqTime: number): number {
  const utcMinutes = (((epoch % 86_400) + 86_400) % 86_400) / 60;
  const solarMinutes = utcMinutes + eqTime + 4 * lonDeg;
  return (solarMinutes / 4 - 180) * RAD;
}

/** Sun elevation above the horizon, degrees. */
export function sunElevationDeg(epoch: number, dayOfYear: number, latDeg: number, lonDeg: number): number {
  const s = daySun(dayOfYear);
  const lat = latDeg * RAD;
  const h = hourAngle(epoch, lonDeg, s.eqTime);
  const sinEl =
    Math.sin(lat) * Math.sin(s.declination) + Math.cos(lat) * Math.cos(s.declination) * Math.cos(h);
  return Math.asin(Math.max(-1, Math.min(1, sinEl))) / RAD;
}

/** Sunrise and sunset (epoch seconds, upper limb with refraction), or null in polar day/night. */
export function sunTimes(
  day: LocalDay,
  latDeg: number,
  lonDeg: number,
): { sunrise: number; sunset: number } | null {
  const s = daySun(day.dayOfYear);
  const lat = latDeg * RAD;
  const cosH0 =
    (Math.sin(-0.833 * RAD) - Math.sin(lat) * Math.sin(s.declination)) /
    (Math.cos(lat) * Math.cos(s.declination));
  if (cosH0 < -1 || cosH0 > 1) return null;
  const h0 = Math.acos(cosH0) / RAD;
  // Solar noon in UTC minutes of the calendar date, then back to epoch seconds.
  const noonUtc = 720 - 4 * lonDeg - s.eqTime;
  const midnightUtc = day.dayNumber * 86_400;
  return {
    sunrise: Math.round(midnightUtc + (noonUtc - 4 * h0) * 60),
    sunset: Math.round(midnightUtc + (noonUtc + 4 * h0) * 60),
  };
}

export interface DayIrradiance {
  /** Global horizontal irradiance per real minute, W/m² (drives lighting). */
  ghi: Float64Array;
  /** PV AC output per real minute, W (zeros without PV). */
  pvW: Float64Array;
}

export interface PvArray {
  kwp: number;
  tiltRad: number;
  /** Clockwise from north. */
  azimuthRad: number;
}

/**
 * Irradiance and PV output for one local day. Clear-sky: Meinel beam + Haurwitz global; clouds
 * scale the global and remove most of the beam, leaving diffuse light that a tilt gains little from.
 */
export function dayIrradiance(
  day: LocalDay,
  latDeg: number,
  lonDeg: number,
  clearness: Float32Array,
  pv: PvArray | null,
): DayIrradiance {
  const n = day.minutes;
  const ghi = new Float64Array(n);
  const pvW = new Float64Array(n);
  const s = daySun(day.dayOfYear);
  const lat = latDeg * RAD;
  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const sinDec = Math.sin(s.declination);
  const cosDec = Math.cos(s.declination);
  // Incidence on the panel: cosθ = A + B cos ω + C sin ω (Duffie & Beckman, γ from south, west +).
  const beta = pv?.tiltRad ?? 0;
  const gamma = (pv?.azimuthRad ?? Math.PI) - Math.PI;
  const A = sinDec * sinLat * Math.cos(beta) - sinDec * cosLat * Math.sin(beta) * Math.cos(gamma);
  const B = cosDec * cosLat * Math.cos(beta) + cosDec * sinLat * Math.sin(beta) * Math.cos(gamma);
  const C = cosDec * Math.sin(beta) * Math.sin(gamma);
  const skyView = (1 + Math.cos(beta)) / 2;
  const groundView = (1 - Math.cos(beta)) / 2;
  const capW = pv ? pv.kwp * 1000 * 0.97 : 0;
  // Hour angle advances 0.25° a minute: rotate (cos, sin) instead of calling trig per minute.
  const w0 = hourAngle(day.start + 30, lonDeg, s.eqTime);
  const step = 0.25 * RAD;
  const cosStep = Math.cos(step);
  const sinStep = Math.sin(step);
  let cosW = Math.cos(w0);
  let sinW = Math.sin(w0);
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      const c = cosW * cosStep - sinW * sinStep;
      sinW = sinW * cosStep + cosW * sinStep;
      cosW = c;
    }
    const sinEl = sinLat * sinDec + cosLat * cosDec * cosW;
    if (sinEl <= 0) continue;
    const k = clearness[i] ?? 0;
    const g = lookup(GHI_TABLE, sinEl) * k;
    ghi[i] = g;
    if (!pv) continue;
    const dniClear = lookup(DNI_TABLE, sinEl) * s.eccentricity;
    const share = Math.max(0, Math.min(1, (k - 0.3) / 0.65));
    const beamShare = share * Math.sqrt(share);
    const beam = Math.min(dniClear * beamShare, g / sinEl);
    const diffuse = Math.max(0, g - beam * sinEl);
    const cosTheta = A + B * cosW + C * sinW;
    const poa = beam * Math.max(0, cosTheta) + diffuse * skyView + g * GROUND_ALBEDO * groundView;
    pvW[i] = Math.min(capW, pv.kwp * poa * PERFORMANCE_RATIO);
  }
  return { ghi, pvW };
}
