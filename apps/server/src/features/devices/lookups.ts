// Lookups of unclaimed devices (and claims) per account, counted in a sliding window: an id is found only
// when typed exactly, and this keeps anyone from typing thousands of guesses (a Glow id is a MAC: its
// maker's prefix is public, and the rest is only 24 bits). In memory, per process: a restart forgets.

export const LOOKUPS_PER_WINDOW = 20;
export const LOOKUP_WINDOW_S = 3600;

export class LookupLimit {
  #seen = new Map<number, number[]>();

  constructor(
    readonly limit = LOOKUPS_PER_WINDOW,
    readonly windowS = LOOKUP_WINDOW_S,
  ) {}

  /** Counts a lookup by `userId` at `now` (epoch s); the seconds to wait when over the limit, else 0. */
  take(userId: number, now: number): number {
    const recent = (this.#seen.get(userId) ?? []).filter((t) => t > now - this.windowS);
    if (recent.length >= this.limit) {
      this.#seen.set(userId, recent);
      return Math.max(1, Math.ceil((recent[0] as number) + this.windowS - now));
    }
    recent.push(now);
    this.#seen.set(userId, recent);
    if (this.#seen.size > 100_000) this.#seen.clear();
    return 0;
  }
}
