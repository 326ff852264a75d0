// Shared weather: outdoor temperature and cloudiness, from a weather seed (neighbours share it, so
// their solar and heating move together). Temperature is a smooth function of absolute time and
// cloud is drawn per local date, so both are the same however a range is cut.

import { Rng, Stream } from './rng';
import type { LocalDay } from './zone';

const DAY = 86_400;
const YEAR_DAYS = 365.2422;
/** Day number of 2000-01-01, the phase reference for the seasons. */
const Y2K = 10_957;

/** 1 in midwinter (mid-January), 0 in midsummer. */
export function winterness(dayNumber: number): number {
  const doy = (((dayNumber - Y2K) % YEAR_DAYS) + YEAR_DAYS) % YEAR_DAYS;
  return 0.5 + 0.5 * Math.cos((2 * Math.PI * (doy - 15)) / YEAR_DAYS);
}

const ANOMALY_PERIODS = [3.7, 8.3, 17.9, 41.0] as const;
const ANOMALY_AMPLITUDES = [1.6, 1.4, 1.2, 1.0] as const;
const phaseCache = new Map<number, readonly number[]>();

function anomalyPhases(weatherSeed: number): readonly number[] {
  let phases = phaseCache.get(weatherSeed);
  if (!phases) {
    const rng = Rng.of(weatherSeed, Stream.weather);
    phases = ANOMALY_PERIODS.map(() => rng.uniform(0, 2 * Math.PI));
    phaseCache.set(weatherSeed, phases);
  }
  return phases;
}

/** Outdoor air temperature, °C: UK seasonal mean (≈4.5 °C Jan, ≈16.5 °C Jul), a daily swing
 * peaking mid-afternoon, and multi-day weather swings. */
export function outdoorTempC(weatherSeed: number, epoch: number): number {
  const days = epoch / DAY;
  const doy = (((days - Y2K) % YEAR_DAYS) + YEAR_DAYS) % YEAR_DAYS;
  const seasonal = 10.5 - 6.0 * Math.cos((2 * Math.PI * (doy - 20)) / YEAR_DAYS);
  const hourUtc = (days - Math.floor(days)) * 24;
  const diurnal = 3.0 * Math.sin((2 * Math.PI * (hourUtc - 9)) / 24);
  const phases = anomalyPhases(weatherSeed);
  let anomaly = 0;
  for (let k = 0; k < ANOMALY_PERIODS.length; k++) {
    anomaly +=
      (ANOMALY_AMPLITUDES[k] ?? 0) *
      Math.sin((2 * Math.PI * days) / (ANOMALY_PERIODS[k] ?? 1) + (phases[k] ?? 0));
  }
  return seasonal + diurnal + anomaly;
}

export type SkyKind = 'clear' | 'mixed' | 'overcast';

export interface DaySky {
  readonly kind: SkyKind;
  /** Clear-sky index per real minute of the day (≈1 clear, ≈0.2 thick overcast). Shared: never mutate. */
  readonly clearness: Float32Array;
}

/**
 * One day's cloud: the kind of day is drawn with UK seasonal odds (more overcast in winter), then
 * a minute series: steady for clear or overcast days, sun-and-cloud spells for mixed days.
 */
// Neighbours share weather: seeding many homes over the same months reuses each day's sky.
const skyCache = new Map<string, DaySky>();
const SKY_CACHE_LIMIT = 500;

export function daySky(weatherSeed: number, day: LocalDay): DaySky {
  const key = `${weatherSeed}|${day.dayNumber}|${day.minutes}`;
  const hit = skyCache.get(key);
  if (hit) return hit;
  const sky = computeSky(weatherSeed, day);
  if (skyCache.size >= SKY_CACHE_LIMIT) {
    const oldest = skyCache.keys().next().value;
    if (oldest !== undefined) skyCache.delete(oldest);
  }
  skyCache.set(key, sky);
  return sky;
}

function computeSky(weatherSeed: number, day: LocalDay): DaySky {
  const rng = Rng.of(weatherSeed, Stream.cloud, day.dayNumber);
  const summer = 1 - winterness(day.dayNumber);
  const pClear = 0.11 + 0.1 * summer;
  const pOvercast = 0.5 - 0.2 * summer;
  const kindIndex = rng.weighted([pClear, 1 - pClear - pOvercast, pOvercast]);
  const kind: SkyKind = kindIndex === 0 ? 'clear' : kindIndex === 1 ? 'mixed' : 'overcast';
  const out = new Float32Array(day.minutes);

  const sunny = rng.uniform(0.85, 1.02);
  const cloudy = rng.uniform(0.18, 0.45);
  const dull = rng.uniform(0.08, 0.4);
  const sunSpell = rng.uniform(5, 45);
  const cloudSpell = rng.uniform(5, 45);
  let inSun = rng.chance(0.5);
  let drift = 0;
  let level = kind === 'overcast' ? dull : sunny;
  for (let i = 0; i < day.minutes; i++) {
    let target: number;
    if (kind === 'clear') {
      target = sunny + rng.wobble(0.03);
    } else if (kind === 'overcast') {
      drift = 0.98 * drift + rng.wobble(0.025);
      target = dull + drift;
    } else {
      if (rng.chance(1 / (inSun ? sunSpell : cloudSpell))) inSun = !inSun;
      target = inSun ? sunny : cloudy + rng.wobble(0.08);
    }
    // Clouds drift over in a minute or two rather than switching instantly.
    level += 0.6 * (target - level);
    out[i] = Math.max(0.05, Math.min(1.1, level));
  }
  return { kind, clearness: out };
}
