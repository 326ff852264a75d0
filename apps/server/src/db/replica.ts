import type { Db } from './types';

// Reads that may lag by a few seconds (rankings, comparisons, history screens) go to a streaming replica
// (DATABASE_READ_URL) when there is one; everything else, and every write, to the primary. A person still
// reads their own writes: a write answered to a session carries the primary's WAL position then (a cookie,
// http/read-your-writes.ts), and that session's lagging reads go to the replica only once it has replayed
// that far (pg_last_wal_replay_lsn, read at most every REPLAY_READ_MS per process), else to the primary.
// A replica that does not say its replay position within REPLAY_WAIT_MS sends reads to the primary, and a
// read the replica fails (a query cancelled by a recovery conflict, a lost connection) is read again on
// the primary: a replica's trouble costs speed, never an answer.

/** How long a read replica's replay position is reused before it is read again. */
const REPLAY_READ_MS = 100;
/** How long a read waits for the replica's replay position before going to the primary. */
const REPLAY_WAIT_MS = 300;

/** A WAL position ('16/B374D848') as a number that orders as the WAL does; null when it is not one. */
export function lsnValue(text: string | undefined | null): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export class ReadRouter {
  #replayed: { at: number; value: Promise<bigint | null> } | undefined;
  /** The replica for reads, falling back to the primary when it fails one (one object: caches key on it). */
  readonly #reads: Db | null;

  constructor(
    readonly primary: Db,
    readonly replica: Db | null,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.#reads = replica && withFallback(replica, primary);
  }

  /** The primary's WAL position now: what a replica must have replayed to show what was just written. */
  async primaryPosition(): Promise<string> {
    const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return rows[0]!.lsn;
  }

  /** Where a read that may lag goes, for someone whose last write was at `wrote` (a WAL position) if any. */
  async forReader(wrote: string | undefined): Promise<Db> {
    if (this.#reads === null) return this.primary;
    const needed = lsnValue(wrote);
    const replayed = await this.#replayPosition();
    if (replayed === null) return this.primary; // the replica did not answer
    return needed === null || replayed >= needed ? this.#reads : this.primary;
  }

  #replayPosition(): Promise<bigint | null> {
    const now = this.nowMs();
    if (this.#replayed === undefined || now - this.#replayed.at >= REPLAY_READ_MS) {
      const asked = (this.replica as Db)
        .query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')
        .then(
          (r) => lsnValue(r.rows[0]?.lsn),
          () => null,
        );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), REPLAY_WAIT_MS);
      });
      const value = Promise.race([asked, late]).finally(() => clearTimeout(timer));
      this.#replayed = { at: now, value };
    }
    return this.#replayed.value;
  }
}

/** Reads on `replica`; a read it fails is read again on `primary`. Transactions and scripts: the primary. */
function withFallback(replica: Db, primary: Db): Db {
  return {
    kind: 'postgres',
    async query(sql, params) {
      try {
        return await replica.query(sql, params);
      } catch {
        return primary.query(sql, params);
      }
    },
    exec: (sql) => primary.exec(sql),
    transaction: (fn, options) => primary.transaction(fn, options),
    close: async () => undefined, // the replica and the primary are closed by their owner
  };
}
