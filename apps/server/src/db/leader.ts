import type { Db, HeldLock } from './types';

// Work one server of several does at a time (the demo's simulation, InfoCare's runs), chosen by
// PostgreSQL: the server holding the session-level advisory lock `key` leads. The others try again every
// `retryMs`; a leader that dies (or whose lock connection drops) loses the lock with its connection, and
// another server leads within `retryMs`. While a lost leader notices (its `onLose`), both may work for a
// moment: the work itself stays safe to do twice (per-house locks, claims with leases). PGlite has one
// process, which always leads.

export interface LeadershipOptions {
  retryMs: number;
  /** Became the leader: start the work. */
  onLead: () => Promise<void> | void;
  /** No longer the leader (its lock connection ended): stop the work. */
  onLose: () => Promise<void> | void;
  onError?: (error: unknown) => void;
}

export class Leadership {
  #held: HeldLock | null = null;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #attempt: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly key: number,
    private readonly options: LeadershipOptions,
  ) {}

  get leading(): boolean {
    return this.db.tryLock === undefined ? !this.#stopped : this.#held !== null;
  }

  /** Tries once now (resolves after it and, when it leads, after `onLead`), then every `retryMs`. */
  async start(): Promise<void> {
    this.#stopped = false;
    if (this.db.tryLock === undefined) {
      await this.options.onLead();
      return;
    }
    await this.#try();
  }

  #try(): Promise<void> {
    this.#attempt = this.#attempt.then(async () => {
      if (this.#stopped || this.#held) return;
      try {
        this.#held = (await this.db.tryLock?.(this.key)) ?? null;
      } catch (error) {
        this.options.onError?.(error);
      }
      const held = this.#held;
      if (held === null) return this.#schedule();
      void held.lost.then(() => this.#lost(held));
      try {
        await this.options.onLead();
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    return this.#attempt;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#try(), this.options.retryMs);
    this.#timer.unref();
  }

  async #lost(held: HeldLock): Promise<void> {
    if (this.#held !== held) return;
    this.#held = null;
    try {
      await this.options.onLose();
    } catch (error) {
      this.options.onError?.(error);
    }
    this.#schedule();
  }

  /** Stops trying; when leading, stops the work (`onLose`) and lets the lock go for another server. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#attempt;
    const held = this.#held;
    this.#held = null;
    if (held || this.db.tryLock === undefined) await this.options.onLose();
    await held?.release();
  }
}
