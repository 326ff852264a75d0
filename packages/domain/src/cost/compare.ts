import type { TariffBook } from '../tariff/book';
import { defaultTariffOn } from '../tariff/defaults';
import { type Rate, type Tariff, tariffInForce } from '../tariff/model';
import { addDays } from '@homeview/contract/calendar';
import type { Period } from '../time/periods';
import { type ChargeSpan, periodCost } from './period';
import { energyCost, priceSlot, type SlotEnergy } from './slot';

// Tariffs compared (issue 37): a home's stored half-hours priced by any tariff book, month by month, with
// the one formula every screen uses: each slot by `priceSlot` (Wh × µ£/kWh of its own time), each month
// by `periodCost` (its import cost plus the standing charge of its charged local days). Exact n£.

/**
 * n£ per month: `months` ascending and adjacent, `slots` ascending by slot_start (slots outside every month
 * are ignored). `span` says which days carry a standing charge, as on the usage screens.
 */
export function monthlyCosts(
  book: TariffBook,
  slots: readonly SlotEnergy[],
  months: readonly Period[],
  span: ChargeSpan,
): number[] {
  const imports = months.map(() => 0);
  let m = 0;
  for (const slot of slots) {
    while (m < months.length && slot.slot_start >= (months[m] as Period).end) m++;
    if (m === months.length) break;
    if (slot.slot_start < (months[m] as Period).start) continue;
    imports[m] = (imports[m] as number) + priceSlot(book, slot).import_cost;
  }
  return months.map((month, i) => periodCost(imports[i] as number, month, book, span));
}

/**
 * n£ of export income per month (issue 37, "export income where it exports"): each slot's export Wh at
 * the book's export rate of its own time (`energyCost` × `rateAt`, priceSlot's own export line), summed,
 * as the usage screens' income is stored.
 * No standing charge: income has none.
 */
export function monthlyExportIncome(
  book: TariffBook,
  slots: readonly SlotEnergy[],
  months: readonly Period[],
): number[] {
  const income = months.map(() => 0);
  let m = 0;
  for (const slot of slots) {
    while (m < months.length && slot.slot_start >= (months[m] as Period).end) m++;
    if (m === months.length) break;
    if (slot.slot_start < (months[m] as Period).start || slot.export_wh === 0) continue;
    // priceSlot's export line alone (its import and generation rates are not needed here).
    income[m] = (income[m] as number) + energyCost(slot.export_wh, book.rateAt('export', slot.slot_start));
  }
  return income;
}

/** The import rate and standing charge a book used over local dates [from, to), and whose they were. */
export interface RatesUsed {
  readonly from: string;
  readonly to: string;
  readonly import: Rate;
  /** The export rate of the same span (the book's own version's, else its fallback's). */
  readonly export: Rate | null;
  /** True when the book's own version set the import rate; false when its fallback (the cap) did. */
  readonly own: boolean;
  readonly standingCharge: number; // µ£/day
}

/** The spans of [from, to) over which neither the book's own version nor its fallback version changes. */
export function ratesUsed(book: TariffBook, from: string, to: string): RatesUsed[] {
  const out: RatesUsed[] = [];
  let key: [Tariff | undefined, Tariff] | undefined;
  for (let date = from; date < to; date = addDays(date, 1)) {
    const own = tariffInForce(book.versions, date);
    const fallback = defaultTariffOn(date, book.fallback);
    const last = out[out.length - 1];
    if (last !== undefined && key !== undefined && key[0] === own && key[1] === fallback) {
      out[out.length - 1] = { ...last, to: addDays(date, 1) };
      continue;
    }
    key = [own, fallback];
    const rate = own?.import ?? fallback.import;
    if (rate === null) throw new RangeError(`no import rate on ${date}`);
    out.push({
      from: date,
      to: addDays(date, 1),
      import: rate,
      export: own?.export ?? fallback.export,
      own: own?.import != null,
      standingCharge: book.standingChargeOn(date),
    });
  }
  return out;
}
