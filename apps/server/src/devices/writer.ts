import type { Db, Queryable } from '../db/types';
import { type ApplianceEventInput, IngestError, type Reading } from '../features/readings/ingest';
import type { Live } from './live';
import { type HouseBatch, storeHouseBatch, storeHousesBatch } from './write';

// A flush's writing: what the consumer took at once (readings, uses, its changed channels by house) goes
// to the database with each house's devices' state in the transaction of its data (write.ts), the state of
// channels without data after, on its own.

/**
 * A flush writes its houses in transactions of up to HOUSES_PER_TRANSACTION (locks taken at once, one
 * context read, one write statement per house: a transaction and four round trips per house cost twice
 * as much, see bench/NOTES.md), writersFor(db) of them at once.
 */
const HOUSES_PER_TRANSACTION = 100;

/**
 * Concurrent flush transactions: on PostgreSQL two in five of the pool's connections (4 of the default
 * 10), leaving the rest to requests and jobs; PGlite has one connection.
 */
export function writersFor(db: Db): number {
  if (db.kind !== 'postgres') return 1;
  return Math.max(1, Math.floor(((db.poolSize ?? 10) * 2) / 5));
}

/** Everything a flush took at once (synchronously), so the states written match the readings written. */
export interface Taken {
  readings: Map<number, Reading[]>;
  /** Gas readings by house (a Glow's gas register). */
  gas: Map<number, Reading[]>;
  events: Map<number, ApplianceEventInput[]>;
  /** The channels changed since the last flush, by house (their state is snapshotted here). */
  dirty: Map<number, Live[]>;
}

export interface WriteHooks {
  /** A house's batch committed. */
  stored(batch: HouseBatch): void;
  /** The database failed (not the data): the house's batch goes back in the buffer. */
  putBack(batch: HouseBatch): void;
  warn(obj: object, msg: string): void;
}

/** Writes what was taken; resolves with the first database failure (its batches were put back), or null. */
export async function writeTaken(db: Db, taken: Taken, now: number, hooks: WriteHooks): Promise<unknown> {
  const { readings, gas, events, dirty } = taken;
  const snapshots = new Map<number, DeviceUpdate[]>();
  for (const [houseId, lives] of dirty) snapshots.set(houseId, lives.map(snapshot));

  const houses = [...new Set([...readings.keys(), ...gas.keys(), ...events.keys()])].sort((a, b) => a - b);
  // The devices' state of the houses with data goes with their data; the others' after, on its own.
  const houseUpdates = new Map<number, DeviceUpdate[]>();
  for (const houseId of houses) {
    houseUpdates.set(houseId, snapshots.get(houseId) ?? []);
    snapshots.delete(houseId);
  }
  let failure: unknown = null;
  const batchOf = (houseId: number): HouseBatch => ({
    houseId,
    readings: readings.get(houseId) ?? [],
    gas: gas.get(houseId) ?? [],
    events: events.get(houseId) ?? [],
  });
  // The house's devices' newer state goes back with its batch, and the next flush tries again.
  const putBack = (batch: HouseBatch, error: unknown) => {
    hooks.putBack(batch);
    for (const live of dirty.get(batch.houseId) ?? []) live.dirty = true;
    failure ??= error;
  };
  const storeHouse = async (houseId: number): Promise<void> => {
    const batch = batchOf(houseId);
    const updates = houseUpdates.get(houseId) ?? [];
    try {
      await storeHouseBatch(db, batch, now, (tx) => updateDevices(tx, updates));
      hooks.stored(batch);
    } catch (error) {
      if (!(error instanceof IngestError)) return putBack(batch, error);
      // Readings the write path refuses (they overlap a file import with other starts…) are dropped
      // and reported on the device; its state still moves on, so they are not retried forever.
      hooks.warn({ houseId, reason: error.message }, 'device readings refused');
      for (const u of updates) {
        u.rejects++;
        u.reason = `readings refused: ${error.message}`;
        u.rejectAt = now;
      }
      await updateDevices(db, updates);
    }
  };
  const storeGroup = async (group: readonly number[]): Promise<void> => {
    const batches = group.map(batchOf);
    const updates = group.flatMap((houseId) => houseUpdates.get(houseId) ?? []);
    try {
      await storeHousesBatch(db, batches, now, (tx) => updateDevices(tx, updates));
      for (const batch of batches) hooks.stored(batch);
    } catch (error) {
      if (!(error instanceof IngestError)) {
        for (const batch of batches) putBack(batch, error);
        return;
      }
      // One house's data was refused and took the others with it: each house on its own, so only its
      // own readings are dropped.
      for (const houseId of group) await storeHouse(houseId);
    }
  };
  const groups: number[][] = [];
  for (let at = 0; at < houses.length; at += HOUSES_PER_TRANSACTION)
    groups.push(houses.slice(at, at + HOUSES_PER_TRANSACTION));
  let next = 0;
  const worker = async () => {
    while (next < groups.length) await storeGroup(groups[next++] as number[]);
  };
  await Promise.all(Array.from({ length: writersFor(db) }, worker));
  const rest = [...snapshots.values()].flat();
  if (rest.length > 0) await updateDevices(db, rest);
  return failure;
}

interface DeviceUpdate {
  rowId: number;
  counter: string;
  lastMessage: number | null;
  online: boolean | null;
  rejects: number;
  reason: string | null;
  rejectAt: number | null;
}

function snapshot(live: Live): DeviceUpdate {
  const update: DeviceUpdate = {
    rowId: live.device.rowId,
    counter: JSON.stringify(live.plug === null ? live.counter : { ...live.counter, plug: live.plug.state() }),
    lastMessage: live.lastMessage,
    online: live.online,
    rejects: live.newRejects,
    reason: live.lastReject?.reason ?? null,
    rejectAt: live.lastReject?.at ?? null,
  };
  live.newRejects = 0;
  live.lastReject = null;
  return update;
}

/** One statement for any number of devices. */
async function updateDevices(db: Queryable, updates: readonly DeviceUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `update devices d set counter = u.counter::jsonb,
            last_message_at = coalesce(u.last_message, d.last_message_at),
            online = coalesce(u.online, d.online),
            rejects = d.rejects + u.rejects,
            last_reject_reason = coalesce(u.reason, d.last_reject_reason),
            last_reject_at = coalesce(u.reject_at, d.last_reject_at)
     from unnest($1::int[], $2::text[], $3::bigint[], $4::boolean[], $5::int[], $6::text[], $7::bigint[])
       as u(id, counter, last_message, online, rejects, reason, reject_at)
     where d.id = u.id`,
    [
      updates.map((u) => u.rowId),
      updates.map((u) => u.counter),
      updates.map((u) => u.lastMessage),
      updates.map((u) => u.online),
      updates.map((u) => u.rejects),
      updates.map((u) => u.reason),
      updates.map((u) => u.rejectAt),
    ],
  );
}
