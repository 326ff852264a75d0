import type { Db } from './types';

// Reads that may lag by a few seconds (rankings, comparisons, history screens) go to a streaming replica
// (DATABASE_READ_URL) when there is one; everything else, and every write, to the primary. A person still
// reads their own writes: a write answered to a session carries the primary's WAL position then (a cookie,
// http/read-your-writes.ts), and that session's lagging reads go to the replica only once it has replayed
// that far (pg_last_wal_replay_lsn, read at most every REPLAY_READ_MS per process), else to the primary.
// A replica that fails to answer sends reads to the primary until it answers again.

/** How long a read replica's replay position is reused before it is read again. */
const REPLAY_READ_MS = 100;

/** A WAL position ('16/B374D848') as a number that orders as the WAL does; null when it is not one. */
export function lsnValue(text: string | undefined | null): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export class ReadRouter {
  #replayed: { at: number; value: Promise<bigint | null> } | undefined;

  constructor(
    readonly primary: Db,
    readonly replica: Db | null,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** The primary's WAL position now: what a replica must have replayed to show what was just written. */
  async primaryPosition(): Promise<string> {
    const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return rows[0]!.lsn;
  }

  /** Where a read that may lag goes, for someone whose last write was at `wrote` (a WAL position) if any. */
  async forReader(wrote: string | undefined): Promise<Db> {
    if (this.replica === null) return this.primary;
    const needed = lsnValue(wrote);
    const replayed = await this.#replayPosition();
    if (replayed === null) return this.primary; // the replica did not answer
    return needed === null || replayed >= needed ? this.replica : this.primary;
  }

  #replayPosition(): Promise<bigint | null> {
    const now = this.nowMs();
    if (this.#replayed === undefined || now - this.#replayed.at >= REPLAY_READ_MS) {
      const value = (this.replica as Db)
        .query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')
        .then(
          (r) => lsnValue(r.rows[0]?.lsn),
          () => null,
        );
      this.#replayed = { at: now, value };
    }
    return this.#replayed.value;
  }
}
