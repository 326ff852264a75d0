import { localDate, startOfLocalDate, type Tariff, tariffToStored } from '@homeview/domain';
import type { Db } from '../../db/types';
import type { Fuel } from '../../shared/fuel';
import { lockHouse } from '../../shared/house';
import { houseTariffs } from '../../shared/tariff-book';
import { finishReprice, markReprice, repriceNextPart } from '../readings/reprice';
import {
  deleteImportPrices,
  deleteSupplierVersions,
  hasOwnTariff,
  importPrices,
  saveTariffVersion,
  supplierVersions,
} from './repository';
import { UnknownHouse } from './service';

// Tariffs set from a supplier account (issue 35; the suppliers feature builds them from the account's
// agreements and the products' rates). They are the house's versions marked 'supplier' (migration 0026),
// replaced as a whole set per fuel (electricity and gas each their own); the user's own versions ('user')
// always win: while the house has one of a fuel, no supplier set of that fuel is written. The fuels' sets
// are written in one transaction and reprice the house's money once through the one repricing path
// (readings/reprice.ts, both fuels) from the local midnight of the first date any set changes, the first
// part in the same transaction and the rest a part per transaction, as a tariff write from the editor does.
// Agile and Tracker sets carry a dynamic import rate: its prices (tariff_prices) are compared slot by slot,
// so a day's new prices reprice from that day, not from the agreement's start.

export type SupplierTariffOutcome = 'set' | 'unchanged' | 'user_set';

export { hasOwnTariff };
/** The house's stored import prices of a fuel (slot start → µ£/kWh): a supplier set's, where it has no own. */
export { importPrices as supplierPrices };

/** JSON with object keys sorted: jsonb gives a stored version's keys back in its own order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value);

/** A version as stored in `tariffs`: a dynamic rate's prices are compared apart (`firstPriceChange`). */
const withoutPrices = (t: Tariff) => {
  const stored = tariffToStored(t);
  return stored.import?.type === 'dynamic' ? { ...stored, import: { ...stored.import, prices: [] } } : stored;
};
const same = (a: Tariff, b: Tariff) => canonical(withoutPrices(a)) === canonical(withoutPrices(b));

/** The first start date on which the two sets' versions differ (dynamic prices aside), or null. */
function firstDifference(before: readonly Tariff[], after: readonly Tariff[]): string | null {
  const dates = [...new Set([...before, ...after].map((t) => t.startDate))].sort();
  for (const date of dates) {
    const a = before.find((t) => t.startDate === date);
    const b = after.find((t) => t.startDate === date);
    if (a === undefined || b === undefined || !same(a, b)) return date;
  }
  return null;
}

/** The import prices a set's dynamic versions hold (they share one series per agreement). */
function pricesOf(versions: readonly Tariff[]): Map<number, number> {
  const prices = new Map<number, number>();
  for (const v of versions)
    if (v.import?.type === 'dynamic') for (const [s, p] of v.import.prices) prices.set(s, p);
  return prices;
}

/** The local date of the first half-hour whose price was added, removed or changed, or null. */
function firstPriceChange(before: Map<number, number>, after: Map<number, number>, zone: string) {
  let first = Number.POSITIVE_INFINITY;
  for (const [slot, price] of after) if (slot < first && before.get(slot) !== price) first = slot;
  for (const slot of before.keys()) if (slot < first && !after.has(slot)) first = slot;
  return Number.isFinite(first) ? localDate(first, zone) : null;
}

const earlier = (a: string | null, b: string | null) => {
  if (a === null || b === null) return a ?? b;
  return b < a ? b : a;
};

/**
 * Replaces the house's supplier-set versions of each fuel in `sets` (and their dynamic prices) unless the user
 * has a version of their own of that fuel, and reprices once from the first date that changed.
 */
export async function setSupplierTariffs(
  db: Db,
  houseId: number,
  sets: Partial<Record<Fuel, readonly Tariff[]>>,
  pause?: () => Promise<void>,
): Promise<Partial<Record<Fuel, SupplierTariffOutcome>>> {
  const written = await db.transaction(async (tx) => {
    await lockHouse(tx, houseId);
    const house = await houseTariffs(tx, houseId);
    if (house === null) throw new UnknownHouse(`there is no house ${houseId}`);
    const outcomes: Partial<Record<Fuel, SupplierTariffOutcome>> = {};
    let from: string | null = null;
    for (const [fuel, versions] of Object.entries(sets) as [Fuel, readonly Tariff[]][]) {
      if (await hasOwnTariff(tx, houseId, fuel)) {
        outcomes[fuel] = 'user_set';
        continue;
      }
      const prices = pricesOf(versions);
      const changed = earlier(
        firstDifference(await supplierVersions(tx, houseId, fuel), versions),
        firstPriceChange(await importPrices(tx, houseId, fuel), prices, house.zone),
      );
      outcomes[fuel] = changed === null ? 'unchanged' : 'set';
      if (changed === null) continue;
      await deleteSupplierVersions(tx, houseId, fuel);
      await deleteImportPrices(tx, houseId, fuel);
      for (const version of versions) await saveTariffVersion(tx, houseId, version, 'supplier', fuel);
      if (from === null || changed < from) from = changed;
    }
    if (from === null) return { outcomes, done: true };
    await markReprice(tx, houseId, startOfLocalDate(from, house.zone));
    const first = await repriceNextPart(tx, houseId);
    return { outcomes, done: first?.done ?? true };
  });
  if (!written.done) await finishReprice(db, houseId, pause);
  return written.outcomes;
}
