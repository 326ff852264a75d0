// A small bounded memo (oldest entry out first). The energy views recompute the same calendar facts on
// every request — a year's standing-charge skeleton, 400 available days, Intl formatters — and each costs
// milliseconds through Intl; they only change with the local day, the tariffs or the first reading.

export class Memo<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly max: number) {}

  /** The kept value, if any (for a value that needs awaiting before it can be made). */
  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  get(key: string, make: () => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = make();
      this.#entries.set(key, value);
      if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return value;
  }
}
