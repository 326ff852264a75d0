import type { TariffBook } from '../tariff/book';
import { type Period, subPeriods } from '../time/periods';
import { halfHourSlots } from '../time/slots';
import type { SlotEnergy } from './slot';

// Tariffs compared, the second column (issue 37): "if you moved N kWh a day from 16:00–19:00 into the
// cheapest window". The half-hours are rewritten, never priced here, so the moved figure is priced by
// the one formula (`monthlyCosts`) exactly as the first column is. Energy stays integer Wh.

/** The evening moved from, on the home's clock: [16:00, 19:00), six half-hours every day (DST is at night). */
const EVENING_FROM = '16:00';
const EVENING_TO = '19:00';

/** A local day's half-hour starts and which of them are the evening: the same for every tariff. */
export interface DayHalves {
  readonly starts: readonly number[];
  readonly evening: readonly boolean[];
}

/** The local days of `months`, laid out once for all the candidates a request moves. */
export function dayHalvesOf(months: readonly Period[], zone: string): DayHalves[] {
  return months.flatMap((month) =>
    subPeriods(month, 'day', zone).map((day) => {
      const halves = halfHourSlots(day.start, zone);
      return {
        starts: halves.map((h) => h.start),
        evening: halves.map((h) => h.label >= EVENING_FROM && h.label < EVENING_TO),
      };
    }),
  );
}

export interface MovedUse {
  /** Ascending by slot_start: the input's slots with each day's move applied (new slots where none were). */
  readonly slots: SlotEnergy[];
  /** Wh moved over all the days. */
  readonly movedWh: number;
}

/**
 * Each local day (`dayHalvesOf`) moves min(moveWh, the day's import 16:00–19:00) out of its evening
 * (dearest half-hours first, then earliest) into the day's cheapest half-hours outside the evening on
 * `book`, split evenly (the remainder Wh to the earliest). Only import moves; export and generation stay.
 */
export function moveEveningUse(
  book: TariffBook,
  slots: readonly SlotEnergy[],
  days: readonly DayHalves[],
  moveWh: number,
): MovedUse {
  if (!Number.isSafeInteger(moveWh) || moveWh < 0)
    throw new RangeError('moveWh must be a whole number of Wh');
  const byStart = new Map(slots.map((s) => [s.slot_start, s]));
  /** Only the slots a move touches are copied; the rest are the input's own objects. */
  const changed = (start: number, importWh: number) =>
    byStart.set(start, { ...(byStart.get(start) ?? EMPTY), slot_start: start, import_wh: importWh });
  let movedWh = 0;
  for (const day of days) {
    const evening: { start: number; rate: number }[] = [];
    let used = 0;
    day.starts.forEach((start, i) => {
      if (!day.evening[i]) return;
      evening.push({ start, rate: book.rateAt('import', start) });
      used += byStart.get(start)?.import_wh ?? 0;
    });
    const take = Math.min(moveWh, used);
    if (take === 0) continue;
    evening.sort((a, b) => b.rate - a.rate || a.start - b.start);
    let left = take;
    for (const h of evening) {
      const wh = byStart.get(h.start)?.import_wh ?? 0;
      const out = Math.min(left, wh);
      if (out > 0) changed(h.start, wh - out);
      left -= out;
    }
    let cheapest = Number.POSITIVE_INFINITY;
    let cheap: number[] = [];
    day.starts.forEach((start, i) => {
      if (day.evening[i]) return;
      const rate = book.rateAt('import', start);
      if (rate < cheapest) [cheapest, cheap] = [rate, [start]];
      else if (rate === cheapest) cheap.push(start);
    });
    cheap.forEach((start, i) => {
      const share = Math.floor(take / cheap.length) + (i < take % cheap.length ? 1 : 0);
      const slot = byStart.get(start);
      if (slot !== undefined || share > 0) changed(start, (slot?.import_wh ?? 0) + share);
    });
    movedWh += take;
  }
  return { slots: [...byStart.values()].sort((a, b) => a.slot_start - b.slot_start), movedWh };
}

const EMPTY: SlotEnergy = { slot_start: 0, import_wh: 0, export_wh: 0, generation_wh: 0 };
