import type { Queryable } from '../../db/types';
import { type AttemptKeys, KNOWN_ADDRESS_DAYS } from './attempts';

// The throttle's priority hint (did this address log in to this account before?) for many attempts in
// one read. 150 logins arriving at once used to send 150 reads; with PGlite, whose statements take one
// turn of the event loop each, a /healthz `select 1` queued behind them waited 150 turns. Now the
// attempts that arrive while a read is out wait for the next one, which answers all of them. Read
// without locks: only a place in the queue depends on it (the limits are decided under the locks).

interface Waiting {
  keys: AttemptKeys;
  now: Date;
  resolve: (known: boolean) => void;
  reject: (error: unknown) => void;
}

export class KnownAddressReads {
  #waiting: Waiting[] = [];
  #reading = false;

  constructor(private readonly db: Queryable) {}

  isKnown(keys: AttemptKeys, now: Date): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ keys, now, resolve, reject });
      if (!this.#reading) void this.#read();
    });
  }

  async #read(): Promise<void> {
    this.#reading = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting;
      this.#waiting = [];
      try {
        const known = await readKnown(this.db, batch);
        for (const [i, w] of batch.entries()) w.resolve(known.has(i));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.#reading = false;
  }
}

/** The indexes of the attempts whose address logged in to their account in the last 90 days. */
async function readKnown(db: Queryable, batch: readonly Waiting[]): Promise<Set<number>> {
  const { rows } = await db.query<{ i: number | string }>(
    `select q.i - 1 as i
       from unnest($1::text[], $2::text[], $3::timestamptz[]) with ordinality as q(account, address, now, i)
      where exists (
        select 1 from login_known_addresses k join users u on u.id = k.user_id
         where u.username = q.account and k.address = q.address
           and k.last_success_at > q.now - $4 * interval '1 day')`,
    [
      batch.map((w) => w.keys.account),
      batch.map((w) => w.keys.address),
      batch.map((w) => w.now.toISOString()),
      KNOWN_ADDRESS_DAYS,
    ],
  );
  return new Set(rows.map((r) => Number(r.i)));
}
