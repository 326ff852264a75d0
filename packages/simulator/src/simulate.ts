// The public entry points: a generator of local days (streaming, low memory, for seeding) and a
// convenience that collects a whole range into minute readings and events.

import { DEFAULT_TIME_ZONE } from '@homeview/domain';
import { type IntegerDay, simulateIntegerDay } from './day';
import { type HomeParams, resolveHome } from './home';
import type { HomeSpec } from './spec';
import { localDay, localDayNumberOf } from './zone';

export interface SimulationRange {
  /** Epoch seconds, minute aligned, inclusive. */
  from: number;
  /** Epoch seconds, minute aligned, exclusive. */
  to: number;
  /** IANA zone of the house; default Europe/London. */
  zone?: string;
}

/** One minute of meter data, integer Wh. */
export interface MinuteReading {
  start: number;
  import_wh: number;
  export_wh: number;
  generation_wh: number;
}

export interface ApplianceEvent {
  appliance_type_id: number;
  start: number;
  end: number;
  energy_wh: number;
}

/** One local day (or the part of it inside the range). Minute i starts at start + 60 i. */
export interface SimulatedDay {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  zone: string;
  /** Epoch seconds of the first minute here: local midnight unless the range starts later. */
  start: number;
  /** Minutes here (≤ dayMinutes). */
  minutes: number;
  /** Minutes in the whole local day: 1440, or 1380 / 1500 on clock-change days. */
  dayMinutes: number;
  importWh: Int32Array;
  exportWh: Int32Array;
  generationWh: Int32Array;
  /** Events starting inside this part of the day, in start order. */
  events: ApplianceEvent[];
  /** The household is away on holiday. */
  away: boolean;
}

function checkRange(range: SimulationRange): string {
  const { from, to } = range;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from % 60 !== 0 || to % 60 !== 0) {
    throw new RangeError('from and to must be whole minutes in epoch seconds');
  }
  if (to < from) throw new RangeError('to must not be before from');
  return range.zone ?? DEFAULT_TIME_ZONE;
}

function slice(full: IntegerDay, range: SimulationRange, zone: string): SimulatedDay {
  const { day } = full;
  const first = Math.max(0, (range.from - day.start) / 60);
  const last = Math.min(day.minutes, (range.to - day.start) / 60);
  const events: ApplianceEvent[] = [];
  for (const e of full.events) {
    if (e.startIndex < first || e.startIndex >= last) continue;
    const start = day.start + e.startIndex * 60;
    events.push({
      appliance_type_id: e.typeId,
      start,
      end: start + e.minutes * 60,
      energy_wh: Math.round(e.energyWh),
    });
  }
  return {
    date: day.date,
    zone,
    start: day.start + first * 60,
    minutes: last - first,
    dayMinutes: day.minutes,
    importWh: full.importWh.subarray(first, last),
    exportWh: full.exportWh.subarray(first, last),
    generationWh: full.generationWh.subarray(first, last),
    events,
    away: full.away,
  };
}

/**
 * Yields each local day overlapping [from, to), simulated whole and then cut to the range, so a
 * sub-range always equals the same part of a longer run. Memory stays at one day.
 */
export function* simulateDays(spec: HomeSpec | HomeParams, range: SimulationRange): Generator<SimulatedDay> {
  const zone = checkRange(range);
  if (range.to === range.from) return;
  const home = 'owned' in spec ? spec : resolveHome(spec);
  const lastDay = localDayNumberOf(zone, range.to - 60);
  for (let d = localDayNumberOf(zone, range.from); d <= lastDay; d++) {
    yield slice(simulateIntegerDay(home, localDay(zone, d)), range, zone);
  }
}

/** Minute readings of a simulated day as objects (what the API and database rows look like). */
export function dayReadings(day: SimulatedDay): MinuteReading[] {
  const out: MinuteReading[] = new Array(day.minutes);
  for (let i = 0; i < day.minutes; i++) {
    out[i] = {
      start: day.start + i * 60,
      import_wh: day.importWh[i] ?? 0,
      export_wh: day.exportWh[i] ?? 0,
      generation_wh: day.generationWh[i] ?? 0,
    };
  }
  return out;
}

/** The whole range at once. Prefer simulateDays for long ranges or many homes. */
export function simulateHome(
  spec: HomeSpec,
  range: SimulationRange,
): { readings: MinuteReading[]; events: ApplianceEvent[] } {
  const readings: MinuteReading[] = [];
  const events: ApplianceEvent[] = [];
  for (const day of simulateDays(spec, range)) {
    for (const r of dayReadings(day)) readings.push(r);
    for (const e of day.events) events.push(e);
  }
  return { readings, events };
}
