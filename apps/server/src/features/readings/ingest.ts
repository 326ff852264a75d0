import { priceSlot, type TariffBook } from '@homeview/domain';
import { type Db, inTransaction, type Queryable } from '../../db/types';
import { formatUtc } from '../../ingest/formats';
import { isCatalogueId } from '../appliances-catalogue/catalogue';
import { type HouseTariffs, houseTariffsOfHouses, tariffsOfHouses } from '../../shared/tariff-book';
import { refreshApplianceDaysOfHouses } from './appliance-days';
import { checkReading, maxWhIn, type Reading } from './reading';
import { type BatchContext, housesContextOf, housesContextRead, type ReadingColumns } from './blocks';
import { type HouseWrite, writeBatches } from './batch-write';
import { datesOfSlots } from './daily';
import { estimatesBeaten, estimateWindows, isFineBatch } from './estimates';
import { eventCost, measuredUses, type StoredEvent } from './events';
import { byHouse, mergeUses } from './use-days';
import { blockStarts, mergeBatch, type SlotSums, slotSums } from './merge';
import { ELECTRICITY, type Fuel, fuelCode } from '../../shared/fuel';
import { lockHouses } from '../../shared/house';
import { inLockedTransaction, SLOT_S } from './repository';

// The write path of the energy engine: readings in, half-hour rollups (energy and money) kept equal to
// the sums of the raw readings, all in one transaction per batch. Rules (README "Ingest"):
// - House + start is the key. A reading whose start is already stored is a duplicate and changes nothing
//   (the stored one wins); so is a repeat of a start inside one batch (the first one wins).
// - Readings may not overlap with a different start, inside the batch or with what is stored: a 400.
// - A reading may not end more than MAX_FUTURE_S after `now` (a device with a wrong clock).
// - Arrival order does not matter: every slot a batch touches is recomputed from all its raw readings.
// - Replace mode (`replace: true`): a reading whose start is stored overwrites the stored values instead,
//   and its half-hour is summed again (a corrected reading); overlaps are still refused.
// Raw readings are stored as one block per UTC day (blocks.ts): the touched blocks are read, the batch is
// merged into them in memory (merge.ts), and the changed blocks are written back whole.

export type { Reading };

/** Clock skew allowed for devices: a reading may end at most this long after the server's now. */
export const MAX_FUTURE_S = 300;

export interface IngestResult {
  /** Rows newly stored (in replace mode: stored or replaced). */
  stored: number;
  /** Rows already stored (same key) or repeated inside the batch: ignored, first one wins. */
  duplicates: number;
  /** Readings at 1 minute or finer: the appliance uses estimated from them that start in the batch's
   *  window (estimates.ts); absent when none were (and for coarser readings and for events). */
  estimated?: number;
}

/** One appliance run, appliance_type_id from @homeview/simulator's APPLIANCE_CATALOGUE. */
export interface ApplianceEventInput {
  appliance_type_id: number;
  start: number; // epoch s
  end: number; // epoch s, > start
  energy_wh: number;
}

/** A rejected batch: `index` is the item's position in the batch (null when not one item's fault). */
export class IngestError extends Error {
  override readonly name = 'IngestError';
  constructor(
    readonly index: number | null,
    readonly field: string,
    readonly detail: string,
  ) {
    super(index === null ? `${field}: ${detail}` : `readings[${index}].${field}: ${detail}`);
  }
}

interface Batch {
  cols: ReadingColumns;
  /** Distinct slot starts, ascending, and the batch index of the first kept reading in each. */
  slots: number[];
  firstInSlot: Map<number, number>;
}

function prepareBatch(readings: readonly Reading[], now: number, fuel: Fuel): Batch {
  const latestEnd = now + MAX_FUTURE_S;
  let sorted = true;
  readings.forEach((r, i) => {
    const issue = checkReading(r);
    if (issue !== null) throw new IngestError(i, issue.field, issue.detail);
    if (fuel === 'gas') checkGasReading(r, i);
    if (r.start + r.interval_s > latestEnd) {
      throw new IngestError(
        i,
        'start',
        `the reading from ${formatUtc(r.start)} ends after ${formatUtc(latestEnd)}, more than ` +
          `${MAX_FUTURE_S / 60} minutes ahead of the server's clock; check the device's clock`,
      );
    }
    if (i > 0 && r.start < (readings[i - 1] as Reading).start) sorted = false;
  });
  // Stable order by start: among repeats of a start the first to arrive comes first and is kept.
  const order = sorted ? null : readings.map((_, i) => i).sort((a, b) => at(a).start - at(b).start || a - b);
  function at(i: number): Reading {
    return readings[i] as Reading;
  }
  const cols: ReadingColumns = { start: [], interval_s: [], import_wh: [], export_wh: [], generation_wh: [] };
  const slots: number[] = [];
  const firstInSlot = new Map<number, number>();
  let prevStart = -1;
  let prevEnd = -1;
  let prevIndex = -1;
  for (let k = 0; k < readings.length; k++) {
    const i = order === null ? k : (order[k] as number);
    const r = at(i);
    if (r.start === prevStart) continue;
    if (r.start < prevEnd) {
      const later = Math.max(i, prevIndex);
      const other = at(later === i ? prevIndex : i);
      throw new IngestError(
        later,
        'start',
        `the reading from ${formatUtc(at(later).start)} (${at(later).interval_s} s) overlaps the reading ` +
          `from ${formatUtc(other.start)} (${other.interval_s} s) in this batch`,
      );
    }
    cols.start.push(r.start);
    cols.interval_s.push(r.interval_s);
    cols.import_wh.push(r.import_wh);
    cols.export_wh.push(r.export_wh);
    cols.generation_wh.push(r.generation_wh);
    const slot = r.start - (r.start % SLOT_S);
    if (slots.at(-1) !== slot) {
      slots.push(slot);
      firstInSlot.set(slot, i);
    }
    prevStart = r.start;
    prevEnd = r.start + r.interval_s;
    prevIndex = i;
  }
  return { cols, slots, firstInSlot };
}

/** A gas reading's energy is its import_wh: a gas meter neither exports nor generates. */
function checkGasReading(r: Reading, i: number): void {
  for (const field of ['export_wh', 'generation_wh'] as const)
    if (r[field] > 0)
      throw new IngestError(
        i,
        field,
        `a gas reading has no ${field === 'export_wh' ? 'export' : 'generation'} (${r[field]} Wh sent): ` +
          `send the gas used as import_wh with ${field} 0, or send electricity without fuel=gas`,
      );
}

/** Prices slot sums into rollups. */
function rollupsOf(book: TariffBook, totals: readonly SlotSums[]) {
  return totals.map((t) => {
    const energy = {
      slot_start: t.slot,
      import_wh: t.import_wh,
      export_wh: t.export_wh,
      generation_wh: t.generation_wh,
    };
    return Object.assign(priceSlot(book, energy), { covered_s: t.covered_s });
  });
}

/**
 * Stores readings for a house and brings its half-hour rollups up to date, all or nothing; throws
 * IngestError (a bad reading, an overlap, an unknown house) having stored nothing. A group of one of
 * ingestReadingsOfHouses: given a `Db` it opens its own transaction; given a `Queryable` (a caller's open
 * transaction) it runs inside it.
 */
export async function ingestReadings(
  db: Db | Queryable,
  houseId: number,
  readings: readonly Reading[],
  options: IngestOptions,
): Promise<IngestResult> {
  const results = await ingestReadingsOfHouses(db, new Map([[houseId, readings]]), options);
  return results.get(houseId) as IngestResult;
}

export interface IngestOptions {
  /** The server's clock (epoch s): readings may not end more than MAX_FUTURE_S after it. */
  now: number;
  /** The fuel of every reading of the batch (default electricity): its own blocks, rollups and tariff. */
  fuel?: Fuel | undefined;
  replace?: boolean | undefined;
  /** Statements of literals its own transaction runs first (the arrival notice); ignored inside a caller's. */
  first?: string | undefined;
  /** The caller's open transaction already holds the houses' write locks (receive). */
  held?: boolean | undefined;
}

/** The window a batch's estimates are made for: its readings' span, when they are all fine enough. */
function estimateWindowOf(batch: Batch): { from: number; to: number } | null {
  if (!isFineBatch(batch.cols)) return null;
  const last = batch.cols.start.length - 1;
  return {
    from: batch.cols.start[0] as number,
    to: (batch.cols.start[last] as number) + (batch.cols.interval_s[last] as number),
  };
}

/**
 * The one write path of readings, for one house or many (the device consumer's flush of many homes): every
 * batch checked before anything is written; the houses' locks (in house-id order) and one read of every
 * house's context; the batches merged in memory; one write statement for them all (writeBatches); then
 * every house's estimated appliance uses (two reads for all). All or nothing: an IngestError of any house
 * stores nothing (inside a caller's transaction, that transaction is then to be rolled back).
 */
export async function ingestReadingsOfHouses(
  db: Db | Queryable,
  batches: ReadonlyMap<number, readonly Reading[]>,
  options: IngestOptions,
): Promise<Map<number, IngestResult>> {
  const fuel = options.fuel ?? ELECTRICITY;
  const prepared = new Map<number, Batch>();
  const results = new Map<number, IngestResult>();
  for (const [houseId, readings] of batches) {
    const batch = prepareBatch(readings, options.now, fuel);
    if (batch.slots.length > 0) prepared.set(houseId, batch);
    results.set(houseId, { stored: 0, duplicates: readings.length });
  }
  if (prepared.size === 0) return results;
  const read = housesContextRead(
    new Map([...prepared].map(([houseId, batch]) => [houseId, blockStarts(batch.cols.start)])),
    fuelCode(fuel),
  );
  const replace = options.replace ?? false;
  await inLockedTransaction(db, [...prepared.keys()], read, options, async (tx, rows) => {
    const contexts = housesContextOf(rows);
    // Every house's tariffs: the books not cached read in one statement.
    const books = await tariffsOfHouses(
      tx,
      new Map([...contexts].map(([houseId, c]) => [houseId, { zone: c.time_zone, ids: c.ids }])),
      fuel,
    );
    const writes: { write: HouseWrite; batch: Batch }[] = [];
    for (const [houseId, batch] of prepared) {
      const context = contexts.get(houseId) ?? null;
      const book = books.get(houseId)?.book ?? null;
      const merged = mergePrepared(houseId, batch, context, book, replace);
      if (merged.write !== null) writes.push({ write: merged.write, batch });
      const sent = batches.get(houseId)?.length ?? 0;
      results.set(houseId, { stored: merged.stored, duplicates: sent - merged.stored });
    }
    // Every house's blocks, half-hours, days and months in one statement.
    // Electricity's completed days are recorded as they complete (day_arrivals, in the same statement).
    await writeBatches(
      tx,
      writes.map((w) => w.write),
      fuelCode(fuel),
      fuel === 'electricity' ? options.now : null,
    );
    // Then every house's estimated appliance uses (estimates.ts), two reads for all: from electricity
    // only (the appliances are electric; a gas meter's steps are the boiler, not a kettle).
    if (fuel !== 'electricity') return;
    const estimated = await estimateWindows(
      tx,
      writes.flatMap(({ write, batch }) => {
        const window = estimateWindowOf(batch);
        return window === null
          ? []
          : [{ houseId: write.houseId, zone: write.zone, book: write.book, window, written: write.blocks }];
      }),
    );
    for (const [houseId, n] of estimated) {
      const result = results.get(houseId);
      if (n && result !== undefined) result.estimated = n;
    }
  });
  return results;
}

/** A prepared batch merged into the house's stored blocks: what to write (null: nothing), under its lock. */
function mergePrepared(
  houseId: number,
  batch: Batch,
  context: BatchContext | null,
  book: TariffBook | null,
  replace: boolean,
): { write: HouseWrite | null; stored: number } {
  if (context === null || book === null) throw new IngestError(null, 'house', `there is no house ${houseId}`);
  const merged = mergeBatch(batch.cols, context.blocks, replace);
  if (merged.overlapSlot !== null) {
    throw new IngestError(
      batch.firstInSlot.get(merged.overlapSlot) ?? null,
      'start',
      `a reading of the half-hour from ${formatUtc(merged.overlapSlot)} overlaps readings already stored ` +
        'with a different start; send the same starts as before, or readings for other times',
    );
  }
  if (merged.slots.length === 0) return { write: null, stored: 0 };
  // The changed blocks whole, every touched half-hour summed again from all its raw readings (in
  // memory), and the touched local days from their half-hours, with their months: one statement.
  const rollups = rollupsOf(book, slotSums(merged.blocks, merged.slots));
  const dates = datesOfSlots(merged.slots, context.time_zone);
  return {
    write: { houseId, zone: context.time_zone, book, blocks: merged.blocks, rollups, dates },
    stored: merged.added + merged.replaced,
  };
}

function checkEvent(e: ApplianceEventInput, i: number): void {
  const fail = (field: string, detail: string): never => {
    throw new IngestError(null, `events[${i}].${field}`, detail);
  };
  if (!Number.isSafeInteger(e.appliance_type_id) || !isCatalogueId(e.appliance_type_id))
    fail('appliance_type_id', `${e.appliance_type_id} is not an appliance of the catalogue`);
  if (!Number.isSafeInteger(e.start) || e.start < 946_684_800 || e.start >= 4_102_444_800)
    fail('start', `${e.start} is not an epoch second in 2000–2099`);
  if (!Number.isSafeInteger(e.end) || e.end <= e.start) fail('end', `${e.end} is not after the start`);
  if (!Number.isSafeInteger(e.energy_wh) || e.energy_wh < 0 || e.energy_wh > maxWhIn(e.end - e.start))
    fail('energy_wh', `${e.energy_wh} is not a whole number of Wh from 0 to what 100 kW could deliver`);
}

/**
 * Stores appliance events, idempotent on house + appliance type + start (the stored one wins; in a batch,
 * the first), each priced at the import rates of the slots it spans (see events.ts). All or nothing.
 */
export async function ingestApplianceEvents(
  db: Db | Queryable,
  houseId: number,
  events: readonly ApplianceEventInput[],
  /** The house as read by a caller that holds its lock in `db`, an open transaction (the demo's
   *  neighbours store a week's totals and uses in one): the lock and the read are not repeated. */
  locked?: HouseTariffs,
): Promise<IngestResult> {
  const results = await ingestApplianceEventsOfHouses(db, new Map([[houseId, events]]), {
    locked: locked === undefined ? undefined : new Map([[houseId, locked]]),
  });
  return results.get(houseId) as IngestResult;
}

/**
 * ingestApplianceEvents for many houses (a device flush's plug uses): every house's events checked
 * first, then one read of their tariffs, one delete of the estimates they beat, one insert and one
 * refresh of their appliance days for them all. All or nothing: an IngestError of any house stores none.
 */
export async function ingestApplianceEventsOfHouses(
  db: Db | Queryable,
  batches: ReadonlyMap<number, readonly ApplianceEventInput[]>,
  options: {
    /** The houses as read by a caller holding their locks in `db` (its open transaction). */
    locked?: ReadonlyMap<number, HouseTariffs> | undefined;
    /** The caller's open transaction holds the houses' write locks (receive): only their tariffs are read. */
    held?: boolean | undefined;
  } = {},
): Promise<Map<number, IngestResult>> {
  const results = new Map<number, IngestResult>();
  const uniqueOf = new Map<number, ApplianceEventInput[]>();
  for (const [houseId, events] of batches) {
    events.forEach(checkEvent);
    const seen = new Set<string>();
    const unique = events.filter((e) => {
      const key = `${e.appliance_type_id}:${e.start}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    results.set(houseId, { stored: 0, duplicates: events.length });
    if (unique.length > 0) uniqueOf.set(houseId, unique);
  }
  if (uniqueOf.size === 0) return results;
  const ids = [...uniqueOf.keys()].sort((a, b) => a - b);
  await inTransaction(db, async (tx) => {
    let houses = options.locked;
    if (houses === undefined) {
      if (!options.held) await lockHouses(tx, ids);
      houses = await houseTariffsOfHouses(tx, ids);
    }
    const rows: (StoredEvent & { house_id: number })[] = [];
    const usesOf = new Map<number, StoredEvent[]>();
    for (const houseId of ids) {
      const house = houses.get(houseId);
      if (house === undefined) throw new IngestError(null, 'house', `there is no house ${houseId}`);
      const own = (uniqueOf.get(houseId) ?? []).map((e) => ({
        house_id: houseId,
        appliance_type_id: e.appliance_type_id,
        start_ts: e.start,
        end_ts: e.end,
        energy_wh: e.energy_wh,
        cost: eventCost(house.book, e.start, e.end, e.energy_wh),
      }));
      rows.push(...own);
      usesOf.set(houseId, own);
    }
    // Measured uses win over the meter's estimates of their type (estimates.ts): the estimates they beat
    // dropped and the uses stored in one merge (use-days.ts).
    const beaten = await estimatesBeaten(tx, usesOf);
    const { dropped, changed } = byHouse(await mergeUses(tx, [...beaten, ...measuredUses(rows)]));
    // The local days of the uses that are new or grew, summed again from their events (appliance-days.ts).
    await refreshApplianceDaysOfHouses(
      tx,
      ids.flatMap((houseId) => {
        const gone = dropped.get(houseId) ?? [];
        if (!changed.get(houseId) && gone.length === 0) return [];
        const zone = (houses.get(houseId) as HouseTariffs).zone;
        const starts = [...(usesOf.get(houseId) ?? []).map((r) => r.start_ts), ...gone];
        return [{ houseId, zone, starts }];
      }),
    );
    for (const houseId of ids) {
      const stored = changed.get(houseId) ?? 0;
      results.set(houseId, { stored, duplicates: (batches.get(houseId)?.length ?? 0) - stored });
    }
  });
  return results;
}
