// Requests being answered, so background work (the demo's seeding) can wait for a quiet moment: PGlite has
// one connection, and a request's queries would otherwise each queue behind a seeding transaction.

export class InFlight {
  readonly #open = new Set<unknown>();
  #waiters: (() => void)[] = [];

  begin(request: unknown): void {
    this.#open.add(request);
  }

  /** Ends a request (its response sent, or the client gone); a second call for it changes nothing. */
  end(request: unknown): void {
    this.#open.delete(request);
    if (this.#open.size === 0) for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Resolves at once when no request is in flight, else when the last one ends. */
  idle(): Promise<void> {
    if (this.#open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
