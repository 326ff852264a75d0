import type { Period, SlotEnergy, TariffBook } from '@homeview/domain';

// Agile and Tracker among the tariffs compared (issue 37): priced per half-hour (Agile) or per day
// (Tracker) only from published prices this server holds for the home (`tariff_prices`, written by
// `npm run import -- prices` or an Octopus account's sync, always as the home's own dynamic versions),
// never from a made-up curve. Which months those prices cover is what the answer says: a month counts
// when every half-hour with data lies in a version whose import is that product's prices and has one.

export const DYNAMIC_PRODUCTS = ['Agile', 'Tracker'] as const;
export type DynamicProduct = (typeof DYNAMIC_PRODUCTS)[number];

/** The product a dynamic rate's name says: 'Agile A' (the import CLI), 'agile'/'tracker' (the sync). */
export function productOf(name: string): DynamicProduct | null {
  if (/agile/i.test(name)) return 'Agile';
  if (/tracker/i.test(name)) return 'Tracker';
  return null;
}

/** Per product, per month: true when the home's stored prices of that product price every slot with data. */
export function dynamicCoverage(
  book: TariffBook | undefined,
  slots: readonly SlotEnergy[],
  months: readonly Period[],
): Record<DynamicProduct, boolean[]> {
  const covered = months.map(() => new Map<DynamicProduct | null, boolean>());
  const seen = months.map(() => 0);
  let m = 0;
  for (const slot of slots) {
    while (m < months.length && slot.slot_start >= (months[m] as Period).end) m++;
    if (m === months.length) break;
    if (slot.slot_start < (months[m] as Period).start) continue;
    const rate = book?.versionAt(slot.slot_start)?.import;
    const product =
      rate?.type === 'dynamic' && rate.prices.has(slot.slot_start) ? productOf(rate.name) : null;
    const month = covered[m] as Map<DynamicProduct | null, boolean>;
    // A month is one product's only while every slot so far is that product's.
    if (seen[m] === 0) month.set(product, true);
    else if (!month.has(product)) month.clear();
    seen[m] = (seen[m] as number) + 1;
  }
  return Object.fromEntries(
    DYNAMIC_PRODUCTS.map((p) => [p, covered.map((month) => month.get(p) === true)]),
  ) as Record<DynamicProduct, boolean[]>;
}
