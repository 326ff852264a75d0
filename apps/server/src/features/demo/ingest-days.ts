import type { HomeSpec, SimulatedDay } from '@homeview/simulator';
import { simulateDays } from '@homeview/simulator';
import type { Db } from '../../db/types';
import { lockHouse } from '../readings/repository';
import { type SlotEnergyInput, storeDailyTotals } from '../readings/summary-days';
import { houseTariffs } from '../tariffs/repository';
import {
  type ApplianceEventInput,
  ingestApplianceEvents,
  ingestReadings,
  type Reading,
} from '../readings/ingest';

// Simulated history into the database through the real write path (ingestReadings and
// ingestApplianceEvents, idempotent), one local day per transaction so PGlite's single connection is
// never held long. Shared by the demo seeder, `npm run simulate` and the benchmarks.

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
  /** Readings per transaction (whole days; default 1440, one day of minutes or a month of half-hours). */
  batchRows?: number;
  /** Daily totals only: appliance uses starting before this are not stored (what nothing reads). */
  keepEventsFrom?: number;
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

/** Simulates [eventsFrom, to) and stores it a few whole days per transaction; returns the rows newly stored. */
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
  let readings: Reading[] = [];
  let events: ApplianceEventInput[] = [];
  const flush = async () => {
    if (readings.length === 0 && events.length === 0) return;
    const [r, e] = [readings, events];
    readings = [];
    events = [];
    const stored = await db.transaction(async (tx) => ({
      readings: r.length > 0 ? (await ingestReadings(tx, houseId, r, { now: range.now })).stored : 0,
      events: e.length > 0 ? (await ingestApplianceEvents(tx, houseId, e)).stored : 0,
    }));
    counts.readings += stored.readings;
    counts.events += stored.events;
  };
  for (const day of simulateDays(spec, { from: range.eventsFrom, to: range.to, zone: range.zone })) {
    for (const r of readingsOf(day, interval)) if (r.start >= range.from) readings.push(r);
    for (const e of day.events) {
      if (e.end <= range.now) events.push(e);
      else if (e.start < range.now) events.push(soFar(e, range.now));
    }
    if (readings.length >= batchRows) await flush();
    // Simulating a day is ~2–7 ms of CPU: let waiting requests run between days.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await flush();
  return counts;
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
    await new Promise((resolve) => setImmediate(resolve));
  }
  return db.transaction(async (tx) => {
    await lockHouse(tx, houseId);
    const house = await houseTariffs(tx, houseId);
    if (house === null) throw new Error(`there is no house ${houseId}`);
    const days = await storeDailyTotals(tx, houseId, house.book, slots);
    const stored = events.length > 0 ? (await ingestApplianceEvents(tx, houseId, events)).stored : 0;
    return { readings: 0, events: stored, days };
  });
}
