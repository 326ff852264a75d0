import type { Db, Queryable } from '../../db/types';
import { arrivalNotice, dataArrived } from './arrivals';
import {
  type ApplianceEventInput,
  type IngestResult,
  ingestApplianceEvents,
  ingestReadings,
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
