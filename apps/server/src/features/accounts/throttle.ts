import type { Clock } from '../../clock';
import type { Db } from '../../db/types';
import {
  type AttemptKeys,
  attemptWindows,
  insertAttempt,
  lockAttemptKeys,
  pruneAttempts,
  recordSuccess,
} from './attempts';
import { HashPool } from './hash-pool';
import { KnownAddressReads } from './known-addresses';

// Login throttling in the database (so it holds across restarts and several server processes).
// Every attempt is counted BEFORE the password is hashed, in one transaction under advisory locks on the
// address and the account: concurrent attempts see each other, so a limit of N lets exactly N through.
// A right password removes its attempt again, so the windows hold failures (and attempts in flight).
// Sliding windows:
// - per client address: 20 attempts a minute, whatever the account;
// - per account name, known or not (unknown names are counted too, so a 429 reveals no account):
//   100 an hour from all addresses together — except from an address that logged in to this account
//   before, where only that address's own failures count (100 an hour). So an attack from elsewhere
//   cannot lock the owner out, and guessing from the owner's address is just as slow.
// Reservations queue in this process as hashes do (a HashPool of RESERVATION_SLOTS): 150 attempts sent
// at once would otherwise all wait on the account's lock holding database connections (PGlite: the one
// backend, /healthz's `select 1` included), and the owner's reservation would come after every one of
// them. A known address (a plain read first, only a priority hint: the limits are decided under the
// locks) goes ahead; the others take turns by address, at most RESERVATION_SLOTS - 1 at a time.

export interface ThrottleLimits {
  accountFailures: number;
  accountWindowMs: number;
  addressFailures: number;
  addressWindowMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  accountFailures: 100,
  accountWindowMs: 60 * 60_000,
  addressFailures: 20,
  addressWindowMs: 60_000,
};

export type ThrottleKeys = AttemptKeys;

const RESERVATION_SLOTS = 3;

/**
 * Either a counted attempt (go on and check the password; `knownAddress`: this address logged in to this
 * account before, so its hash skips the queue) or the seconds to wait.
 */
export type Reservation =
  | { attemptId: number; knownAddress: boolean; retryAfter?: undefined }
  | { retryAfter: number };

export class LoginThrottle {
  readonly #known: KnownAddressReads;

  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits,
    private readonly clock: Clock,
    /** The queue reservations take turns in (see above). */
    readonly queue = new HashPool(RESERVATION_SLOTS),
  ) {
    this.#known = new KnownAddressReads(db);
  }

  /** Counts this attempt, unless a window is full: then the seconds until it has room again. */
  async reserve(keys: ThrottleKeys): Promise<Reservation> {
    const known = await this.#known.isKnown(keys, this.clock.now());
    return this.queue.run({ trusted: known, key: keys.address }, () => this.#reserve(keys));
  }

  async #reserve(keys: ThrottleKeys): Promise<Reservation> {
    const now = this.clock.now();
    const { accountFailures, accountWindowMs, addressFailures, addressWindowMs } = this.limits;
    const reservation = await this.db.transaction(async (tx): Promise<Reservation> => {
      await lockAttemptKeys(tx, keys);
      const w = await attemptWindows(tx, keys, now, { account: accountWindowMs, address: addressWindowMs });
      let wait = 0;
      // A full window has room again once its oldest attempt leaves it.
      if (w.addressAttempts >= addressFailures)
        wait = Math.max(wait, waitFor(w.addressOldest, addressWindowMs, now));
      if (w.accountAttempts >= accountFailures)
        wait = Math.max(wait, waitFor(w.accountOldest, accountWindowMs, now));
      if (wait > 0) return { retryAfter: wait };
      return { attemptId: await insertAttempt(tx, keys, now), knownAddress: w.knownAddress };
    });
    if (reservation.retryAfter === undefined) {
      const longest = Math.max(accountWindowMs, addressWindowMs);
      await pruneAttempts(this.db, new Date(now.getTime() - longest));
    }
    return reservation;
  }

  async succeeded(attemptId: number, userId: number, address: string): Promise<void> {
    await recordSuccess(this.db, attemptId, userId, address, this.clock.now());
  }
}

function waitFor(oldest: Date | null, windowMs: number, now: Date): number {
  const ms = (oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime();
  return Math.max(Math.ceil(ms / 1000), 1);
}
