import type { TariffBook } from '../tariff/book';

// Pricing one half-hour: money in n£ = Wh × µ£/kWh, exact integers. A negative price (Agile) makes an
// import cost negative, i.e. a credit.

/** Metered energy of one half-hour slot, integer Wh. */
export interface SlotEnergy {
  readonly slot_start: number; // epoch seconds
  readonly import_wh: number;
  readonly export_wh: number;
  readonly generation_wh: number;
}

/** A priced half-hour rollup row, as stored by the server. Money in n£. */
export interface SlotRollup extends SlotEnergy {
  readonly import_cost: number;
  readonly export_income: number;
  readonly generation_income: number;
}

function assertWh(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${field} must be a non-negative integer Wh`);
}

/** Wh × µ£/kWh → n£, refusing results that a double cannot hold exactly. */
export function energyCost(wh: number, microPerKwh: number): number {
  const n = wh * microPerKwh;
  if (!Number.isSafeInteger(n))
    throw new RangeError(`cost ${wh} Wh × ${microPerKwh} µ£/kWh is out of the exact range`);
  return n === 0 ? 0 : n; // no -0 from a negative price times 0 Wh
}

export function priceSlot(book: TariffBook, slot: SlotEnergy): SlotRollup {
  assertWh(slot.import_wh, 'import_wh');
  assertWh(slot.export_wh, 'export_wh');
  assertWh(slot.generation_wh, 'generation_wh');
  if (!Number.isSafeInteger(slot.slot_start))
    throw new RangeError('slot_start must be integer epoch seconds');
  return {
    slot_start: slot.slot_start,
    import_wh: slot.import_wh,
    export_wh: slot.export_wh,
    generation_wh: slot.generation_wh,
    import_cost: energyCost(slot.import_wh, book.rateAt('import', slot.slot_start)),
    export_income: energyCost(slot.export_wh, book.rateAt('export', slot.slot_start)),
    generation_income: energyCost(slot.generation_wh, book.rateAt('generation', slot.slot_start)),
  };
}

export function priceSlots(book: TariffBook, slots: readonly SlotEnergy[]): SlotRollup[] {
  return slots.map((s) => priceSlot(book, s));
}

/** µ£/day → n£ for one day (a day's charge is µ£ × 1000 n£). */
export function standingChargeNano(microPerDay: number): number {
  return microPerDay * 1000;
}

/**
 * Splits a day's standing charge (n£) over its slots so the shares sum to it exactly: every slot gets the
 * floor share and the first (total mod n) slots one n£ more. Lets hour and half-hour views carry their part
 * of the charge while Σ(hours) = day.
 */
export function allocateStandingCharge(totalNano: number, slotCount: number): number[] {
  if (!Number.isSafeInteger(slotCount) || slotCount <= 0) throw new RangeError('slotCount must be positive');
  const sign = totalNano < 0 ? -1 : 1;
  const abs = Math.abs(totalNano);
  const base = Math.floor(abs / slotCount);
  const extra = abs - base * slotCount;
  return Array.from({ length: slotCount }, (_, i) => sign * (base + (i < extra ? 1 : 0)) || 0);
}
