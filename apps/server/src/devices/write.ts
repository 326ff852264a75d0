import type { Db, Queryable } from '../db/types';
import { dataArrived } from '../features/infocare/arrivals';
import {
  type ApplianceEventInput,
  ingestApplianceEvents,
  ingestReadings,
  type Reading,
} from '../features/readings/ingest';

// The one seam between the device consumer and the write path: a house's readings and appliance uses of
// one flush, stored with the devices' normaliser state in one transaction through the same ingest code as
// HTTP and files (idempotent by house + start, rollups and costs exact), then InfoCare told that data
// arrived. When the ingest entry point becomes one function that writes and tells InfoCare, only this file
// changes.

export interface HouseBatch {
  houseId: number;
  readings: Reading[];
  events: ApplianceEventInput[];
}

export async function storeHouseBatch(
  db: Db,
  batch: HouseBatch,
  now: number,
  /** Runs in the same transaction, after the ingest (the devices' counter state). */
  alongside: (tx: Queryable) => Promise<void>,
): Promise<{ stored: number }> {
  const stored = await db.transaction(async (tx) => {
    let n = 0;
    if (batch.readings.length > 0)
      n += (await ingestReadings(tx, batch.houseId, batch.readings, { now })).stored;
    if (batch.events.length > 0) n += (await ingestApplianceEvents(tx, batch.houseId, batch.events)).stored;
    await alongside(tx);
    return n;
  });
  if (stored > 0) dataArrived(db, batch.houseId);
  return { stored };
}
