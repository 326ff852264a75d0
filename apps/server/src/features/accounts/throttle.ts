import type { Clock } from '../../clock';
import type { Queryable } from '../../db/types';
import { clearAccountFailures, failureWindows, insertFailure, pruneFailures } from './repository';

// Failed-login throttling in the database (so it holds across restarts and several server processes).
// Sliding windows: per account name, known or not (≤100 failures an hour, no permanent lockout), and
// per client address (20 a minute). Counting unknown names too keeps the 429 from revealing accounts.

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

export interface ThrottleKeys {
  account: string;
  address: string;
}

export class LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly limits: ThrottleLimits,
    private readonly clock: Clock,
  ) {}

  /** Seconds to wait when either window is full, else null. */
  async retryAfter(keys: ThrottleKeys): Promise<number | null> {
    const now = this.clock.now();
    const windows = await failureWindows(this.db, keys, now, {
      account: this.limits.accountWindowMs,
      address: this.limits.addressWindowMs,
    });
    let wait = 0;
    for (const w of windows) {
      const [limit, windowMs] =
        w.scope === 'account'
          ? [this.limits.accountFailures, this.limits.accountWindowMs]
          : [this.limits.addressFailures, this.limits.addressWindowMs];
      if (w.failures < limit) continue;
      // The window has room again once its oldest failure leaves it.
      const ms = new Date(w.oldest).getTime() + windowMs - now.getTime();
      wait = Math.max(wait, Math.ceil(ms / 1000), 1);
    }
    return wait > 0 ? wait : null;
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const now = this.clock.now();
    await insertFailure(this.db, keys, now);
    const longest = Math.max(this.limits.accountWindowMs, this.limits.addressWindowMs);
    await pruneFailures(this.db, new Date(now.getTime() - longest));
  }

  /** A correct password ends the run of failures for that account (NIST counts consecutive failures). */
  async recordSuccess(account: string): Promise<void> {
    await clearAccountFailures(this.db, account);
  }
}
