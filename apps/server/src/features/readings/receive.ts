import type { Db, Queryable } from '../../db/types';
import { lockHouses } from '../../shared/house';
import { arrivalNotice, dataArrived } from './arrivals';
import {
  type ApplianceEventInput,
  type IngestResult,
  ingestApplianceEvents,
  ingestReadings,
  ingestReadingsOfHouses,
  type Reading,
} from './ingest';

// The one way readings and appliance uses come in, whatever brings them (the ingest API, the import CLI,
// the demo's simulation, devices): each call writes in its own transaction (ingest.ts) and, once it has
// committed, says that data arrived for the house (arrivals.ts), so InfoCare judges it again within
// seconds. A write that fails says nothing. On PostgreSQL the saying is a NOTIFY sent in the write's own
// transaction (with its BEGIN, no extra round trip), heard by every process that listens (arrivals.ts).

export interface ReadingsOptions {
  /** The server's clock (epoch s): readings may not end more than MAX_FUTURE_S after it. */
  now: number;
  replace?: boolean;
}

/** One batch of readings in its own transaction (on PostgreSQL the house lock and read go with BEGIN). */
export async function receiveReadings(
  db: Db,
  houseId: number,
  readings: readonly Reading[],
  options: ReadingsOptions,
): Promise<IngestResult> {
  const notice = arrivalNotice(db, houseId);
  const result = await ingestReadings(db, houseId, readings, {
    ...options,
    ...(notice ? { first: notice } : {}),
  });
  dataArrived(db, houseId);
  return result;
}

/** What a `receive` callback writes with: the transaction's readings and appliance uses. */
export interface Intake {
  readings(readings: readonly Reading[], options?: { replace?: boolean }): Promise<IngestResult>;
  events(events: readonly ApplianceEventInput[]): Promise<IngestResult>;
}

/**
 * Several batches of readings and uses, all or nothing, in one transaction (a file, a power batch, a run
 * of simulated days); their arrival is told once, after the commit. The transaction is passed too, for
 * a caller's own rows that must commit with the data (the devices' counter state).
 */
export async function receive<R>(
  db: Db,
  houseId: number,
  now: number,
  write: (intake: Intake, tx: Queryable) => Promise<R>,
): Promise<R> {
  const notice = arrivalNotice(db, houseId);
  const result = await db.transaction(
    (tx) =>
      write(
        {
          readings: (readings, options) => ingestReadings(tx, houseId, readings, { now, ...options }),
          events: (events) => ingestApplianceEvents(tx, houseId, events),
        },
        tx,
      ),
    notice ? { first: notice } : {},
  );
  dataArrived(db, houseId);
  return result;
}

/** One house's share of a receiveHouses transaction. */
export interface HouseIntake {
  houseId: number;
  readings: readonly Reading[];
  events: readonly ApplianceEventInput[];
}

/**
 * Several houses' readings and uses, all or nothing, in one transaction holding every house's write lock
 * (taken at once, in house-id order): their contexts read in one statement and one write statement per
 * house, where `receive` per house costs a transaction and four round trips (the device consumer's flush
 * of many homes). An IngestError of any house rolls back all of them. Arrivals are told after the commit;
 * `alongside` runs in the same transaction, last.
 */
export async function receiveHouses<R>(
  db: Db,
  houses: readonly HouseIntake[],
  now: number,
  alongside: (tx: Queryable) => Promise<R>,
): Promise<{ stored: Map<number, number>; alongside: R }> {
  const notices = houses.flatMap((h) => arrivalNotice(db, h.houseId) ?? []);
  const result = await db.transaction(
    async (tx) => {
      await lockHouses(
        tx,
        houses.map((h) => h.houseId),
      );
      const readings = new Map<number, readonly Reading[]>();
      for (const h of houses) if (h.readings.length > 0) readings.set(h.houseId, h.readings);
      const ingested = await ingestReadingsOfHouses(tx, readings, { now });
      const stored = new Map<number, number>();
      for (const h of houses) {
        let n = ingested.get(h.houseId)?.stored ?? 0;
        if (h.events.length > 0) n += (await ingestApplianceEvents(tx, h.houseId, h.events)).stored;
        stored.set(h.houseId, n);
      }
      return { stored, alongside: await alongside(tx) };
    },
    notices.length > 0 ? { first: notices.join('; ') } : {},
  );
  for (const h of houses) dataArrived(db, h.houseId);
  return result;
}
