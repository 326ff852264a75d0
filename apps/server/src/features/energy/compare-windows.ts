import type { CompareRates } from '@homeview/contract';
import { addDays, dayLayout, localTimeOfDay } from '@homeview/domain';

// A time-of-use candidate priced from its region's published rates holds them as a price per half-hour
// (Octopus dates every window), so its dated range alone would list no rates ("priced per half-hour").
// Here the half-hours become what a bill shows: each local day's windows (from HH:MM on the home's clock,
// pence per kWh), days with the same windows grouped into one range. A price change, or Economy 7's UTC
// night moving on the clock at a clock change, starts a new range.

type UnitRates = CompareRates['unit_rates'];

/** A window's name by its price among the day's: the cheapest, the dearest of three or more, the rest. */
function namer(prices: readonly number[]): (price: number) => string {
  const distinct = [...new Set(prices)].sort((a, b) => a - b);
  return (price) =>
    price === distinct[0] ? 'Cheap' : distinct.length >= 3 && price === distinct.at(-1) ? 'Peak' : 'Standard';
}

/** One local day's windows: consecutive half-hours at one price, from their local start. */
function dayWindows(date: string, zone: string, priceAt: (slot: number) => number): UnitRates {
  const { start, slots } = dayLayout(date, zone);
  const runs: { slot: number; price: number }[] = [];
  for (let i = 0; i < slots; i++) {
    const slot = start + i * 1800;
    const price = priceAt(slot);
    if (runs.at(-1)?.price !== price) runs.push({ slot, price });
  }
  const name = namer(runs.map((r) => r.price));
  return runs.map((r) => ({
    name: name(r.price),
    start: localTimeOfDay(r.slot, zone),
    price: r.price / 1e6,
  }));
}

/**
 * The ranges of [from, to) (local dates, `to` exclusive) over which each of `prices` (a slot's µ£/kWh: import,
 * and Flux's export) had the same windows every day, with those windows, one list per price.
 */
export function windowRanges(
  from: string,
  to: string,
  zone: string,
  prices: readonly ((slot: number) => number)[],
): { from: string; to: string; windows: UnitRates[] }[] {
  const out: { from: string; to: string; windows: UnitRates[]; key: string }[] = [];
  for (let date = from; date < to; date = addDays(date, 1)) {
    const windows = prices.map((priceAt) => dayWindows(date, zone, priceAt));
    const key = JSON.stringify(windows);
    const last = out.at(-1);
    if (last !== undefined && last.key === key) last.to = addDays(date, 1);
    else out.push({ from: date, to: addDays(date, 1), windows, key });
  }
  return out.map(({ key: _, ...range }) => range);
}
