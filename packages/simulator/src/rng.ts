// A small seeded PRNG. Every random draw in the simulator comes from an Rng built from
// hashSeed(home seed, local day number, stream), so any day can be recomputed on its own.

/** Mixes integers into one 32-bit seed (murmur3 finaliser per 32-bit half). */
export function hashSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    const p = Math.floor(part);
    const lo = p >>> 0;
    const hi = Math.floor(p / 4294967296) >>> 0;
    for (const word of [lo, hi]) {
      h = Math.imul(h ^ word, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
    }
  }
  return h >>> 0;
}

/** Streams keep unrelated draws apart: adding a draw to one stream never shifts another. */
export const Stream = {
  occupancy: 1,
  usage: 2,
  routine: 3,
  deviation: 4,
  cloud: 5,
  noise: 6,
  holiday: 7,
  home: 8,
  weather: 9,
  preset: 10,
  departure: 11,
} as const;

/** mulberry32: 32-bit state, fast, statistically fine for simulation (not for secrets). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static of(...parts: readonly number[]): Rng {
    return new Rng(hashSeed(...parts));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Cheap symmetric noise in [-amplitude, amplitude] (triangular), for per-minute wobble. */
  wobble(amplitude: number): number {
    return (this.next() - this.next()) * amplitude;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Normal draw (Box–Muller), optionally clipped to mean ± clip. */
  normal(mean: number, sd: number, clip = Number.POSITIVE_INFINITY): number {
    const u = 1 - this.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
    return mean + Math.max(-clip, Math.min(clip, z * sd));
  }

  /** Poisson count (Knuth); lambda here is always small (uses per day). */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** Index drawn with probability proportional to weights[i]. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
