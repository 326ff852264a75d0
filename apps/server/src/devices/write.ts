import type { Db, Queryable } from '../db/types';
import type { ApplianceEventInput, Reading } from '../features/readings/ingest';
import { receive, receiveHouses } from '../features/readings/receive';

// The seam between the device consumer and the one way in (features/readings/receive.ts): a house's
// readings and appliance uses of one flush, stored with the devices' normaliser state in one transaction
// through the same ingest code as HTTP and files (idempotent by house + start, rollups and costs exact),
// then InfoCare told that data arrived.

export interface HouseBatch {
  houseId: number;
  readings: Reading[];
  events: ApplianceEventInput[];
}

export function storeHouseBatch(
  db: Db,
  batch: HouseBatch,
  now: number,
  /** Runs in the same transaction, after the ingest (the devices' counter state). */
  alongside: (tx: Queryable) => Promise<void>,
): Promise<{ stored: number }> {
  return receive(db, batch.houseId, now, async (intake, tx) => {
    let stored = 0;
    if (batch.readings.length > 0) stored += (await intake.readings(batch.readings)).stored;
    if (batch.events.length > 0) stored += (await intake.events(batch.events)).stored;
    await alongside(tx);
    return { stored };
  });
}

/**
 * Many houses' batches of one flush in one transaction (receiveHouses: their locks at once, one context
 * read, one write statement per house), with the devices' state. Any house's IngestError rolls all back.
 */
export async function storeHousesBatch(
  db: Db,
  batches: readonly HouseBatch[],
  now: number,
  alongside: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await receiveHouses(db, batches, now, alongside);
}
