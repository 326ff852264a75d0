// Requests being answered, so background work (the demo's seeding) can wait for a quiet moment: PGlite has
// one connection, and a request's queries would otherwise each queue behind a seeding transaction.
// A request counts once its body has arrived (one sent a byte at a time holds nothing back), and each wait
// has a deadline fixed when it starts (issue 34.1: a new half-sent login body every 2 s kept the youngest
// request in flight under 3 s old, and a wait that looked at the youngest never ended).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';
import { bodyPending, onBodyArrived } from './half-sent';
import { turnOfTheLoop } from '../shared/turn';

/**
 * How long requests in flight hold one wait of background work back at most: requests that never end, or
 * never stop coming, must not hold InfoCare's alerts back.
 */
export const BACKGROUND_MAX_WAIT_MS = 3_000;

export class InFlight {
  /** Each request in flight, with the time it began (performance.now()). */
  readonly #open = new Map<unknown, number>();
  #waiters: (() => void)[] = [];
  /** The background work's one lane: resolves when the work that holds it has its answer. */
  #lane: Promise<unknown> = Promise.resolve();
  readonly #maxWaitMs: number;

  constructor(options: { maxWaitMs?: number } = {}) {
    this.#maxWaitMs = options.maxWaitMs ?? BACKGROUND_MAX_WAIT_MS;
  }

  /** Requests in flight now. */
  get count(): number {
    return this.#open.size;
  }

  begin(request: unknown): void {
    this.#open.set(request, performance.now());
  }

  /** Ends a request (its response sent, or the client gone); a second call for it changes nothing. */
  end(request: unknown): void {
    this.#open.delete(request);
    // Waiters look again: none left in flight, or only ones past the bound.
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /**
   * Resolves at once when no request is in flight, else when the last one ends, or once every request in
   * flight has been so for `maxWaitMs` (a slow request holds background work back that long at most in
   * all, not once per transaction), and in any case `maxWaitMs` after it was called: a deadline fixed now,
   * whatever requests come meanwhile. `except`: a request that is not counted (the one asking).
   */
  idle(except?: unknown): Promise<void> {
    const deadline = performance.now() + this.#maxWaitMs;
    const waitLeft = () => Math.min(this.#waitLeft(except), deadline - performance.now());
    if (waitLeft() <= 0) return Promise.resolve();
    return (async () => {
      for (let left = waitLeft(); left > 0; left = waitLeft()) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.#waiters = this.#waiters.filter((w) => w !== wake);
            resolve();
          };
          const timer: NodeJS.Timeout = setTimeout(wake, left);
          this.#waiters.push(wake);
        });
      }
    })();
  }

  /** How long until the youngest request in flight is `maxWaitMs` old (≤ 0: do not wait). */
  #waitLeft(except?: unknown): number {
    let youngest = Number.NEGATIVE_INFINITY;
    for (const [request, began] of this.#open) if (request !== except) youngest = Math.max(youngest, began);
    return youngest + this.#maxWaitMs - performance.now();
  }

  /** Background work's turn between two transactions: a whole trip through the event loop, then idle. */
  async turn(): Promise<void> {
    await turnOfTheLoop();
    await this.idle();
  }

  /**
   * A request's pause between two parts of its own long work (a tariff's repricing, a month per
   * transaction): on PGlite a turn of the loop, then a quiet moment as background work waits for, not
   * counting the request itself, so the others' statements run between two parts; on PostgreSQL (its own
   * connections) a turn of the loop.
   */
  async pauseFor(db: Db, request: unknown): Promise<void> {
    await turnOfTheLoop();
    if (db.kind === 'pglite') await this.idle(request);
  }

  /**
   * `db` for background work (the demo's seeding, InfoCare's runs and their mail). On PGlite (one
   * connection) each transaction or statement waits for the one before it from any background work,
   * then for a quiet moment (`turn`, bounded), then runs. Each background chain's own pause came before
   * its transaction was queued, so two chains could both be queued on PGlite's one connection when a
   * request came: it then waited for both. Now at most one background transaction runs or waits there,
   * and a request waits for that one at most. PostgreSQL gives background work connections of its own
   * from the pool: it runs at once, as requests do.
   */
  background(db: Db): Db {
    if (db.kind === 'postgres') return db;
    const inLane = <T>(work: () => Promise<T>): Promise<T> => {
      const run = this.#lane.then(() => this.turn()).then(work);
      this.#lane = run.catch(() => undefined);
      return run;
    };
    return {
      kind: db.kind,
      query: (sql, params) => inLane(() => db.query(sql, params)),
      exec: (sql) => inLane(() => db.exec(sql)),
      transaction: (fn, options) => inLane(() => db.transaction(fn, options)),
      close: () => db.close(),
      viewOf: db.viewOf ?? db,
    };
  }

  /**
   * Counts the app's requests from their start, or once their body has arrived, to their response (or the
   * client going away).
   */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (bodyPending(request.raw)) onBodyArrived(request.raw, reply.raw, () => this.begin(request));
      else this.begin(request);
    });
    app.addHook('onResponse', async (request) => this.end(request));
    app.addHook('onRequestAbort', async (request) => this.end(request));
  }
}

/** One whole trip through the event loop (shared/turn.ts), here too for its callers. */
export { turnOfTheLoop };
