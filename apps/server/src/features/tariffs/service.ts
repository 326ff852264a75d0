import {
  applyTariffPatch,
  dynamicRate,
  localDate,
  startOfLocalDate,
  type Tariff,
  type TariffPatch,
  tariffInForce,
} from '@homeview/domain';
import { type Db, inTransaction, type Queryable } from '../../db/types';
import { type RepriceResult, repriceHouse } from '../readings/reprice';
import { lockHouse } from '../../shared/house';
import { houseTariffs, loadTariffs } from '../../shared/tariff-book';
import { saveTariffVersion } from './repository';

// Writing tariff versions. A write is a patch merged into the version in force on its start date and
// stored as a version starting that date (replacing one of the same date); later versions keep their own
// rates. The house's rollups and events are then repriced from that date's local midnight, in the same
// transaction, so money never disagrees with the tariffs.

export class UnknownHouse extends Error {}

export interface TariffWriteResult {
  version: Tariff;
  repriced: RepriceResult;
}

async function writeVersion(
  tx: Queryable,
  houseId: number,
  startDate: string,
  build: (base: Tariff | undefined) => Tariff,
): Promise<TariffWriteResult> {
  await lockHouse(tx, houseId);
  const house = await houseTariffs(tx, houseId);
  if (house === null) throw new UnknownHouse(`there is no house ${houseId}`);
  const version = build(tariffInForce(await loadTariffs(tx, houseId), startDate));
  await saveTariffVersion(tx, houseId, version);
  const repriced = await repriceHouse(tx, houseId, startOfLocalDate(startDate, house.zone));
  return { version, repriced };
}

/** Applies a §7 tariff write from `startDate` (local YYYY-MM-DD) and reprices. */
export function writeTariff(
  db: Db | Queryable,
  houseId: number,
  patch: TariffPatch,
  startDate: string,
): Promise<TariffWriteResult> {
  return inTransaction(db, (tx) =>
    writeVersion(tx, houseId, startDate, (base) => applyTariffPatch(base, patch, startDate)),
  );
}

export interface DynamicPrices {
  /** Slot start (epoch s) → µ£/kWh. */
  prices: readonly (readonly [number, number])[];
  name: string;
}

/**
 * Imported half-hourly prices (Agile) become the house's import rate: a version starting on the local
 * date of the first slot whose import is dynamic. Its other rates are those in force that day. If the
 * version in force already has a dynamic import, the series are merged (the new prices win), so a file
 * per month builds up one series. Slots without a price are priced by the default tariff.
 */
export async function importDynamicPrices(
  db: Db | Queryable,
  houseId: number,
  series: DynamicPrices,
): Promise<TariffWriteResult & { startDate: string }> {
  const first = series.prices.reduce((min, [slot]) => Math.min(min, slot), Number.POSITIVE_INFINITY);
  if (!Number.isFinite(first)) throw new RangeError('no prices to import');
  return inTransaction(db, async (tx) => {
    const house = await houseTariffs(tx, houseId);
    if (house === null) throw new UnknownHouse(`there is no house ${houseId}`);
    const startDate = localDate(first, house.zone);
    // The house's prices are stored once per slot (tariffs/repository.ts), so the version carries only
    // the new series: saving it adds them to (or corrects) the prices already stored.
    const result = await writeVersion(tx, houseId, startDate, (base) =>
      applyTariffPatch(base, { import: dynamicRate(series.prices, series.name) }, startDate),
    );
    return { ...result, startDate };
  });
}
