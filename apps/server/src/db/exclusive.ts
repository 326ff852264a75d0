import type { Db } from './types';

// Start-up work that every server runs but only one may do at a time (the default tariff's repricing):
// on PostgreSQL a transaction on one pool connection holds the advisory lock `key` while `fn` works on the
// others, so a second server starting at once waits, then finds the work done (`fn` checks what is
// stored first). A server that dies mid-way releases the lock with its connection; what it committed
// stays. PGlite has one process: `fn` runs as it is.

/** Advisory lock keys of the work done once across servers (the migration lock is db/migrate.ts'). */
export const LOCKS = {
  defaultTariffSync: 7_346_111,
  demoSimulation: 7_346_112,
  infocareRuns: 7_346_113,
  /** The server recording unclaimed devices (the wildcard topics). */
  devices: 7_346_114,
  /** Held shared by every server taking device partitions: counted, it is the number of live servers. */
  devicesPresence: 7_346_115,
  /** Device partition p is held by the server holding devicePartitions + p (p < 256: MQTT_PARTITIONS). */
  devicePartitions: 7_346_200,
} as const;

export async function exclusively<R>(db: Db, key: number, fn: () => Promise<R>): Promise<R> {
  if (db.kind !== 'postgres') return fn();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [key]);
    return fn();
  });
}
