// Requests being answered, so background work (the demo's seeding) can wait for a quiet moment: PGlite has
// one connection, and a request's queries would otherwise each queue behind a seeding transaction.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';

export class InFlight {
  readonly #open = new Set<unknown>();
  #waiters: (() => void)[] = [];
  /** The background work's one lane: resolves when the work that holds it has its answer. */
  #lane: Promise<unknown> = Promise.resolve();

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

  /** Background work's turn between two transactions: a whole trip through the event loop, then idle. */
  async turn(): Promise<void> {
    await turnOfTheLoop();
    await this.idle();
  }

  /**
   * `db` for background work (the demo's seeding, InfoCare's runs and their mail): each transaction or
   * statement waits for the one before it from any background work, then for a quiet moment (`turn`),
   * then runs. Each background chain's own pause came before its transaction was queued, so two chains
   * could both be queued on PGlite's one connection when a request came: it then waited for both. Now
   * at most one background transaction runs or waits there, and a request waits for that one at most.
   */
  background(db: Db): Db {
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

  /** Counts the app's requests from their start to their response (or the client going away). */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (request) => this.begin(request));
    app.addHook('onResponse', async (request) => this.end(request));
    app.addHook('onRequestAbort', async (request) => this.end(request));
  }
}

/**
 * One whole trip through the event loop, its poll phase included: requests that came while PGlite worked
 * (its statements run without giving the loop a turn) are read and begin before this resolves. One
 * setImmediate is not enough when called from the poll phase itself (a PostgreSQL reply): the check phase
 * follows at once, before the next poll.
 */
export async function turnOfTheLoop(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}
