import type { HomeSpec, SimulatedDay } from '@homeview/simulator';
import { simulateDays } from '@homeview/simulator';
import type { Db, Queryable } from '../../db/types';
import { lockHouse } from '../../shared/house';
import { type SlotEnergyInput, storeDailyTotals } from '../readings/summary-days';
import { houseTariffs } from '../../shared/tariff-book';
import { type ApplianceEventInput, ingestApplianceEvents, type Reading } from '../readings/ingest';
import { receive } from '../readings/receive';
import { nextTurn } from '../../shared/turn';

// Simulated history into the database through the one way in (receive: ingestReadings and
// ingestApplianceEvents, idempotent, then InfoCare told that data arrived), a bounded number of readings per transaction so PGlite's single
// connection is never held long (its statements run without giving the event loop a turn, so a request
// waits for the whole transaction). Shared by the demo seeder, `npm run simulate` and the benchmarks.

export type ReadingInterval = 60 | 1800;

/** A simulated day as meter readings: one per minute, or minutes summed into UTC half-hours. */
export function readingsOf(day: SimulatedDay, interval: ReadingInterval): Reading[] {
  const out: Reading[] = [];
  if (interval === 60) {
    for (let i = 0; i < day.minutes; i++) {
      out.push({
        start: day.start + i * 60,
        interval_s: 60,
        import_wh: day.importWh[i] ?? 0,
        export_wh: day.exportWh[i] ?? 0,
        generation_wh: day.generationWh[i] ?? 0,
      });
    }
    return out;
  }
  let current: Reading | undefined;
  for (let i = 0; i < day.minutes; i++) {
    const t = day.start + i * 60;
    const slot = t - (t % 1800);
    if (current === undefined || current.start !== Math.max(slot, day.start)) {
      current = {
        start: Math.max(slot, day.start),
        interval_s: 0,
        import_wh: 0,
        export_wh: 0,
        generation_wh: 0,
      };
      out.push(current);
    }
    current.interval_s += 60;
    current.import_wh += day.importWh[i] ?? 0;
    current.export_wh += day.exportWh[i] ?? 0;
    current.generation_wh += day.generationWh[i] ?? 0;
  }
  return out;
}

export interface DaysRange {
  /** Readings from (epoch s, a whole minute; a whole half-hour for 1800 s readings). */
  from: number;
  /** Readings up to, exclusive. */
  to: number;
  /** Appliance uses starting from here are stored (≤ from: a live tick looks back for finished uses). */
  eventsFrom: number;
  /** Uses still running at `now` are stored up to now (energy pro rata) and grow on later calls. */
  now: number;
  zone: string;
  /** Readings per transaction (default 1440: a day of minutes, a month of half-hours). */
  batchRows?: number;
  /**
   * Store the newest batch first (a backfill: the stored span grows at its old end, so a stop between two
   * transactions leaves no hole). Default: oldest first (a catch-up grows the span at its new end).
   */
  newestFirst?: boolean;
  /** Awaited between two transactions: the server waits there until no request is in flight. */
  pause?: () => Promise<void>;
  /** Daily totals only: appliance uses starting before this are not stored (what nothing reads). */
  keepEventsFrom?: number;
  /**
   * The home's devices report from `at` on (the demo home through the broker): no readings ending after
   * it, and no uses of the plug's appliance starting at or after it.
   */
  devicesFrom?: { at: number; applianceTypeId: number };
  /**
   * A home with a smart meter and no plugs: its readings only, none of its simulated uses; the write path
   * estimates its uses from the 1-minute readings (issue 24), as for any such home's files.
   */
  readingsOnly?: boolean;
}

export interface IngestedCounts {
  readings: number;
  events: number;
  /** Daily-total rows written for homes kept as daily totals only. */
  days: number;
}

/** A use still running at `now`, as far as it has gone: so "on in the past hour" is true while it runs. */
export function soFar(e: ApplianceEventInput, now: number): ApplianceEventInput {
  const energy_wh = Math.floor((e.energy_wh * (now - e.start)) / (e.end - e.start));
  return { ...e, end: now, energy_wh };
}

/** Simulates [eventsFrom, to) and stores it `batchRows` readings per transaction; returns the rows newly stored. */
export async function ingestSimulatedDays(
  db: Db,
  houseId: number,
  spec: HomeSpec,
  interval: ReadingInterval,
  range: DaysRange,
): Promise<IngestedCounts> {
  const counts: IngestedCounts = { readings: 0, events: 0, days: 0 };
  if (range.to <= range.eventsFrom) return counts;
  const batchRows = range.batchRows ?? 1440;
  const readings: Reading[] = [];
  const events: ApplianceEventInput[] = [];
  let first = true;
  const store = async (r: Reading[], e: ApplianceEventInput[]) => {
    if (!first) await range.pause?.();
    first = false;
    // The measured uses first: the readings' estimates then leave out what the plugs measure (issue 24).
    const stored = await receive(db, [houseId], range.now, async (intake) => {
      const events = e.length > 0 ? (await intake.events(houseId, e)).stored : 0;
      return { readings: r.length > 0 ? (await intake.readings(houseId, r)).stored : 0, events };
    });
    counts.readings += stored.readings;
    counts.events += stored.events;
  };
  /** Oldest readings first, whole batches only unless `all`; the pending uses go with the last batch. */
  const flush = async (all: boolean) => {
    while (readings.length >= batchRows || (all && readings.length > 0)) {
      const batch = readings.splice(0, batchRows);
      const last = readings.length === 0;
      await store(batch, last ? events.splice(0) : []);
    }
    if (all && events.length > 0) await store([], events.splice(0));
  };
  for (const day of simulateDays(spec, { from: range.eventsFrom, to: range.to, zone: range.zone })) {
    const devices = range.devicesFrom;
    for (const r of readingsOf(day, interval))
      if (r.start >= range.from && (devices === undefined || r.start + r.interval_s <= devices.at))
        readings.push(r);
    for (const e of range.readingsOnly ? [] : day.events) {
      if (devices && e.appliance_type_id === devices.applianceTypeId && e.start >= devices.at) continue;
      if (e.end <= range.now) events.push(e);
      else if (e.start < range.now) events.push(soFar(e, range.now));
    }
    if (!range.newestFirst) await flush(false);
    // Simulating a day is ~2–7 ms of CPU: let waiting requests run between days.
    await nextTurn();
  }
  if (!range.newestFirst) {
    await flush(true);
    return counts;
  }
  // Newest batch first, the uses with the oldest: a stop between two transactions leaves the stored span
  // contiguous (it only grew at its old end), and the next backfill simulates the uses again.
  const all = readings;
  for (let end = all.length; end > 0; end -= batchRows) {
    const batch = all.slice(Math.max(0, end - batchRows), end);
    await store(batch, end <= batchRows ? events : []);
  }
  if (all.length === 0 && events.length > 0) await store([], events);
  return counts;
}

/** The half-hours and finished appliance uses of [eventsFrom, to) for a home kept as daily totals only. */
export async function simulateDailyTotals(
  spec: HomeSpec,
  range: DaysRange,
): Promise<{ slots: SlotEnergyInput[]; events: ApplianceEventInput[] }> {
  const slots: SlotEnergyInput[] = [];
  const events: ApplianceEventInput[] = [];
  for (const day of simulateDays(spec, { from: range.eventsFrom, to: range.to, zone: range.zone })) {
    for (const r of readingsOf(day, 1800)) {
      if (r.start < range.from) continue;
      const { import_wh, export_wh, generation_wh } = r;
      slots.push({
        slot: r.start - (r.start % 1800),
        covered_s: r.interval_s,
        import_wh,
        export_wh,
        generation_wh,
      });
    }
    for (const e of day.events)
      if (e.end <= range.now && e.start >= (range.keepEventsFrom ?? 0)) events.push(e);
    await nextTurn();
  }
  return { slots, events };
}

/** Whole local days of half-hours as daily rollups, with the uses: in `tx`, an open transaction. */
export async function storeDailyTotalsWithUses(
  tx: Queryable,
  houseId: number,
  simulated: { slots: readonly SlotEnergyInput[]; events: readonly ApplianceEventInput[] },
): Promise<IngestedCounts> {
  await lockHouse(tx, houseId);
  const house = await houseTariffs(tx, houseId);
  if (house === null) throw new Error(`there is no house ${houseId}`);
  const days = await storeDailyTotals(tx, houseId, house.book, simulated.slots);
  const { events } = simulated;
  const stored = events.length > 0 ? (await ingestApplianceEvents(tx, houseId, events, house)).stored : 0;
  return { readings: 0, events: stored, days };
}

/**
 * A home kept as daily totals only (a demo neighbour): simulates [eventsFrom, to), prices its half-hours
 * and writes whole local days from `from` (a local midnight) as daily rollups, with the appliance uses,
 * in one transaction. Writing a day again replaces it, so a partial today is completed by a later call.
 */
export async function storeSimulatedDailyTotals(
  db: Db,
  houseId: number,
  spec: HomeSpec,
  range: DaysRange,
): Promise<IngestedCounts> {
  const simulated = await simulateDailyTotals(spec, range);
  return db.transaction((tx) => storeDailyTotalsWithUses(tx, houseId, simulated));
}
