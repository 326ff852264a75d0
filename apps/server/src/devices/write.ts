import type { Db, Queryable } from '../db/types';
import type { ApplianceEventInput, Reading } from '../features/readings/ingest';
import { receive } from '../features/readings/receive';

// The seam between the device consumer and the one way in (features/readings/receive.ts): a house's
// readings and appliance uses of one flush, stored with the devices' normaliser state in one transaction
// through the same ingest code as HTTP and files (idempotent by house + start, rollups and costs exact),
// then InfoCare told that data arrived.

export interface HouseBatch {
  houseId: number;
  readings: Reading[];
  /** Gas readings (a Glow's gas register: devices/normalise.ts), written as gas in the same transaction. */
  gas: Reading[];
  events: ApplianceEventInput[];
}

export async function storeHouseBatch(
  db: Db,
  batch: HouseBatch,
  now: number,
  /** Runs in the same transaction, after the ingest (the devices' counter state). */
  alongside: (tx: Queryable) => Promise<void>,
): Promise<{ stored: number }> {
  const stored = await storeHousesBatch(db, [batch], now, alongside);
  return { stored: stored.get(batch.houseId) ?? 0 };
}

/**
 * Many houses' batches of one flush in one transaction (receive: their locks at once, one context read,
 * one write statement for all their readings of a fuel, one for all their plug uses), with the devices'
 * state; the houses' readings (electricity, then gas) before their uses. Any house's IngestError rolls all
 * back. Returns what each house stored.
 */
export async function storeHousesBatch(
  db: Db,
  batches: readonly HouseBatch[],
  now: number,
  alongside: (tx: Queryable) => Promise<void>,
): Promise<Map<number, number>> {
  return receive(
    db,
    batches.map((b) => b.houseId),
    now,
    async (intake, tx) => {
      const readings = new Map<number, readonly Reading[]>();
      for (const b of batches) if (b.readings.length > 0) readings.set(b.houseId, b.readings);
      const gas = new Map<number, readonly Reading[]>();
      for (const b of batches) if (b.gas.length > 0) gas.set(b.houseId, b.gas);
      const none = new Map<number, { stored: number }>();
      const ingested = readings.size > 0 ? await intake.houses(readings) : none;
      const gasIngested = gas.size > 0 ? await intake.houses(gas, { fuel: 'gas' }) : none;
      // Every house's plug uses after all the readings, in one write for them all.
      const uses = new Map<number, readonly ApplianceEventInput[]>();
      for (const b of batches) if (b.events.length > 0) uses.set(b.houseId, b.events);
      const usesIngested = uses.size > 0 ? await intake.eventsOfHouses(uses) : none;
      const stored = new Map<number, number>();
      for (const b of batches) {
        const of = (results: ReadonlyMap<number, { stored: number }>) => results.get(b.houseId)?.stored ?? 0;
        stored.set(b.houseId, of(ingested) + of(gasIngested) + of(usesIngested));
      }
      await alongside(tx);
      return stored;
    },
  );
}
