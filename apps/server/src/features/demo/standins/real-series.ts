import { readFileSync } from 'node:fs';
import { halfHourSlots, instantOfLocal, startOfLocalDate } from '@homeview/domain';
import { realFile } from '../../../shared/real-data';

// The real data the Glowmarkt stand-in serves, read from ../shared/data/real at run time (never copied
// into the repository), as UTC half-hours the way the cloud keeps them. Each series holds integers in its
// own unit (`perKwh` of them make a kWh), so what is served is a decimal the file or the shaping wrote.

export const ZONE = 'Europe/London';
export const REFIT_FILE = 'refit-house20-halfhourly/refit_house20_halfhourly_kwh.csv';
export const WRIGGY_GAS_FILE = 'wriggy-uk-home-hourly-solar/230630_daily.csv';

export interface Series {
  /** How many of the series' integers make one kWh (10,000: the REFIT file's 4 decimals; 1,000: Wh). */
  perKwh: number;
  /** Slot start (epoch seconds) → energy in the series' unit; null: the cloud has none (a gap). */
  slots: Map<number, number | null>;
}

/** '0.4127' → 4127 with places = 4: a decimal string as an exact integer. */
export function decimalToInt(text: string, places: number): number {
  const [whole = '0', frac = ''] = text.trim().split('.');
  return Number(whole) * 10 ** places + Number(frac.padEnd(places, '0').slice(0, places));
}

function addGap(a: number | null | undefined, b: number | null): number | null {
  if (a === undefined || a === null) return b;
  return b === null ? a : a + b;
}

let electricity: Series | null = null;

/**
 * REFIT House 20 as an electricity meter (SOURCE.md: half-hour labels are the bin start on the naive UK
 * clock, kWh to 4 decimals, a continuous 48-a-day grid whatever the clocks did). A label is read in
 * Europe/London:
 * - an ordinary label is its one instant;
 * - spring forward: the labels 01:00 and 01:30 name no instant; they land on the instants of 02:00 and
 *   02:30 BST (the same distance after the jump) and their energy is added there, so the day has 46
 *   slots and keeps its energy (as the import test, ingest-real-data, reads the same file);
 * - fall back: the file's one row for 01:00 (and 01:30) is the two occurrences averaged minute by minute
 *   (SOURCE.md), so the stand-in serves that value at both, BST then GMT: 50 slots, each occurrence about
 *   what it was (the day then counts those two rows twice).
 * A row whose minutes are all missing (REFIT writes a missing minute as 0 W) is a null, not a zero.
 */
export function refitElectricity(): Series {
  if (electricity !== null) return electricity;
  const slots = new Map<number, number | null>();
  const lines = readFileSync(realFile(REFIT_FILE), 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const [label = '', kwh = '0', , , , , present = '30', missing = '0'] = line.split(',');
    const value = Number(missing) >= Number(present) ? null : decimalToInt(kwh, 4);
    const date = label.slice(0, 10);
    const second = Number(label.slice(11, 13)) * 3600 + Number(label.slice(14, 16)) * 60;
    const earlier = instantOfLocal(date, second, ZONE, 'earlier');
    const later = instantOfLocal(date, second, ZONE, 'later');
    if (earlier !== later) {
      slots.set(earlier, value);
      slots.set(later, value);
    } else slots.set(earlier, addGap(slots.get(earlier), value));
  }
  electricity = { perKwh: 10_000, slots };
  return electricity;
}

/**
 * How a day's gas is spread over its half-hours: a combi boiler's day by the local clock (heating and
 * showers in the morning, heating and cooking in the evening, little at night), one weight per label
 * 00:00 … 23:30. Shaped data, not measured: only the daily totals are real.
 */
export function gasWeight(label: string): number {
  const hour = Number(label.slice(0, 2));
  if (hour < 6) return 1;
  if (hour < 9) return 8;
  if (hour < 17) return 2;
  if (hour < 22) return 6;
  return 2;
}

/**
 * `total` integer units over `weights` in proportion, exactly: each gets the floor of its share, and the
 * units left go one each to the largest remainders (ties: the earlier slot).
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (total * w) % sum }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

let gas: Series | null = null;

/**
 * The daily gas of wriggy/home-carbon (EDF's daily kWh, 2 decimals, dates dd/mm/yy) shaped into the
 * half-hours of each local day by `gasWeight`: 46, 48 or 50 slots, the repeated 01:00 and 01:30 of the
 * long day each weighted as their label, the skipped ones absent. Integer Wh by `spread`, so a day's
 * half-hours sum to exactly its kWh × 1,000 and each is served with at most 3 decimals.
 */
export function wriggyGas(): Series {
  if (gas !== null) return gas;
  const slots = new Map<number, number | null>();
  const lines = readFileSync(realFile(WRIGGY_GAS_FILE), 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const [ddmmyy = '', kwh = ''] = line.split(',');
    const [dd, mm, yy] = ddmmyy.split('/');
    const day = halfHourSlots(startOfLocalDate(`20${yy}-${mm}-${dd}`, ZONE), ZONE);
    if (!/^\d+(\.\d+)?$/.test(kwh.trim())) {
      for (const slot of day) slots.set(slot.start, null);
      continue;
    }
    const wh = spread(
      decimalToInt(kwh, 3),
      day.map((slot) => gasWeight(slot.label)),
    );
    day.forEach((slot, i) => {
      slots.set(slot.start, wh[i] ?? 0);
    });
  }
  gas = { perKwh: 1000, slots };
  return gas;
}
