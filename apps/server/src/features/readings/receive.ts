import type { Db, Queryable } from '../../db/types';
import { ELECTRICITY, type Fuel } from '../../shared/fuel';
import { arrivalNotice, dataArrived } from './arrivals';
import {
  type ApplianceEventInput,
  type IngestResult,
  ingestApplianceEventsOfHouses,
  ingestReadingsOfHouses,
  type Reading,
} from './ingest';
import { lockHousesLiteral } from './repository';

// The one way readings and appliance uses come in, whatever brings them (the ingest API, the import CLI,
// the demo's simulation, the devices' flush): one transaction for one house or many, holding every
// house's write lock from its BEGIN, writing through ingest.ts and, once it has committed, saying that
// data arrived for each house (arrivals.ts), so InfoCare judges it again within seconds. A write that
// fails says nothing. On PostgreSQL the saying is a NOTIFY sent in the write's own transaction (with its
// BEGIN, no extra round trip), heard by every process that listens (arrivals.ts).
// A receive is of one fuel (`options.fuel`, default electricity): every batch it writes is of that fuel,
// unless a call names another (the device flush writes a Glow's gas with the homes' electricity and the
// devices' counter state in one transaction: devices/write.ts). Only an electricity receive tells InfoCare
// (its rules read appliance uses and the electricity meter, never gas).

/** What a `receive` callback writes with: the transaction's readings and appliance uses. */
export interface Intake {
  /** One house's readings (a group of one of `houses`). */
  readings(
    houseId: number,
    readings: readonly Reading[],
    options?: { replace?: boolean; fuel?: Fuel },
  ): Promise<IngestResult>;
  /** Several houses' readings: one context read and one write statement for them all. */
  houses(
    batches: ReadonlyMap<number, readonly Reading[]>,
    options?: { replace?: boolean; fuel?: Fuel },
  ): Promise<Map<number, IngestResult>>;
  events(houseId: number, events: readonly ApplianceEventInput[]): Promise<IngestResult>;
  /** Several houses' appliance uses: one read of their tariffs and one write statement for them all. */
  eventsOfHouses(
    batches: ReadonlyMap<number, readonly ApplianceEventInput[]>,
  ): Promise<Map<number, IngestResult>>;
}

/**
 * Readings and uses of these houses (all the callback writes to), all or nothing, in one transaction (a
 * request, a file, a run of simulated days, a device flush of many homes). The houses' write locks are
 * taken at once, in house-id order, with BEGIN (so writers of several houses never wait on each other in
 * a circle); their arrival is told after the commit. The transaction is passed too, for a caller's own
 * rows that must commit with the data (the devices' counter state). An IngestError of any house rolls back
 * all of them.
 */
export async function receive<R>(
  db: Db,
  houseIds: readonly number[],
  now: number,
  write: (intake: Intake, tx: Queryable) => Promise<R>,
  options: { fuel?: Fuel } = {},
): Promise<R> {
  const fuel = options.fuel ?? ELECTRICITY;
  const tells = fuel === 'electricity';
  const ids = [...new Set(houseIds)];
  const opening = tells ? ids.flatMap((h) => arrivalNotice(db, h) ?? []) : [];
  if (ids.length > 0) opening.push(lockHousesLiteral(ids));
  const result = await db.transaction(
    (tx) => {
      // A house not given would be written without its lock taken in order, and not told.
      const given = (houseId: number) => {
        if (!ids.includes(houseId)) throw new Error(`house ${houseId} was not given to receive`);
      };
      const houses: Intake['houses'] = async (batches, options) => {
        for (const houseId of batches.keys()) given(houseId);
        return ingestReadingsOfHouses(tx, batches, {
          now,
          replace: options?.replace,
          fuel: options?.fuel ?? fuel,
          held: true,
        });
      };
      const eventsOfHouses: Intake['eventsOfHouses'] = async (batches) => {
        for (const houseId of batches.keys()) given(houseId);
        return ingestApplianceEventsOfHouses(tx, batches, { held: true });
      };
      return write(
        {
          houses,
          readings: async (houseId, readings, options) =>
            (await houses(new Map([[houseId, readings]]), options)).get(houseId) as IngestResult,
          eventsOfHouses,
          events: async (houseId, events) =>
            (await eventsOfHouses(new Map([[houseId, events]]))).get(houseId) as IngestResult,
        },
        tx,
      );
    },
    opening.length > 0 ? { first: opening.join('; ') } : {},
  );
  if (tells) for (const houseId of ids) dataArrived(db, houseId);
  return result;
}
