import {
  addDays,
  halfHourSlots,
  localDate,
  localDateToDays,
  parseLocalDate,
  startOfLocalDate,
  weekdayOfDate,
} from '@homeview/domain';
import type { Db } from '../../db/types';
import type { Reading } from '../readings/reading';
import { receive } from '../readings/receive';

// The demo home's gas (issue 35): a gas-heated UK semi's half-hours, deterministic, written through the
// one way in with { fuel: 'gas' } so rollups and costs follow. Only derived figures live here: the
// monthly means are those of the daily gas of ../shared/data/real/wriggy-uk-home-hourly-solar (a 3-bed
// semi with a gas combi, Mar 2021 – Jun 2023), ≈ 9,400 kWh a year; the day's shape is a working
// family's: heating before work and school and in the evening, hot water at showers and tea time.

/** kWh a day, the mean of each month (January first) in the real home's daily gas. */
const MONTHLY_KWH = [57.0, 42.9, 35.9, 28.6, 10.5, 5.6, 7.8, 7.8, 8.4, 14.0, 32.7, 59.5] as const;
/** Hot water and cooking, all year: about the real home's summer days (no heating then). */
const HOT_WATER_WH = 6000;

/** Relative weights of a day's half-hours by local clock time: [from, to, weight], else the last weight. */
type Shape = readonly (readonly [string, string, number])[];
const HEATING_WEEKDAY: Shape = [
  ['05:30', '06:00', 5], // the boiler's warm-up burn
  ['06:00', '08:00', 4],
  ['08:00', '08:30', 2],
  ['08:30', '16:00', 0.3], // set back while the house is out
  ['16:00', '16:30', 4.5],
  ['16:30', '21:30', 2.6],
  ['21:30', '22:30', 1],
  ['00:00', '24:00', 0.1],
];
const HEATING_WEEKEND: Shape = [
  ['07:00', '09:00', 4],
  ['09:00', '22:30', 1.7],
  ['00:00', '24:00', 0.1],
];
const HOT_WATER_WEEKDAY: Shape = [
  ['06:30', '08:00', 4], // showers
  ['12:00', '13:00', 0.5],
  ['17:00', '21:00', 2.4], // tea, washing up, the children's baths
  ['00:00', '24:00', 0.15],
];
const HOT_WATER_WEEKEND: Shape = [
  ['08:00', '10:00', 3.5],
  ['12:00', '13:30', 1.2],
  ['17:00', '21:00', 2.4],
  ['00:00', '24:00', 0.15],
];

const minuteOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

function weightAt(shape: Shape, clock: string): number {
  const m = minuteOf(clock);
  return (shape.find(([from, to]) => m >= minuteOf(from) && m < minuteOf(to)) as Shape[number])[2];
}

/** A number in [0, 1) fixed by the date (mulberry32 of its day number): the same day, the same gas. */
function unit(days: number): number {
  let t = (days * 2654435761 + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The day's heating and hot water in Wh: the month's mean, interpolated mid-month to mid-month, varied. */
export function gasDayWh(date: string): { heating: number; hotWater: number } {
  const { year, month, day } = parseLocalDate(date);
  // Linear between the means of this month and its neighbour, each pinned to its 15th.
  const next = day >= 15 ? 1 : -1;
  const other = MONTHLY_KWH[(month - 1 + next + 12) % 12] as number;
  const own = MONTHLY_KWH[month - 1] as number;
  const pinned = (y: number, m: number) => localDateToDays(`${y}-${String(m).padStart(2, '0')}-15`);
  const otherMonth = month + next;
  const otherDays = pinned(year + Math.floor((otherMonth - 1) / 12), ((otherMonth + 11) % 12) + 1);
  const ownDays = pinned(year, month);
  const frac = (localDateToDays(date) - ownDays) / (otherDays - ownDays);
  const mean = (own + (other - own) * frac) * 1000;
  const days = localDateToDays(date);
  // Weather comes in spells: two days' draws averaged, ±25% on the heating; weekends a little warmer.
  const spell = 0.75 + 0.5 * ((unit(days) + unit(days - 1)) / 2);
  const weekend = weekdayOfDate(date) >= 6 ? 1.1 : 1;
  const hotWater = Math.round(Math.min(mean, HOT_WATER_WH) * (0.85 + 0.3 * unit(days + 7919)));
  return { heating: Math.round(Math.max(0, mean - HOT_WATER_WH) * spell * weekend), hotWater };
}

/** The local day's half-hours of gas (46, 48 or 50), in whole Wh that add up to the day's exactly. */
export function gasDay(date: string, zone: string): Reading[] {
  const slots = halfHourSlots(startOfLocalDate(date, zone), zone);
  const weekend = weekdayOfDate(date) >= 6;
  const { heating, hotWater } = gasDayWh(date);
  const weightsOf = (shape: Shape) => slots.map((s) => weightAt(shape, s.label));
  const parts = [
    { wh: heating, w: weightsOf(weekend ? HEATING_WEEKEND : HEATING_WEEKDAY) },
    { wh: hotWater, w: weightsOf(weekend ? HOT_WATER_WEEKEND : HOT_WATER_WEEKDAY) },
  ];
  const exact = slots.map((_, i) =>
    parts.reduce((sum, p) => sum + (p.wh * (p.w[i] as number)) / p.w.reduce((a, b) => a + b, 0), 0),
  );
  // Carry rounding: each half-hour the rounded running total less the one before.
  let running = 0;
  let shown = 0;
  return slots.map((s, i) => {
    running += exact[i] as number;
    const wh = Math.round(running) - shown;
    shown += wh;
    return { start: s.start, interval_s: 1800, import_wh: wh, export_wh: 0, generation_wh: 0 };
  });
}

/** The half-hours of gas ending in (from, to]: consecutive ranges give each half-hour once. */
export function gasReadings(from: number, to: number, zone: string): Reading[] {
  const out: Reading[] = [];
  for (let date = localDate(from, zone); startOfLocalDate(date, zone) < to; date = addDays(date, 1))
    for (const r of gasDay(date, zone)) if (r.start + 1800 > from && r.start + 1800 <= to) out.push(r);
  return out;
}

export interface GasRange {
  from: number;
  to: number;
  now: number;
  zone: string;
  /** Readings per transaction. */
  batchRows: number;
  newestFirst?: boolean;
  pause?: () => Promise<void>;
}

/**
 * Stores the demo home's gas of a range through receive(), `batchRows` a transaction; returns the
 * transactions and the rows newly stored.
 */
export async function storeDemoGas(
  db: Db,
  houseId: number,
  range: GasRange,
): Promise<{ transactions: number; stored: number }> {
  const readings = gasReadings(range.from, range.to, range.zone);
  const batches: Reading[][] = [];
  for (let i = 0; i < readings.length; i += range.batchRows)
    batches.push(readings.slice(i, i + range.batchRows));
  if (range.newestFirst) batches.reverse();
  let stored = 0;
  for (const [i, batch] of batches.entries()) {
    // Requests that came during the last transaction first (the seeder paused before the first).
    if (i > 0) await range.pause?.();
    stored += await receive(
      db,
      [houseId],
      range.now,
      async (intake) => (await intake.readings(houseId, batch)).stored,
      { fuel: 'gas' },
    );
  }
  return { transactions: batches.length, stored };
}
