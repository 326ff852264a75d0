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

export interface MovedUse {
  /** Ascending by slot_start: the input's slots with each day's move applied (new slots where none were). */
  readonly slots: SlotEnergy[];
  /** Wh moved over all the days. */
  readonly movedWh: number;
}

/**
 * Each local day of `months` moves min(moveWh, the day's import 16:00–19:00) out of its evening (dearest
 * half-hours first, then earliest) into the day's cheapest half-hours outside the evening on `book`,
 * split evenly (the remainder Wh to the earliest). Only import moves; export and generation stay put.
 */
export function moveEveningUse(
  book: TariffBook,
  slots: readonly SlotEnergy[],
  months: readonly Period[],
  moveWh: number,
): MovedUse {
  if (!Number.isSafeInteger(moveWh) || moveWh < 0)
    throw new RangeError('moveWh must be a whole number of Wh');
  const byStart = new Map(slots.map((s) => [s.slot_start, { ...s }]));
  let movedWh = 0;
  for (const month of months)
    for (const day of subPeriods(month, 'day', book.zone)) {
      const halves = halfHourSlots(day.start, book.zone).map((h) => ({
        start: h.start,
        evening: h.label >= EVENING_FROM && h.label < EVENING_TO,
        rate: book.rateAt('import', h.start),
      }));
      const evening = halves.filter((h) => h.evening).sort((a, b) => b.rate - a.rate || a.start - b.start);
      const used = evening.reduce((sum, h) => sum + (byStart.get(h.start)?.import_wh ?? 0), 0);
      let left = Math.min(moveWh, used);
      if (left === 0) continue;
      const others = halves.filter((h) => !h.evening);
      const cheapest = Math.min(...others.map((h) => h.rate));
      const cheap = others.filter((h) => h.rate === cheapest);
      const take = left;
      for (const h of evening) {
        const slot = byStart.get(h.start);
        if (slot === undefined || left === 0) continue;
        const out = Math.min(left, slot.import_wh);
        slot.import_wh -= out;
        left -= out;
      }
      cheap.forEach((h, i) => {
        const share = Math.floor(take / cheap.length) + (i < take % cheap.length ? 1 : 0);
        const slot = byStart.get(h.start);
        if (slot !== undefined) slot.import_wh += share;
        else if (share > 0)
          byStart.set(h.start, { slot_start: h.start, import_wh: share, export_wh: 0, generation_wh: 0 });
      });
      movedWh += take;
    }
  return { slots: [...byStart.values()].sort((a, b) => a.slot_start - b.slot_start), movedWh };
}
