import type { Db, LockSession } from './types';

// Numbered pieces of work (the device partitions) spread fairly over the live servers, chosen by
// PostgreSQL as Leadership (leader.ts) chooses one leader: piece p is held by the server holding the
// session advisory lock `baseKey + p`. Every server holds `presenceKey` shared on the same connection, so
// the live servers are the holders of that lock in pg_locks. Every `everyMs` each server counts them and
// keeps its fair share, at most ceil(count / servers) pieces: over it, it gives the highest ones back
// (`onGive` first: its work stops and what it buffered is written, THEN the lock goes); under it, it
// tries the free ones. A server that dies loses its connection, so its locks and its presence: the
// others take its pieces at their next look. A server whose lock connection drops gives its pieces up
// (`onGive`) and joins again at the next look. PGlite has one process, which holds every piece.

export interface FairShareOptions {
  /** The pieces: 0 … count - 1. */
  count: number;
  baseKey: number;
  presenceKey: number;
  everyMs: number;
  /** Piece p is now ours: start its work (resolves once it runs). */
  onTake: (p: number) => Promise<void> | void;
  /** Piece p is no longer ours (given back or its lock lost): stop its work and write what it holds. */
  onGive: (p: number) => Promise<void> | void;
  /** The pieces held changed (logged by main.ts). */
  onChange?: (held: readonly number[]) => void;
  onError?: (error: unknown) => void;
}

export class FairShare {
  #session: LockSession | null = null;
  #held = new Set<number>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: FairShareOptions,
  ) {}

  /** The pieces this server holds, in order. */
  get held(): number[] {
    return [...this.#held].sort((a, b) => a - b);
  }

  /** Joins and takes this server's share now (resolves after it), then looks again every `everyMs`. */
  async start(): Promise<void> {
    this.#stopped = false;
    if (this.db.lockSession === undefined) {
      for (let p = 0; p < this.options.count; p++) await this.#take(p);
      this.#changed();
      return;
    }
    await this.#look();
  }

  #look(): Promise<void> {
    this.#turn = this.#turn.then(async () => {
      if (this.#stopped) return;
      try {
        await this.#balance();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (this.#stopped) return;
      this.#timer = setTimeout(() => void this.#look(), this.options.everyMs);
      this.#timer.unref();
    });
    return this.#turn;
  }

  async #balance(): Promise<void> {
    const { count, baseKey, presenceKey } = this.options;
    let session = this.#session;
    if (session === null) {
      session = await (this.db.lockSession as () => Promise<LockSession>)();
      await session.lockShared(presenceKey);
      this.#session = session;
      const joined = session;
      void joined.lost.then(() => this.#lost(joined));
    }
    const { rows } = await this.db.query<{ servers: number }>(
      `select count(*)::int as servers from pg_locks
       where locktype = 'advisory' and granted and mode = 'ShareLock' and classid = 0 and objsubid = 1
         and objid::bigint = $1 and database = (select oid from pg_database where datname = current_database())`,
      [presenceKey],
    );
    const share = Math.ceil(count / Math.max(1, rows[0]?.servers ?? 1));
    const before = this.held.join();
    for (const p of this.held.reverse()) {
      if (this.#held.size <= share || this.#session !== session) break;
      await this.#give(p);
      await session.unlock(baseKey + p);
    }
    for (let p = 0; p < count && this.#held.size < share && this.#session === session; p++) {
      if (this.#held.has(p) || !(await session.tryLock(baseKey + p))) continue;
      await this.#take(p);
    }
    if (this.held.join() !== before) this.#changed();
  }

  async #take(p: number): Promise<void> {
    this.#held.add(p);
    try {
      await this.options.onTake(p);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  async #give(p: number): Promise<void> {
    this.#held.delete(p);
    try {
      await this.options.onGive(p);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  #changed(): void {
    this.options.onChange?.(this.held);
  }

  /** The lock connection ended: every piece is free for the others already; stop their work. */
  #lost(session: LockSession): void {
    this.#turn = this.#turn.then(async () => {
      if (this.#session !== session) return;
      this.#session = null;
      for (const p of this.held) await this.#give(p);
      this.#changed();
    });
  }

  /** Stops looking; gives every piece back (its work stopped and written), then leaves. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#turn;
    for (const p of this.held) await this.#give(p);
    const session = this.#session;
    this.#session = null;
    await session?.close();
  }
}
