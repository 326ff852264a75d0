import { availableParallelism } from 'node:os';

// The queue in front of PBKDF2. Each derivation takes a libuv thread for ~0.2–0.3 s, so when an attacker
// has 100 in-limit wrong passwords in flight, a plain FIFO makes the owner's login wait for all of them.
// Here:
// - `trusted` work (a login from an address that logged in to that account before, a password change in
//   a session, a new hash after a right password or a valid reset link) goes first, and one slot is kept
//   for it: it starts at once, however long the queue of other work is;
// - other work shares the remaining slots round-robin by client address, so one address cannot fill the
//   queue ahead of everyone else either.
// At most `size` derivations run at once (never all of libuv's four threads, which file reads also need).
// The throttle runs before this queue: a refused attempt never takes a slot.
// The throttle's reservations take turns in a queue of this kind too (throttle.ts).

export interface HashJob {
  /** Skips the queue of other work (see above). */
  trusted: boolean;
  /** The client address, for round-robin among untrusted work. */
  key: string;
}

export interface HashPoolStats {
  running: number;
  queued: { trusted: number; other: number };
  started: { trusted: number; other: number };
  finished: { trusted: number; other: number };
}

export const defaultHashPoolSize = (): number => Math.min(Math.max(availableParallelism(), 2), 3);

type Start = () => void;

export class HashPool {
  #running = 0;
  readonly #trusted: Start[] = [];
  /** Untrusted work by address; the Map's order is the round-robin order. */
  readonly #other = new Map<string, Start[]>();
  #otherQueued = 0;
  readonly #started = { trusted: 0, other: 0 };
  readonly #finished = { trusted: 0, other: 0 };

  constructor(readonly size = defaultHashPoolSize()) {
    if (!Number.isInteger(size) || size < 2) throw new Error('a hash pool needs at least 2 slots');
  }

  run<T>(job: HashJob, task: () => Promise<T>): Promise<T> {
    const kind = job.trusted ? 'trusted' : 'other';
    return new Promise<T>((resolve, reject) => {
      const start: Start = () => {
        this.#running++;
        this.#started[kind]++;
        // The slot is free (and the next job started) before the caller sees the result.
        const end = () => {
          this.#running--;
          this.#finished[kind]++;
          this.#dispatch();
        };
        task().then(
          (value) => {
            end();
            resolve(value);
          },
          (error: unknown) => {
            end();
            reject(error);
          },
        );
      };
      if (job.trusted) this.#trusted.push(start);
      else {
        const queue = this.#other.get(job.key);
        if (queue) queue.push(start);
        else this.#other.set(job.key, [start]);
        this.#otherQueued++;
      }
      this.#dispatch();
    });
  }

  stats(): HashPoolStats {
    return {
      running: this.#running,
      queued: { trusted: this.#trusted.length, other: this.#otherQueued },
      started: { ...this.#started },
      finished: { ...this.#finished },
    };
  }

  #dispatch(): void {
    while (this.#running < this.size && this.#trusted.length > 0) this.#trusted.shift()!();
    // One slot stays free for trusted work.
    while (this.#running < this.size - 1 && this.#otherQueued > 0) this.#nextOther()();
  }

  /** The first address's oldest job; that address moves to the back if it has more. */
  #nextOther(): Start {
    const [key, queue] = this.#other.entries().next().value as [string, Start[]];
    const start = queue.shift()!;
    this.#other.delete(key);
    if (queue.length > 0) this.#other.set(key, queue);
    this.#otherQueued--;
    return start;
  }
}
