// Requests being answered, so background work (the demo's seeding) can wait for a quiet moment: PGlite has
// one connection, and a request's queries would otherwise each queue behind a seeding transaction.
import type { FastifyInstance } from 'fastify';

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

  /** Background work's turn between two transactions: a whole trip through the event loop, then idle. */
  async turn(): Promise<void> {
    await turnOfTheLoop();
    await this.idle();
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
